"""jiang-gcms Section V-A, Phase 2: the shuffler forwards the clients' ciphertexts in a uniformly random order.

It holds no key and sees only outer ciphertexts.  Seeded (a numpy Generator) for tests and experiments;
otherwise the permutation is a Fisher-Yates shuffle driven by :mod:`secrets`.
"""

from __future__ import annotations

import secrets

import numpy as np

from ..limits import check_count


class Shuffler:
    """``shuffle(messages)`` returns the messages under a uniformly random permutation."""

    def __init__(self, rng: np.random.Generator | None = None):
        self._rng = rng

    def shuffle(self, messages) -> list:
        """The messages in a uniformly random order (seeded Generator, or ``secrets`` when unseeded)."""
        messages = list(messages)
        check_count("shuffling", len(messages), unit="messages")
        if self._rng is not None:
            return [messages[i] for i in self._rng.permutation(len(messages))]
        for i in range(len(messages) - 1, 0, -1):
            j = secrets.randbelow(i + 1)
            messages[i], messages[j] = messages[j], messages[i]
        return messages
