"""Section IV-A: Algorithms 1-3, Eqs. (3) and (4), Remark 1 and the same-randomness remark.
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from functools import cache as _cache

import numpy as np
import sympy
from sympy import QQ

import derivations.jiang_gcms as J
import derivations.jiang_gcms.model_algorithms as JA
from ldpref import enumeration, linalg
from ldpref import gcms as G
from ldpref.family import MechanismFamily
from ldpref.hashing import HashFamily
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Numeric, Point, Statistical, Symbolic
from ldpref.ledger.generic import listed as _listed
from ldpref.ledger.forms import evaluate
from ldpref.mechanisms.cms import cms as _cms
from ldpref.mechanisms.gcms import draw_classes, gcms
from ldpref.mechanisms.pure import _unary
from ldpref.privacy import exp_eps as mechanism_exp_eps

from .pure_protocols import R, _datasets
from .gcms_model import MOMENTS, SEED, _at, _family, _frac, _frac_of, _gcms_datasets, _grid, _size


# ---- Section IV-A: Algorithms 1-3, Eqs. (3) and (4), Remark 1 ----------------------------------------
def _identity_family(m, d=2):
    return HashFamily((tuple(range(d)),), m, name=f"h(x)=x (m={m})")


@_cache
def _identity_gcms(m, s, p):
    """The exact GCMS mechanism (count decoder, every output listed) of the identity family on m values (inputs 0, 1
    hash to buckets 0, 1), its perturbation matrix P and the bucket set X of each output in the order of P's rows;
    built once per (m, s, p), for every check that reads it."""
    mech = gcms(_identity_family(m), s, p, decoder="count")
    sets = tuple(set(map(int, label.split(":{")[1].rstrip("}").split(","))) for label in mech.outputs)
    return mech, mech.perturbation_matrix(), sets


@_cache
def _gcms_exp_eps(m, s, p):
    """The exact e^eps of :func:`_identity_gcms` (m, s, p)."""
    return mechanism_exp_eps(_identity_gcms(m, s, p)[0])


def _support_pq(mech, hashed):
    """(P(bucket h(x) reported | x), P(another bucket reported | x)) read off a CMS-style mechanism whose
    outputs are 'j:bits' (unary) or 'j:{set}' (GCMS), for input 0 with hashed value ``hashed``."""
    Pm = mech.perturbation_matrix()
    incl = {}
    for u, label in enumerate(mech.outputs):
        body = label.split(":", 1)[1]
        buckets = (set(map(int, body.strip("{}").split(","))) if body.startswith("{")
                   else {i for i, b in enumerate(body) if b == "1"})
        for b in buckets:
            incl[b] = incl.get(b, 0) + Pm[u, 0]
    others = {sympy.cancel(v) for b, v in incl.items() if b != hashed}
    return incl[hashed], (others.pop() if len(others) == 1 else sorted(others))


@_cache
def _alg1_points():
    """Points (m, s, p) with ``data`` the exact [P(x | r) for x holding r, for x lacking r, every report has s
    buckets] read off the exact mechanism built step by step from Algorithm 1 (every output listed)."""
    out = []
    for m_ in (2, 3, 4, 5):
        for s_ in range(1, m_):
            for p_ in (R(1, 3), R(1, 2), R(3, 4), R(9, 10)):
                _, Pm, sets = _identity_gcms(m_, s_, p_)
                inside, outside, sizes = set(), set(), set()
                for u, X in enumerate(sets):
                    sizes.add(len(X))
                    (inside if 0 in X else outside).add(Pm[u, 0])  # input 0 hashes to r = 0
                exact = [inside.pop() if len(inside) == 1 else sorted(inside),
                         outside.pop() if len(outside) == 1 else sorted(outside), sizes == {s_}]
                out.append(Point({"m": m_, "s": s_, "p": p_}, data=exact, size=(m_, s_, p_)))
    return tuple(out)


def _alg1_value(form, point):
    """The claim's law (a dict of sympy values) at the point, and 'every report has s buckets' (the law's premise)."""
    m_, s_, p_ = (point.params[x] for x in ("m", "s", "p"))
    return [_at(v, {J.m: m_, J.s: s_, J.p: p_}) for v in form.values()] + [True]


def _client_frequencies(d, m, k, s, p, n_clients, seed, value=0):
    rng = np.random.default_rng(seed)
    fam = HashFamily(tuple(tuple((x + j) % m for x in range(d)) for j in range(k)), m)
    j, X = G.client(np.full(n_clients, value), G.hash_table(fam), m, s, p, rng)
    return fam, j, X


def _client_agrees():
    """The vectorised numpy client against the exact law: every output's frequency within 5 sd of its probability."""
    worst, total = 0.0, 0
    ok = True
    for d_, m_, k_, s_, p_ in [(2, 4, 2, 2, R(3, 4)), (3, 5, 1, 2, R(1, 2)), (2, 3, 3, 1, R(9, 10))]:
        n_c = 40_000
        fam, j, X = _client_frequencies(d_, m_, k_, s_, p_, n_c, SEED + m_)
        mech = gcms(fam, s_, p_)
        Pm = mech.perturbation_matrix()
        labels = {lab: u for u, lab in enumerate(mech.outputs)}
        ok &= bool(np.all(np.sort(X, axis=1)[:, 1:] != np.sort(X, axis=1)[:, :-1])) if s_ > 1 else True
        # reports counted by (j, sorted buckets) with numpy, each distinct report labelled once
        rows, freq_counts = np.unique(np.column_stack([j, np.sort(X, axis=1)]), axis=0, return_counts=True)
        counts = {f"{row[0]}:{{{','.join(map(str, row[1:]))}}}": int(c) for row, c in zip(rows.tolist(),
                                                                                    freq_counts.tolist())}
        ok &= set(counts) <= set(labels)
        for lab, u in labels.items():
            pr = float(Pm[u, 0])
            freq = counts.get(lab, 0) / n_c
            z = abs(freq - pr) / max(1e-12, (pr * (1 - pr) / n_c) ** 0.5)
            worst = max(worst, z)
            total += 1
    ok &= worst < 5.0
    return ok, total, f"largest z = {worst:.2f}"


