"""jiang-gcms Algorithm 6 (Section V-A, Phase 3): the auxiliary server's noisy-threshold release.

It holds only its own private key ``sk2``: it opens the outer layer ``E_pk2[E_pk1[d] || H[d]]`` and sees the
keyed hash ``H[d]`` and the inner ciphertext ``E_pk1[d]``, never the item (it has neither ``sk1`` nor the
HMAC key).  Bins are the distinct keyed hashes, taken in increasing byte order (so a seeded run is
reproducible whatever the arrival order); each bin's count gets Laplace noise of scale ``b`` and a bin whose
noisy count is ``>= T`` releases one of its inner ciphertexts chosen uniformly (:mod:`.noise` documents the
two noise paths).  The release carries each chosen ciphertext with its bin's keyed hash, which the server
(holding the key) checks; Algorithm 6 releases the ciphertexts alone, and the hash adds nothing the server
could not compute from the item.

Refused messages are counted in :class:`~.messages.Rejections`, never dropped silently.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

import numpy as np

from ..errors import ParameterError
from ..limits import check_count
from .messages import (HASH_BYTES, HEADER_BYTES, MAGIC, MESSAGE_ID_BYTES, MIN_INNER_CIPHERTEXT,
                       MIN_OUTER_CIPHERTEXT, ROLE_AUXILIARY, VERSION, Rejections, check_key, nacl)
from .noise import NOISE_METHODS, threshold_release
from .params import check_threshold


@dataclass
class Release:
    """What the auxiliary server sends the server: ``(H[d], E_pk1[d])`` per released bin, and its books."""

    released: list[tuple[bytes, bytes]]
    accepted: int
    bins: int
    rejections: Rejections = field(default_factory=Rejections)
    #: bin counts in bin order (kept by the auxiliary server; not sent to the server)
    counts: list[int] = field(default_factory=list, repr=False)


class AuxiliaryServer:
    """Algorithm 6 with noise scale ``b`` and threshold ``T``.

    ``noise="opendp"`` (default; unseeded, floating-point safe) or ``"reference"`` (needs ``noise_rng``).
    ``select_rng`` seeds the choice of the released ciphertext in each bin; without it, :mod:`secrets`.
    """

    def __init__(self, private_key: bytes, b: float, T: float, *, noise: str = "opendp",
                 noise_rng: np.random.Generator | None = None, select_rng: np.random.Generator | None = None):
        public, exceptions = nacl()
        key = public.PrivateKey(check_key("auxiliary server private key", private_key))
        self._box = public.SealedBox(key)
        self._public = bytes(key.public_key)
        self._crypto_error = exceptions.CryptoError
        params = check_threshold(b, T)
        self.b, self.T = params.b, params.T
        if noise not in NOISE_METHODS:
            raise ParameterError(f"noise {noise!r}: expected one of {', '.join(NOISE_METHODS)}")
        self.noise, self._noise_rng, self._select_rng = noise, noise_rng, select_rng

    @property
    def public_key(self) -> bytes:
        """The auxiliary server's public key (clients seal the outer layer to it)."""
        return self._public

    def _open(self, ciphertext: bytes) -> bytes | None:
        """The outer plaintext, or None when authentication fails."""
        try:
            return self._box.decrypt(ciphertext)
        except self._crypto_error:
            return None

    def receive(self, messages) -> tuple[dict[bytes, list[bytes]], Rejections, int]:
        """Open and histogram the shuffled messages: keyed hash -> inner ciphertexts, rejections, accepted."""
        messages = list(messages)
        check_count("auxiliary server input", len(messages), unit="messages")
        rejections, seen, bins, accepted = Rejections(), set(), {}, 0
        for message in messages:
            if not isinstance(message, (bytes, bytearray)) or len(message) < MIN_OUTER_CIPHERTEXT:
                rejections.truncated += 1
                continue
            plain = self._open(bytes(message))
            if plain is None:
                rejections.undecryptable += 1
                continue
            if len(plain) < HEADER_BYTES + MESSAGE_ID_BYTES + HASH_BYTES + MIN_INNER_CIPHERTEXT \
                    or plain[:len(MAGIC)] != MAGIC or plain[len(MAGIC)] != VERSION:
                rejections.malformed += 1
                continue
            if plain[len(MAGIC) + 1] != ROLE_AUXILIARY or plain[len(MAGIC) + 2:HEADER_BYTES] != self._public:
                rejections.wrong_recipient += 1
                continue
            message_id = plain[HEADER_BYTES:HEADER_BYTES + MESSAGE_ID_BYTES]
            if message_id in seen:
                rejections.replayed += 1
                continue
            seen.add(message_id)
            start = HEADER_BYTES + MESSAGE_ID_BYTES
            keyed, inner = plain[start:start + HASH_BYTES], plain[start + HASH_BYTES:]
            bins.setdefault(keyed, []).append(inner)
            accepted += 1
        return bins, rejections, accepted

    def release(self, bins: dict[bytes, list[bytes]]) -> tuple[list[tuple[bytes, bytes]], list[int]]:
        """The noisy threshold over ``bins`` (in increasing keyed-hash order) and one ciphertext per passing bin."""
        order = sorted(bins)
        counts = [len(bins[h]) for h in order]
        mask = threshold_release(counts, self.b, self.T, method=self.noise, rng=self._noise_rng)
        released = []
        for h, passed in zip(order, mask.tolist()):
            if passed:
                group = bins[h]
                index = (int(self._select_rng.integers(len(group))) if self._select_rng is not None
                         else secrets.randbelow(len(group)))
                released.append((h, group[index]))
        return released, counts

    def process(self, messages) -> Release:
        """Algorithm 6: open, histogram, add noise, threshold, release."""
        bins, rejections, accepted = self.receive(messages)
        released, counts = self.release(bins)
        return Release(released=released, accepted=accepted, bins=len(bins), rejections=rejections, counts=counts)
