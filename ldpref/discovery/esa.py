"""jiang-gcms Section IV-A (Fig. 1, Phases 1-3): GCMS in the ESA framework with real encryption, the parties
that Section VI-1 ("Analysis for GCMS/OCMS") analyses.

- :class:`GcmsClient` -- Algorithm 1 (:func:`ldpref.gcms.client`) then "Encryption and Release":
  ``v = E_pk[<x, j>]``, a PyNaCl sealed box to the server's public key; it holds ``pk`` only.
- :class:`ContributionShuffler` -- Phase 2: anonymisation (the sender id is removed), "the shuffler may block
  clients who have already sent l messages" (blocked messages are counted, never dropped silently), then a
  uniformly random permutation (:class:`~.shuffler.Shuffler`).  It holds no key.
- :class:`GcmsServer` -- Phase 3: opens each message with ``sk``, refuses and counts what does not open or is
  not a well-formed report for its ``(k, m, s)``, then Algorithm 2 (sketch) and Algorithm 3 (estimate).

Wire format of the plaintext (sealed to the server)::

    MAGIC (4) | VERSION (1) | ROLE_GCMS (1) | server public key (32) | j (4, big endian) | s buckets (4 each)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from .. import gcms
from ..errors import ParameterError
from ..limits import check_count
from .messages import HEADER_BYTES, MAGIC, SEAL_OVERHEAD, VERSION, Rejections, check_key, header, nacl
from .shuffler import Shuffler

#: role byte of a GCMS report (the discovery protocol uses 1 and 2)
ROLE_GCMS = 3
FIELD_BYTES = 4


def encode_report(j: int, X, recipient: bytes) -> bytes:
    """The plaintext of ``<x, j>``: header, then j and the s buckets as 4-byte big-endian integers."""
    return header(ROLE_GCMS, recipient) + b"".join(int(v).to_bytes(FIELD_BYTES, "big") for v in (j, *X))


class GcmsClient:
    """Algorithm 1 and its encryption: ``encrypt(values, rng)`` gives one ciphertext per client value."""

    def __init__(self, server_public_key: bytes, table, m: int, s: int, p):
        self._pk = check_key("server public key", server_public_key)
        public, _ = nacl()
        self._box = public.SealedBox(public.PublicKey(self._pk))
        self.table, self.m, self.s, self.p = np.asarray(table, dtype=np.int64), m, s, p

    def reports(self, values, rng: np.random.Generator):
        """Algorithm 1 for each value: ``(j, X)`` arrays (the plaintexts before encryption)."""
        return gcms.client(values, self.table, self.m, self.s, self.p, rng)

    def encrypt(self, values, rng: np.random.Generator) -> list[bytes]:
        """``E_pk[<x, j>]`` for each value (Algorithm 1's randomness from ``rng``)."""
        j, X = self.reports(values, rng)
        return [self._box.encrypt(encode_report(jj, xx, self._pk)) for jj, xx in zip(j.tolist(), X.tolist())]


@dataclass
class ShufflerBooks:
    """What the Phase 2 shuffler forwarded and what it blocked (per sender, over the limit ``l``)."""

    forwarded: list[bytes]
    blocked: int = 0
    per_sender: Counter = field(default_factory=Counter)


class ContributionShuffler:
    """Phase 2 with the contribution limit: at most ``l`` messages per sender id (``l=None``: no limit)."""

    def __init__(self, l: int | None, rng: np.random.Generator | None = None):
        if l is not None and (isinstance(l, bool) or not isinstance(l, int) or l < 1):
            raise ParameterError(f"l = {l!r}: must be a positive integer (or None for no limit)")
        self.l, self._shuffler = l, Shuffler(rng)

    def process(self, submissions) -> ShufflerBooks:
        """``submissions``: ``(sender id, ciphertext)`` pairs in arrival order; returns the anonymised,
        permuted messages that passed the limit and the count of blocked ones."""
        submissions = list(submissions)
        check_count("shuffler input", len(submissions), unit="messages")
        sent, kept, blocked = Counter(), [], 0
        for sender, message in submissions:
            if self.l is not None and sent[sender] >= self.l:
                blocked += 1
                continue
            sent[sender] += 1
            kept.append(message)
        return ShufflerBooks(self._shuffler.shuffle(kept), blocked, sent)


@dataclass
class Opened:
    """The reports the server decrypted (``j`` of shape (n,), ``X`` of shape (n, s)) and what it refused."""

    j: np.ndarray
    X: np.ndarray
    rejections: Rejections


class GcmsServer:
    """Phase 3: ``GcmsServer(sk, table, m, s, p).estimate(messages)``."""

    def __init__(self, private_key: bytes, table, m: int, s: int, p):
        public, exceptions = nacl()
        key = public.PrivateKey(check_key("server private key", private_key))
        self._box, self._public = public.SealedBox(key), bytes(key.public_key)
        self._crypto_error = exceptions.CryptoError
        self.table, self.m, self.s, self.p = np.asarray(table, dtype=np.int64), m, s, p

    @property
    def public_key(self) -> bytes:
        """The server's public key ``pk`` (clients, and anyone else, can encrypt to it)."""
        return self._public

    def open(self, messages) -> Opened:
        """Decrypt and parse every message; refused ones are counted by reason."""
        messages = list(messages)
        check_count("server input", len(messages), unit="messages")
        k, size = self.table.shape[0], HEADER_BYTES + FIELD_BYTES * (1 + self.s)
        rejections, js, xs = Rejections(), [], []
        for message in messages:
            if not isinstance(message, (bytes, bytearray)) or len(message) < SEAL_OVERHEAD + size:
                rejections.truncated += 1
                continue
            try:
                plain = self._box.decrypt(bytes(message))
            except self._crypto_error:
                rejections.undecryptable += 1
                continue
            if len(plain) != size or plain[:len(MAGIC)] != MAGIC or plain[len(MAGIC)] != VERSION:
                rejections.malformed += 1
                continue
            if plain[len(MAGIC) + 1] != ROLE_GCMS or plain[len(MAGIC) + 2:HEADER_BYTES] != self._public:
                rejections.wrong_recipient += 1
                continue
            fields_ = [int.from_bytes(plain[i:i + FIELD_BYTES], "big") for i in range(HEADER_BYTES, size, FIELD_BYTES)]
            j, X = fields_[0], fields_[1:]
            if j >= k or max(X) >= self.m or len(set(X)) != self.s:
                rejections.malformed += 1
                continue
            js.append(j)
            xs.append(X)
        return Opened(np.asarray(js, dtype=np.int64), np.asarray(xs, dtype=np.int64).reshape(len(xs), self.s),
                      rejections)

    def estimate(self, messages) -> tuple[np.ndarray, Opened]:
        """Algorithms 2 and 3 on the opened reports: the estimated count of every value, and what was opened."""
        opened = self.open(messages)
        if opened.j.size == 0:
            raise ParameterError("the server received no valid report (a halted or empty round)")
        sk = gcms.sketch(opened.j, opened.X, self.m, self.table.shape[0])
        return gcms.estimate(sk, self.table, self.p, self.s, self.m), opened