record(id="jiang-gcms/alg1", location="Section IV-A, Algorithm 1 (on-device LDP algorithm)",
       statement="The report <x, j> holds s distinct buckets; the true bucket r = h_j(d) is in x with probability "
                 "p, and a set x arises with probability p/C(m-1, s-1) if it holds r and (1-p)/C(m-1, s) if not.",
       printed=J.algorithm1_law_printed, derived=J.algorithm1_law_derived,
       assumptions="1 <= s <= m - 1 (s - 1 or s buckets are drawn from the m - 1 others)",
       steps=(Symbolic("Appendix A's law of Algorithm 1 vs the law derived from its two branches", part=_listed),
              Grid("P(x | r) read off the exact mechanism built step by step from Algorithm 1 (holds r; lacks r; "
                   "every report has s buckets)", _alg1_points, lambda point: point.data, value=_alg1_value),
              Statistical("numpy client (ldpref.gcms.client, fixed seeds, 40000 reports each) vs the exact law: "
                          "largest |freq - P|/sd over every output < 5", _client_agrees)))


@_cache
def _eq3_points():
    """Points (m, s, p) with ``data`` the exact [P(r in x), P(b in x) for b != r] read off the exact mechanism (every
    output listed)."""
    out = []
    for m_ in (2, 3, 4, 5):
        for s_ in range(1, m_):
            for p_ in (R(1, 2), R(3, 4), R(9, 10)):
                exact = list(_support_pq(_identity_gcms(m_, s_, p_)[0], 0))
                out.append(Point({"m": m_, "s": s_, "p": p_}, facts={J.m: m_, J.s: s_, J.p: p_}, data=exact,
                                 size=(m_, s_, p_)))
    return tuple(out)


record(id="jiang-gcms/eq3", location="Section IV-A, Eq. (3)",
       statement="The true bucket enters the report with probability p and every other bucket with probability "
                 "q = (s - p)/(m - 1).",
       printed=J.eq3_printed, derived=J.eq3_derived,
       assumptions="1 <= s <= m - 1",
       steps=(Symbolic("q of Eq. (3) vs the inclusion probability derived from Algorithm 1", part=lambda f: f.rhs),
              Grid("(P(r in x), P(b in x) for b != r) read off the exact mechanism", _eq3_points,
                   lambda point: point.data, part=lambda f: f.rhs,
                   value=lambda form, point: [point.facts[J.p], _at(form, point.facts)])))


