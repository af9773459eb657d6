"""The numpy count of a lumped CMS's outputs (``ldpref.mechanisms.cms_lumped._output_counts``) equals the
output-by-output loop, in order."""

from sympy import Rational as R

from ldpref.hashing import HashFamily
from ldpref.mechanisms import cms_lumped as L
from proofs_checks.pan_cms import optimized_exact as X


def _inner_tables(kind, mm, ee):
    inner = X.inner(kind, mm, ee)
    PR, QR = L._entries(inner.perturbation_matrix()), L._entries(inner.decoder_matrix())
    ids = {}
    for row in QR:
        for v in row:
            ids.setdefault(v, len(ids))
    den = L._common_denominator(v for row in PR for v in row)
    qid = [[ids[QR[b][z]] for b in range(len(QR))] for z in range(inner.n_outputs)]
    pint = [[int(v * den) for v in PR[z]] for z in range(inner.n_outputs)]
    return qid, pint


def test_output_counts_match_loop():
    for kind, mm, ee in (("rr", 6, R(7, 2)), ("arp", 3, R(2)), ("srp", 4, R(4)), ("rr", 2, R(3))):
        qid, pint = _inner_tables(kind, mm, ee)
        for dd in (2, 3, 4):
            fam = X.pairwise_family(mm, dd)
            fast, slow = L._output_counts(fam, qid, pint), L._output_counts_loop(fam.functions, qid, pint)
            assert list(fast.items()) == list(slow.items()), (kind, mm, dd)
            assert all(type(c) is int for c in fast.values())


def test_output_counts_sees_a_changed_function():
    qid, pint = _inner_tables("rr", 3, R(2))
    fam = X.pairwise_family(3, 3)
    other = HashFamily(fam.functions[:-1] + ((0, 0, 0),), 3, name="changed")
    assert L._output_counts(other, qid, pint) != L._output_counts(fam, qid, pint)
    slow = L._output_counts_loop(other.functions, qid, pint)
    assert list(L._output_counts(other, qid, pint).items()) == list(slow.items())
