"""jiang-gcms Sections V-VI: the derived forms of the discovery statements, from the protocol's model.

The model: who holds which key (Section V-A: clients hold the HMAC key k_H and both public keys; the server
sk1 and k_H; the auxiliary server sk2 only), and what evaluating the hash needs (k_H when keyed, nothing
otherwise).  An auxiliary server can match a message to a named item iff it can evaluate H; it can drop a bin
by its count alone; it holds plaintext iff the hash it sees can be evaluated by it.  The release of a bin of
count c is Lap(b)'s upper tail: P(c + Lap(b) >= T) = exp(-(T - c)/b)/2 for c <= T.
"""

from __future__ import annotations

import sympy

from ldpref.ledger.forms import Predicate

#: Section V-A: the keys each party holds
HOLDINGS = {"client": {"k_H", "pk1", "pk2"}, "server": {"sk1", "k_H"}, "auxiliary": {"sk2"}}


def hash_needs(keyed: bool) -> set:
    """The keys needed to evaluate the clients' hash."""
    return {"k_H"} if keyed else set()


def aux_can_evaluate_hash(keyed: bool) -> bool:
    return hash_needs(keyed) <= HOLDINGS["auxiliary"]


def sec6_hash_check_derived():
    return Predicate(r"\mathrm{keys}(H) \subseteq \mathrm{holdings}(\text{aux.})",
                     lambda **kw: aux_can_evaluate_hash(kw["keyed"]))


def sec6_drop_value_derived():
    return Predicate(r"\mathrm{keys}(H) \subseteq \mathrm{holdings}(\text{aux.})\ (\text{to find the bin of } d)",
                     lambda **kw: aux_can_evaluate_hash(kw["keyed"]))


def sec6_drop_top_derived():
    # the largest bin is found from the counts, which Algorithm 6 computes: no key needed
    return Predicate(r"\text{counts} \in \mathrm{view}(\text{aux.})", lambda **kw: True)


def sec6_curious_derived():
    return Predicate(r"\mathrm{keys}(H) \not\subseteq \mathrm{holdings}(\text{aux.}) \wedge "
                     r"\mathrm{sk}_1 \notin \mathrm{holdings}(\text{aux.})",
                     lambda **kw: not aux_can_evaluate_hash(kw["keyed"]) and "sk1" not in HOLDINGS["auxiliary"])


def singleton_release_probability(eps, delta):
    """Exact P(1 + Lap(b) >= T) at b = 1/eps, T = 1 - ln(2 delta)/eps (sympy; equals delta)."""
    b, T = 1 / eps, 1 - sympy.log(2 * delta) / eps
    return sympy.simplify(sympy.exp(-(T - 1) / b) / 2)


def sec7e_singletons_derived():
    return Predicate(r"\tfrac12 e^{-(T-1)/b} = \delta < \tfrac12",
                     lambda **kw: bool(singleton_release_probability(kw["eps"], kw["delta"]) < sympy.Rational(1, 2)))


def discovered_limit(count_of_counts: dict, delta):
    """lim_{eps -> oo} E|S| at b = 1/eps, T = 1 - ln(2 delta)/eps: every item with count >= 2 is released
    (T -> 1 < c), an item of count 1 with probability delta whatever eps."""
    return sum(m for c, m in count_of_counts.items() if c >= 2) + delta * count_of_counts.get(1, 0)


def sec7e_convergence_derived():
    """The limit sum_{c >= 2} N_c + delta N_1 lies below |D| = sum_c N_c iff N_1 (1 - delta) > 0."""
    return Predicate(r"\lim \mathbb{E}|S| = \textstyle\sum_{c\ge2} N_c + \delta N_1 < \sum_c N_c",
                     lambda **kw: bool(discovered_limit(kw["count_of_counts"], kw["delta"])
                                       < sum(kw["count_of_counts"].values())))
