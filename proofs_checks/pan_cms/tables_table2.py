"""pan-cms claim checks: Table 2 and Appendix H's communication costs (bits counted from the constructed objects)."""

from __future__ import annotations

import functools
import math
from functools import cache, lru_cache

import sympy

import derivations.pan_cms.printed_tables as PT
import derivations.pan_cms.symbols_tables as ST
import derivations.pan_cms.tables as T
import derivations.pan_cms.tables_claim_forms as F
from derivations.pan_cms.symbols import d as D, eps as EPS
from ldpref.exact import exact_holds
from ldpref.hashing import all_function_draws, gf2_affine_family, hadamard_family
from ldpref.ledger import Instance
from ldpref.ledger.generic import CorrectedGrid, Grid, Numeric, Point, precomputed
from ldpref.mechanisms.pure import oue, subset_selection
from .tables_common import (R, E, HOLDS, _undisp, _undisp_rhs, _named, _rhs, _bits_info, rhr_mech, model_rows,
                            named_grid, probed, record)
from .tables_table1 import RHR_TIED, SS_GRID


# ==== Table 2 ===================================================================================
@cache
def _function_count(dd: int, mm: int) -> int:
    """The number of functions [d] -> [m], counted by listing them (``ldpref.hashing.all_function_draws``)."""
    return sum(1 for _ in all_function_draws(dd, mm, 1))


@cache
def table2_points(row: str):
    """Exact bit counts from the constructions: list of (params, e^eps, d, bits)."""
    out = []
    if row == "HE":
        for dd in range(2, 10):
            fam = hadamard_family(dd)
            out.append(({"d": dd}, None, dd, sympy.Integer(T.ceil_log2(fam.k) + T.ceil_log2(fam.m))))
    elif row == "RHR":
        for bb, e in RHR_TIED:
            B = 2 ** (bb - 1)
            for tt in (2, 3, 4):
                dd = B * tt
                mech = rhr_mech(dd, bb, e)
                out.append(({"d": dd, "b": bb, "exp_eps": e}, e, dd, sympy.Integer(T.ceil_log2(mech.n_outputs))))
    elif row == "OLH":
        for e in (R(2), R(3)):
            mm = int(1 + e)
            for dd in (2, 3):
                out.append(({"d": dd, "exp_eps": e, "m": mm}, e, dd, sympy.log(_function_count(dd, mm) * mm, 2)))
    elif row in ("MSE-OCMS", "l-OCMS"):
        es = (R(4), R(9)) if row == "MSE-OCMS" else (R(2), R(3), R(4))
        for e in es:
            mm = int(1 + (sympy.sqrt(e) if row == "MSE-OCMS" else e))
            for dd in range(2, 9):
                fam = gf2_affine_family(max(1, T.ceil_log2(dd)), dd)
                out.append(({"d": dd, "exp_eps": e, "m": mm}, e, dd,
                            sympy.Integer(T.ceil_log2(fam.k) + T.ceil_log2(mm))))
    elif row == "SS":
        for e, dd in SS_GRID:
            mech = subset_selection(dd, int(dd / (e + 1)), e).mechanism
            out.append(({"d": dd, "k": int(dd / (e + 1)), "exp_eps": e}, e, dd, _bits_info(mech.n_outputs)))
    elif row == "RAPPOR":
        for dd in (2, 3, 4, 5):
            out.append(({"d": dd}, R(3), dd, _bits_info(oue(dd, 3).mechanism.n_outputs)))
    return out


def _bound_ok(row, dd, e, bits):
    """Does the exact count lie within the derivation's bounds (c log2 d + [lo, hi], or the per-row exact
    form)?  Decided exactly (irrational values): :func:`ldpref.exact.exact_order`'s rigorous enclosures, an
    equality only by a proof."""
    linear, c, lo, hi = T.table2_bounds(row)
    sub = {} if e is None else {EPS: sympy.log(e)}
    lo_v, hi_v = (x.subs(sub) for x in (lo, hi))
    if row == "SS":  # d H2 - log2(d+1) <= log2 C(d, k) <= d H2
        return exact_holds(dd * lo_v - sympy.log(dd + 1, 2), "<=", bits) and exact_holds(bits, "<=", dd * hi_v)
    if row == "OLH":  # exactly (d + 1) log2 m
        return exact_holds(bits, "==", (dd + 1) * lo_v)
    if row == "RAPPOR":
        return exact_holds(bits, "==", dd)
    rest = bits - c * sympy.log(dd, 2)
    return exact_holds(lo_v, "<=", rest) and exact_holds(rest, "<=", hi_v)


