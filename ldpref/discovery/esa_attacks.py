"""jiang-gcms Section VI-1 ("Analysis for GCMS/OCMS") shown by code on the ESA parties of :mod:`.esa`.

- :func:`keys_open` -- confidentiality against the shuffler: which of the keys a party holds open a client
  message (the protocol's shuffler holds none; a fresh key never opens one; only the server's ``sk`` does).
- :func:`run_round` -- one round with an honest or a deviating shuffler: ``drop`` (the reports of some
  clients are discarded), ``inject`` (well-formed false reports, encrypted to the public ``pk``, added),
  ``identity`` (no permutation: the colluding server links report i to client i), ``favour`` (only the
  colluding clients are served).  The server's estimate and its rejection counts are returned, so a test
  can see both that the estimate moves and that nothing in the protocol notices.
- :func:`submissions` -- malicious clients (garbage reports, Sybil identities) as ``(sender, message)``
  pairs for the contribution-limited shuffler.

Every function is seeded; PyNaCl is imported lazily through :mod:`.messages`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import ParameterError
from ..gcms import draw_hash_table
from .esa import ContributionShuffler, GcmsClient, GcmsServer
from .messages import nacl
from .protocol import streams

ATTACKS = ("honest", "drop", "inject", "identity", "favour")


@dataclass(frozen=True)
class Round:
    """One GCMS round: the server's estimates, its rejection count, the order of the senders it received,
    and how many messages reached it."""

    estimates: np.ndarray
    rejected: int
    sender_order: list
    received: int
    #: the shuffler's output is a permutation of the clients' messages (nothing dropped or injected)
    permutation: bool


def keys_open(message: bytes, held_private_keys) -> bool:
    """Does any of ``held_private_keys`` (32-byte X25519 keys) open ``message``?"""
    public, exceptions = nacl()
    for key in held_private_keys:
        try:
            public.SealedBox(public.PrivateKey(key)).decrypt(message)
        except exceptions.CryptoError:
            continue
        return True
    return False


def fresh_private_key(rng: np.random.Generator) -> bytes:
    """A private key the attacker makes for itself (seeded bytes: any 32 bytes are an X25519 key)."""
    return rng.bytes(32)


def setup(d: int, m: int, k: int, s: int, p, rng: np.random.Generator):
    """Server key, hash table, a client and the server of one GCMS deployment (keys and table from ``rng``)."""
    server_private = rng.bytes(32)
    table = draw_hash_table(d, m, k, rng)
    public, _ = nacl()
    pk = bytes(public.PrivateKey(server_private).public_key)
    return server_private, table, GcmsClient(pk, table, m, s, p), GcmsServer(server_private, table, m, s, p)


def run_round(values, *, attack: str = "honest", d: int, m: int, k: int, s: int, p, seed: int = 0,
              victims=(), injected: int = 0, target: int = 0, colluders=()) -> Round:
    """One round of Phases 1-3 on ``values`` (client i holds values[i]) with the shuffler behaving as ``attack``.

    ``drop``: the reports of the clients in ``victims`` are discarded; ``inject``: ``injected`` reports of
    Algorithm 1 run on ``target`` with p = 1 are encrypted to ``pk`` and added; ``identity``: forwarded in
    arrival order; ``favour``: only the clients in ``colluders`` are served.  Client randomness, keys and the
    permutation come from ``seed`` and are the same for every attack."""
    if attack not in ATTACKS:
        raise ParameterError(f"attack {attack!r}: expected one of {', '.join(ATTACKS)}")
    rngs = streams(seed)
    _, _, client, server = setup(d, m, k, s, p, rngs["keys"])
    senders = list(range(len(values)))
    pairs = list(zip(senders, client.encrypt(values, rngs["noise"])))
    sent = sorted(v for _, v in pairs)
    if attack == "drop":
        pairs = [(i, v) for i, v in pairs if i not in set(victims)]
    elif attack == "favour":
        pairs = [(i, v) for i, v in pairs if i in set(colluders)]
    elif attack == "inject":
        forger = GcmsClient(server.public_key, client.table, m, s, 1)
        pairs += [(f"forged-{i}", v) for i, v in enumerate(forger.encrypt([target] * injected, rngs["select"]))]
    if attack == "identity":
        order = [i for i, _ in pairs]
        forwarded = [v for _, v in pairs]
    else:
        tagged = ContributionShuffler(None, rngs["shuffle"]).process([(i, (i, v)) for i, v in pairs]).forwarded
        order, forwarded = [i for i, _ in tagged], [v for _, v in tagged]
    estimates, opened = server.estimate(forwarded)
    return Round(estimates, opened.rejections.total, order, len(forwarded), sorted(forwarded) == sent)


def submissions(honest: int, garbage: int, sybils: int, client: GcmsClient, rng: np.random.Generator,
                garbage_value: int = 0) -> list:
    """``(sender, message)`` pairs: ``honest`` clients one report each, then one malicious client sending
    ``garbage`` reports, then ``sybils`` fake identities sending ``garbage`` reports each."""
    out = [(f"honest-{i}", v) for i, v in enumerate(client.encrypt([garbage_value] * honest, rng))]
    out += [("malicious", v) for v in client.encrypt([garbage_value] * garbage, rng)]
    for f in range(sybils):
        out += [(f"sybil-{f}", v) for v in client.encrypt([garbage_value] * garbage, rng)]
    return out


def garbage_through(books, prefix: str) -> int:
    """Messages forwarded from the senders whose id starts with ``prefix`` (the shuffler's own books)."""
    return sum(c for sender, c in books.per_sender.items() if str(sender).startswith(prefix))
