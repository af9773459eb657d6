"""The wire format of jiang-gcms Algorithms 5 and 6, versioned and bound to its recipient, and the counter
of rejected messages.

Inner plaintext (sealed to the server, ``E_pk1[d]``)::

    MAGIC (4) | VERSION (1) | ROLE_SERVER (1) | recipient public key (32) | item (UTF-8, 0..MAX_ITEM_BYTES)

Outer plaintext (sealed to the auxiliary server, ``v = E_pk2[E_pk1[d] || H[d]]``)::

    MAGIC (4) | VERSION (1) | ROLE_AUXILIARY (1) | recipient public key (32) | message id (16) | H[d] (32) | E_pk1[d]

The role byte and the recipient key make a message readable only as what it was written for: a ciphertext
sealed to another key fails authentication (``undecryptable``); one sealed to the right key but naming
another party or role is ``wrong_recipient``.  The random message id lets the auxiliary server refuse a
replayed copy.  Sealed boxes are PyNaCl's (X25519 + XSalsa20-Poly1305, never hand-written).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ..errors import ParameterError

MAGIC = b"LDPD"
VERSION = 1
ROLE_SERVER = 1
ROLE_AUXILIARY = 2
KEY_BYTES = 32
HASH_BYTES = 32
MESSAGE_ID_BYTES = 16
#: a sealed box adds an ephemeral public key (32) and a Poly1305 tag (16)
SEAL_OVERHEAD = 48
HEADER_BYTES = len(MAGIC) + 2 + KEY_BYTES
#: longest item accepted, in UTF-8 bytes
MAX_ITEM_BYTES = 4096
MIN_INNER_CIPHERTEXT = SEAL_OVERHEAD + HEADER_BYTES
MIN_OUTER_PLAINTEXT = HEADER_BYTES + MESSAGE_ID_BYTES + HASH_BYTES + MIN_INNER_CIPHERTEXT
MIN_OUTER_CIPHERTEXT = SEAL_OVERHEAD + MIN_OUTER_PLAINTEXT


def nacl():
    """The PyNaCl modules (``nacl.public``, ``nacl.exceptions``), or a one-line error naming the extra."""
    try:
        import nacl.exceptions
        import nacl.public
    except ModuleNotFoundError:
        raise ParameterError("the discovery protocol needs PyNaCl: pip install 'ldpref[discovery]'") from None
    return nacl.public, nacl.exceptions


def check_key(name: str, key) -> bytes:
    """A 32-byte key (public, private or HMAC) as bytes, or a one-line :class:`ParameterError`."""
    if not isinstance(key, (bytes, bytearray)):
        raise ParameterError(f"{name}: expected {KEY_BYTES} bytes, got {type(key).__name__}")
    if len(key) != KEY_BYTES:
        raise ParameterError(f"{name}: expected {KEY_BYTES} bytes, got {len(key)}")
    return bytes(key)


def header(role: int, recipient: bytes) -> bytes:
    """The plaintext header of a layer: magic, format version, role byte and the recipient's public key."""
    return MAGIC + bytes((VERSION, role)) + recipient


@dataclass
class Rejections:
    """Messages refused, by reason; nothing is dropped without being counted here.

    ``truncated``: shorter than any valid ciphertext; ``undecryptable``: authentication failed (tampered, or
    sealed to another key); ``malformed``: decrypts but the layout or version is wrong; ``wrong_recipient``:
    decrypts but names another party; ``replayed``: a message id (or inner ciphertext) seen before;
    ``hash_mismatch``: at the server, a released item whose keyed hash is not its bin's.
    """

    truncated: int = 0
    undecryptable: int = 0
    malformed: int = 0
    wrong_recipient: int = 0
    replayed: int = 0
    hash_mismatch: int = 0

    @property
    def total(self) -> int:
        """All rejected messages, every reason together."""
        return sum(getattr(self, f.name) for f in fields(self))

    def as_dict(self) -> dict[str, int]:
        """Rejections by reason, for JSON."""
        return {f.name: getattr(self, f.name) for f in fields(self)}
