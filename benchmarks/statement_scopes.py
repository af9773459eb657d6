"""How many statement, bound and optimality claims of pan-cms and jiang-gcms are proved for all parameters
(issue 25, "Done when": at least 60% reach ``given-derived`` or ``all-parameters``).

The ledger's claim kinds are ``formula``, ``statement`` and ``cited``; bounds, orderings and optimality claims are
all of kind ``statement``, so the counted set is every ``statement`` claim of the two papers.  The scope of each is
the one ``ldpref verify --json`` computes (:mod:`ldpref.ledger.scope`).

Usage: python benchmarks/statement_scopes.py VERIFY_JSON [--list]
(``VERIFY_JSON`` from ``python -m ldpref.cli verify --json FILE``; ``--list`` prints every claim still at
``instances`` with its verdict and why no all-parameter proof is recorded: :func:`why_not` classifies the claim's
forms, :data:`WHY` states the reason where the forms alone do not show it.)
"""

from __future__ import annotations

import collections
import json
import sys

PAPERS = ("pan-cms", "jiang-gcms")

#: claims whose reason the forms' shape does not show (checked by hand against the forms, 2026-11-29)
WHY = {
    "pan-cms/sec3.6.pairwise-suffices": "the 3-wise variance has no expression in the forms",
    "pan-cms/sec4.6.unbiased-recovery": "the printed km > d and the derived determinant are different statements "
                                        "(rank d does not need km > d); no implication to pose",
    "jiang-gcms/alg5": "protocol run (Algorithm 5 / Phase 1 by the real parties): no relation of parameters to pose",
    "jiang-gcms/alg6": "protocol run (Algorithm 6 / Phase 3 by the real parties): no relation of parameters to pose",
    "jiang-gcms/def1": "a definition quantified over events S and neighbouring inputs (the hockey-stick form is its "
                       "equivalent), not a relation of parameters",
    "jiang-gcms/eq1": "as jiang-gcms/def1 (the inequality of Definition 1)",
    "jiang-gcms/fig6": "read for every (m, k, eps) (the printed form asserts it at every target and setting): the "
                       "minimum over the integer s (p_s = e^eps s/(e^eps s + m - s)) needs a witness s as a function "
                       "of (m, e^eps, f(d)/n), not found; a proof over real p would not cover it (a real minimiser "
                       "need not be a feasible p_s).  At Fig. 6's setting alone s = 122 beats Apple's CMS at every "
                       "target (tests/test_decide_fixed_points.py), which is not the claim's whole parameter set",
    "jiang-gcms/sec2.B.ldp": "refuted by an exact counterexample; its correction is the definition of eps-LDP itself "
                             "(largest likelihood ratio <= e^eps), nothing parametric to prove",
    "jiang-gcms/sec7.D.better": "Fig. 8's Adult data (the counts of 16 values): an experiment on data",
    "jiang-gcms/sec7.D.apple-target": "refuted by an exact counterexample; its correction is a relation on one number "
                                      "(the target f(d)/n of p = 0.87 at k = 100, eps = 3.75; e^3.75 transcendental), "
                                      "no parameter relation",
    "jiang-gcms/sec7.D.targets": "refuted by an exact counterexample; its correction compares Fig. 8's runs on the "
                                 "Adult data (an experiment on data)",
    "jiang-gcms/sec7.E.convergence": "Fig. 9's data (counts of counts of Kosarak) and a limit in eps: an experiment on "
                                     "data",
    "jiang-gcms/sec7.E.singletons": "a Laplace tail probability (exp of -(T-1)/b); with the paper's T it is delta < "
                                    "1/2, the claim's own assumption: nothing left to prove",
    "jiang-gcms/thm3.deployed": "refuted by an exact counterexample; its correction is a sum over every x != d of "
                                "f(x)(c_bar(d, x) - 1/m) for one fixed family (d free): no fixed set of real variables",
    "jiang-gcms/thm4": "refuted by an exact counterexample; its correction (Eq. (8)'s eps, delta = e^((1-T)/b)/2) "
                       "holds e^((T-1)/b), e^((1-T)/b) and a logarithm with T, b free: no substitution makes the pair "
                       "algebraic",
    "jiang-gcms/sec5.A.randomized": "a property of the encryption scheme (randomised ciphertexts), not a parameter "
                                    "relation",
    "jiang-gcms/sec5.A.threshold-wording": "a probability of a continuous Laplace variable at a point (measure zero), "
                                           "not a polynomial relation",
    "pan-cms/def4.1": "equality of two output laws of a TnS mechanism over an explicit matrix M (row vs column "
                      "sampling): a structural identity of finite laws, checked on every instance, no parameter "
                      "relation",
    "pan-cms/sec4.1.he-cms-rr": "HE built step by step equals CMS(Hadamard columns, binary RR): a structural identity "
                                "of mechanisms over explicit matrices, no parameter relation",
    "pan-cms/sec4.2.hr": "HR equals CMS(HR rows, binary RR) with HE's decoder: a structural identity of mechanisms "
                         "over explicit matrices, no parameter relation",
    "pan-cms/sec4.4.lh-cms": "drawing a hash function is drawing a CMS family member: equality of laws over explicit "
                             "families, no parameter relation",
    "pan-cms/sec4.6.rappor-cms": "RAPPOR cohorts encode like a CMS: equality of perturbation matrices over explicit "
                                 "cohorts, no parameter relation",
    "pan-cms/thm4.1": "TnS is a CMS of the columns of M: a law identity for a generic R, proved symbolically only at "
                      "fixed sizes (d, k, m); no fixed set of real variables covers every M",
    "pan-cms/thm5.1": "for every deterministic assignment of hash functions some dataset is biased: a quantifier over "
                      "assignments and families, not a relation of parameters",
    "pan-cms/sec5.1.l1-order-optimal": "order-optimality: the ratio of leading terms is sqrt(pi/2) (a transcendental "
                                       "constant) and the statement is about orders of growth in d",
    "pan-cms/sec5.1.rhr-only-logd": "a set statement over Table 2's rows with limits eps -> 0+ and eps -> oo of ratios "
                                    "of leading coefficients: no first-order obligation over a fixed set of variables",
    "pan-cms/sec6.3.rhr-worst-mse": "reconstructed statement that is false at every eps on our Kosarak: its negation "
                                    "could be proved like sec6.3.ocms-lowest, but proving a negation is not proving "
                                    "the claim, so it stays at instances",
    "jiang-gcms/sec4.A.same-randomness": "total-variation distance of two laws: abstract, no expression in the forms",
    "jiang-gcms/eq10": "a decomposition of Var[C(d)] into abstract sums",
    # pan-cms claims refuted by an exact counterexample whose correction has no registered proof (session 8,
    # stmt8a): why no obligation is posed, or why the one posed is not registered
    **dict.fromkeys(("pan-cms/appC.two-sided", "pan-cms/appC.upper-tail", "pan-cms/thm3.5"),
                    "correction is a Chernoff tail bound: a binomial tail (n free) against e^(-alpha^2 ...), "
                    "transcendental in alpha; no substitution makes it polynomial"),
    "pan-cms/cor3.7": "needs a model of the worst-case l2 over datasets (sum over x, d = 2) of g and f_hat; not posed",
    **dict.fromkeys(("pan-cms/eq52", "pan-cms/thmI.1"),
                    "a probability bound on the joint law of (S(x))_x (Markov and a union bound over |x| coordinates, "
                    "|x| free): no fixed set of real variables"),
    **dict.fromkeys(("pan-cms/cor3.2", "pan-cms/sec3.1.pairwise-def", "pan-cms/sec3.1.family-size",
                     "pan-cms/sec3.5.m6-no-pairwise", "pan-cms/sec4.1.3-wise", "pan-cms/sec4.6.km",
                     "pan-cms/sec4.3.matrix-size", "pan-cms/sec5.3.generator", "pan-cms/sec5.3.sync-identifier"),
                    "correction is a protocol fact about finite hash families (existence, size, rows, bits), shown "
                    "by construction and exact counting; no real-arithmetic obligation is sound"),
    "pan-cms/thm5.2": "correction is a bit count 2 max(2 ceil(log2 d), ceil(log2 n)): ceilings of logarithms of "
                      "integers, which a relaxation to the reals does not cover",
    "pan-cms/sec3.4.rp-not-optimal": "correction RR's optimum over real m <= CMS+aRP/sRP at every m, for the "
                                     "worst-case MSE and for l2: its MSE half composes appD.arp-ruled-out, "
                                     "appD.srp-ruled-out (given-derived) with appD.rp-decreasing (RP's infimum over m "
                                     "is its limit), but its l2 half needs sRP's l2 at every real m "
                                     "(appD.srp-l2-larger is proved at m = 2..7 and the limit only; cvc5 answers "
                                     "unknown for every real m) and an aRP analogue; a proof of one half is not "
                                     "registered, as the scope would read it as the whole correction (session 9)",
}


