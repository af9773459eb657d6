"""The exact-number grammar of the command line: user text becomes an exact sympy number, never via eval.

Accepted (ASCII only; white space between tokens is ignored)::

    expr   := term (("+" | "-") term)*
    term   := unary (("*" | "/") unary)*
    unary  := ("+" | "-") unary | power
    power  := atom ("**" unary)?            exponent: an integer of magnitude <= MAX_EXPONENT
    atom   := NUMBER | "e" | FUNC "(" expr ")" | "(" expr ")"
    FUNC   := sqrt | exp | ln | log          (log is the natural logarithm)
    NUMBER := digits ["." digits] [("e" | "E") [sign] digits]   read exactly: 2.5E-3 = 1/400

``e``, ``sqrt``, ``exp`` and ``ln``/``log`` only where an irrational value is meaningful (``irrational=True``,
e.g. e^eps or eps); elsewhere the value must be rational.  ``inf`` and ``nan`` are refused as not finite,
and every value (also every intermediate one) must lie within ``MAX_MAGNITUDE`` in absolute value, with
numerator and denominator within it too, so nothing huge is ever built.  The signs (sqrt, ln) and the bounds are
decided by ldpref.exact (rigorous enclosures, 0 only by a proof), never by a rounded value or sympy's assumptions;
a value that cannot be ordered exactly is refused.  Errors are ``ParameterError`` (a ``ValueError``) with one line
naming the key and the problem.
"""

from __future__ import annotations

import re

import sympy

from .errors import ParameterError
from .exact import OrderUndecided, exact_holds, exact_sign

#: bound on |value|, on numerators and on denominators (also of intermediate results)
MAX_MAGNITUDE = 10 ** 100
#: bound on |k| in x ** k and on the decimal exponent of 1e<k>
MAX_EXPONENT = 400
#: bound on |x| in exp(x): e^230 < 10^100 = MAX_MAGNITUDE
MAX_EXP_ARGUMENT = 230
MAX_TEXT = 200

_TOKEN = re.compile(r"\s*(?:(?P<num>(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)|(?P<name>[A-Za-z_]+)"
                    r"|(?P<op>\*\*|[-+*/()]))", re.ASCII)
_FUNCS = {"sqrt": sympy.sqrt, "exp": sympy.exp, "ln": sympy.log, "log": sympy.log}
_NOT_FINITE = {"inf", "infinity", "nan", "oo", "zoo"}


