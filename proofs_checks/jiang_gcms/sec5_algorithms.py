"""Section V-A (the unknown-domain protocol itself): Algorithm 5, the parenthesis "two encrypted d with the same
pk1 can differ", Algorithm 6 and Phase 3's wording of the threshold, decided by running the real parties of
:mod:`ldpref.discovery` (PyNaCl sealed boxes, HMAC-SHA256, the reference noise path).

Each enumerated instance runs the real client, auxiliary server or server on fixed keys and items and computes a
deterministic outcome from every message it touches (does a layer open under a key, and to what; which
ciphertexts a bin released, given the noise it drew) -- the path ``enumeration``.  An outcome that is neither what
Algorithm 5/6 would give nor its negation (a layer opened to something else, a refusal not counted, two
ciphertexts released from one bin) is recorded as a descriptive string, which matches neither form: an ldpref
defect, never a verdict on the paper.  The release probability and the uniform choice within a bin are
statistical records with their false-alarm rates stated.  Printed predicates: ``derivations/jiang_gcms/
printed_sec5.py``; derived ones: ``derivations/jiang_gcms/sec5_model.py``.  Section V-B (Theorem 4) is
``sec5_discovery``.
"""

from __future__ import annotations

import hashlib
import hmac
import math
from fractions import Fraction
from functools import cache

import numpy as np
import sympy

from derivations.jiang_gcms import printed_sec5 as P
from derivations.jiang_gcms import sec5_model as M
from ldpref.exact import exact_holds, to_exact, to_mpf
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Note, Point, Statistical, precomputed

from .laplace_grid import laplace_upper_tail

R = sympy.Rational
#: Algorithm 5's items: plain, repeated, empty, non-ASCII, long
ITEMS = ("apple", "banana", "", "na\u00efve caf\u00e9 \u00fc", "x" * 300)
KEY_NAMES = ("sk1", "sk2", "other")
#: Algorithm 6's data: item i held by i clients (bins of count 1..8); b and T exactly representable floats
ALG6_COUNTS = tuple(range(1, 9))
ALG6_B, ALG6_T = R(1), R(5, 2)
ALG6_SEEDS = (81, 82, 83)
#: the statistical run of the release rate (many bins of each count 1..5)
RATE_B, RATE_T = R(1), R(5, 2)
#: the noise generator of the enumerated runs (a seed -> object with numpy's ``laplace``); tests swap it
NOISE_RNG = np.random.default_rng


# ---- set-up: fixed keys and the parties -------------------------------------------------------------------------
@cache
def _keys():
    """Fixed key material: the run's keys (HMAC key, sk1, sk2) and a secret key no party holds."""
    from ldpref.discovery.protocol import Keys

    rng = np.random.default_rng(71)
    return Keys.generate(rng), rng.bytes(32)


def _secret(name: str) -> bytes:
    keys, other = _keys()
    return {"sk1": keys.server_private, "sk2": keys.auxiliary_private, "other": other}[name]


def _public(name: str) -> bytes:
    from ldpref.discovery.messages import nacl

    public, _ = nacl()
    return bytes(public.PrivateKey(_secret(name)).public_key)


def _client():
    """A fresh client of Algorithm 5 (each client holds k_H, pk1, pk2)."""
    from ldpref.discovery.client import Client

    return Client(_keys()[0].hmac_key, _public("sk1"), _public("sk2"))


def _auxiliary(key: str = "sk2", T=ALG6_T, **kw):
    """The auxiliary server holding secret key ``key`` (b = 1, threshold T, reference noise unless told)."""
    from ldpref.discovery.auxiliary import AuxiliaryServer

    kw.setdefault("noise", "reference")
    return AuxiliaryServer(_secret(key), float(ALG6_B), float(T), **kw)


def _server(key: str = "sk1"):
    from ldpref.discovery.server import Server

    return Server(_secret(key), _keys()[0].hmac_key)


def _h(item: str) -> bytes:
    """H[d] written here from its definition (HMAC-SHA256 of the UTF-8 item under k_H), not by the client's code."""
    return hmac.new(_keys()[0].hmac_key, item.encode("utf-8"), hashlib.sha256).digest()


