"""Structured exact moments: expectation, variance, covariance, MSE and worst-case losses of a
mechanism computed from its structure (per-coordinate and pairwise marginals, collision counts,
symmetry of a random hash family) instead of its full output space (issue 10, item 1).

Modules: :mod:`.field` (exact field, deferred substitution of an irrational e^eps), :mod:`.base`
(the interface read by :mod:`ldpref.moments` and :mod:`ldpref.losses`), :mod:`.symmetric` and
:mod:`.pure` (GRR, SUE, OUE, Subset Selection), :mod:`.wss` (OSC / WSS), :mod:`.gcms` (Algorithm 1), :mod:`.sketch` (CMS
and OLH of a fixed hash family),
:mod:`.ideal` (CMS over the ideal random-hash family), :mod:`.moments` (value-by-value results),
:mod:`.registry` (``model(name, **params)``), :mod:`.cli` (``ldpref moments``).

Weighted Subset Selection (:mod:`.wss`): its configurations are symmetric in the first and second
moments, so E, Var and MSE are those of any OSC (no linear program needed); the covariance needs third
moments, which WSS does not constrain, so it is computed from a given configuration or refused.
"""

from .registry import MODELS, model, parse_exp_eps  # noqa: E402

__all__ = ["model", "MODELS", "parse_exp_eps"]