def _decoded_family(d, m, k, s, p, estimator):
    """The GCMS mixture with the decoder read off a sympy estimator f_hat = a C + b (b proportional to n):
    Q = a 1{h_j(x) in X} + b/n, built from the count decoder of every member."""
    rhs = estimator.rhs
    qv = (s - p) / sympy.Integer(m - 1)
    a, b = _at(sympy.diff(rhs, J.C), {J.p: p, J.q: qv, J.m: m}), _at(rhs.subs(J.C, 0) / J.n, {J.p: p, J.q: qv, J.m: m})
    if a.free_symbols or b.free_symbols:
        raise ValueError(f"estimator {rhs} is not affine in C with an offset proportional to n")
    members = []
    for w_, mech in _family(d, m, k, s, p, "count").members:
        if mech.domain.is_QQ and a.is_Rational and b.is_Rational:
            # a Qc + b entry by entry on the QQ elements: the matrix exact_matrix builds from the sympy entries
            aq, bq = QQ(int(a.p), int(a.q)), QQ(int(b.p), int(b.q))
            rows = [[aq * x + bq for x in row] for row in mech.Q.to_list()]
            members.append((w_, mech.with_decoder(linalg.dense_matrix(rows, mech.Q.shape, QQ))))
            continue
        Qc = mech.decoder_matrix()
        members.append((w_, mech.with_decoder((a * Qc + b * sympy.ones(*Qc.shape)).tolist())))
    return MechanismFamily(members, name=f"gcms-draws[{rhs}]")


@_cache
def _decoded_tables(d, m, k, s, p, estimator):
    """(weight, Q P) per member of the decoded mixture (read once from Mechanism.QP), over common denominators:
    (integer weights w_i Dw, integer Q P B_i DB, Dw, DB)."""
    fam = _decoded_family(d, m, k, s, p, estimator)
    members = [(_frac(w_), [[_frac_of(mech.domain, x) for x in row] for row in mech.QP.to_list()])
               for w_, mech in fam.members]
    Dw = math.lcm(*(w_.denominator for w_, _ in members))
    DB = math.lcm(*(x.denominator for _, B in members for row in B for x in row))
    return [int(w_ * Dw) for w_, _ in members], [[[int(x * DB) for x in row] for row in B] for _, B in members], Dw, DB


def _decoded_mean(tables, counts):
    """n E[f_hat(v)] for every v: the law of total expectation over the draw of E_i[f_hat] = (Q P counts)/n,
    ldpref.family.expectation's formula with the per-member Q P hoisted (exact, integer sums)."""
    ws, Bs, Dw, DB = tables
    d = len(counts)
    nz = [x for x in range(d) if counts[x]]
    out = [Fraction(sum(w_ * sum(B[v][x] * counts[x] for x in nz) for w_, B in zip(ws, Bs)), Dw * DB) for v in range(d)]
    return [sympy.Rational(x.numerator, x.denominator) for x in out]


def _eq4_points():
    for d, m_, k_, s_, p_ in _grid():
        if (d, m_, k_) not in ((2, 2, 1), (2, 3, 2), (2, 4, 1), (3, 3, 2), (4, 2, 2)):
            continue
        for counts in _gcms_datasets(d):
            for v in range(d):
                yield Point({"d": d, "m": m_, "k": k_, "s": s_, "p": p_, "counts": counts, "v": v},
                            data=(d, m_, k_, s_, p_, counts, v), size=_size(d, m_, k_, s_, p_, counts, v))


def _decoded_mean_value(form, point):
    """n E[f_hat(v)] under the estimator ``form`` (f_hat = a C + b) over every draw and client outcome."""
    d, m_, k_, s_, p_, counts, v = point.data
    return _decoded_mean(_decoded_tables(d, m_, k_, s_, p_, form), counts)[v]


_EQ4_GRID = Grid("n E[f_hat(v)] over every hash draw and every client outcome vs the true count", _eq4_points,
                 lambda point: sympy.Integer(point.data[5][point.data[6]]), path=MOMENTS, value=_decoded_mean_value)