T2_STATEMENT = {
    "HE": "HE communicates log d bits per client", "RHR": "RHR communicates log d + eps bits per client",
    "OLH": "OLH communicates d eps bits per client", "MSE-OCMS": "MSE-OCMS communicates 2 log d + eps/2 bits",
    "l-OCMS": "l-OCMS communicates 2 log d + eps bits", "SS": "SS communicates d/(1 + e^eps) bits",
    "RAPPOR": "RAPPOR communicates d bits",
}
T2_CONDITION = ("read as orders of growth: the d-leading term as d -> oo and the eps-dependent term as eps -> oo "
                "(eps bounded away from 0: for eps -> 0 a response still takes >= 1 bit, not ~eps)")


def _derived_count(row, p, dd):
    """The derivation's exact count at a construction point (the bound's source)."""
    if row == "HE":
        return sympy.Integer(T.bits_he(dd))
    if row == "RHR":
        return sympy.Integer(T.bits_rhr(dd, p["b"]))
    if row == "OLH":
        return sympy.log(p["m"] ** (dd + 1), 2)
    if row in ("MSE-OCMS", "l-OCMS"):
        return sympy.Integer(T.bits_ocms(dd, p["m"]))
    if row == "SS":
        return _bits_info(math.comb(dd, p["k"]))
    return sympy.Integer(dd)


def _stirling(arg):
    """``log C(N, K) = N h(K/N) + O(log N)`` (h the entropy in nats): the d-leading part of a log-binomial."""
    N_, K_ = arg.args
    p = sympy.simplify(K_ / N_)
    return N_ * (-p * sympy.log(p) - (1 - p) * sympy.log(1 - p))


def _order_parts(form, linear):
    """A bit-count form's order parts as d -> oo, as functions of eps: log rows ``(c, rest)`` with
    form = c log2 d + rest + o(1); linear rows ``(None, coef)`` with form = coef d + o(d).  Ceilings are dropped
    (x <= ceil(x) < x + 1 changes no order class), log C(d, k) is read by Stirling, and RHR's b is log2 e^eps."""
    f = _undisp(_rhs(form))
    f = sympy.sympify(f).subs(T.b, EPS / sympy.log(2)).subs(E, sympy.exp(EPS))
    f = f.replace(sympy.ceiling, lambda x: x)
    f = f.replace(lambda x: isinstance(x, sympy.log) and isinstance(x.args[0], sympy.binomial),
                  lambda x: _stirling(x.args[0]))
    if linear:
        return None, sympy.simplify(T.limit_at_oo(f / D, D) if f.is_rational_function(D)
                                    else sympy.limit(f / D, D, sympy.oo))
    c = sympy.simplify(sympy.limit(f / T.log2(D), D, sympy.oo))
    return c, sympy.simplify(sympy.limit(f - c * T.log2(D), D, sympy.oo))


T2_LIMITS = {"d": "d -> oo (eps = 2 for the linear rows)", "eps->oo": "eps -> oo (after d -> oo)",
             "eps->0": "eps -> 0+ (after d -> oo)"}


@cache
def _distinct_bounds(row):
    """The exact count's bounds whose order classes can differ: hi = lo + a constant with lo >= 1 on the whole range
    has lo's classes, so lo alone is used then."""
    linear, c, lo, hi = T.table2_bounds(row)
    gap = sympy.simplify(hi - lo)
    if not gap.free_symbols and gap >= 0 and sympy.limit(lo, EPS, 0, "+") >= 1:
        return (lo,)
    return (lo, hi)


@lru_cache(maxsize=64)
def _order_classes(row, form):
    """Classes (0, 1, oo) of the exact count's order parts (the construction's bounds, ``T.table2_bounds``) over
    the form's, in each limit; both bounds of the exact count must give the same classes."""
    linear, c, lo, hi = T.table2_bounds(row)
    fc, frest = _order_parts(form, linear)
    out = []
    for rest in _distinct_bounds(row):
        dcls = T._cls(sympy.simplify((rest / frest).subs(EPS, 2))) if linear else T._cls(sympy.simplify(c / fc))
        out.append({"d": dcls, "eps->oo": T.order_class(rest, frest, sympy.oo),
                    "eps->0": T.order_class(rest, frest, 0)})
    if out[0] != out[-1]:
        raise ValueError(f"{row}: the two bounds of the exact count give different order classes {out}")
    return out[0]


