"""jiang-gcms Section VI preamble and VI-1 (claims jiang-gcms/sec6.1.*): each claim's verdict, and each
code-decided predicate flipped by a mutated protocol (a check that cannot fail proves nothing).

Everything is seeded; no statistical test here (every outcome is a deterministic function of the seeds)."""

import numpy as np
import pytest

pytest.importorskip("nacl")

from conftest import claim_result  # noqa: E402  (the session's one ledger run)
from ldpref.discovery.esa import ContributionShuffler, GcmsClient, GcmsServer, encode_report  # noqa: E402
from ldpref.discovery.esa_attacks import run_round  # noqa: E402
from ldpref.errors import ParameterError  # noqa: E402
from proofs_checks.jiang_gcms import sec6_1_security as S  # noqa: E402

VERDICTS = {
    "halt": "cited", "truncation": "verified", "sybil": "cited", "shuffler-confidentiality": "verified",
    "shuffler-deviate": "verified", "shuffler-remedy": "cited", "standalone": "verified", "server-ldp": "verified",
    "server-motivation": "cited", "collusion-shuffler-server": "verified", "collusion-server-clients": "verified",
    "collusion-shuffler-clients": "verified", "scheduling": "cited",
}


@pytest.mark.parametrize("label", sorted(VERDICTS))
def test_verdict(label):
    r = claim_result(f"jiang-gcms/sec6.1.{label}")
    assert r.verdict == VERDICTS[label], r.reason


def test_cited_claims_say_why_code_cannot_decide():
    from ldpref.ledger.claim import find_claim

    for label, verdict in VERDICTS.items():
        if verdict == "cited":
            note = find_claim(f"jiang-gcms/sec6.1.{label}").note
            assert note.startswith("Cited: ") and "cannot decide" in note


# ---- the mutations: each flips the exact predicate the claim evaluates ---------------------------------
def test_truncation_fails_without_the_limit():
    assert S.garbage_forwarded(2, 10, 0)["malicious"] == 2
    got = S.garbage_forwarded(2, 10, 0, limit=False)
    assert got["malicious"] == 10 > 2 and got["blocked"] == 0


def test_sybil_spot_check_fails_with_one_identity():
    assert S.garbage_forwarded(3, 5, 1)["sybil"] == 3  # F = 1: F min(G, l) = l is not > l


def test_shuffler_holding_the_server_key_breaks_confidentiality():
    assert S.shuffler_confidential("nothing")

    class LeakyShuffler(ContributionShuffler):
        def __init__(self, server_key):
            super().__init__(1)
            self.server_key = server_key

    server_private = S._deployment()[0]
    assert not S.shuffler_confidential("nothing", shuffler=LeakyShuffler(server_private))
    assert not S.shuffler_confidential("sk")
    # a key that is not the server's does not help
    assert S.shuffler_confidential("nothing", shuffler=LeakyShuffler(bytes(32)))


def test_deviation_without_effect_or_detected_is_not_feasible():
    assert S.deviation_feasible("drop", victims=range(15))
    assert not S.deviation_feasible("drop", victims=())  # nothing dropped: the estimate does not move
    assert not S.deviation_feasible("inject", injected=0, target=2)


def test_injected_garbage_bytes_are_detected():
    """A shuffler that injects bytes not sealed to pk is caught: the server counts them (never silent)."""
    server_private, table, client, server = S._deployment()
    messages = client.encrypt([0, 1, 2], np.random.default_rng(1))
    forged_for_other_key = GcmsClient(bytes(GcmsServer(bytes(range(32)), table, 4, 2, 0.8).public_key), table, 4, 2,
                                      0.8).encrypt([2], np.random.default_rng(2))
    opened = server.open(messages + [b"\x00" * 200] + forged_for_other_key + [b"short"])
    assert opened.j.size == 3
    assert (opened.rejections.undecryptable, opened.rejections.truncated) == (2, 1)


def test_remedy_property_fails_for_the_deviations():
    assert S._round().permutation
    assert not S._round("drop", victims=tuple(range(15))).permutation
    assert not S._round("inject", injected=20, target=2).permutation


def test_ldp_predicate_fails_against_a_smaller_bound():
    (params, ee), = [pt for pt in S._ldp_points() if pt[0]["m"] == 4 and pt[0]["k"] == 1]
    assert ee == params["exp_eps0"]  # tight: some hash function separates two values
    assert not ee <= S.eq5_exp_eps(params["p"] - S.R(1, 10), params["m"], params["s"])


def test_server_view_is_exactly_the_report_and_a_leak_is_seen():
    assert S.server_view_is_report()
    _, _, client, server = S._deployment()
    leaky = encode_report(0, [1, 2], server.public_key) + b"\x02"  # <x, j> plus the raw value
    from ldpref.discovery.messages import nacl

    public, _ = nacl()
    opened = server.open([public.SealedBox(public.PublicKey(server.public_key)).encrypt(leaky)])
    assert opened.j.size == 0 and opened.rejections.malformed == 1


def test_unshuffled_round_links_and_shuffled_does_not():
    assert S.linked_without_shuffle()
    assert S._round().sender_order != list(range(len(S.VALUES)))


def test_collusion_ratio_is_infinite_when_the_colluder_sees_the_honest_input():
    from ldpref.hashing import random_family
    from ldpref.mechanisms.gcms import gcms

    mech = gcms(random_family(2, 3, 1, np.random.default_rng(S.SEED)), 1, S.R(3, 4), decoder="count")
    joint, inputs, outputs = S.independent_joint(mech)
    assert S.conditional_exp_eps(joint, inputs, outputs) == S.eq5_exp_eps(S.R(3, 4), 3, 1)

    def leaky(y1, y2, x1, x2):  # the colluder's report is the honest client's input
        return joint(y1, 0, x1, x2) * (1 if y2 == x1 else 0)

    assert S.conditional_exp_eps(leaky, inputs, outputs) == S.sympy.oo


def test_favour_attack_is_seen_when_the_estimate_does_not_move():
    assert S.favour_undetected()
    everyone = run_round(S.VALUES, attack="favour", colluders=range(len(S.VALUES)), seed=S.SEED, **S.ESA)
    honest = S._round()
    assert everyone.received == len(S.VALUES) and np.array_equal(everyone.estimates, honest.estimates)


def test_the_limit_flags_a_colluder_that_sends_twice():
    assert S.limit_silent_on_refusal(1)
    _, _, client, _ = S._deployment()
    books = ContributionShuffler(1, np.random.default_rng(0)).process(
        [(50, m) for m in client.encrypt([2, 2], np.random.default_rng(0))])
    assert books.blocked == 1


def test_halted_round_is_named():
    _, _, _, server = S._deployment()
    with pytest.raises(ParameterError, match="no valid report"):
        server.estimate([])


def test_bad_input():
    with pytest.raises(ParameterError, match="l = 0"):
        ContributionShuffler(0)
    with pytest.raises(ParameterError, match="attack 'steal'"):
        run_round([0], attack="steal", seed=0, **S.ESA)
    with pytest.raises(ParameterError, match="server public key"):
        GcmsClient(b"short", np.zeros((1, 2), dtype=np.int64), 4, 2, 0.8)