record(id="jiang-gcms/eq4", location="Section IV-A, Eq. (4) (the estimator)",
       statement="f_hat(d) = (C(d) - pn/m - qn(1 - 1/m)) / ((p - q)(1 - 1/m)) is an unbiased estimator of f(d).",
       printed=J.eq4_printed, derived=J.eq4_derived,
       assumptions="the paper's model: k hash functions with independent uniform values, drawn once; q of Eq. (3); "
                   "p != q; m >= 2",
       symbols={"C(d)": "sum_j M_j[h_j(d)]"},
       steps=(Symbolic("Eq. (4) vs E[C(d)] = f p + (n - f)(q + (p - q)/m) solved for f", part=lambda f: f.rhs),
              _EQ4_GRID))


def _estimate_agrees():
    """The numpy implementation (Algorithms 1-3) computes Eq. (4) on real reports exactly."""
    bad, total = 0, 0
    for d_, m_, k_, s_, p_ in [(3, 4, 2, 2, R(3, 4)), (2, 3, 3, 1, R(9, 10))]:
        rng = np.random.default_rng(SEED + 7)
        table = G.draw_hash_table(d_, m_, k_, rng)
        values = rng.integers(0, d_, size=500)
        j, X = G.client(values, table, m_, s_, p_, rng)
        sk = G.sketch(j, X, m_, k_)
        est = G.estimate(sk, table, p_, s_, m_)
        fam = HashFamily(tuple(tuple(int(v) for v in row) for row in table), m_)
        mech = gcms(fam, s_, p_)
        idx = {lab: u for u, lab in enumerate(mech.outputs)}
        nu = [0] * mech.n_outputs
        for jj, row in zip(j.tolist(), X.tolist()):
            nu[idx[f"{jj}:{{{','.join(map(str, sorted(row)))}}}"]] += 1
        exact = mech.decoder_matrix() * sympy.Matrix(nu)  # = n Q nu, the exact Eq. (4) on these reports
        for v in range(d_):
            total += 1
            bad += abs(est[v] - float(exact[v])) > 1e-9 * max(1.0, abs(float(exact[v])))
    return bad == 0, total, f"{bad} mismatches"


record(id="jiang-gcms/alg3", location="Section IV-A, Algorithm 3 (frequency estimation)",
       statement="Algorithm 3 computes q = (p(s-1) + (1-p)s)/(m-1), C(d) = sum_j M_j[h_j[d]] and Eq. (4).",
       printed=J.alg3_printed,
       derived=JA.alg3_derived,
       derivation="derivations.jiang_gcms.eq4_derived",
       steps=(Symbolic("Algorithm 3's q and estimator vs the derived ones", part=_listed),
              Grid("Algorithm 3's q vs P(b in x) read off the exact mechanism", _eq3_points,
                   lambda point: point.data[1], part=lambda form: form[J.q],
                   value=lambda expr, point: _at(expr, point.facts)),
              replace(_EQ4_GRID, name="Algorithm 3's estimate: n E[f_hat] vs the true count",
                      part=lambda form: sympy.Eq(J.fhat, form[J.fhat])),
              Numeric("ldpref.gcms.estimate on simulated reports == the exact decoder of Eq. (4) applied to them",
                      _estimate_agrees)))


@_cache
def _alg2_points():
    """Simulated report sets (n, m, k, s, seed); ``data``: the sketch's row sums, n_j per row, s, and whether the
    vectorised sketch equals a plain double loop over the reports with n s increments."""
    out = []
    for n_c, m_, k_, s_, seed in [(1, 2, 1, 1, 1), (7, 3, 2, 1, 2), (50, 5, 3, 2, 3), (400, 16, 4, 3, 4)]:
        rng = np.random.default_rng(SEED + seed)
        table = G.draw_hash_table(3, m_, k_, rng)
        j, X = G.client(rng.integers(0, 3, size=n_c), table, m_, s_, R(3, 4), rng)
        sk = G.sketch(j, X, m_, k_)
        naive = [[0] * m_ for _ in range(k_)]
        for jj, row in zip(j.tolist(), X.tolist()):
            for x in row:
                naive[jj][x] += 1
        rows = [int(sk.M[jj].sum()) for jj in range(k_)]  # the sketch's row sums
        out.append(Point({"n": n_c, "m": m_, "k": k_, "s": s_, "seed": seed},
                         data=(rows, [int((j == jj).sum()) for jj in range(k_)], s_,
                               sk.M.tolist() == naive and sk.increments == n_c * s_), size=(n_c, m_, k_, s_)))
    return tuple(out)


