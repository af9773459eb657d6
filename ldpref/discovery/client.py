"""jiang-gcms Algorithm 5 (Section V-A, Phase 1): the on-device encryption of one item.

The client holds the HMAC key shared with the server (never with the auxiliary server), the server's public
key ``pk1`` and the auxiliary server's public key ``pk2``; no private key.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from ..errors import ParameterError
from .messages import (MAX_ITEM_BYTES, MESSAGE_ID_BYTES, ROLE_AUXILIARY, ROLE_SERVER, check_key, header, nacl)


def keyed_hash(hmac_key: bytes, item: bytes) -> bytes:
    """``H[d]``: HMAC-SHA256 of the item's UTF-8 bytes under the clients' and server's shared key."""
    return hmac.new(hmac_key, item, hashlib.sha256).digest()


def item_bytes(item: str) -> bytes:
    """An item as UTF-8 bytes, refused (one line) if not text or longer than MAX_ITEM_BYTES."""
    if not isinstance(item, str):
        raise ParameterError(f"item: expected text, got {type(item).__name__}")
    raw = item.encode("utf-8")
    if len(raw) > MAX_ITEM_BYTES:
        raise ParameterError(f"item of {len(raw)} bytes: at most {MAX_ITEM_BYTES}")
    return raw


class Client:
    """A client of Algorithm 5: ``encrypt(d) = E_pk2[E_pk1[d] || H[d]]``."""

    def __init__(self, hmac_key: bytes, server_public_key: bytes, auxiliary_public_key: bytes, *, hash_function=None):
        self._hmac_key = check_key("HMAC key", hmac_key)
        self._pk1 = check_key("server public key", server_public_key)
        self._pk2 = check_key("auxiliary server public key", auxiliary_public_key)
        public, _ = nacl()
        self._inner_box = public.SealedBox(public.PublicKey(self._pk1))
        self._outer_box = public.SealedBox(public.PublicKey(self._pk2))
        # Section VI's unkeyed variant (attacks.py) replaces the keyed hash; the protocol never does
        self._hash = hash_function or (lambda raw: keyed_hash(self._hmac_key, raw))

    def encrypt(self, item: str) -> bytes:
        """The outer ciphertext ``v`` for ``item`` (a fresh random message id each call)."""
        raw = item_bytes(item)
        inner = self._inner_box.encrypt(header(ROLE_SERVER, self._pk1) + raw)
        outer_plain = (header(ROLE_AUXILIARY, self._pk2) + secrets.token_bytes(MESSAGE_ID_BYTES)
                       + self._hash(raw) + inner)
        return self._outer_box.encrypt(outer_plain)