def _outer(v: bytes, key: str):
    """Open Algorithm 5's outer layer with the auxiliary server holding ``key``: (H, inner) or None, and whether a
    refusal was counted."""
    bins, rejections, accepted = _auxiliary(key).receive([v])
    if accepted == 1 and len(bins) == 1 and rejections.total == 0:
        (h, (inner,)), = bins.items()
        return (h, inner), False
    return None, accepted == 0 and rejections.total == 1


def _inner(h: bytes, inner: bytes, key: str):
    """Open an inner ciphertext with the server holding ``key``: the items and whether a refusal was counted."""
    found = _server(key).open([(h, inner)])
    return found.items, not found.items and found.rejections.total == 1


def _refused(counted: bool):
    return False if counted else "refused without being counted"


# ---- Algorithm 5 --------------------------------------------------------------------------------------------------
def alg5_outcomes(client_a=None, client_b=None) -> list[tuple[dict, object]]:
    """(params, observed outcome) of every Algorithm 5 query, two clients each encrypting every item once."""
    a, b = client_a or _client(), client_b or _client()
    sent = {(who, d): c.encrypt(d) for who, c in (("A", a), ("B", b)) for d in ITEMS}
    opened = {k: _outer(v, "sk2")[0] for k, v in sent.items()}
    out = []
    for d in ITEMS:
        for d2 in ITEMS:  # A's message of d against B's of d2, as the aux. server sees them
            ha, hb = opened[("A", d)], opened[("B", d2)]
            exact = (ha[0] == hb[0]) if ha and hb else "outer layer did not open under sk2"
            out.append(({"query": "hash", "d": d, "d2": d2}, exact))
    for (who, d), v in sent.items():
        for key in KEY_NAMES:
            got, counted = _outer(v, key)
            if got is None:
                exact = _refused(counted)
            else:  # it must yield exactly (E_pk1[d], H[d]): H as defined, and an inner that the server opens to d
                exact = got[0] == _h(d) and _inner(got[0], got[1], "sk1")[0] == [d] or "opened to something else"
            out.append(({"query": "outer", "key": key, "client": who, "d": d}, exact))
            if key != "sk2":
                continue
            for key2 in KEY_NAMES:
                items, counted = _inner(got[0], got[1], key2) if got else ([], True)
                exact = (items == [d] or "opened to something else") if items else _refused(counted)
                out.append(({"query": "inner", "key": key2, "client": who, "d": d}, exact))
    return out


def _size(params: dict) -> tuple:
    return tuple(len(str(v)) for v in params.values()) + tuple(str(v) for v in params.values())


def _observed(outcomes):
    """Points of observed protocol outcomes: one per (params, what the real parties did); the claim's printed and
    derived predicates are evaluated at the params."""
    return lambda: (Point(p, data=x, size=_size(p)) for p, x in outcomes())


record(id="jiang-gcms/alg5", location="Section V-A, Algorithm 5 and Phase 1",
       statement="The client sends v = E_pk2[E_pk1[d] || H[d]] with one hash function H for all clients: equal items "
                 "give equal H[d], distinct items distinct ones; the outer layer opens only under sk2 and yields "
                 "(E_pk1[d], H[d]); the inner opens only under sk1 and yields d.",
       printed=P.alg5_printed, derived=M.alg5_derived,
       kind="statement",
       assumptions="H = HMAC-SHA256 under the key k_H shared by the clients and the server; PyNaCl sealed boxes; "
                   "'other' is a secret key no party holds",
       note="The real outer plaintext also carries a format header and a random message id (replay protection) "
            "before H[d] || E_pk1[d]; what the auxiliary server extracts is exactly the pair. A wrong-key open must "
            "be refused and counted in Rejections; a silent drop or an open to other content is an ldpref defect.",
       steps=(Grid("two clients' messages opened by the real auxiliary server and server under sk1, sk2 and a "
                   "foreign key", _observed(alg5_outcomes), lambda point: point.data),))