def _class_points(what):
    for i, key in enumerate(("d", "eps->oo", "eps->0")):
        yield Point({"limit": T2_LIMITS[key], "value": f"class of lim exact count / {what} (0, 1, oo)"},
                    data=key, in_condition=key != "eps->0", size=(1, i))


def _table2_steps(row):
    """Table 2, one row: the construction's bit count vs the derivation's (model) and its bounds (40 digits); the
    printed cell vs the count, probed; the exact count vs both forms at each construction point and the order class
    of lim exact count / form at each limit; the correction's order classes."""
    def points():
        for p, e, dd, bits in table2_points(row):
            vals = {"d": dd, "b": p.get("b", 1)}
            if e is not None:
                vals.update({"exp_eps": e, "epsilon": sympy.log(e)})
            yield Point(dict(p, bits="log2 of the number of (function, response) pairs"), facts=vals, data=bits,
                        in_condition=row == "RAPPOR", size=(0, dd))
        yield from _class_points("form")

    def value(form, point):
        if isinstance(point.data, str):
            return _order_classes(row, _undisp(form))[point.data]
        return _named(form, point.facts)

    def exact(point):
        return sympy.Integer(1) if isinstance(point.data, str) else point.data

    def bounds():
        pts = table2_points(row)
        inside = [bool(_bound_ok(row, dd, e, bits)) for p, e, dd, bits in pts]
        return all(inside), len(pts), f"{sum(inside)} of {len(pts)} construction points inside the bounds"

    return (model_rows("bit count of the constructed objects vs the derivation's count", lambda: [
                Instance(p, exact=bits, derived=_derived_count(row, p, dd), size=(dd,))
                for p, e, dd, bits in table2_points(row)]),
            Numeric("the exact count from the construction lies within the derivation's bounds (40 digits)", bounds),
            probed("printed cell vs the construction's exact count", part=_undisp_rhs, d=6, exp_eps=2,
                   epsilon=sympy.log(2), b=1),
            CorrectedGrid(
                Grid("exact bit count vs the form (finite construction points; order classes of the limits)", points,
                     exact, value=value),
                Grid("order class of lim exact count / correction at each limit", lambda: _class_points("correction"),
                     exact, value=value)))


_T2_NOTES = {
    "RHR": "RHR's Hadamard matrix has about d/2^(b-1) rows, so its column index takes about log2 d - b + 2 bits and "
           "the b response bits cancel: log2 d + O(1) in total, with no eps term.  Why the cells are read as orders "
           "of growth: the paper itself equates n log m with n eps (Section 5.3, 'n log m ~ n eps') and writes "
           "eps for log2(1 + e^eps) in the OCMS rows, so no cell is an exact count; under that reading RHR's eps "
           "term is still absent (its class as eps -> oo is 0), and under an exact reading it fails as well.",
    "SS": "Already at d = 3, e^eps = 2 (k = 1) the 3 possible subsets need 2 bits > d/(1 + e^eps) = 1.",
    "MSE-OCMS": "log2(1 + e^{eps/2}) ~ eps/(2 ln 2) = 0.72 eps: the printed eps/2 drops the factor log2 e.",
    "l-OCMS": "log2(1 + e^eps) ~ eps/ln 2: the printed eps drops the factor log2 e.",
    "OLH": "d log2(1 + e^eps) ~ d eps/ln 2 for large eps; for eps -> 0 it tends to d bits, not d eps.",
    "HE": "Exactly ceil(log2(d + 1)) + 1 bits (Hadamard index and one response bit).",
}

for _row in ("HE", "RHR", "OLH", "MSE-OCMS", "l-OCMS", "SS", "RAPPOR"):
    record(id=f"pan-cms/table2.{_row}", location="Section 5.1, Table 2 (data source: Appendix H)",
          statement=T2_STATEMENT[_row] + " (bits of the hash index plus the response, counted from the construction).",
          printed=PT.bound(PT.table2_printed, _row), derived=functools.partial(F.table2_count_form, _row),
          correction=functools.partial(F.table2_order_form, _row),
          derivation="derivations.pan_cms.tables.table2_count",
          assumptions="bits between the server and one client = log2 of the number of hash functions the client may "
                      "be assigned + log2 of its response alphabet (private randomness, Section 5.3); log = log2; "
                      "e^eps integer where m = 1 + e^eps; RHR with 2^b = e^eps; SS with k = d/(e^eps + 1)",
          condition=None if _row == "RAPPOR" else T2_CONDITION, note=_T2_NOTES.get(_row, ""),
          selfcheck={"correction-perturbed": "the correction is an order of growth (Table 2's cells are read as "
                                             "orders): the self-check's factor 1 + 1/997 and offset 1/997 leave "
                                             "the order, so the perturbed correction is still right; its check "
                                             "compares order classes at each limit"},
          root_cause={"RAPPOR": None, "RHR": "table2.rhr-eps-term", "SS": "appH.ss-bits"}.get(_row, "table2.orders"),
          steps=_table2_steps(_row))


