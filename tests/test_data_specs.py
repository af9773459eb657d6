"""ldpref.data_specs: dataset SPECs to exact counts (generated ones seeded), shipped data, bad specs."""

from __future__ import annotations

import json

import numpy as np
import pytest

from ldpref import data_specs as ds
from ldpref.errors import ParameterError
from ldpref.limits import ResourceLimitError


def test_zipf_is_a_seeded_multinomial_draw():
    a = ds.parse("zipf:d=100,n=10000,s=2", seed=3)
    b = ds.parse("zipf:d=100,n=1e4", seed=3)
    assert a.counts == b.counts and a.d == 100 and a.n == 10000
    assert all(type(c) is int for c in a.counts)
    assert ds.parse("zipf:d=100,n=10000", seed=4).counts != a.counts
    # the law: value 0 has probability 1/zeta_100(2) ~ 0.6141; 10,000 draws put it within 5 sd
    p0 = 1 / sum(r ** -2 for r in range(1, 101))
    sd = (10000 * p0 * (1 - p0)) ** 0.5
    assert abs(a.counts[0] - 10000 * p0) < 5 * sd
    assert abs(a.counts[1] - 10000 * p0 / 4) < 5 * (10000 * p0 / 4) ** 0.5
    # s changes the law
    flat = ds.parse("zipf:d=100,n=10000,s=1/2", seed=3)
    assert flat.counts[0] < a.counts[0] / 3
    big = ds.parse("zipf:d=100000,n=10000", seed=0)
    assert big.d == 100000 and big.n == 10000


def test_gaussian_as_pan_cms_section_6_2():
    g = ds.parse("gaussian:d=10000,n=10000", seed=1)
    assert g.d == 10000 and g.n == 10000
    mean = int(g.source["mean"])
    assert 1000 <= mean <= 9000
    values = g.values()
    assert abs(values.mean() - mean) < 5 * 50 / 100 and abs(values.std() - 50) < 3
    assert max(g.counts) / g.n <= 0.012         # the paper: max f(x) <= 0.01 with high probability
    assert ds.parse("gaussian:d=10000,n=10000", seed=1).counts == g.counts
    fixed = ds.parse("gaussian:d=100,n=5000,mean=2,sd=3", seed=0)
    # conditioned on 0..99, not clipped: no pile-up at value 0
    assert fixed.counts[0] < fixed.counts[2] and fixed.n == 5000


def test_counts_file_and_shipped_data(tmp_path):
    assert ds.parse("counts:3,0,2").counts == (3, 0, 2)
    items = tmp_path / "items.txt"
    items.write_text("2\n0\n2\n")
    assert ds.parse(str(items)).counts == (1, 0, 2)
    names = tmp_path / "names.txt"
    names.write_text("b\na\nb\n")
    assert ds.parse(f"file:{names}").counts == (1, 2)
    js = tmp_path / "c.json"
    js.write_text(json.dumps({"counts": [1, 2]}))
    assert ds.parse(str(js)).counts == (1, 2)
    adult = ds.parse("adult")
    assert sorted(adult.counts) == [83, 247, 509, 594, 657, 756, 834, 955, 1389, 1601, 1812, 2061, 2657, 8025,
                                    10878, 15784]
    assert adult.source["labels"] == sorted(adult.source["labels"])
    kos = ds.parse("kosarak:d=50")
    assert kos.counts[0] == 22238 and kos.d == 50 and list(kos.counts) == sorted(kos.counts, reverse=True)
    assert kos.source["top_items"][0] == 6 and "excluded" in kos.note


@pytest.mark.parametrize("spec, message", [
    ("zipf:d=10,n=0", "n = 0 must lie in 1"),
    ("zipf:d=10", "needs n="),
    ("zipf:d=10,n=5,q=1", "unknown key 'q'"),
    ("zipf:d=10,n=2.5", "not an integer"),
    ("zipf:d=10,n=5,s=-1", "must be positive"),
    ("gaussian:d=10.5,n=5", "not an integer"),
    ("kosarak:d=20000", "larger than the data's support"),
    ("adult:column=nope", "no column 'nope'"),
    ("counts:1,x", "not an integer"),
    ("counts:0,0", "empty"),
    ("nosuch:d=1", "unknown spec"),
    ("zipf:d=100000000,n=5", "must lie in 1..10,000,000"),
])
def test_bad_specs_one_line(spec, message):
    with pytest.raises(ParameterError, match=message) as info:
        ds.parse(spec)
    assert "\n" not in str(info.value)


def test_values_are_size_checked():
    big = ds.Dataset("big", (10**12, 1))
    with pytest.raises(ResourceLimitError, match="objects"):
        big.values()
    small = ds.parse("counts:2,0,1")
    assert np.array_equal(small.values(), [0, 0, 2])