def _row_sums(form, point):
    """s n_j (the form) at every row j of the sketch."""
    _, n_js, s_, _ = point.data
    return [evaluate(form, {J.s: s_, JA.N_J: n_j}) for n_j in n_js]


def _loop_agrees():
    points = _alg2_points()
    return all(point.data[3] for point in points), len(points), "4 simulated report sets"


record(id="jiang-gcms/alg2", location="Section IV-A, Algorithm 2 (constructing the sketch matrix)",
       statement="The server's k x m sketch adds 1 to M_j[x] for every bucket x of every report <x, j>.",
       derived=JA.alg2_row_sum_derived,
       derivation="ldpref.gcms.sketch", kind="statement",
       note="Algorithm 2 prints no formula; the check runs the vectorised sketch against a plain loop.",
       steps=(Grid("row sums of the sketch vs s n_j (n_j: reports with hash index j)", _alg2_points,
                   lambda point: point.data[0], value=_row_sums),
              Numeric("the vectorised sketch equals a plain double loop over the reports, with n s increments",
                      _loop_agrees)))


def _remark1_comm_points():
    rng = np.random.default_rng(SEED + 11)
    for m_ in (2, 4, 16, 1024):
        for k_ in (1, 2, 4, 65536):
            for s_ in (1, 2, 4):
                if s_ > m_ - 1:
                    continue
                table = rng.integers(0, m_, size=(k_, 2))
                j, X = G.client(np.zeros(2, dtype=np.int64), table, m_, s_, R(3, 4), rng)
                bits = len(G.encode_message(j[0], X[0], m_, k_))
                jb, B = G.apple_client(np.zeros(1, dtype=np.int64), table, m_, R(3, 4), R(1, 4), rng)
                abits = len(G.encode_apple_message(jb[0], B[0], k_))
                yield Point({"m": m_, "k": k_, "s": s_}, facts={J.m: m_, J.k: k_, J.s: s_}, data=[bits, abits],
                            in_condition=(k_ == 1), size=(m_, k_, s_))


record(id="jiang-gcms/remark1.communication", location="Section IV-A, Remark 1 (communication cost)",
       statement="A GCMS report costs s values of log m bits, O(s log m); Apple's CMS report costs O(m) bits.",
       printed=J.remark1_communication_printed,
       derived=JA.remark1_bits_derived,
       derivation="derivations.jiang_gcms.remark1_derived",
       condition="k = 1: the plaintext <x, j> of Algorithm 1 (and Apple's report) also carries the index j of "
                 "ceil(log2 k) bits, so the count is s ceil(log2 m) + ceil(log2 k) (O(s log m) only while "
                 "log k = O(s log m))",
       root_cause="remark1.index-bits",
       assumptions="plaintext bits as encoded by ldpref.gcms.encode_message / encode_apple_message; m a power of two",
       note="Why this reading is the paper's: Remark 1 measures the cost as the size of the plaintext, which is "
            "<x, j> (Algorithm 1 returns and encrypts <x, j>), and justifies O(s log m) by an explicit count -- s "
            "values, each of log m bits.  That count is the printed form; it leaves out j's ceil(log2 k) bits (and "
            "so does 'O(m)' for Apple's report), so it is the plaintext's size only for k = 1.  As an O() bound "
            "in s and m it survives while log k = O(s log m) (the paper's k = 65536, m = 1024: 16 bits vs 10 s).",
       steps=(Symbolic("Remark 1's bit counts vs the count of Algorithm 1's message <x, j>", part=_listed),
              Grid("plaintext bits of real GCMS and Apple CMS reports (encoded by the code)", _remark1_comm_points,
                   lambda point: point.data, part=_listed)))
def _server_points():
    rng = np.random.default_rng(SEED + 12)
    for n_c, m_, k_, s_ in [(1, 2, 1, 1), (10, 4, 2, 2), (300, 16, 3, 5), (1000, 64, 8, 3)]:
        table = rng.integers(0, m_, size=(k_, 3))
        values = rng.integers(0, 3, size=n_c)
        j, X = G.client(values, table, m_, s_, R(3, 5), rng)
        jb, B = G.apple_client(values, table, m_, R(3, 5), R(2, 5), rng)
        exact = [G.sketch(j, X, m_, k_).increments, G.apple_sketch(jb, B, m_, k_).increments]
        yield Point({"n": n_c, "m": m_, "k": k_, "s": s_}, facts={J.n: n_c, J.m: m_, J.s: s_}, data=exact,
                    size=(n_c, m_, k_, s_))


