"""Errors raised by ldpref.

Every error names the offending entry: a bad mechanism names the row and column, a bad dataset names
the input whose count is wrong.  ``TypeError`` is reserved for a value of the wrong *kind* (a float
where an exact number is required); ``ValueError`` subclasses report a value of the right kind that
breaks a rule (a negative probability, a column that does not sum to one).
"""


class LdprefError(ValueError):
    """Base class of ldpref's value errors."""


class MechanismError(LdprefError):
    """A perturbation matrix or decoder that is not a valid mechanism."""


class DatasetError(LdprefError):
    """A dataset (counts per input) that is not valid for a mechanism."""


class RankError(MechanismError):
    """A perturbation matrix without full column rank where a decoder is required."""


class ParameterError(LdprefError):
    """A parameter out of range (eps <= 0, d < 2, k outside 1..d-1, ...)."""


class FormatError(LdprefError):
    """A JSON document that does not follow its declared ``format``."""


class NonUniformFamilyWarning(UserWarning):
    """A hash family that is not pairwise uniform (Pr[h(x) = h(x')] != 1/m for some x != x'): the CMS/OLH
    estimate over that fixed family is biased (pan-cms Lemma 3.1 and Corollary 3.2)."""
