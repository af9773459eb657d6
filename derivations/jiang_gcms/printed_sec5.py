"""jiang-gcms Section V-A as printed: Algorithm 5 (the client's message), the parenthesis "two encrypted d with the
same pk1 can differ", Algorithm 6 (the aux. server's release, one bin at a time) and Phase 3's wording of its
threshold.  Pure transcription, mistakes included: imports ``ldpref.ledger.forms`` only.  What
the paper asserts at one instance; the derivations are in ``sec5_model.py``.

Instance parameters: Algorithm 5 -- ``query`` ("hash": do the messages of items ``d`` and ``d2``, sent by two
clients, carry the same H; "outer" / "inner": does that layer open under the secret key ``key`` and yield what
Algorithm 5 put in it); the parenthesis -- ``pk`` (the key both encryptions of ``d`` use); Algorithm 6 -- a bin's
count ``c``, the Laplace draw ``noise`` it got and the threshold ``T``; the wording -- ``b``, ``T``, ``c``.
"""

from __future__ import annotations

from ldpref.ledger.forms import Predicate


def _alg5_asserted(**kw) -> bool:
    query = kw["query"]
    if query == "hash":
        # Phase 1: H is "unique across clients ... identical for all clients"; Phase 3: "the hashed results from
        # different clients with identical item must be identical" (and a unique hash tells items apart)
        return kw["d"] == kw["d2"]
    if query == "outer":
        # Algorithm 5: v = E_pk2[E_pk1[d] || H[d]], pk2 the aux. server's key; Algorithm 6 decrypts it and
        # obtains E_pk1[d] || H[d]
        return kw["key"] == "sk2"
    if query == "inner":
        # "E_pk1[d] ... which can only be decrypted by the server" (pk1: the server's public key)
        return kw["key"] == "sk1"
    raise ValueError(f"Algorithm 5: unknown query {query!r}")


def alg5_printed():
    """Algorithm 5 and Phase 1: v = E_pk2[E_pk1[d] || H[d]] with one hash function H for every client."""
    return Predicate(r"H[d] = H[d'] \iff d = d';\ \ D_{sk}(v) = E_{pk1}[d] \,\|\, H[d] \iff sk = sk_2;\ \ "
                     r"D_{sk}(E_{pk1}[d]) = d \iff sk = sk_1,\quad v = E_{pk2}[E_{pk1}[d] \,\|\, H[d]]",
                     _alg5_asserted)


def randomized_printed():
    """Section V-A, Phase 3's set-up: "each bin is represented by a sampled E_pk1[d] (two encrypted d with the same
    pk1 can differ), which can only be decrypted by the server"."""
    return Predicate(r"E_{pk1}[d] \ne E'_{pk1}[d] \ \wedge\ D_{sk1}(E_{pk1}[d]) = D_{sk1}(E'_{pk1}[d]) = d",
                     lambda **kw: kw["pk"] == "pk1")


def alg6_printed():
    """Algorithm 6, second loop: "if len(F[key]) + Lap(b) >= T then randomly select E_pk1[d] from F[key]; add
    E_pk1[d] to S": a bin puts exactly one of its own ciphertexts in S iff its noisy count reaches T, else none."""
    return Predicate(r"|S \cap F[key]| = 1 \iff \mathrm{len}(F[key]) + \mathrm{Lap}(b) \ge T"
                     r"\quad (\text{else } 0)", lambda **kw: bool(kw["c"] + kw["noise"] >= kw["T"]))


def threshold_wording_printed():
    """Phase 3 ("for those hashed results with noisy frequency larger than a threshold T, randomly sample ...")
    and Algorithm 6 ("len(F[key]) + Lap(b) >= T") describe one release, for every b > 0, T >= 1 and bin count
    c >= 1 (the paper states no other condition)."""
    return Predicate(r"\Pr[c + \mathrm{Lap}(b) > T] = \Pr[c + \mathrm{Lap}(b) \ge T]\quad (b > 0,\ T \ge 1,\ "
                     r"c \ge 1)", lambda **kw: bool(kw["b"] > 0 and kw["T"] >= 1 and kw["c"] >= 1))