# ---- the parenthesis: two encryptions of d under pk1 -----------------------------------------------------------
def randomized_outcomes(client_a=None, client_b=None) -> list[tuple[dict, object]]:
    """(params, observed) per item and pair of encryptions (one client twice, two clients): True iff the two
    inner ciphertexts differ and the server opens both to d."""
    a, b = client_a or _client(), client_b or _client()
    out = []
    for d in ITEMS:
        for pair, (c1, c2) in (("same client", (a, a)), ("two clients", (a, b))):
            inner = [_outer(c.encrypt(d), "sk2")[0] for c in (c1, c2)]
            if None in inner:
                exact = "outer layer did not open under sk2"
            elif [_inner(h, e, "sk1")[0] for h, e in inner] != [[d], [d]]:
                exact = "an encryption does not open to d"
            else:
                exact = inner[0][1] != inner[1][1]
            out.append(({"pk": "pk1", "pair": pair, "d": d}, exact))
    return out


record(id="jiang-gcms/sec5.A.randomized", location="Section V-A, before Phase 1: 'two encrypted d with the same pk1 "
                                                    "can differ'",
       statement="Two encryptions of the same item d under the server's key pk1 can differ, and each decrypts to d.",
       printed=P.randomized_printed, derived=M.randomized_derived,
       kind="statement",
       assumptions="PyNaCl sealed boxes (a fresh ephemeral key per encryption)",
       note="The sealed box makes them always differ (up to a 2^-251 collision of ephemeral keys), which is why one "
            "sampled E_pk1[d] per bin shows the auxiliary server nothing beyond the bin's size.",
       steps=(Grid("two encryptions of d under pk1 by the real client, opened by the real server",
                   _observed(randomized_outcomes), lambda point: point.data),))


# ---- Algorithm 6 ------------------------------------------------------------------------------------------------
@cache
def _alg6_messages() -> tuple[list[bytes], dict[str, int]]:
    """The clients' messages (item i held by ALG6_COUNTS[i] clients, each its own encryption)."""
    counts = {f"item-{c}": c for c in ALG6_COUNTS}
    client = _client()
    return [client.encrypt(d) for d, c in counts.items() for _ in range(c)], counts


def alg6_outcomes(T=ALG6_T, seeds=ALG6_SEEDS) -> tuple[list[tuple[dict, object]], list[object]]:
    """Per bin and seeded run: (params with the bin's count and exact noise draw, observed outcome) -- True iff
    exactly one of the bin's own ciphertexts was released, False iff none, else a description; and per released
    ciphertext whether it is one of some bin's (the set S may hold nothing else)."""
    from ldpref.discovery.shuffler import Shuffler

    messages, counts = _alg6_messages()
    reference = _auxiliary().receive(messages)[0]  # the histogram, by a second auxiliary server on the same keys
    if {h: len(v) for h, v in reference.items()} != {_h(d): c for d, c in counts.items()}:
        raise AssertionError("the auxiliary server's histogram is not the items' counts under H")
    order = sorted(reference)  # Algorithm 6's bins in the auxiliary server's order (one draw per bin, in order)
    bins, strays = [], []
    for seed in seeds:
        aux = _auxiliary(T=T, noise_rng=NOISE_RNG(seed), select_rng=np.random.default_rng(seed + 1000))
        release = aux.process(Shuffler(np.random.default_rng(seed)).shuffle(messages))
        draws = NOISE_RNG(seed).laplace(0.0, float(ALG6_B), size=len(order))  # the same draws, again
        released = [inner for _, inner in release.released]
        everyone = {inner for group in reference.values() for inner in group}
        strays += [inner in everyone for inner in released]
        for h, x in zip(order, draws.tolist()):
            own = sum(inner in reference[h] for inner in released)
            exact = {0: False, 1: True}.get(own, f"{own} of its ciphertexts released")
            bins.append(({"c": len(reference[h]), "noise": to_exact(Fraction(x)), "T": to_exact(T), "seed": seed},
                         exact))
    return bins, strays


def release_rates(n: int = 2000, seed: int = 84, aux=None) -> tuple[dict[int, int], list[int]]:
    """The real auxiliary server's release (reference noise) on ``n`` bins of each count 1..5: bins released per
    count, and how often each position of a count-5 bin was the one chosen."""
    aux = aux or _auxiliary(T=RATE_T, noise_rng=np.random.default_rng(seed), select_rng=np.random.default_rng(seed + 1))
    groups = {c: [b"ciphertext-%d" % j for j in range(c)] for c in range(1, 6)}
    bins = {(c * n + i).to_bytes(4, "big"): groups[c] for c in range(1, 6) for i in range(n)}
    released, _ = aux.release(bins)
    passed, position = dict.fromkeys(groups, 0), [0] * 5
    for h, inner in released:
        c = int.from_bytes(h, "big") // n
        passed[c] += 1
        if c == 5:
            position[groups[5].index(inner)] += 1
    return passed, position


