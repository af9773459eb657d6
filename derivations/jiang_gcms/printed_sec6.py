"""jiang-gcms Section VI-2 and Section VII-E, the word statements about the auxiliary server and the
discovered items, as printed predicates (pure transcription: what the paper asserts at one instance).

Instance parameters: ``keyed`` (the clients' hash is keyed, Section V-A, or plain, Section VI's weak
variant); for VII-E ``eps`` and ``delta``.
"""

from __future__ import annotations

from .symbols import Predicate


def sec6_hash_check_printed():
    """"the aux. server can compute the hash of the specific value and compare it with the hash in each client
    message ... can only be mitigated through techniques such as keyed hash functions"."""
    return Predicate(r"\text{aux. server confirms } H[d] = H[d_{guess}] \iff H \text{ is not keyed}",
                     lambda **kw: not kw["keyed"])


def sec6_drop_value_printed():
    """"the aux. server can also purposely decrease the frequency of a specific value ... drops all messages
    with the same hash" (mitigated by keyed hash functions)."""
    return Predicate(r"\text{aux. server suppresses a named item } d \iff H \text{ is not keyed}",
                     lambda **kw: not kw["keyed"])


def sec6_drop_top_printed():
    """"deleting all records associated with the most frequent item. Notably, such attacks are unavoidable even
    when keyed hash functions are used"."""
    return Predicate(r"\text{aux. server suppresses the most frequent item (keyed or not)}", lambda **kw: True)


def sec6_curious_printed():
    """"All plaintext messages are encrypted using the final server's public key, preventing the aux. server from
    learning their values. This also applies to hashed values when keyed hash functions are used"."""
    return Predicate(r"\text{honest-but-curious aux. server holds neither } d \text{ nor a hash it can match to } d"
                     r" \iff H \text{ keyed}", lambda **kw: kw["keyed"])


def sec7e_singletons_printed():
    """"Given that the majority of URLs in the dataset have a count of 1 and the Laplacian mechanism adds
    zero-mean noise, most of these URLs remain unrevealed": a count-1 item is released with probability < 1/2."""
    return Predicate(r"\Pr[1 + \mathrm{Lap}(b) \ge T] < \tfrac12", lambda **kw: True)


def sec7e_convergence_printed():
    """"as epsilon increases, the number of collected URLs tends to converge. The convergence number ... still
    significantly differs from the total number of distinct URLs": E[discovered] is nondecreasing in eps and its
    limit lies below the number of distinct items."""
    return Predicate(r"\epsilon \mapsto \mathbb{E}|S| \uparrow \lim_{\epsilon\to\infty} \mathbb{E}|S| < |\mathcal{D}|",
                     lambda **kw: True)
