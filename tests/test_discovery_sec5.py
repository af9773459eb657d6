"""jiang-gcms Section V-A (Algorithms 5 and 6, the parenthesis on randomized encryption, Phase 3's threshold
wording): the verdicts of the session's ledger run, and for each claim a wrong party (a client that reuses its
inner ciphertext or keeps its own hash key, an auxiliary server that releases two ciphertexts per bin, compares
with '>' under integer noise, favours one ciphertext, or drops refusals without counting them) under which the
claim's check no longer verifies.

Randomness: the checks are seeded; the statistical records state their false-alarm rates (about 1e-8 for the
release rates, 1e-6 for the chi-square of the choice); the mutated runs below change the outcome by far more.
"""

import secrets

import numpy as np
import pytest
import sympy

pytest.importorskip("nacl")

from conftest import claim_result  # noqa: E402  (the session's one ledger run)
from derivations.jiang_gcms import printed_sec5 as P  # noqa: E402
from derivations.jiang_gcms import sec5_model as M  # noqa: E402
from ldpref.discovery import auxiliary  # noqa: E402
from ldpref.discovery.auxiliary import AuxiliaryServer  # noqa: E402
from ldpref.discovery.client import Client, item_bytes  # noqa: E402
from ldpref.discovery.messages import MESSAGE_ID_BYTES, ROLE_AUXILIARY, ROLE_SERVER, header  # noqa: E402
from ldpref.ledger.claim import find_claim  # noqa: E402
from ldpref.ledger.runner import run_claim  # noqa: E402
from proofs_checks.jiang_gcms import sec5_algorithms as S  # noqa: E402

IDS = ("jiang-gcms/alg5", "jiang-gcms/sec5.A.randomized", "jiang-gcms/alg6", "jiang-gcms/sec5.A.threshold-wording")


@pytest.mark.parametrize("claim_id", IDS)
def test_verdict_and_evidence(claim_id):
    r = claim_result(claim_id)
    assert r.verdict == "verified", r.reason
    assert set(r.forms_read) == {"printed", "derived"}
    assert all(rec.passed for rec in r.records)


def test_evidence_paths():
    alg5 = claim_result("jiang-gcms/alg5")
    assert "85 instance(s) by exact enumeration" in alg5.reason
    alg6 = claim_result("jiang-gcms/alg6")
    stats = [rec for rec in alg6.records if rec.kind == "statistical"]
    assert len(stats) == 2 and all("false alarm" in rec.name for rec in stats)
    wording = claim_result("jiang-gcms/sec5.A.threshold-wording")
    assert "decided by proof" in wording.reason
    assert any("P(Z = T - c)" in n and "Not part of the verdict" in n for n in wording.notes)


def _rerun(claim_id):
    """The claim's check run afresh (not the session's cached result), under whatever a test patched."""
    return run_claim(find_claim(claim_id))


def _broken(result):
    assert result.verdict == "error" and result.reason.startswith("ldpref defect"), (result.verdict, result.reason)


# ---- Algorithm 5 ----------------------------------------------------------------------------------------------
def _client_class(cls):
    keys, _ = S._keys()
    return lambda: cls(keys.hmac_key, S._public("sk1"), S._public("sk2"))


def test_alg5_outcomes_vary_and_follow_the_printed_rule():
    outcomes = S.alg5_outcomes()
    assert {x for _, x in outcomes} == {True, False}
    printed = P.alg5_printed()
    assert all(printed(**params) == x for params, x in outcomes)


def test_alg5_catches_a_client_with_its_own_hash_key(monkeypatch):
    pk1, pk2 = S._public("sk1"), S._public("sk2")
    monkeypatch.setattr(S, "_client", lambda: Client(secrets.token_bytes(32), pk1, pk2))
    _broken(_rerun("jiang-gcms/alg5"))


class PlainInner(Client):
    """Puts the item itself, not E_pk1[d], inside the outer layer."""

    def encrypt(self, item):
        raw = item_bytes(item)
        inner = header(ROLE_SERVER, self._pk1) + raw + bytes(48)
        return self._outer_box.encrypt(header(ROLE_AUXILIARY, self._pk2) + secrets.token_bytes(MESSAGE_ID_BYTES)
                                       + self._hash(raw) + inner)


def test_alg5_catches_a_client_that_skips_the_inner_encryption(monkeypatch):
    monkeypatch.setattr(S, "_client", _client_class(PlainInner))
    _broken(_rerun("jiang-gcms/alg5"))


def test_alg5_catches_a_refusal_that_is_not_counted(monkeypatch):
    original = AuxiliaryServer.receive

    def silent(self, messages):
        bins, rejections, accepted = original(self, messages)
        rejections.undecryptable = 0  # drops what it cannot open without saying so
        return bins, rejections, accepted

    monkeypatch.setattr(AuxiliaryServer, "receive", silent)
    result = _rerun("jiang-gcms/alg5")
    _broken(result)
    assert "refused without being counted" in result.reason


# ---- randomized encryption ------------------------------------------------------------------------------------------
class Reusing(Client):
    """Encrypts each item to pk1 once and reuses that inner ciphertext (for every client)."""

    inner = {}

    def encrypt(self, item):
        raw = item_bytes(item)
        inner = self.inner.setdefault(item, self._inner_box.encrypt(header(ROLE_SERVER, self._pk1) + raw))
        return self._outer_box.encrypt(header(ROLE_AUXILIARY, self._pk2) + secrets.token_bytes(MESSAGE_ID_BYTES)
                                       + self._hash(raw) + inner)