def exact_release_probability(c, b_, T_):
    """P(c + Lap(b) >= T) from the integral of the Laplace density G(t) = P(Lap(b) >= t), t >= 0 (laplace_grid);
    for t = T - c < 0 by the mirror image, P(Lap(b) >= t) = 1 - P(Lap(b) > -t) = 1 - G(-t) + P(Lap(b) = -t), the
    atom from the limit of :func:`_atom_proof`."""
    tail, b, t = laplace_upper_tail()
    gap = T_ - c
    if exact_holds(gap, ">=", 0):
        return tail.subs({b: b_, t: gap})
    return 1 - tail.subs({b: b_, t: -gap}) + exact_atom(c, b_, T_)


def chi2_sf4(x: float) -> float:
    """P(chi^2 with 4 degrees of freedom > x) = e^{-x/2} (1 + x/2)."""
    return math.exp(-x / 2) * (1 + x / 2)


def _alg6_bins():
    """Per bin of three seeded runs of the real auxiliary server (count and exact noise draw): the observed outcome;
    the printed and derived predicates are evaluated at the params."""
    bins, _ = alg6_outcomes(ALG6_T, ALG6_SEEDS)
    return (Point(p, data=x, size=(p["seed"], p["c"])) for p, x in bins)


def _alg6_strays():
    """Per released ciphertext of the same runs: the fact that it is one of a bin's own (the exact side), against the
    constant True (a model point: no form is evaluated there)."""
    _, strays = alg6_outcomes(ALG6_T, ALG6_SEEDS)
    return (Point({"release": i}, data=ok, model=True) for i, ok in enumerate(strays))


def _release_points():
    """(c, b, T) on three (b, T) pairs and c = 1..6: the integrated Laplace density (a proof-path value) against the
    derivation's closed form 1 - F_b(T - c) (a model quantity)."""
    for b_, T_ in ((R(1), R(5, 2)), (R(1, 2), R(3)), (R(2), R(1))):
        for c in range(1, 7):
            yield Point({"c": c, "b": b_, "T": T_}, data=exact_release_probability(c, b_, T_),
                        model=M.release_probability(c, b_, T_))


RATE_N = 2000


def _release_rate_screen():
    """Release rate per count 1..5 of the real auxiliary server within 6 sigma of n P(Lap(b) >= T - c)."""
    passed, _ = release_rates(RATE_N)
    n = RATE_N
    probs = {c: float(to_mpf(M.release_probability(c, RATE_B, RATE_T), 30)) for c in passed}
    z = {c: (passed[c] - n * p) / math.sqrt(n * p * (1 - p)) for c, p in probs.items()}
    return (all(abs(v) < 6 for v in z.values()), 5 * n,
            ", ".join(f"c={c}: {passed[c]}/{n} (expected {n * probs[c]:.0f}, z {z[c]:+.2f})" for c in passed))


def _choice_screen():
    """The chosen ciphertext of a count-5 bin is uniform over its 5 positions (chi-square, 4 dof)."""
    passed, position = release_rates(RATE_N)
    expected = passed[5] * float(M.selection_probability(5))
    chi2 = sum((k - expected) ** 2 / expected for k in position)
    return (chi2_sf4(chi2) > 1e-6, passed[5],
            f"positions chosen {position} of {passed[5]} releases; chi2 = {chi2:.2f}, p = {chi2_sf4(chi2):.3g}")


