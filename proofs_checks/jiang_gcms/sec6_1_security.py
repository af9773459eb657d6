"""Section VI (preamble) and Section VI-1 ("Analysis for GCMS/OCMS"): statements about malicious clients, a
malicious shuffler, a malicious server and their collusions, decided by running the real parties of
:mod:`ldpref.discovery.esa` (Algorithm 1, PyNaCl sealed boxes to the server's key, the contribution-limited
shuffler, Algorithms 2-3) and by the exact GCMS mechanism (:func:`ldpref.mechanisms.gcms.gcms`,
:func:`ldpref.privacy.exp_eps`).

A protocol instance runs on a fixed small data set with fixed seeds: its outcome (which keys open a message,
how many reports of a sender pass, whether the estimate moves, what the server rejects) is a deterministic
function of those messages, computed on every message, which is why these instances carry the path
``enumeration``.  Statements that code cannot decide (Sybil defences, MPC/TEE, the server's motivation,
enforced scheduling, the synchronous network behind "halting is detected") are ``cited``: each spot-checks the
part code can decide and its note says what it cannot.  Printed predicates:
``derivations/jiang_gcms/printed_sec6_1.py``; derived: ``derivations/jiang_gcms/esa_model.py``.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import sympy

from derivations.jiang_gcms import esa_model as M
from derivations.jiang_gcms import printed_sec6_1 as P
from ldpref.exact import exact_holds
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Point

R = sympy.Rational
#: the deployment of every protocol instance: d = 3 values, m = 4 buckets, k = 2 hash functions, s = 2, p = 4/5
ESA = {"d": 3, "m": 4, "k": 2, "s": 2, "p": 0.8}
#: client i holds VALUES[i]: 30 clients hold 0, 20 hold 1, 10 hold 2
VALUES = [0] * 30 + [1] * 20 + [2] * 10
SEED = 71


def _protocol_grid(name, cases, **kw):
    """A protocol claim's grid: ``cases()`` yields (params, size, a thunk running the real parties and returning the
    exact outcome); the oracle runs the thunk.  The forms are evaluated at the params (their predicates read the
    outcome's parameters)."""
    return Grid(name, lambda: (Point(params, data=run, size=size) for params, size, run in cases()),
                lambda point: point.data(), **kw)


def _deployment(seed: int = SEED):
    from ldpref.discovery.esa_attacks import setup

    return setup(ESA["d"], ESA["m"], ESA["k"], ESA["s"], ESA["p"], np.random.default_rng(seed))


@cache
def _round(attack: str = "honest", **kw):
    from ldpref.discovery.esa_attacks import run_round

    return run_round(VALUES, attack=attack, seed=SEED, **ESA, **{k: tuple(v) if isinstance(v, range) else v
                                                                  for k, v in kw.items()})


# ---- the preamble: halting ------------------------------------------------------------------------------
def halt_detected() -> bool:
    """An honest round delivers reports; a halted shuffler delivers none and the server says so."""
    from ldpref.errors import ParameterError

    honest = _round()
    _, _, _, server = _deployment()
    try:
        server.estimate([])
    except ParameterError:
        return honest.received > 0
    return False


record(id="jiang-gcms/sec6.1.halt", location="Section VI, preamble (halting the protocol)",
       statement="In a synchronised network a party that halts the protocol is easily detected, and the honest "
                 "parties exclude it from the next execution.",
       derived=M.sec6_halt_derived,
       kind="cited",
       assumptions="a synchronised network: every party knows when a round ends",
       note="Cited: the synchronised network and the exclusion from the next execution are not modelled, so code "
            "cannot decide them; the check decides only that a halted round (nothing delivered) is told apart from "
            "every honest round (at least one report) and that the server names it (one-line error).",
       steps=(_protocol_grid("the server of a halted round (no report) raises; an honest round delivers reports",
                             lambda: [({"n": len(VALUES)}, (len(VALUES),), halt_detected)]),))


# ---- malicious clients --------------------------------------------------------------------------------
def garbage_forwarded(l: int, garbage: int, sybils: int, *, limit: bool = True) -> dict:
    """Run the contribution-limited shuffler (``limit=False``: no limit) on 5 honest clients, one malicious
    client sending ``garbage`` reports and ``sybils`` fake identities sending ``garbage`` each; the reports each
    group got through (from the shuffler's own books) and how many the server accepted."""
    from ldpref.discovery.esa import ContributionShuffler
    from ldpref.discovery.esa_attacks import garbage_through, submissions

    _, _, client, server = _deployment()
    rng = np.random.default_rng(SEED + l + 7 * garbage + 31 * sybils)
    subs = submissions(5, garbage, sybils, client, rng, garbage_value=2)
    books = ContributionShuffler(l if limit else None, rng).process(subs)
    opened = server.open(books.forwarded)
    if books.blocked + len(books.forwarded) != len(subs):
        raise AssertionError("the shuffler lost messages without counting them")
    return {"malicious": garbage_through(books, "malicious"), "sybil": garbage_through(books, "sybil-"),
            "blocked": books.blocked, "accepted": int(opened.j.size), "forwarded": len(books.forwarded)}


def _truncation_cases():
    for l in (1, 3):
        for garbage in (1, l, 5 * l):
            def run(l=l, garbage=garbage):
                got = garbage_forwarded(l, garbage, 0)
                if got["accepted"] != got["forwarded"]:
                    raise AssertionError("the server refused a well-formed garbage report")
                return got["malicious"] <= l
            yield {"l": l, "garbage": garbage}, (l, garbage), run


record(id="jiang-gcms/sec6.1.truncation", location="Section VI-1, malicious clients (garbage reports)",
       statement="A malicious client can send garbage messages as LDP reports; truncating each client's maximum "
                 "contribution (the shuffler blocks a client that already sent l messages, Phase 2) counters it.",
       printed=P.sec6_1_truncation_printed, derived=M.sec6_1_truncation_derived,
       kind="statement",
       assumptions="the shuffler knows each message's sender id before anonymisation (Phase 2)",
       note="The garbage reports are well-formed (encrypted to the public pk): the server accepts every forwarded "
            "one, so the limit l is the only bound; blocked messages are counted by the shuffler.",
       steps=(_protocol_grid("reports of one malicious client forwarded by the limited shuffler (real messages)",
                             _truncation_cases),))


def _sybil_cases():
    for l in (1, 3):
        for sybils in (2, 5):
            def run(l=l, sybils=sybils):
                got = garbage_forwarded(l, l + 2, sybils)
                if got["sybil"] != sybils * l:
                    raise AssertionError(f"{got['sybil']} Sybil reports forwarded, expected F l = {sybils * l}")
                return got["sybil"] > l
            yield {"l": l, "garbage": l + 2, "sybils": sybils}, (l, sybils), run


record(id="jiang-gcms/sec6.1.sybil", location="Section VI-1, malicious clients (fake clients)",
       statement="Registering a huge number of fake clients that send garbage reports (a Sybil attack) is outside "
                 "the paper's scope: a better LDP protocol cannot mitigate it; authentication or access control can.",
       derived=M.sec6_1_sybil_derived,
       kind="cited",
       note="Cited: authentication and access control are not part of the protocol, so code cannot decide that "
            "they counter the attack; the check decides the part it can, that the per-client limit l lets F fake "
            "identities through with F min(G, l) > l reports.",
       steps=(_protocol_grid("reports of F fake identities forwarded by the limited shuffler (real messages)",
                             _sybil_cases),))


# ---- malicious shuffler -------------------------------------------------------------------------------
def held_keys(obj, depth: int = 3) -> list[bytes]:
    """Every 32-byte value among an object's attributes (recursively): the keys a party could use."""
    found = []
    if depth < 0:
        return found
    if isinstance(obj, (bytes, bytearray)) and len(obj) == 32:
        return [bytes(obj)]
    if isinstance(obj, dict):
        for v in obj.values():
            found += held_keys(v, depth - 1)
    elif isinstance(obj, (list, tuple, set)):
        for v in obj:
            found += held_keys(v, depth - 1)
    elif hasattr(obj, "__dict__") and not isinstance(obj, (type, np.random.Generator)):
        found += held_keys(vars(obj), depth - 1)
    return found


def shuffler_confidential(variant: str, shuffler=None) -> bool:
    """Does no key the shuffler holds (those in its attributes, plus the server's ``sk`` for ``variant='sk'``,
    plus a fresh key it makes itself) open any client message?  Only ``sk`` must open them (checked)."""
    from ldpref.discovery.esa import ContributionShuffler
    from ldpref.discovery.esa_attacks import fresh_private_key, keys_open

    server_private, _, client, _ = _deployment()
    messages = client.encrypt(VALUES[::10], np.random.default_rng(SEED))
    if not all(keys_open(m, [server_private]) for m in messages):
        raise AssertionError("the server's own key does not open a client message")
    shuffler = ContributionShuffler(1, np.random.default_rng(0)) if shuffler is None else shuffler
    keys = held_keys(shuffler) + ([server_private] if variant == "sk" else [])
    keys.append(fresh_private_key(np.random.default_rng(SEED + 1)))
    return not any(keys_open(m, keys) for m in messages)


record(id="jiang-gcms/sec6.1.shuffler-confidentiality", location="Section VI-1, malicious shuffler (confidentiality)",
       statement="Since every client message is encrypted with the server's public key, even a malicious shuffler "
                 "cannot break the confidentiality of the messages.",
       printed=P.sec6_1_shuffler_confidentiality_printed, derived=M.sec6_1_shuffler_confidentiality_derived,
       kind="statement",
       assumptions="shuffler_holds = 'nothing' is the protocol (the shuffler object's attributes are searched for "
                   "keys); 'sk' is the variant where the server's key leaked to it",
       steps=(_protocol_grid("PyNaCl: does any key the shuffler holds (or a fresh one) open a client message?",
                             lambda: [({"shuffler_holds": v}, (i,), lambda v=v: shuffler_confidential(v))
                                            for i, v in enumerate(("nothing", "sk"))]),))


def deviation_feasible(attack: str, **kw) -> bool:
    """Does the shuffler's deviation change the server's estimates while the server rejects nothing?"""
    honest, attacked = _round(), _round(attack, **kw)
    return (not np.array_equal(honest.estimates, attacked.estimates)) and attacked.rejected == 0


DEVIATIONS = {"drop": {"victims": range(15)}, "inject": {"injected": 20, "target": 2}}


record(id="jiang-gcms/sec6.1.shuffler-deviate", location="Section VI-1, malicious shuffler (deviation)",
       statement="A malicious shuffler can inject false LDP reports or drop honest clients' reports; as a single "
                 "point of failure, these attacks are feasible.",
       printed=P.sec6_1_shuffler_deviate_printed, derived=M.sec6_1_shuffler_deviate_derived,
       kind="statement",
       assumptions="drop: the reports of 15 of the 30 clients holding 0; inject: 20 reports of Algorithm 1 run on "
                   "value 2 with p = 1, encrypted to the public pk",
       steps=(_protocol_grid("real round: the estimates move and the server rejects nothing",
                             lambda: [({"attack": a}, (i,), lambda a=a, kw=kw: deviation_feasible(a, **kw))
                                            for i, (a, kw) in enumerate(DEVIATIONS.items())]),))


record(id="jiang-gcms/sec6.1.shuffler-remedy", location="Section VI-1, malicious shuffler (MPC, TEE)",
       statement="The shuffler must be enforced as semi-honest: shuffling by secure multi-party computation among "
                 "several servers, or inside a trusted execution environment, ensures it is executed correctly.",
       derived=M.sec6_1_shuffler_remedy_derived,
       kind="cited",
       note="Cited: ldpref implements neither MPC nor a TEE, so code cannot decide that they enforce a correct "
            "shuffle; the check decides the property they are to enforce, that the shuffler's output is a "
            "permutation of its input: it holds for the protocol's shuffler and fails for the deviations.",
       steps=(_protocol_grid("real round: the messages the server receives are a permutation of those the clients "
                             "sent",
                             lambda: [({"attack": a}, (i,), lambda a=a, kw=kw: _round(a, **kw).permutation)
                                            for i, (a, kw) in enumerate({"honest": {}, **DEVIATIONS}.items())]),))


# ---- the server: LDP without the shuffle ----------------------------------------------------------------
#: small GCMS instances (d, m, k, s, p) for the exact worst-case ratio
LDP_GRID = ((2, 3, 1, 1, R(3, 4)), (2, 3, 1, 2, R(3, 4)), (3, 4, 1, 2, R(4, 5)), (2, 4, 2, 1, R(3, 5)),
            (3, 4, 2, 3, R(9, 10)))


def eq5_exp_eps(p, m, s):
    """e^eps0 that Eq. (5) allows: max(R, 1/R), R = p(m - s)/((1 - p)s), as the paper prints R."""
    ratio = p * (m - s) / ((1 - p) * s)
    return max(ratio, 1 / ratio)


@cache
def _ldp_mechanisms():
    """(params, the real Algorithm 1 mechanism under a seeded draw of the hash functions) per LDP_GRID entry."""
    from ldpref.hashing import random_family
    from ldpref.mechanisms.gcms import gcms

    return tuple(({"d": d, "m": m, "k": k, "s": s, "p": p, "exp_eps0": eq5_exp_eps(p, m, s)},
                  gcms(random_family(d, m, k, np.random.default_rng(SEED + i)), s, p, decoder="count"))
                 for i, (d, m, k, s, p) in enumerate(LDP_GRID))


@cache
def _ldp_points():
    """(params, exact e^eps of the report <x, j> of the real Algorithm 1 mechanism under a seeded draw)."""
    from ldpref.privacy import exp_eps

    return tuple((params, exp_eps(mech)) for params, mech in _ldp_mechanisms())


def server_view_is_report() -> bool:
    """Does the server, opening the real ciphertexts, see exactly Algorithm 1's report <x, j> and nothing else?"""
    _, _, client, server = _deployment()
    j, X = client.reports(VALUES, np.random.default_rng(SEED))
    opened = server.open(client.encrypt(VALUES, np.random.default_rng(SEED)))
    return opened.rejections.total == 0 and np.array_equal(opened.j, j) and np.array_equal(opened.X, X)


def _ldp_cases(points, view_ok=lambda: True, size=("d", "m", "k", "s")):
    """Points ``points()`` ((params, exact e^eps) of the real Algorithm 1 mechanisms): is the exact e^eps <= e^eps0
    (and, for the server, its view the report)?"""
    def cases():
        ok = view_ok()
        for params, ee in points():
            yield (dict(params, exp_eps=ee), tuple(params[x] for x in size),
                   lambda ee=ee, params=params: ok and bool(ee <= params["exp_eps0"]))
    return cases


record(id="jiang-gcms/sec6.1.standalone", location="Section VI-1, malicious shuffler (standalone mode)",
       statement="GCMS can also operate in a pure LDP setting without a shuffler; the privacy guarantee is then fully "
                 "provided by the local randomisation mechanism (the shuffler only amplifies).",
       printed=P.sec6_1_standalone_printed, derived=M.sec6_1_ldp_derived,
       kind="statement",
       assumptions="the hash functions are public; e^eps0 is Eq. (5)'s max(R, 1/R)",
       steps=(_protocol_grid("exact worst-case likelihood ratio of Algorithm 1's report (every output, every pair of "
                             "inputs)",
                             _ldp_cases(_ldp_points)),))


record(id="jiang-gcms/sec6.1.server-ldp", location="Section VI-1, malicious server",
       statement="Since every message the server accesses is protected by LDP, a malicious server cannot learn more "
                 "about a client than the LDP protocol allows.",
       printed=P.sec6_1_server_ldp_printed, derived=M.sec6_1_ldp_derived,
       kind="statement",
       assumptions="the server's view of a client is what it decrypts (checked on the real ciphertexts); "
                   "e^eps0 is Eq. (5)'s max(R, 1/R)",
       steps=(_protocol_grid("the server's decrypted view equals Algorithm 1's report, whose exact e^eps is <= e^eps0",
                             _ldp_cases(_ldp_points, server_view_is_report)),))


def _motivation_cases():
    from ldpref.gcms import algorithm3_q, estimator_variance

    for d, m, k, s, p in LDP_GRID:
        q = algorithm3_q(p, s, m)
        for phi in (R(1, 5), R(1, 2)):
            def var(n, p=p, q=q, m=m, k=k, phi=phi):
                f = phi * n  # exact: p, q, phi are sympy rationals
                return estimator_variance(p, q, m, k, n, f, (n - f) ** 2) / n ** 2
            yield ({"m": m, "k": k, "s": s, "p": p, "q": q, "phi": phi}, (m, k, s),
                   lambda var=var: bool(var(200) < var(100)))


record(id="jiang-gcms/sec6.1.server-motivation", location="Section VI-1, malicious server (utility)",
       statement="The malicious server has no motivation to downgrade the utility, as it benefits from better LDP "
                 "outcomes; only what it can infer is analysed.",
       derived=M.sec6_1_server_motivation_derived,
       kind="cited",
       note="Cited: a motivation is not a property of the code, so code cannot decide it; the check decides the "
            "fact it rests on, that the exact variance of the frequency estimate f_hat/n (Theorem 3's model, "
            "ldpref.gcms.estimator_variance in exact rationals) is smaller with 2n honest reports than with n.",
       steps=(_protocol_grid("exact Var[f_hat/n]: 200 honest reports against 100", _motivation_cases,
                             path="moment-formula"),))


# ---- collusion ---------------------------------------------------------------------------------------
def linked_without_shuffle() -> bool:
    """With the shuffle skipped (the shuffler colludes), the server receives client i's report i-th."""
    return _round("identity").sender_order == list(range(len(VALUES)))


def _linked_points():
    linked = linked_without_shuffle()
    for params, ee in _ldp_points()[2:4]:
        eps0 = sympy.log(params["exp_eps0"])
        eps_linked = sympy.log(ee) if linked else sympy.Integer(0)
        for n in (10**4, 10**6):
            eps_c, applies = M.amplified_bound(eps0, n, R(1, 10**6))
            if not applies:
                raise AssertionError(f"Theorem 1's precondition fails at eps0 = {eps0}, n = {n}")
            at = {"eps0": eps0, "eps_linked": eps_linked, "eps_c": eps_c}
            holds = linked and exact_holds(eps_c, "<", eps_linked) and exact_holds(eps_linked, "<=", eps0)
            yield Point(dict(params, n=n, **at), facts=at, data=holds,
                        size=(n, params["m"]))


record(id="jiang-gcms/sec6.1.collusion-shuffler-server", location="Section VI-1, collusion (shuffler and server)",
       statement="If the shuffler colludes with the server and fails to shuffle, the privacy amplification is lost, "
                 "but the results are still protected by LDP, at a reduced level of privacy.",
       printed=P.sec6_1_collusion_shuffler_server_printed, derived=M.sec6_1_collusion_shuffler_server_derived,
       kind="statement",
       assumptions="the amplified level is Theorem 1's eps_c bound (cited, jiang-gcms/thm1) at delta = 1e-6, within "
                   "its precondition; the linked level is the exact e^eps of the report (the server knows whose "
                   "report it reads)",
       steps=(Grid("unshuffled real round links reports; exact eps of the linked report vs Theorem 1's eps_c",
                   _linked_points, lambda point: point.data),))


def conditional_exp_eps(joint, inputs, outputs) -> sympy.Expr:
    """max over the colluder's (x2, y2) and the honest client's output y1 of P(y1, y2 | x1, x2)/P(y1, y2 | x1', x2)
    (``joint(y1, y2, x1, x2)`` exact; oo when a zero meets a non-zero)."""
    best = sympy.Integer(1)
    for x2 in inputs:
        for y2 in outputs:
            for y1 in outputs:
                row = [joint(y1, y2, x1, x2) for x1 in inputs]
                if not any(row):
                    continue
                if not all(row):
                    return sympy.oo
                best = max(best, max(row) / min(row))
    return best


def independent_joint(mech):
    """Two clients of one mechanism, each with its own randomness: P(y1|x1) P(y2|x2)."""
    P_ = [[mech.domain.to_sympy(v) for v in row] for row in mech.P.to_list()]
    return (lambda y1, y2, x1, x2: P_[y1][x1] * P_[y2][x2]), range(mech.d), range(len(P_))


@cache
def _collusion_clients_points():
    return tuple((params, conditional_exp_eps(*independent_joint(mech))) for params, mech in _ldp_mechanisms()[:3])


record(id="jiang-gcms/sec6.1.collusion-server-clients", location="Section VI-1, collusion (server and clients)",
       statement="A server colluding with a group of malicious clients gets no extra information about the other "
                 "clients, by the LDP guarantee.",
       printed=P.sec6_1_collusion_server_clients_printed, derived=M.sec6_1_collusion_server_clients_derived,
       kind="statement",
       assumptions="one honest client and one colluder whose input and report the server knows; each client draws "
                   "its own randomness (Algorithm 1), the hash functions are public",
       steps=(_protocol_grid("exact worst-case ratio for the honest client given the colluder's input and report",
                             _ldp_cases(_collusion_clients_points, size=("d", "m"))),))


COLLUDERS = range(50, 60)  # the ten clients holding value 2


def favour_undetected() -> bool:
    """The shuffler serves only the colluders: the server's estimate comes from their reports alone, it rejects
    nothing, and the estimates differ from the honest round's."""
    honest, favoured = _round(), _round("favour", colluders=COLLUDERS)
    return (favoured.received == len(COLLUDERS) and favoured.rejected == 0
            and not np.array_equal(honest.estimates, favoured.estimates))


record(id="jiang-gcms/sec6.1.collusion-shuffler-clients", location="Section VI-1, collusion (shuffler and clients)",
       statement="A shuffler colluding with malicious clients can consistently accept their inputs while refusing to "
                 "serve the honest clients.",
       printed=P.sec6_1_collusion_shuffler_clients_printed, derived=M.sec6_1_collusion_shuffler_clients_derived,
       kind="statement",
       assumptions="the 10 clients holding value 2 collude; the 50 others are refused",
       steps=(_protocol_grid("real round: only the colluders' reports reach the server, which rejects nothing",
                             lambda: [({"colluders": len(COLLUDERS)}, (len(COLLUDERS),), favour_undetected)]),))


def limit_silent_on_refusal(l: int) -> bool:
    """The contribution limit blocks nothing and the server rejects nothing when the shuffler serves only the
    colluders (one report each): the LDP layer has no signal that honest clients were refused."""
    from ldpref.discovery.esa import ContributionShuffler

    _, _, client, server = _deployment()
    rng = np.random.default_rng(SEED + l)
    served = [(i, v) for i, v in zip(COLLUDERS, client.encrypt([VALUES[i] for i in COLLUDERS], rng))]
    books = ContributionShuffler(l, rng).process(served)
    return books.blocked == 0 and server.open(books.forwarded).rejections.total == 0


record(id="jiang-gcms/sec6.1.scheduling", location="Section VI-1, collusion (shuffler and clients), remedy",
       statement="The shuffler refusing honest clients cannot be addressed through LDP design alone; enforced "
                 "scheduling or a decentralised shuffle (MPC) mitigates it.",
       derived=M.sec6_1_scheduling_derived,
       kind="cited",
       note="Cited: enforced scheduling and MPC are not implemented, so code cannot decide that they mitigate the "
            "attack; the check decides that the protocol's own defences (the contribution limit l, the server's "
            "message checks) raise nothing when honest clients are refused.",
       steps=(_protocol_grid("real messages: the limited shuffler blocks nothing and the server rejects nothing",
                             lambda: [({"l": l}, (l,), lambda l=l: limit_silent_on_refusal(l)) for l in (1, 2)]),))