def why_not(claim, forms: dict) -> str:
    """Why the claim has no all-parameter proof, from its verdict and its forms' shape (``forms``: name -> sympy
    object or None)."""
    from ldpref.ledger.forms import Predicate
    if claim["id"] in WHY:
        return WHY[claim["id"]]
    if claim["verdict"] in ("erratum", "conditional"):
        return "refuted by an exact counterexample; no all-parameter proof of its correction registered"
    if forms.get("printed") is None:
        return "no printed form (reconstructed statement); its derived form is a predicate evaluated by code"
    if any(isinstance(f, Predicate) for f in forms.values() if f is not None):
        return ("a form is a predicate evaluated by code (protocol, security or experiment statement): no symbolic "
                "statement to pose")
    return "relates abstract quantities (probabilities, ranks, extrema over datasets) without model expressions"
KINDS = ("statement",)  # bounds and optimality claims are statements in the ledger


def counted(claims: list, kinds: dict) -> list:
    """The counted claims: kind statement, paper pan-cms or jiang-gcms."""
    return [c for c in claims if c["paper"] in PAPERS and kinds[c["id"]] in KINDS]


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print(__doc__.splitlines()[-3], file=sys.stderr)
        return 2
    from ldpref.ledger.claim import load_claims
    kinds = {c.id: c.kind for c in load_claims()}
    claims = json.load(open(argv[0], encoding="utf-8"))["claims"]
    sel = counted(claims, kinds)
    by_scope = collections.Counter(c["scope"] for c in sel)
    proved = by_scope["all-parameters"] + by_scope["given-derived"]
    print(f"{len(sel)} statement claims of {', '.join(PAPERS)}: " +
          ", ".join(f"{s} {by_scope[s]}" for s in ("all-parameters", "given-derived", "instances")) +
          f"; proved {proved} ({100 * proved / len(sel):.1f}%)")
    print("instances by verdict: " + ", ".join(
        f"{v} {n}" for v, n in collections.Counter(c["verdict"] for c in sel
                                                   if c["scope"] == "instances").most_common()))
    if "--list" in argv:
        from ldpref.ledger.claim import find_claim
        reasons = collections.Counter()
        for c in sel:
            if c["scope"] == "instances":
                claim = find_claim(c["id"])
                forms = {}
                for name in ("printed", "derived"):
                    build = getattr(claim, name)
                    forms[name] = build() if build is not None else None
                why = why_not(c, forms)
                reasons[why.split(":")[0].split(";")[0]] += 1
                print(f"{c['id']:44s} {c['verdict']:13s} {why}")
        print("reasons: " + "; ".join(f"{n} x {r}" for r, n in reasons.most_common()))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, ".")
    raise SystemExit(main(sys.argv[1:]))
