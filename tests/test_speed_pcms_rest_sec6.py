"""The cached Section 6 variance sums against the direct computation (speed-pcms-rest)."""


def test_cached_variances_and_l1_are_the_direct_computation():
    import mpmath

    from derivations.pan_cms import experiments as X
    n, rows = 10_000, ((120, 30), (7, 4000), (0, 5))
    for coef in ((mpmath.mpf(3) / 7, mpmath.mpf(1) / 3), (mpmath.mpf(2), mpmath.mpf(1) / 9, mpmath.mpf(5) / 11)):
        with mpmath.workdps(X.DPS):
            if len(coef) == 2:
                direct = [(c * coef[0] + (n - c) * coef[1]) / n**2 for c, _ in rows]
            else:
                direct = [(c * coef[0] + s * coef[1] + (n - c - s) * coef[2]) / n**2 for c, s in rows]
            l1 = mpmath.fsum(mpmath.sqrt(2 * v / mpmath.pi) for v in direct)
        var = X.variances(coef, n, rows)
        assert [v._mpf_ for v in var] == [v._mpf_ for v in direct]
        assert X.metrics(var)["l1"]._mpf_ == l1._mpf_