def test_randomized_catches_a_client_that_reuses_its_inner_ciphertext(monkeypatch):
    monkeypatch.setattr(Reusing, "inner", {})
    monkeypatch.setattr(S, "_client", _client_class(Reusing))
    outcomes = S.randomized_outcomes()
    assert [x for _, x in outcomes] == [False] * len(outcomes)
    _broken(_rerun("jiang-gcms/sec5.A.randomized"))
    # Algorithm 5 itself does not ask for fresh randomness: the same client passes its claim
    assert _rerun("jiang-gcms/alg5").verdict == "verified"


# ---- Algorithm 6 ----------------------------------------------------------------------------------------------------
def test_alg6_bins_cover_both_outcomes():
    bins, strays = S.alg6_outcomes()
    assert {x for _, x in bins} == {True, False} and strays and all(strays)
    printed, derived = P.alg6_printed(), M.alg6_derived()
    for params, x in bins:  # the exact noise draw decides: printed and derived agree with the observation
        assert printed(**params) == derived(**params) == x


def test_alg6_catches_two_releases_per_bin(monkeypatch):
    original = AuxiliaryServer.release

    def greedy(self, bins):
        released, counts = original(self, bins)
        extra = [(h, next(e for e in bins[h] if e != inner)) for h, inner in released if len(bins[h]) >= 2]
        return released + extra, counts

    monkeypatch.setattr(AuxiliaryServer, "release", greedy)
    result = _rerun("jiang-gcms/alg6")
    _broken(result)
    assert "2 of its ciphertexts released" in result.reason


class IntegerNoise:
    """Integer-valued noise (a stand-in for a discrete Laplace): draws in {-3, ..., 3}, seeded."""

    def __init__(self, seed):
        self._rng = np.random.default_rng(seed)

    def laplace(self, loc, scale, size):
        return self._rng.integers(-3, 4, size=size).astype(float)


def _strict(counts, b, T, *, method, rng):
    """Phase 3's 'larger than T' in place of Algorithm 6's '>= T'."""
    counts = np.asarray(counts, dtype=np.int64)
    return counts + rng.laplace(0.0, b, size=counts.size) > T


def test_alg6_with_integer_noise_tells_strict_from_nonstrict(monkeypatch):
    monkeypatch.setattr(S, "NOISE_RNG", IntegerNoise)
    monkeypatch.setattr(S, "ALG6_T", S.R(3))
    bins, _ = S.alg6_outcomes(S.R(3))
    ties = [p for p, _ in bins if p["c"] + p["noise"] == 3]
    assert ties  # some bins land exactly on T: there the two rules differ
    assert _rerun("jiang-gcms/alg6").verdict == "verified"  # the real '>=' still matches Algorithm 6
    monkeypatch.setattr(auxiliary, "threshold_release", _strict)
    _broken(_rerun("jiang-gcms/alg6"))


def test_alg6_catches_a_biased_choice(monkeypatch):
    original = AuxiliaryServer.release

    def favour_first(self, bins):
        released, counts = original(self, bins)
        rng = np.random.default_rng(5)
        return [(h, bins[h][0] if rng.random() < 0.4 else inner) for h, inner in released], counts

    monkeypatch.setattr(AuxiliaryServer, "release", favour_first)
    result = _rerun("jiang-gcms/alg6")
    _broken(result)
    assert "uniform" in result.reason


def test_release_probability_by_a_midpoint_sum_of_the_density():
    """P(c + Lap(1) >= 5/2) against a midpoint sum of the density e^{-|y|}/2 over [5/2 - c, 40] written here."""
    for c in range(1, 6):
        exact = float(M.release_probability(c, 1, S.R(5, 2)))
        step = 1 / 4000
        mid = (2.5 - c) + step * (np.arange(int((40 - (2.5 - c)) / step)) + 0.5)
        assert abs(float(np.sum(np.exp(-np.abs(mid)) / 2) * step) - exact) < 1e-6


# ---- Phase 3's wording --------------------------------------------------------------------------------------------
def test_threshold_wording_catches_a_noise_law_with_atoms(monkeypatch):
    """With the discrete Laplace's atoms as the 'exact' value, integer T - c gives P(Z = T - c) > 0: not verified."""
    monkeypatch.setattr(S, "exact_atom", lambda c, b_, T_: M.discrete_laplace_pmf(T_ - c, b_))
    _broken(_rerun("jiang-gcms/sec5.A.threshold-wording"))


def test_discrete_atom_is_the_difference_of_the_two_rules():
    """For integer noise Z (discrete Laplace, b = 1) and integer T, P(c + Z >= T) - P(c + Z > T) = P(Z = T - c),
    by a sum of the pmf written here."""
    a = sympy.exp(-1)
    pmf = lambda k: (1 - a) / (1 + a) * a ** abs(k)  # noqa: E731
    for c, T in ((1, 3), (3, 3), (5, 3)):
        ge = sum(pmf(k) for k in range(T - c, 60))
        gt = sum(pmf(k) for k in range(T - c + 1, 60))
        assert abs(float(ge - gt) - float(M.discrete_laplace_pmf(T - c, 1))) < 1e-12
    assert M.discrete_laplace_pmf(S.R(5, 2) - 1, 1) == 0  # a non-integer T: no tie, the rules coincide
