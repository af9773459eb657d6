"""jiang-gcms Section V-A (Algorithms 5 and 6): the derived forms, from a model of the protocol's keys, layers and
noise.  Never imports a printed module.

The model:

* keys (Section V-A, "the server and the aux. server send their public keys pk1 and pk2"): the server holds the
  secret key sk1 of pk1, the aux. server sk2 of pk2; a sealed layer opens under the secret key of the public key
  it was sealed to and under no other (authenticated public-key encryption);
* the message (Algorithm 5): layers ``v = E_pk2[inner || H[d]]`` and ``inner = E_pk1[d]``;
* the hash: one keyed function ``H = HMAC-SHA256(k_H, .)`` with the one key ``k_H`` every client holds, so a
  function of ``d`` alone; modelled injective on a handful of items (two distinct items collide with probability
  2^-256 per pair);
* the encryption: a sealed box draws a fresh ephemeral X25519 key per call (251 random bits after clamping), so
  two encryptions of one plaintext coincide only if two ephemeral keys do;
* the noise: ``Lap(b)`` has density ``e^{-|y|/b}/(2b)`` and CDF ``F(y) = e^{y/b}/2`` (y < 0), ``1 - e^{-y/b}/2``
  (y >= 0); a bin of count c passes iff its draw lies in ``[T - c, oo)``, with probability ``1 - F(T - c)``
  (F is continuous: no atom), and Algorithm 6's "randomly select" draws one of the bin's ciphertexts uniformly.
"""

from __future__ import annotations

import sympy

from ldpref.ledger.forms import Predicate

#: public key -> the secret key that opens what is sealed to it (Section V-A's key set-up)
KEY_PAIRS = {"pk1": "sk1", "pk2": "sk2"}
#: Algorithm 5's layers: the key each is sealed to
LAYERS = {"outer": "pk2", "inner": "pk1"}
#: who holds the hash key k_H: every client (one key for all of them) and the server
HASH_KEY_HOLDERS = ("clients", "server")
#: random bits a sealed box draws per encryption (X25519 ephemeral scalar after clamping)
FRESH_BITS = 251
#: a probability below 2^-NEGLIGIBLE_BITS is treated as an event that does not happen on a few instances
NEGLIGIBLE_BITS = 128


def opens(layer: str, key: str) -> bool:
    """Whether ``layer`` of Algorithm 5's message opens under secret key ``key`` (and then yields its content)."""
    return KEY_PAIRS[LAYERS[layer]] == key


def same_hash(d, d2) -> bool:
    """H[d] = H[d2] for the messages of two clients: one function of the item (one k_H for all clients), injective
    on the instance's items."""
    one_function = "clients" in HASH_KEY_HOLDERS
    return one_function and d == d2


def _alg5(**kw) -> bool:
    if kw["query"] == "hash":
        return same_hash(kw["d"], kw["d2"])
    return opens(kw["query"], kw["key"])


def alg5_derived():
    """Algorithm 5 from the model: the layer sealed to pk opens exactly under pk's secret key; H is one function."""
    return Predicate(r"H = \mathrm{HMAC}(k_H, \cdot)\ \text{(one } k_H\text{)};\ \ D_{sk}(E_{pk}[m]) = m \iff "
                     r"(pk, sk) \in \{(pk_1, sk_1), (pk_2, sk_2)\},\ v = E_{pk_2}[E_{pk_1}[d] \,\|\, H[d]]", _alg5)


def randomized_derived():
    """Two sealed boxes of d to pk1 coincide with probability 2^-251 (ephemeral keys): they differ; both open to d."""
    return Predicate(r"\Pr[E_{pk1}[d] = E'_{pk1}[d]] \le 2^{-251} \ \wedge\ D_{sk_1} \circ E_{pk_1} = \mathrm{id}",
                     lambda **kw: FRESH_BITS >= NEGLIGIBLE_BITS and KEY_PAIRS[kw["pk"]] == "sk1")


def laplace_cdf(y, b):
    """F(y) = P(Lap(b) <= y): e^{y/b}/2 for y < 0, 1 - e^{-y/b}/2 for y >= 0 (exact sympy values)."""
    y, b = sympy.sympify(y), sympy.sympify(b)
    return sympy.exp(y / b) / 2 if y < 0 else 1 - sympy.exp(-y / b) / 2


def release_probability(c, b, T):
    """P(c + Lap(b) >= T) = 1 - F(T - c) (F continuous): e^{-(T-c)/b}/2 for c <= T, 1 - e^{(T-c)/b}/2 for c > T."""
    return 1 - laplace_cdf(sympy.sympify(T) - c, b)


def alg6_derived():
    """Algorithm 6 from the noise model: a bin releases one of its ciphertexts iff its draw lies in [T - c, oo)
    (probability 1 - F(T - c) = release_probability), chosen uniformly (1/c each)."""
    return Predicate(r"|S \cap F[key]| = 1 \iff \mathrm{Lap}(b) \in [T - c, \infty),\ \ \Pr = 1 - F_b(T - c) = "
                     r"\begin{cases} \tfrac12 e^{-(T-c)/b} & c \le T \\ 1 - \tfrac12 e^{(T-c)/b} & c > T \end{cases}"
                     r",\ \ \Pr[E_i \mid \text{release}] = \tfrac1c",
                     lambda **kw: bool(kw["noise"] >= kw["T"] - kw["c"]))


def selection_probability(c):
    """Algorithm 6's "randomly select": each of a passing bin's c ciphertexts with probability 1/c."""
    return sympy.Rational(1, c)


def atom(y, b):
    """P(Lap(b) = y) = F(y) - F(y-): 0 away from 0 (F is one smooth branch there) and e^0/2 - (1 - e^0/2) = 0 at 0."""
    y = sympy.sympify(y)
    if y != 0:
        return sympy.Integer(0)
    return laplace_cdf(0, b) - sympy.exp(sympy.Integer(0) / b) / 2


def threshold_wording_derived():
    """P(c + Lap(b) >= T) - P(c + Lap(b) > T) = P(Lap(b) = T - c) = 0: the two rules release alike."""
    return Predicate(r"\Pr[c + \mathrm{Lap}(b) \ge T] - \Pr[c + \mathrm{Lap}(b) > T] = \Pr[\mathrm{Lap}(b) = T - c] "
                     r"= F_b(T - c) - F_b((T - c)^-) = 0", lambda **kw: atom(kw["T"] - kw["c"], kw["b"]) == 0)


def discrete_laplace_pmf(k, b):
    """P(Z = k) for the discrete Laplace of scale b (OpenDP's integer path): (1 - a)/(1 + a) a^{|k|}, a = e^{-1/b};
    0 off the integers."""
    k = sympy.sympify(k)
    if not k.is_integer:
        return sympy.Integer(0)
    a = sympy.exp(-1 / sympy.sympify(b))
    return (1 - a) / (1 + a) * a ** abs(k)
