"""The four phases of jiang-gcms Section V-A run end to end (Fig 3): key set-up, clients (Algorithm 5),
shuffler, auxiliary server (Algorithm 6), server.

:func:`streams` splits one seed into independent generators (keys, shuffle, noise, selection) so the full
protocol and the histogram shortcut of :mod:`.experiment` draw the same noise for the same bins.  Seeded keys
are for reproducible experiments only; unseeded runs take keys from the operating system (PyNaCl, secrets).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

import numpy as np

from .auxiliary import AuxiliaryServer, Release
from .client import Client
from .messages import KEY_BYTES, nacl
from .params import ThresholdParameters
from .server import Discovery, Server
from .shuffler import Shuffler

STREAMS = ("keys", "shuffle", "noise", "select")


def streams(seed) -> dict[str, np.random.Generator] | None:
    """Independent generators named by :data:`STREAMS` from ``seed`` (int or SeedSequence); None for None."""
    if seed is None:
        return None
    sequence = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
    return {name: np.random.default_rng(child) for name, child in zip(STREAMS, sequence.spawn(len(STREAMS)))}


@dataclass(frozen=True)
class Keys:
    """Key material of one run; each party receives only its part (see :func:`run_protocol`)."""

    hmac_key: bytes
    server_private: bytes
    auxiliary_private: bytes

    @classmethod
    def generate(cls, rng: np.random.Generator | None = None) -> "Keys":
        if rng is None:
            public, _ = nacl()
            return cls(secrets.token_bytes(KEY_BYTES), bytes(public.PrivateKey.generate()),
                       bytes(public.PrivateKey.generate()))
        return cls(*(rng.bytes(KEY_BYTES) for _ in range(3)))


@dataclass
class ProtocolResult:
    """The discovered items and each party's books."""

    discovery: Discovery
    release: Release
    params: ThresholdParameters


def run_protocol(items, params: ThresholdParameters, *, seed=None, noise: str = "opendp",
                 keys: Keys | None = None) -> ProtocolResult:
    """Run the protocol on one item per client.  With ``seed``, keys, shuffle, reference noise and selection
    are reproducible (OpenDP noise never is)."""
    rngs = streams(seed)
    keys = keys or Keys.generate(None if rngs is None else rngs["keys"])
    server = Server(keys.server_private, keys.hmac_key)
    auxiliary = AuxiliaryServer(keys.auxiliary_private, params.b, params.T, noise=noise,
                                noise_rng=None if rngs is None else rngs["noise"],
                                select_rng=None if rngs is None else rngs["select"])
    client = Client(keys.hmac_key, server.public_key, auxiliary.public_key)
    messages = [client.encrypt(item) for item in items]
    shuffled = Shuffler(None if rngs is None else rngs["shuffle"]).shuffle(messages)
    release = auxiliary.process(shuffled)
    return ProtocolResult(discovery=server.open(release.released), release=release, params=params)