def _functions_points(with_bits):
    """d, m and log2 of the number of functions [d] -> [m] (counted by listing them); ``with_bits``: the count is
    also a fact the statement reads."""
    for mm in (2, 3):
        for dd in (2, 3, 4):
            bits = sympy.log(_function_count(dd, mm), 2)
            facts = {ST.BITS.name: bits, "bits": bits, "d": dd, "m": mm} if with_bits else {"d": dd, "m": mm}
            yield Point({"d": dd, "m": mm, "bits": bits}, facts=facts, size=(dd, mm))


record(id="pan-cms/table2.original-CMS", location="Section 5.1, Table 2; Appendix H",
       statement="The original CMS communicates Omega(d log m) bits per client: a hash function [d] -> [m] with "
                 "independent values takes d log2 m bits.",
       printed=PT.table2_original_cms_printed, derived=T.table2_original_cms_derived,
       correction=functools.partial(F.table2_order_form, "original-CMS"),
       derivation="derivations.pan_cms.tables.bits_all_functions", kind="statement",
       assumptions="the client receives its hash function itself (m^d equally likely functions); a pre-shared list "
                   "of k random functions would instead cost log2 k + log2 m per client, with k = Omega(n/m) "
                   "(Theorem 3.11) for a negligible bias",
       note="Exact count: m^d functions, so log2(m^d) = d log2 m bits (Omega with constant 1).",
       steps=(CorrectedGrid(named_grid("log2(number of functions [d] -> [m]) >= d log2 m",
                                       lambda: _functions_points(True), lambda p: HOLDS),
                            named_grid("bits of the correction vs log2(number of functions [d] -> [m])",
                                       lambda: _functions_points(False), lambda p: p.params["bits"])),))


def _ocms_hash_points():
    for dd in range(2, 17):
        yield Point({"d": dd, "functions": gf2_affine_family(max(1, T.ceil_log2(dd)), dd).k}, facts={"d": dd},
                    in_condition=dd & (dd - 1) == 0, size=(dd,))


record(id="pan-cms/appH.ocms-hash-bits", root_cause="appH.hash-bits-power-of-two",
       location="Appendix H, communication of OCMS",
       statement="A hash function of Section 3.5 is two numbers of Theta(d), so 2 log2 d bits represent it.",
       printed=PT.appH_ocms_bits_printed, derived=T.appH_ocms_bits_derived,
       derivation="derivations.pan_cms.tables.bits_ocms",
       assumptions="Eq. (18)'s family over GF(2^l) with 2^l >= d (l = ceil(log2 d)), every (a0, a1); bits = log2 of "
                   "the number of functions of the real family",
       condition="d a power of two (otherwise 2 ceil(log2 d) bits: up to 2 more)",
       steps=(probed("2 log2 d vs 2 ceil(log2 d)", part=_undisp_rhs, d=5),
              named_grid("log2 of the number of functions of the real family", _ocms_hash_points,
                         lambda p: sympy.log(p.params["functions"], 2), simplify=sympy.simplify)))


def _undisp_rhs_each(form):
    return [_rhs(x) for x in _undisp(form)]


def _response_points():
    """The two responses (m = 1 + e^{eps/2}, 1 + e^eps) as eps -> oo; ``data``: (index, bits = log2 m)."""
    for i, (label, mm) in enumerate((("m = 1 + e^{eps/2}", 1 + sympy.exp(EPS / 2)),
                                     ("m = 1 + e^eps", 1 + sympy.exp(EPS)))):
        yield Point({"response": label, "limit": "eps -> oo", "value": "lim log2(m) / form"}, data=(i, T.log2(mm)),
                    size=(i,))