record(id="jiang-gcms/alg6", location="Section V-A, Algorithm 6 (and Phase 3)",
       statement="Per bin of the keyed-hash histogram, at most one ciphertext is released, one of that bin's, and "
                 "only iff len(F[key]) + Lap(b) >= T; so a bin of count c is released with probability "
                 "P(Lap(b) >= T - c), its ciphertext chosen uniformly.",
       printed=P.alg6_printed, derived=M.alg6_derived,
       kind="statement",
       assumptions="b = 1, T = 5/2 (exact floats); the reference noise path (seeded numpy Laplace); eight bins of "
                   "counts 1..8 built from real client messages, three seeded runs; the rates from 2,000 bins of each "
                   "count 1..5",
       steps=(Grid("per bin of three seeded runs of the real auxiliary server: released iff count + drawn noise >= T",
                   _alg6_bins, precomputed),
              Grid("every released ciphertext is one of a bin's own", _alg6_strays, precomputed, printed=False),
              Grid("release probability: 1 - F_b(T - c) against the integral of the Laplace density", _release_points,
                   precomputed, path="proof", printed=False),
              Statistical("release rate per count within 6 sigma of n P(Lap(b) >= T - c) (5 counts, false alarm "
                          "about 1e-8)", _release_rate_screen),
              Statistical("the chosen ciphertext of a count-5 bin is uniform (chi-square, 4 dof, false alarm 1e-6)",
                          _choice_screen)))


# ---- Phase 3's wording ------------------------------------------------------------------------------------------
@cache
def _atom_proof():
    """P(Lap(b) = t) = lim_{h -> 0+} P(t <= Lap(b) < t + h) = lim (G(t) - G(t + h)), G the integrated upper tail, for
    every t >= 0 (one limit in a symbol t >= 0); t < 0 is the mirror image (the density is even)."""
    tail, b, t = laplace_upper_tail()
    tau, h = sympy.Symbol("tau", nonnegative=True), sympy.Symbol("h", positive=True)
    G = tail.subs(t, tau)
    return sympy.limit(sympy.factor(sympy.expand(G - G.subs(tau, tau + h))), h, 0, "+"), b, tau


def exact_atom(c, b_, T_):
    """P(c + Lap(b) = T) from the limit above, at |T - c|."""
    atom, b, tau = _atom_proof()
    return atom.subs({b: b_, tau: abs(T_ - c)})


def _wording_points():
    """(b, T, c) with b in {1/2, 1, 3}, T in {1, 5/2, 3, 10}, c in {1, 2, 3, 4, 11}."""
    for b_ in (R(1, 2), R(1), R(3)):
        for T_ in (R(1), R(5, 2), R(3), R(10)):
            for c in (1, 2, 3, 4, 11):
                yield Point({"b": b_, "T": T_, "c": c}, size=(b_, T_, c))


def _discrete_wording_note() -> str:
    """Where the wording would matter: integer-valued noise (the discrete Laplace pmf, computed exactly)."""
    pmf = {k: M.discrete_laplace_pmf(k, 1) for k in (0, 1, 2)}
    return ("Not part of the verdict (the paper's noise is continuous): with integer-valued noise Z (the discrete "
            "Laplace, P(Z = k) = tanh(1/(2b)) e^{-|k|/b}, OpenDP's path for integer counts) and an integer T, "
            "'> T' releases a bin of count c less often than '>= T' by exactly P(Z = T - c); at b = 1: "
            + ", ".join(f"{sympy.sstr(v)} = {float(to_mpf(v, 20)):.4f} for |T - c| = {k}" for k, v in pmf.items())
            + ". For a non-integer T (e.g. T = 1 - ln(2 delta)/eps) the two rules coincide for integer noise too. "
            "ldpref's OpenDP path adds continuous Laplace noise to float counts, rounded to OpenDP's finest 2^k grid: "
            "its atoms are of order 2^k/b, so the rules agree there up to that rounding.")


record(id="jiang-gcms/sec5.A.threshold-wording",
       location="Section V-A, Phase 3 ('noisy frequency larger than a threshold T') vs Algorithm 6 ('>= T')",
       statement="Phase 3's 'larger than T' and Algorithm 6's '>= T' release a bin with the same probability: with "
                 "continuous Laplace noise P(c + Lap(b) = T) = 0, so Theorem 4 does not depend on the choice.",
       printed=P.threshold_wording_printed, derived=M.threshold_wording_derived,
       kind="statement",
       assumptions="Lap(b) the continuous Laplace law of Algorithm 6 (density e^{-|y|/b}/(2b))",
       steps=(Grid("P(c + Lap(b) >= T) - P(c + Lap(b) > T) = P(Lap(b) = T - c), the limit of the integrated density",
                   _wording_points, lambda p: exact_atom(p.params["c"], p.params["b"], p.params["T"]) == 0,
                   path="proof"),
              Note(_discrete_wording_note)))
