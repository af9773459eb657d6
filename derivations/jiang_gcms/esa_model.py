"""jiang-gcms Section VI-1: the derived forms of the statements about GCMS in the ESA framework, from the model
of the protocol (Section IV-A, Fig. 1).

The model: who holds what (clients and everyone else the server's public key ``pk``; the server ``sk``; the
shuffler nothing but the ciphertexts and their senders' ids), what each party checks (the shuffler counts
messages per sender id against ``l``; the server checks that a message opens under ``sk`` and parses as a
report; nobody authenticates a sender or knows which clients should have sent), Algorithm 1's likelihood
ratio ``R = p(m - s)/((1 - p)s)`` (:func:`.model.privacy_ratio_derived`, Theorem 2's bound ``max(R, 1/R)``),
clients randomising independently, and Theorem 1's amplified bound (:func:`.model.thm1_derived`).
"""

from __future__ import annotations

import sympy

from ldpref.exact import exact_holds, to_exact
from ldpref.ledger.forms import Predicate, evaluate

from . import symbols as S
from .model import privacy_ratio_derived, thm1_derived

#: Section IV-A: what each party holds (pk is public: anyone can encrypt a well-formed report)
HOLDINGS = {"client": {"pk"}, "shuffler": {"pk", "sender ids"}, "server": {"pk", "sk"}}
#: what the server checks of a message (no sender authentication, no expected client list)
SERVER_CHECKS = {"opens under sk", "parses as <x, j>"}


def shuffler_holdings(variant: str) -> set:
    """The shuffler's holdings: the protocol's (``"nothing"`` beyond pk and ids) or with ``"sk"`` leaked."""
    return HOLDINGS["shuffler"] | ({"sk"} if variant == "sk" else set())


def ldp_bound(p, m, s):
    """Theorem 2's e^eps bound max(R, 1/R) with R from Algorithm 1's law, at exact p, m, s."""
    R = privacy_ratio_derived().subs({S.p: p, S.m: m, S.s: s})
    return sympy.Max(R, 1 / R)


def amplified_bound(eps0, n, delta):
    """Theorem 1's eps_c bound at (eps0, n, delta) and whether its precondition holds (sympy, exact inputs)."""
    implication = thm1_derived()
    at = {S.eps: eps0, S.n: n, S.delta: delta}
    return implication.args[1].rhs.subs(at), evaluate(implication.args[0], at)


def sec6_halt_derived():
    # an honest round with n >= 1 clients delivers n >= 1 messages at the round's end; a halted one delivers 0
    return Predicate(r"n \ge 1 \Rightarrow \#\text{delivered} \ge 1 > 0 = \#\text{delivered by a halted party}",
                     lambda **kw: kw["n"] >= 1)


def sec6_1_truncation_derived():
    return Predicate(r"\min(G, l) \le l", lambda **kw: min(kw["garbage"], kw["l"]) <= kw["l"])


def sec6_1_sybil_derived():
    return Predicate(r"F \min(G, l) > l", lambda **kw: kw["sybils"] * min(kw["garbage"], kw["l"]) > kw["l"])


def sec6_1_shuffler_confidentiality_derived():
    return Predicate(r"sk \notin \mathrm{holdings}(\text{shuffler})",
                     lambda **kw: "sk" not in shuffler_holdings(kw["shuffler_holds"]))


def sec6_1_shuffler_deviate_derived():
    # dropping needs only the ciphertexts; injecting only pk; the server checks nothing that ties a report to a
    # client or counts the clients
    return Predicate(r"pk \in \mathrm{holdings}(\text{shuffler}) \wedge \text{server checks no sender}",
                     lambda **kw: "pk" in HOLDINGS["shuffler"] and "authenticates sender" not in SERVER_CHECKS)


def sec6_1_shuffler_remedy_derived():
    return Predicate(r"\mathrm{out} = \pi(\mathrm{in}) \iff \text{no report dropped or injected}",
                     lambda **kw: kw["attack"] in ("honest", "identity"))


def sec6_1_ldp_derived():
    """The report's e^eps is at most Theorem 2's max(R, 1/R) (the server opens exactly the report)."""
    return Predicate(r"e^{\epsilon} \le \max(R, 1/R),\ R = \frac{p(m-s)}{(1-p)s}",
                     lambda **kw: bool(kw["exp_eps"] <= ldp_bound(kw["p"], kw["m"], kw["s"])))


def sec6_1_server_motivation_derived():
    """Var[f_hat/n] = A/n + a2 psi^2 with f = phi n and sum_{d' != d} f(d')^2 = psi^2 n^2; it decreases in n iff
    A = phi p(1-p) + (1-phi)(a1 - a1^2 - a2) > 0 (Theorem 3's variance, a1, a2 as in ldpref.gcms)."""
    def decreasing(**kw):
        p, q, m, k, phi = (to_exact(kw[x], what=x) for x in ("p", "q", "m", "k", "phi"))  # a float is refused
        a1 = (p + (m - 1) * q) / m
        a2 = (p - q) ** 2 * (m - 1) / (k * m * m)
        return bool(phi * p * (1 - p) + (1 - phi) * (a1 - a1 ** 2 - a2) > 0)
    return Predicate(r"\frac{d}{dn}\mathrm{Var}[\hat f/n] = -A/n^2 < 0", decreasing)


def sec6_1_collusion_shuffler_server_derived():
    return Predicate(r"\epsilon_c(\epsilon_0, n, \delta) < \epsilon_0 = \epsilon_{\mathrm{linked}}",
                     lambda **kw: exact_holds(kw["eps_c"], "<", kw["eps0"])
                     and exact_holds(kw["eps_linked"], "==", kw["eps0"]))


def sec6_1_collusion_server_clients_derived():
    # independent clients: P(y1, y2 | x1, x2) = P(y1|x1) P(y2|x2), so the ratio over x1 is P's own
    return Predicate(r"\frac{P(y_1|x_1)P(y_2|x_2)}{P(y_1|x_1')P(y_2|x_2)} \le \max(R, 1/R)",
                     lambda **kw: bool(kw["exp_eps"] <= ldp_bound(kw["p"], kw["m"], kw["s"])))


def sec6_1_collusion_shuffler_clients_derived():
    return Predicate(r"\text{the shuffler picks the senders served} \wedge \text{server checks no sender}",
                     lambda **kw: "sender ids" in HOLDINGS["shuffler"] and "authenticates sender" not in SERVER_CHECKS)


def sec6_1_scheduling_derived():
    # the limit l bounds each served sender's count, never which senders are served
    return Predicate(r"l \text{ bounds } \#\text{reports per sender, not the set of senders served}",
                     lambda **kw: True)
