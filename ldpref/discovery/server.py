"""jiang-gcms Section V-A, Phase 4: the server opens the released inner ciphertexts ``E_pk1[d]``.

It holds its private key ``sk1`` and the HMAC key it shares with the clients; it checks each released item
against its bin's keyed hash and refuses (and counts) anything tampered, malformed, meant for another party,
replayed, or whose hash does not match.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field

from .client import keyed_hash
from .messages import HEADER_BYTES, MAGIC, MIN_INNER_CIPHERTEXT, ROLE_SERVER, VERSION, Rejections, check_key, nacl


@dataclass
class Discovery:
    """The items the server learned, in release order, and what it refused."""

    items: list[str]
    rejections: Rejections = field(default_factory=Rejections)


class Server:
    """The data collector: ``Server(sk1, hmac_key).open(release)``."""

    def __init__(self, private_key: bytes, hmac_key: bytes, *, hash_function=None):
        public, exceptions = nacl()
        key = public.PrivateKey(check_key("server private key", private_key))
        self._box = public.SealedBox(key)
        self._public = bytes(key.public_key)
        self._hmac_key = check_key("HMAC key", hmac_key)
        self._crypto_error = exceptions.CryptoError
        # Section VI's unkeyed variant (attacks.py) replaces the keyed hash; the protocol never does
        self._hash = hash_function or (lambda raw: keyed_hash(self._hmac_key, raw))

    @property
    def public_key(self) -> bytes:
        """The server's public key (clients seal the inner layer to it)."""
        return self._public

    def open(self, released) -> Discovery:
        """Decrypt ``[(H[d], E_pk1[d]), ...]`` (a :class:`~.auxiliary.Release`'s ``released``)."""
        rejections, seen, items = Rejections(), set(), []
        for keyed, inner in released:
            if not isinstance(inner, (bytes, bytearray)) or len(inner) < MIN_INNER_CIPHERTEXT:
                rejections.truncated += 1
                continue
            try:
                plain = self._box.decrypt(bytes(inner))
            except self._crypto_error:
                rejections.undecryptable += 1
                continue
            if plain[:len(MAGIC)] != MAGIC or plain[len(MAGIC)] != VERSION:
                rejections.malformed += 1
                continue
            if plain[len(MAGIC) + 1] != ROLE_SERVER or plain[len(MAGIC) + 2:HEADER_BYTES] != self._public:
                rejections.wrong_recipient += 1
                continue
            if bytes(inner) in seen:
                rejections.replayed += 1
                continue
            seen.add(bytes(inner))
            raw = plain[HEADER_BYTES:]
            if not hmac.compare_digest(self._hash(raw), bytes(keyed)):
                rejections.hash_mismatch += 1
                continue
            try:
                items.append(raw.decode("utf-8"))
            except UnicodeDecodeError:
                rejections.malformed += 1
        return Discovery(items=items, rejections=rejections)
