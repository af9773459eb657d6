"""jiang-gcms Section V-VII-E: the discovery protocol (Algorithms 5, 6), its rejections, Section VI's attacks,
the Fig 9 experiment and ``ldpref discover``.

Randomness: every test is seeded except the OpenDP paths (OpenDP cannot be seeded); their false-alarm rates
are stated where they are used.
"""

import hashlib
import json

import numpy as np
import pytest

pytest.importorskip("nacl")
pytest.importorskip("opendp")

from ldpref.cli import main  # noqa: E402
from ldpref.discovery import attacks, experiment, noise  # noqa: E402
from ldpref.discovery.auxiliary import AuxiliaryServer  # noqa: E402
from ldpref.discovery.client import Client, keyed_hash  # noqa: E402
from ldpref.discovery.messages import HEADER_BYTES, MAGIC, ROLE_SERVER, VERSION, nacl  # noqa: E402
from ldpref.discovery.params import check_threshold, paper_parameters  # noqa: E402
from ldpref.discovery.protocol import Keys, run_protocol  # noqa: E402
from ldpref.discovery.server import Server  # noqa: E402
from ldpref.discovery.shuffler import Shuffler  # noqa: E402
from ldpref.errors import ParameterError  # noqa: E402

SMALL = ["popular-item"] * 40 + ["medium-item"] * 12 + ["rare-item"] * 2 + [f"unique-{i}" for i in range(30)]


def parties(seed=0, b=0.25, T=3.0):
    keys = Keys.generate(np.random.default_rng(seed))
    server = Server(keys.server_private, keys.hmac_key)
    aux = AuxiliaryServer(keys.auxiliary_private, b, T, noise="reference", noise_rng=np.random.default_rng(seed),
                          select_rng=np.random.default_rng(seed + 1))
    client = Client(keys.hmac_key, server.public_key, aux.public_key)
    return keys, client, aux, server


# ---- end to end ---------------------------------------------------------------------------------------

def test_end_to_end_reference_noise_discovers_the_frequent_items_only():
    params = paper_parameters(4, 1e-6)  # b = 1/4, T = 1 + ln(5e5)/4 = 4.28
    result = run_protocol(SMALL, params, seed=7, noise="reference")
    assert sorted(result.discovery.items) == ["medium-item", "popular-item"]
    assert result.release.accepted == len(SMALL) and result.release.bins == 33
    assert result.release.rejections.total == 0 and result.discovery.rejections.total == 0


def test_end_to_end_opendp_noise():
    # eps = 4, delta = 1e-9: T = 6.01, b = 1/4; P(a singleton passes) = delta = 1e-9, P(count 2 passes)
    # = e^-16/2 < 1e-7, P(count 12 fails) = e^-24/2 < 1e-10: false alarm below 1e-6 over the 32 bins
    params = paper_parameters(4, 1e-9)
    result = run_protocol(SMALL, params, noise="opendp")
    assert sorted(result.discovery.items) == ["medium-item", "popular-item"]


def test_histogram_shortcut_equals_full_protocol_under_a_shared_seed():
    counts = experiment.histogram(SMALL)
    params = paper_parameters(1, 1e-2)  # T = 4.9, b = 1: the count-2 and count-12 bins are genuinely random
    outcomes = set()
    for seed in range(6):
        full = run_protocol(SMALL, params, seed=seed, noise="reference").discovery.items
        short = experiment.histogram_discovery(counts, params, seed=seed, noise="reference")
        assert sorted(full) == sorted(short)
        outcomes.add(tuple(sorted(short)))
    assert len(outcomes) > 1  # the seed matters: the comparison is not vacuous


def test_opendp_and_reference_release_rates_agree_with_the_closed_form():
    # 2000 bins of count 14 at T = 14.12, b = 1: each passes with p = exp(-0.12)/2 = 0.443; a 6-sigma band
    # (sigma = 22.2) has false-alarm rate about 2e-9 per path
    params = paper_parameters(1, 1e-6)
    p = noise.release_probability(14, params.b, params.T)
    assert abs(p - 0.5 * np.exp(-(params.T - 14))) < 1e-15
    counts = [14] * 2000
    sigma = (2000 * p * (1 - p)) ** 0.5
    for method, rng in (("opendp", None), ("reference", np.random.default_rng(3))):
        passed = int(noise.threshold_release(counts, params.b, params.T, method=method, rng=rng).sum())
        assert abs(passed - 2000 * p) < 6 * sigma, method
    # a deliberately wrong threshold (> instead of >= would not show; a shifted T does) is caught
    shifted = int(noise.threshold_release(counts, params.b, params.T - 1, method="reference",
                                          rng=np.random.default_rng(3)).sum())
    assert abs(shifted - 2000 * p) > 6 * sigma


