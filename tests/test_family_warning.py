"""A hash family that is not pairwise uniform warns (Python warnings; one stderr line on the command line)."""

import warnings
from fractions import Fraction

import pytest

from ldpref.cli import main
from ldpref.errors import NonUniformFamilyWarning
from ldpref.hashing import (gf2_affine_family, gf2_affine_mod_collision_rate, gf2_affine_mod_family,
                            pairwise_uniformity, random_family)
from ldpref.mechanisms import build_olh, make_family


@pytest.mark.parametrize("l, d, m", [(2, 3, 3), (2, 4, 4), (2, 3, 2), (3, 5, 5), (3, 8, 6), (3, 8, 8), (2, 2, 3)])
def test_closed_form_collision_rate_equals_the_counted_one(l, d, m):
    fam = gf2_affine_mod_family(l, d, m)
    rate = gf2_affine_mod_collision_rate(l, m)
    assert set(fam.collision_rates.values()) == {rate}
    assert (rate == Fraction(1, m)) == ((1 << l) % m == 0) == fam.is_collision_uniform()
    assert pairwise_uniformity(fam, "gf2-affine-mod")[0] == pairwise_uniformity(fam)[0] == fam.is_collision_uniform()


def test_gf2_affine_is_pairwise_uniform():
    for l, d in ((1, 2), (2, 3), (3, 8)):
        fam = gf2_affine_family(l, d)
        assert fam.is_collision_uniform() and pairwise_uniformity(fam, "gf2-affine")[0] is True


def test_counting_catches_a_non_uniform_random_family():
    import numpy as np

    fam = random_family(3, 2, 3, np.random.default_rng(0))
    assert pairwise_uniformity(fam)[0] is fam.is_collision_uniform() is False


def test_default_olh_family_warns_exactly_when_m_does_not_divide_2_to_the_l():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        build_olh(3, 3)                       # m = round(3 + 1) = 4 divides 2^2
    assert not [w for w in caught if issubclass(w.category, NonUniformFamilyWarning)]
    with pytest.warns(NonUniformFamilyWarning, match=r"m = 3 does not divide 2\^l = 4"):
        build_olh(3, 2)                       # m = round(2 + 1) = 3, l = 2
    with pytest.warns(NonUniformFamilyWarning, match="random"):
        make_family(3, family="random", m=2, k=3, seed=0)


def test_structured_fixed_family_warns():
    from ldpref.structured.registry import model

    with pytest.warns(NonUniformFamilyWarning):
        model("olh", d=3, exp_eps=2, family="gf2-affine-mod")


def test_cli_prints_one_warning_line(tmp_path, capsys):
    assert main(["mechanism", "olh", "--set", "d=3", "exp_eps=2", "--json", str(tmp_path / "o.json")]) == 0
    err = capsys.readouterr().err
    lines = [x for x in err.splitlines() if x.startswith("ldpref: warning:")]
    assert len(lines) == 1 and "not pairwise uniform" in lines[0] and "3/8" in lines[0]
    assert main(["mechanism", "olh", "--set", "d=3", "exp_eps=3", "--json", str(tmp_path / "o.json")]) == 0
    assert "ldpref: warning" not in capsys.readouterr().err