def parse_number(text: str, *, what: str = "value", irrational: bool = False) -> sympy.Expr:
    """An exact sympy number from ``text`` (see the module docstring for the grammar)."""
    if not isinstance(text, str):
        raise TypeError(f"{what}: expected text such as '5/2', got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ParameterError(f"{what}: {len(text)} characters (at most {MAX_TEXT})")
    if not text.isascii():
        bad = next(ch for ch in text if not ch.isascii())
        raise ParameterError(f"{what} = {text!r}: only ASCII digits and operators are accepted, not {bad!r}")
    tokens = _tokenize(text, what)
    if not tokens:
        raise ParameterError(f"{what}: empty value")
    parser = _Parser(tokens, text, what, irrational)
    value = parser.expr()
    if parser.pos != len(tokens):
        raise ParameterError(f"{what} = {text!r}: unexpected {tokens[parser.pos][1]!r}")
    _check_size(value, text, what)
    if not irrational and not value.is_Rational:
        raise ParameterError(f"{what} = {text!r} is not a rational number; write an integer, p/q or a decimal")
    return value


def _tokenize(text: str, what: str) -> list[tuple[str, str]]:
    tokens, pos = [], 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _TOKEN.match(text, pos)
        if not m:
            raise ParameterError(f"{what} = {text!r}: unexpected {text[pos:].strip()[:10]!r}; write an integer, p/q, "
                                 f"a decimal such as 2.5e-3 or an expression of these")
        kind = m.lastgroup
        tokens.append((kind, m.group(kind)))
        pos = m.end()
    return tokens


def _decimal(token: str, text: str, what: str) -> sympy.Rational:
    mantissa, _, exponent = token.lower().partition("e")
    whole, _, frac = mantissa.partition(".")
    exp10 = int(exponent) if exponent else 0
    if abs(exp10) > MAX_EXPONENT or len(whole) + len(frac) > MAX_EXPONENT:
        raise ParameterError(f"{what} = {text!r}: {token} is out of range (|value| <= 10^100)")
    value = sympy.Rational(int((whole or "0") + frac), 10 ** len(frac)) * sympy.Rational(10) ** exp10
    return value


def _check_size(value, text: str, what: str) -> None:
    if value.is_Rational:
        if abs(value.p) > MAX_MAGNITUDE or value.q > MAX_MAGNITUDE:
            raise ParameterError(f"{what} = {text!r}: numerator and denominator must be at most 10^100 in absolute "
                                 f"value")
        return
    if value.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
        raise ParameterError(f"{what} = {text!r} is not finite")
    if value.has(sympy.I):  # the grammar builds real numbers only (sqrt and ln of a negative number are refused)
        raise ParameterError(f"{what} = {text!r} is not real")
    if not _within(value, MAX_MAGNITUDE, text, what):
        raise ParameterError(f"{what} = {text!r}: |value| must be at most 10^100")


def _within(value, bound, text: str, what: str) -> bool:
    """-bound <= value <= bound, two exact orders (never sympy's Abs, which picks the sign by its own evaluation)."""
    return _decided(lambda: exact_holds(value, ">=", -bound) and exact_holds(value, "<=", bound), text, what)


def _decided(decision, text: str, what: str):
    """``decision()``, an exact order of ldpref.exact; a value whose order cannot be decided exactly is refused in one
    line (never a rounded guess)."""
    try:
        return decision()
    except OrderUndecided:
        raise ParameterError(f"{what} = {text!r}: its value cannot be ordered exactly (too close to a bound, or no "
                             "rigorous enclosure)") from None


class _Parser:
    def __init__(self, tokens, text, what, irrational):
        self.tokens, self.text, self.what, self.irrational, self.pos = tokens, text, what, irrational, 0

    def _peek(self):
        return self.tokens[self.pos][1] if self.pos < len(self.tokens) else None

    def _take(self):
        tok = self.tokens[self.pos]
        self.pos += 1
        return tok

    def _error(self, why: str):
        return ParameterError(f"{self.what} = {self.text!r}: {why}")

    def _sized(self, value):
        _check_size(value, self.text, self.what)
        return value

    def expr(self):
        value = self.term()
        while self._peek() in ("+", "-"):
            op = self._take()[1]
            rhs = self.term()
            value = self._sized(value + rhs if op == "+" else value - rhs)
        return value

    def term(self):
        value = self.unary()
        while self._peek() in ("*", "/"):
            op = self._take()[1]
            rhs = self.unary()
            if op == "/":
                if rhs == 0:
                    raise self._error("division by zero")
                value = self._sized(value / rhs)
            else:
                value = self._sized(value * rhs)
        return value

    def unary(self):
        if self._peek() in ("+", "-"):
            op = self._take()[1]
            value = self.unary()
            return -value if op == "-" else value
        return self.power()

    def power(self):
        base = self.atom()
        if self._peek() != "**":
            return base
        self._take()
        exponent = self.unary()
        if not exponent.is_Integer or abs(exponent) > MAX_EXPONENT:
            raise self._error(f"the exponent {exponent} must be an integer of magnitude at most {MAX_EXPONENT} "
                              f"(use sqrt(..) for square roots)")
        if base == 0 and exponent < 0:
            raise self._error("division by zero (0 to a negative power)")
        if base.is_Rational:  # bound the size before building the power
            bits = max(abs(base.p).bit_length(), base.q.bit_length())
            if abs(base) != 1 and (bits - 1) * abs(int(exponent)) > 400:
                raise self._error("|value| must be at most 10^100")
        return self._sized(base ** exponent)

    def atom(self):
        if self.pos >= len(self.tokens):
            raise self._error("incomplete expression")
        kind, tok = self._take()
        if kind == "num":
            return _decimal(tok, self.text, self.what)
        if tok == "(":
            value = self.expr()
            if self._peek() != ")":
                raise self._error("missing ')'")
            self._take()
            return value
        if kind == "name":
            low = tok.lower()
            if low in _NOT_FINITE:
                raise self._error(f"{tok} is not finite")
            if tok == "e" or tok in _FUNCS:
                if not self.irrational:
                    raise self._error(f"{tok} is not accepted here: this value must be rational (an integer, p/q or "
                                      f"a decimal)")
                if tok == "e":
                    return sympy.E
                if self._peek() != "(":
                    raise self._error(f"{tok} needs parentheses, e.g. {tok}(2)")
                self._take()
                arg = self.expr()
                if self._peek() != ")":
                    raise self._error("missing ')'")
                self._take()
                return self._function(tok, arg)
            raise self._error(f"unknown name {tok!r} (accepted: e, sqrt, exp, ln, log)" if self.irrational
                              else f"unknown name {tok!r}; write an integer, p/q or a decimal")
        raise self._error(f"unexpected {tok!r}")

    def _function(self, name: str, arg):
        sign = _decided(lambda: exact_sign(arg), self.text, self.what) if name != "exp" else None
        if name == "sqrt" and sign < 0:
            raise self._error(f"sqrt of the negative number {arg}")
        if name == "sqrt" and sign == 0:  # proved 0 (ldpref.exact.is_zero): its root is 0, exactly
            return sympy.Integer(0)
        if name in ("ln", "log") and sign <= 0:
            raise self._error(f"{name} of the non-positive number {arg}")
        if name == "exp" and not _within(arg, MAX_EXP_ARGUMENT, self.text, self.what):
            raise self._error("|value| must be at most 10^100")
        return self._sized(_FUNCS[name](arg))