record(id="pan-cms/appH.response-bits", root_cause="appH.response-bits", location="Appendix H, communication of OCMS",
       statement="With m = 1 + e^{eps/2} (resp. 1 + e^eps) the perturbed response takes about eps/2 (resp. eps) bits.",
       printed=PT.appH_response_bits_printed, derived=T.appH_response_bits_derived,
       # the sentence corrected in its own reading ('close to': ratio -> 1): eps/2 -> eps/(2 ln 2), eps -> eps/ln 2
       correction=T.appH_response_bits_corrected,
       derivation="derivations.pan_cms.tables.table2_bounds",
       assumptions="'about' read as: the ratio of the bit count log2 m to the form's value tends to 1 as eps -> oo; "
                   "each instance is that ratio's limit (exact value 1)",
       note="log2(1 + e^{eps/2}) / (eps/2) -> log2 e = 1/ln 2 ~ 1.44: eps is in nats, bits are log2.",
       steps=(probed("printed vs derived bit counts", part=_undisp_rhs_each, epsilon=2),
              Grid("bits / form -> 1?", _response_points, lambda p: sympy.Integer(1),
                   part=lambda form: tuple(_undisp_rhs_each(form)),
                   value=lambda form, p: sympy.limit(p.data[1] / form[p.data[0]], EPS, sympy.oo))))


def _comm_claim(cid, statement, printed, derived, pts, cond=None, note="", assumptions="", symbolic=True,
                root_cause=None):
    """A communication-cost claim: the bits counted from the constructed objects (``pts()``: params, count, size)
    vs both forms, after the probed symbolic comparison (formulas only)."""
    grid = named_grid("bits counted from the constructed objects",
                      lambda: (Point(params, data=bits, size=size) for params, bits, size in pts()),
                      precomputed, simplify=sympy.simplify)
    steps = ((probed("printed vs derived bit count", part=_undisp_rhs, d=5, m=3, exp_eps=2),) if symbolic
             else ()) + (grid,)
    record(id=cid, location="Appendix H, communication cost", statement=statement, printed=printed, derived=derived,
           derivation="derivations.pan_cms.tables.bits_all_functions", condition=cond, note=note,
           kind="formula" if symbolic else "statement", root_cause=root_cause,
           assumptions=assumptions or "bits = log2 of the number of equally likely objects sent", steps=steps)


def _pts_functions():
    return [({"d": dd, "m": mm}, sympy.log(_function_count(dd, mm), 2), (dd, mm)) for mm in (2, 3, 4) for dd in (2, 3)]


_comm_claim("pan-cms/appH.olh-comm", "OLH's independent mappings [d] -> [1 + e^eps] take d log2(1 + e^eps) bits.",
            PT.comm_functions_printed, T.comm_functions_derived,
            _pts_functions, assumptions="m = 1 + e^eps; all m^d functions equally likely")
_comm_claim("pan-cms/appH.cms-comm", "The original CMS's hash function [d] -> [m] takes d log2 m bits.",
            PT.comm_functions_printed, T.comm_functions_derived,
            _pts_functions, assumptions="independent uniform values: all m^d functions equally likely")


def _pts_ss():
    out = []
    for e, dd in SS_GRID:
        kk = int(dd / (e + 1))
        n_out = subset_selection(dd, kk, e).mechanism.n_outputs
        out.append(({"d": dd, "exp_eps": e, "k": kk}, sympy.Integer(T.ceil_log2(n_out)), (dd, e)))
    return out


_comm_claim("pan-cms/appH.ss-comm", "Selecting d/(e^eps + 1) values of [d] takes d/(e^eps + 1) bits.",
            PT.ss_comm_printed, T.ss_comm_derived, _pts_ss,
            note="A k-subset is one of C(d, k) outcomes: ceil(log2 C(d, k)) bits, about d H2(1/(e^eps + 1)) -- more "
                 "than k by a factor ~ log2(e (e^eps + 1)).",
            assumptions="SS with k = d/(e^eps + 1); the transmitted bits are ceil(log2 C(d, k))",
            root_cause="appH.ss-bits")


def _pts_rappor():
    return [({"d": dd, "exp_eps": e}, bits, (dd,)) for _, e, dd, bits in table2_points("RAPPOR")]


_comm_claim("pan-cms/appH.rappor-comm", "RAPPOR's one-hot (perturbed) vector of size d takes d bits.",
            PT.rappor_comm_printed, T.rappor_comm_derived, _pts_rappor,
            assumptions="all 2^d bit vectors are possible outputs")
