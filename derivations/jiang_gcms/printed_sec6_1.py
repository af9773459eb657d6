"""jiang-gcms Section VI preamble and Section VI-1 ("Analysis for GCMS/OCMS"), the word statements about the
clients, the shuffler, the server and their collusions, as printed predicates (pure transcription: what the
paper asserts at one instance).  The statements ldpref cites (halting, Sybil defences, MPC/TEE, the server's
motivation, enforced scheduling) show no printed predicate: their words are the claim's statement.

Instance parameters (see ``proofs_checks/jiang_gcms/sec6_1_security.py``): ``l`` (the contribution limit),
``garbage`` (reports one malicious client sends), ``sybils`` (fake identities), ``shuffler_holds`` (``"nothing"``
as the protocol says, or ``"sk"``), ``attack`` (the shuffler's deviation), ``exp_eps`` (the largest likelihood
ratio of what the server sees of one client), ``exp_eps0`` (the local randomiser's bound), ``eps_c`` (Theorem
1's amplified bound), ``eps0``.
"""

from __future__ import annotations

from ldpref.exact import exact_holds

from .symbols import Predicate



def sec6_1_truncation_printed():
    """"truncating clients' maximum contribution can counter the former" (garbage messages sent as LDP reports
    by a malicious client): what one client gets through is at most l."""
    return Predicate(r"\#\{\text{reports of one client forwarded}\} \le l", lambda **kw: True)



def sec6_1_shuffler_confidentiality_printed():
    """"Since all the client messages are encrypted with the server's public key, even a malicious shuffler cannot
    break the confidentiality of the messages" (its premise: the shuffler does not hold the server's key)."""
    return Predicate(r"\text{no key the shuffler holds opens } E_{pk}[\langle x, j\rangle] \iff sk \notin "
                     r"\mathrm{holdings}(\text{shuffler})", lambda **kw: kw["shuffler_holds"] != "sk")


def sec6_1_shuffler_deviate_printed():
    """"the shuffler could launch a data poisoning attack by injecting false information as LDP reports or dropping
    LDP reports from honest clients. Since the shuffler represents a single point of failure, these attacks are
    feasible"."""
    return Predicate(r"\text{the estimate changes and no party detects the deviation}", lambda **kw: True)



def sec6_1_standalone_printed():
    """"GCMS can also operate in a pure local differential privacy (LDP) setting without a shuffler ... the
    privacy guarantee is fully provided by the local randomization mechanism"."""
    return Predicate(r"\max_{y,x,x'} \frac{P(y\mid x)}{P(y\mid x')} \le e^{\epsilon_0}",
                     lambda **kw: kw["exp_eps"] <= kw["exp_eps0"])


def sec6_1_server_ldp_printed():
    """"since all messages accessed by the server are protected by LDP, it is assured that the server cannot learn
    additional information beyond what is allowed by the LDP protocol"."""
    return Predicate(r"\text{server's view of a client} = \langle x, j\rangle \wedge "
                     r"\max_{y,x,x'} \frac{P(y\mid x)}{P(y\mid x')} \le e^{\epsilon_0}",
                     lambda **kw: kw["exp_eps"] <= kw["exp_eps0"])



def sec6_1_collusion_shuffler_server_printed():
    """"the worst-case scenario is that the shuffler fails to shuffle the messages, thereby eliminating the
    privacy amplification effect. However, the results of the protocol are still protected by LDP, although at a
    reduced level of privacy"."""
    return Predicate(r"\epsilon_c < \epsilon_{\mathrm{linked}} \le \epsilon_0 < \infty",
                     lambda **kw: exact_holds(kw["eps_c"], "<", kw["eps_linked"])
                     and exact_holds(kw["eps_linked"], "<=", kw["eps0"]))


def sec6_1_collusion_server_clients_printed():
    """"In cases where the server colludes with a group of malicious clients, the server still gets no extra
    information of the rest of the clients due to the LDP guarantee"."""
    return Predicate(r"\max_{x_2, y_2} \max_{y_1, x_1, x_1'} \frac{P(y_1, y_2 \mid x_1, x_2)}{P(y_1, y_2 \mid x_1', "
                     r"x_2)} \le e^{\epsilon_0}", lambda **kw: kw["exp_eps"] <= kw["exp_eps0"])


def sec6_1_collusion_shuffler_clients_printed():
    """"When the shuffler colludes with malicious clients, the worst-case situation is that the shuffler
    consistently accepts inputs from the malicious clients while refusing to serve the honest ones"."""
    return Predicate(r"\text{the estimate comes from the colluders alone and no party detects it}", lambda **kw: True)