def test_opendp_privacy_map_for_the_paper_parameters():
    params = paper_parameters(1, 1e-6)
    eps, delta = noise.opendp_privacy(params.b, params.T)
    assert eps == pytest.approx(1.0) and delta == pytest.approx(1e-6, rel=1e-6)


def test_shuffler_is_a_permutation():
    data = list(range(50))
    seeded = Shuffler(np.random.default_rng(1)).shuffle(data)
    assert sorted(seeded) == data and seeded != data
    assert seeded == Shuffler(np.random.default_rng(1)).shuffle(data)
    assert sorted(Shuffler().shuffle(data)) == data


# ---- rejected messages are counted -----------------------------------------------------------------

def test_tampered_truncated_replayed_and_misaddressed_messages_are_counted():
    public, _ = nacl()
    keys, client, aux, server = parties()
    good = [client.encrypt(item) for item in ("popular-item", "popular-item", "popular-item", "other")]
    tampered = bytearray(good[0]); tampered[60] ^= 1
    other_key = bytes(public.PrivateKey.generate().public_key)
    for_other_party = Client(keys.hmac_key, server.public_key, other_key).encrypt("popular-item")
    # sealed to the auxiliary server's key but written for the server's role: bound to the wrong recipient
    wrong_role = public.SealedBox(public.PublicKey(aux.public_key)).encrypt(
        MAGIC + bytes((VERSION, ROLE_SERVER)) + aux.public_key + bytes(200))
    malformed = public.SealedBox(public.PublicKey(aux.public_key)).encrypt(b"X" * 300)
    inner_to_aux = public.SealedBox(public.PublicKey(server.public_key)).encrypt(bytes(300))
    messages = good + [bytes(tampered), good[1][:40], good[1][:-1], good[2], for_other_party, wrong_role,
                       malformed, inner_to_aux, "not bytes"]
    release = aux.process(messages)
    assert release.accepted == 4 and release.bins == 2
    assert release.rejections.as_dict() == {"truncated": 2, "undecryptable": 4, "malformed": 1,
                                           "wrong_recipient": 1, "replayed": 1, "hash_mismatch": 0}
    assert release.rejections.total == len(messages) - 4


def test_server_counts_bad_releases():
    public, _ = nacl()
    keys, client, aux, server = parties()
    bins, _, _ = aux.receive([client.encrypt("popular-item"), client.encrypt("other")])
    (h1, (c1,)), (h2, (c2,)) = sorted(bins.items())
    tampered = bytearray(c1); tampered[-1] ^= 1
    wrong_role = public.SealedBox(public.PublicKey(server.public_key)).encrypt(
        MAGIC + bytes((VERSION, 2)) + server.public_key + b"x")
    outer = client.encrypt("popular-item")
    (fresh,), = aux.receive([client.encrypt("popular-item")])[0].values()  # a new ciphertext of h1's item
    mismatch = h2 if h1 == keyed_hash(keys.hmac_key, b"popular-item") else h1
    found = server.open([(h1, c1), (h2, c2), (h1, c1), (mismatch, fresh), (h1, bytes(tampered)), (h1, c1[:30]),
                         (h1, wrong_role), (h1, outer)])
    assert sorted(found.items) == ["other", "popular-item"]
    assert found.rejections.as_dict() == {"truncated": 1, "undecryptable": 2, "malformed": 0,
                                         "wrong_recipient": 1, "replayed": 1, "hash_mismatch": 1}


# ---- the auxiliary server never holds plaintext -------------------------------------------------------

