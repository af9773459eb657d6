"""ldpref.wss._sample_subset reproduces numpy's Generator.choice(replace=False, p=...) draw for draw."""

import numpy as np

from ldpref.wss import _sample_subset


def _choice(rng, d, k, counts):
    w = 1.0 / (1.0 + counts - counts.min())
    return tuple(sorted(int(x) for x in rng.choice(d, size=k, replace=False, p=w / w.sum())))


def test_sample_subset_is_generator_choice():
    # 24 seeds (60 before): k = 1 + seed % (d - 1) still takes every k in 1..d-1 at least twice for every d <= 13
    for seed in range(24):
        for d in range(2, 14):
            k = 1 + seed % (d - 1)
            r1, r2 = np.random.default_rng(seed), np.random.default_rng(seed)
            counts = np.random.default_rng(seed + 1000).integers(0, 5, d).astype(float)
            for _ in range(15):
                a = _choice(r1, d, k, counts)
                assert _sample_subset(r2, d, k, counts) == a
                counts[list(a)] += 1
            assert r1.random() == r2.random()  # the same uniforms consumed
