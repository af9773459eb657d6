"""The experiments' datasets as count vectors (numpy int64, one count per dictionary value).

* :func:`zipf` -- pan-cms Section 6.1 (f(r) proportional to 1/r^2, dictionary 100k, 10,000 objects sampled) and
  pan-strict Section 6.1 (dictionary 100, 10,000 objects; its exponent is lost in our copy, see the figure).
* :func:`gaussian` -- pan-cms Section 6.2: 10,000 objects, standard deviation 50, mean an integer drawn from
  [1000, 9000], dictionary 10,000, values rounded and truncated to the dictionary.
* :func:`kosarak` -- the "mini Kosarak" of pan-cms Section 6.3 / pan-strict Section 6.2, from
  the shipped ``kosarak/kosarak-head.dat`` (:mod:`ldpref.bundled_data`): every item occurrence is one object (our file
  is the first 36,682 transactions; n = 294,022, d = 17,034, top frequency 0.0756 -- not the paper's 170k / 26k / 0.4).
* :func:`adult_education` -- jiang-gcms Section VII-D: the ``education`` column of UCI Adult (48,842 rows, 16 values).

Sampling uses only the Generator passed in.  (A minimal local loader: ``ldpref.data_specs`` of branch stats-sim
replaces it when merged.)
"""

from __future__ import annotations

import csv

import numpy as np

from ..bundled_data import data_file
from ..limits import check_count


def zipf(d: int, n: int, exponent: int, rng: np.random.Generator) -> np.ndarray:
    """n objects drawn from f(r) proportional to r^-exponent over ranks r = 1..d (value r-1 has rank r)."""
    check_count("zipf d", d, limit=10**7, unit="values")
    weights = 1.0 / np.arange(1, d + 1, dtype=np.float64) ** exponent
    return rng.multinomial(n, weights / weights.sum()).astype(np.int64)


def gaussian(d: int, n: int, sd: float, mean_range: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """n objects from N(mu, sd^2), mu an integer uniform in mean_range, rounded and clipped to 0..d-1."""
    check_count("gaussian d", d, limit=10**7, unit="values")
    mu = int(rng.integers(mean_range[0], mean_range[1] + 1))
    values = np.clip(np.rint(rng.normal(mu, sd, size=n)), 0, d - 1).astype(np.int64)
    return np.bincount(values, minlength=d).astype(np.int64)


def kosarak() -> np.ndarray:
    """Counts of every item occurrence of the Kosarak head file; item i (1-based) is value i-1."""
    counts: dict[int, int] = {}
    with open(data_file("kosarak/kosarak-head.dat"), encoding="ascii") as fh:
        for line in fh:
            for tok in line.split():
                item = int(tok)
                counts[item] = counts.get(item, 0) + 1
    d = max(counts)
    out = np.zeros(d, dtype=np.int64)
    for item, c in counts.items():
        out[item - 1] = c
    return out


def adult_education() -> tuple[list[str], np.ndarray]:
    """The education values (sorted by count) and their counts over adult.data.csv and adult.test.csv."""
    counts: dict[str, int] = {}
    for name in ("adult.data.csv", "adult.test.csv"):
        with open(data_file(f"adult/{name}"), newline="", encoding="utf-8") as fh:
            reader = csv.reader(fh)
            header = [h.strip() for h in next(reader)]
            col = header.index("education")
            for row in reader:
                if len(row) > col:
                    key = row[col].strip()
                    if key:
                        counts[key] = counts.get(key, 0) + 1
    labels = sorted(counts, key=lambda k: (counts[k], k))
    return labels, np.array([counts[k] for k in labels], dtype=np.int64)