class RecordingAuxiliary(AuxiliaryServer):
    """Records every bytes object the auxiliary server receives or decrypts."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.seen = []

    def _open(self, ciphertext):
        self.seen.append(ciphertext)
        plain = super()._open(ciphertext)
        self.seen.append(plain)
        return plain


def _leaks(seen, items):
    secrets_ = [i.encode() for i in items] + [hashlib.sha256(i.encode()).digest() for i in items]
    return [s for s in secrets_ for blob in seen if blob is not None and s in blob]


@pytest.mark.parametrize("keyed", [True, False])
def test_auxiliary_server_never_holds_the_item_or_its_unkeyed_hash(keyed):
    keys = Keys.generate(np.random.default_rng(5))
    aux = RecordingAuxiliary(keys.auxiliary_private, 0.25, 3.0, noise="reference",
                             noise_rng=np.random.default_rng(1), select_rng=np.random.default_rng(2))
    client = attacks.make_client(keys, keyed=keyed)
    items = ["secret-item-alpha", "secret-item-beta"] * 3
    release = aux.process([client.encrypt(i) for i in items])
    seen = aux.seen + [h for h, _ in release.released] + [c for _, c in release.released]
    assert len(aux.seen) == 2 * len(items)
    if keyed:
        assert _leaks(seen, items) == []
    else:  # the instrument can fail: with an unkeyed hash the auxiliary server holds SHA-256(item)
        assert set(_leaks(seen, items)) == {hashlib.sha256(i.encode()).digest() for i in items}


# ---- Section VI ------------------------------------------------------------------------------------

def test_dictionary_attack_works_only_without_the_key():
    guesses = ["popular-item", "medium-item", "never-sent"]
    for keyed, expected in ((False, {"popular-item": 40, "medium-item": 12}), (True, {})):
        keys = Keys.generate(np.random.default_rng(11))
        client = attacks.make_client(keys, keyed=keyed)
        messages = [client.encrypt(i) for i in SMALL]
        assert attacks.dictionary_attack(keys.auxiliary_private, messages, guesses) == expected


def test_membership_game_unkeyed_always_wins_keyed_is_chance():
    trials = 300
    assert attacks.membership_game(trials, keyed=False, seed=1) == trials
    # keyed: Binomial(300, 1/2), sigma = 8.7; the 6-sigma band has false-alarm rate about 2e-9
    wins = attacks.membership_game(trials, keyed=True, seed=1)
    assert abs(wins - trials / 2) < 6 * (trials / 4) ** 0.5


def test_dropped_bin_targeted_only_without_key_and_never_visible_to_the_server():
    params = paper_parameters(4, 1e-6)
    items = ["a"] * 40 + ["b"] * 20 + ["c"] * 15 + ["d"]
    unkeyed = attacks.drop_bin_view(items, params, target="b", keyed=False, seed=3)
    assert unkeyed["dropped"] == 20 and "b" in unkeyed["honest"] and "b" not in unkeyed["malicious"]
    assert unkeyed["malicious"] == unkeyed["honest_without"]
    keyed = attacks.drop_bin_view(items, params, target="b", keyed=True, seed=3)
    assert keyed["dropped"] == 0 and keyed["malicious"] == keyed["honest"] and "b" in keyed["malicious"]
    largest = attacks.drop_bin_view(items, params, target=None, keyed=True, seed=3)
    assert largest["dropped"] == 40 and largest["dropped_items"] == ["a"]
    assert "a" not in largest["malicious"] and largest["malicious"] == largest["honest_without"]
    assert largest["malicious"] != largest["honest"]


# ---- bad input ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("call, needle", [
    (lambda: paper_parameters(0, 1e-6), "eps = 0"),
    (lambda: paper_parameters(-1, 1e-6), "must be > 0"),
    (lambda: paper_parameters(float("nan"), 1e-6), "not finite"),
    (lambda: paper_parameters(1, 0), "strictly between 0 and 1"),
    (lambda: paper_parameters(1, 1), "strictly between 0 and 1"),
    (lambda: paper_parameters(1, 0.7), "T = "),
    (lambda: check_threshold(0, 2), "b = 0"),
    (lambda: check_threshold(1, 0.5), "T = 0.5"),
    (lambda: Client(bytes(31), bytes(32), bytes(32)), "HMAC key: expected 32 bytes, got 31"),
    (lambda: Client(bytes(32), "k" * 32, bytes(32)), "server public key: expected 32 bytes, got str"),
    (lambda: AuxiliaryServer(bytes(33), 1, 2), "auxiliary server private key: expected 32 bytes, got 33"),
    (lambda: Server(bytes(32), bytes(16)), "HMAC key: expected 32 bytes, got 16"),
    (lambda: AuxiliaryServer(bytes(32), 1, 2, noise="gauss"), "noise 'gauss'"),
    (lambda: parties()[1].encrypt("x" * 5000), "at most 4096"),
    (lambda: noise.threshold_release([1, 2], 1, 2, method="reference"), "needs a seeded"),
])
def test_bad_input_is_one_line(call, needle):
    with pytest.raises(ParameterError) as info:
        call()
    assert needle in str(info.value) and "\n" not in str(info.value)


def test_keyed_hash_is_hmac_sha256():
    import hmac
    assert keyed_hash(b"k" * 32, b"item") == hmac.new(b"k" * 32, b"item", hashlib.sha256).digest()
    assert keyed_hash(b"k" * 32, b"item") != hashlib.sha256(b"item").digest()


# ---- Fig 9 and the command line ---------------------------------------------------------------------

@pytest.fixture
def small_file(tmp_path):
    path = tmp_path / "items.txt"
    path.write_text(" ".join(SMALL[:40]) + "\n" + "\n".join(SMALL[40:]) + "\n")
    return str(path)


def test_fig9_points(small_file):
    points = experiment.fig9_points(small_file, eps_values=[1, 8], delta=1e-6, repetitions=3, seed=2)
    assert len(points) == 6 and [p["repetition"] for p in points] == [0, 1, 2, 0, 1, 2]
    for p in points:
        assert p["n"] == len(SMALL) and p["distinct"] == 33 and p["singletons"] == 30
        assert p["discovered_singletons"] == 0 and p["discovered"] <= p["distinct"]
    assert points == experiment.fig9_points(small_file, eps_values=[1, 8], delta=1e-6, repetitions=3, seed=2)
    full = experiment.fig9_points(small_file, eps_values=[1, 8], delta=1e-6, repetitions=3, seed=2,
                                  full_protocol=True)
    assert [p["discovered"] for p in full] == [p["discovered"] for p in points]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_discover(capsys, small_file):
    code, out, err = run(capsys, "discover", "--data", small_file, "--eps", "4", "--delta", "1e-9", "--json", "-")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["format"] == "ldpref.discover/1" and doc["items"] == ["popular-item", "medium-item"]
    assert doc["n"] == len(SMALL) and doc["rejections"] is None
    code, out, err = run(capsys, "discover", "--data", small_file, "--eps", "ln(3)", "--delta", "1e-3",
                         "--seed", "4", "--noise", "reference", "--full-protocol", "--json", "-")
    assert code == 0, err
    assert json.loads(out)["rejections"]["undecryptable"] == 0


def test_cli_discover_bad_input(capsys, tmp_path, small_file):
    empty, binary, latin = tmp_path / "empty.txt", tmp_path / "bin.dat", tmp_path / "latin.txt"
    empty.write_text("  \n")
    binary.write_bytes(b"abc\x00def")
    latin.write_bytes(b"caf\xe9")
    cases = [
        ((str(empty), "1", "1e-6"), "no items"),
        ((str(binary), "1", "1e-6"), "binary"),
        ((str(latin), "1", "1e-6"), "not UTF-8"),
        ((small_file, "0", "1e-6"), "must be > 0"),
        ((small_file, "-2", "1e-6"), "must be > 0"),
        ((small_file, "1", "0"), "strictly between 0 and 1"),
        ((small_file, "1", "3/2"), "strictly between 0 and 1"),
        ((small_file, "1", "abc"), "--delta"),
        ((str(tmp_path / "missing"), "1", "1e-6"), "no such file"),
    ]
    for (data, eps, delta), needle in cases:
        code, out, err = run(capsys, "discover", "--data", data, "--eps", eps, "--delta", delta)
        assert code == 2 and out == "" and needle in err and err.count("\n") == 1, (data, eps, delta, err)


def test_kosarak_count_of_counts_matches_the_data_file():
    from collections import Counter

    from ldpref.discovery.data import histogram, read_items
    from proofs_checks.jiang_gcms.sec7e_kosarak import KOSARAK_COUNT_OF_COUNTS

    from ldpref.bundled_data import data_file

    path = str(data_file("kosarak/kosarak-head.dat"))  # shipped with ldpref, checksum checked
    assert dict(Counter(histogram(read_items(path)).values())) == KOSARAK_COUNT_OF_COUNTS