record(id="jiang-gcms/remark1.server", location="Section IV-A, Remark 1 (server computation)",
       statement="Aggregation costs O(ns) for GCMS (n reports of s updates) and O(nm) for Apple's CMS.",
       printed=J.remark1_server_printed,
       derived=JA.remark1_ops_derived,
       derivation="derivations.jiang_gcms.remark1_derived",
       steps=(Symbolic("Remark 1's operation counts vs one update per transmitted bucket/bit", part=_listed),
              Grid("updates counted by the sketches of the code (GCMS, Apple CMS)", _server_points,
                   lambda point: point.data, part=_listed)))


@_cache
def _same_randomness_points():
    """(params, size, total-variation distance of the laws of f_hat(v) under GCMS and under the unary encoding with
    the same p, q, that q)."""
    out = []
    for d, m_, k_, s_, p_ in [(2, 3, 1, 1, R(3, 4)), (2, 3, 2, 1, R(1, 2)), (3, 3, 1, 2, R(3, 4)),
                              (2, 4, 1, 2, R(9, 10))]:
        q_ = (s_ - p_) / sympy.Integer(m_ - 1)  # the unary encoding's q: Eq. (3)'s
        ue = _unary(f"ue(m={m_})", m_, p_, q_).mechanism
        for _, fam in draw_classes(d, m_, k_):
            g_mech = gcms(fam, s_, p_)
            u_mech = _cms(fam, ue, decoder="eq2").mechanism
            eg, eu = mechanism_exp_eps(g_mech), mechanism_exp_eps(u_mech)
            for counts in _datasets(d, 2):
                dg = enumeration.estimate_distribution(g_mech, counts)
                du = enumeration.estimate_distribution(u_mech, counts)
                for v in range(d):
                    laws = []
                    for dist, mech in ((dg, g_mech), (du, u_mech)):
                        law = {}
                        for est, pr in dist:
                            key = mech.domain.to_sympy(est[v])
                            law[key] = law.get(key, 0) + mech.domain.to_sympy(pr)
                        laws.append(law)
                    tv = sum((abs(sympy.cancel(laws[0].get(x, 0) - laws[1].get(x, 0)))
                              for x in set(laws[0]) | set(laws[1])), sympy.Integer(0)) / 2
                    out.append(({"d": d, "m": m_, "k": k_, "s": s_, "p": p_, "draw": fam.functions, "counts": counts,
                                 "v": v, "e^eps GCMS": eg, "e^eps unary": eu},
                                (d, m_, k_, sum(counts), s_, p_), tv, q_))
    return tuple(out)


def _same_randomness_grid():
    for params, size, tv, q_ in _same_randomness_points():
        yield Point(params, facts={J.TV_LAWS: tv, J.p: params["p"], J.s: params["s"], J.m: params["m"], J.q: q_},
                    data=tv == 0, size=size)


record(id="jiang-gcms/sec4.A.same-randomness", location="Section IV-A, after Eq. (3)",
       statement="The s-subset construction achieves the same randomness as perturbing a binary vector with the "
                 "same p and q (while sending s values instead of m bits).",
       printed=J.same_randomness_printed, derived=J.same_randomness_derived,
       kind="statement",
       note="Read as: the estimate of any single item has exactly the same distribution (Eq. (4) equals the CMS "
            "decoder of a unary encoding with the same p, q).  The printed statement is evaluated on the two exact "
            "laws; the derived one (Algorithm 1's P(b in x) equals the unary q) on p, s, m and that q.  The joint "
            "distribution of the report and the privacy level differ: e^eps is p(m-s)/((1-p)s) for GCMS and "
            "p(1-q)/((1-p)q) for the unary encoding (both shown in the instances).",
       steps=(Grid("exact distribution of f_hat(v) under GCMS vs CMS with a unary encoding (p, q), every draw",
                   _same_randomness_grid, lambda point: point.data),))
