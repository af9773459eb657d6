"""Built-in exact mechanisms and the registry used by ``ldpref mechanism NAME``.

Importing this package imports every built-in module (:data:`BUILTIN_MODULES`, at the end of this file, after
:func:`register` exists), so :data:`REGISTRY` is complete on import and every builder is exported here:
the pure protocols (GRR, SUE, OUE, Subset Selection; ``pure.py``), Count-Mean Sketch (pan-cms Eq. 2,
``cms.py``), the pan-cms Section 4 variants (HE, HR, RHR, OLH, CMS+HE, RAPPOR cohorts; ``variants.py``), the
prime-field optimized CMS (pan-strict Section 5.2, ``prime_cms.py``), GCMS (jiang-gcms Algorithms 1-3,
``gcms.py``) and the built-ins libraries ship (Acharya et al.'s HR, the t-coefficient Hadamard mechanism,
Apple's HCMS, FastLH; ``shipped.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..mechanism import Mechanism
from .pure import PureProtocol, grr, oue, subset_selection, sue, support_probabilities

REQUIRED = object()


@dataclass(frozen=True)
class Key:
    """One ``--set`` key: its kind (``int``, ``rational``, ``str``), default and meaning."""

    kind: str
    default: object = REQUIRED
    help: str = ""


@dataclass(frozen=True)
class Spec:
    """A registered mechanism: its builder (keyword arguments = the ``--set`` keys), keys and one-line meaning."""

    build: Callable[..., Mechanism]
    keys: dict = field(default_factory=dict)
    description: str = ""

    def __post_init__(self):
        if "exp_eps" in self.keys and "eps" not in self.keys:  # build(..., eps=...) as well as exp_eps=...
            from ._params import accepts_eps

            object.__setattr__(self, "build", accepts_eps(self.build))


D = Key("int", help="dictionary size")
EXP = Key("rational", help="e^eps as an exact rational, e.g. 3 or 5/2")

#: name -> Spec; every builder returns a Mechanism
REGISTRY: dict[str, Spec] = {
    "grr": Spec(lambda d, exp_eps: grr(d, exp_eps).mechanism, {"d": D, "exp_eps": EXP},
                "generalised randomised response (BRR when d = 2)"),
    "sue": Spec(lambda d, exp_eps: sue(d, exp_eps).mechanism, {"d": D, "exp_eps": EXP},
                "symmetric unary encoding (symmetric RAPPOR)"),
    "oue": Spec(lambda d, exp_eps: oue(d, exp_eps).mechanism, {"d": D, "exp_eps": EXP},
                "optimised unary encoding (asymmetric RAPPOR)"),
    "ss": Spec(lambda d, exp_eps, k=None: subset_selection(d, _ss_k(d, k, exp_eps), exp_eps).mechanism,
               {"d": D, "k": Key("int", None, help="subset size (default: the k in 1..d-1 with the least exact l2 "
                                                   "loss, pan-strict Section 5.1)"),
                "exp_eps": EXP}, "Subset Selection"),
}


def _ss_k(d, k, exp_eps):
    """Subset Selection's k: as given, or the l2-optimal support size (exhaustive over 1..d-1)."""
    if k is not None:
        return k
    from ..limits import check_mechanism
    from ..wss import optimal_support_size
    from ._params import check_d, check_exp_eps

    d, e = check_d(d), check_exp_eps(exp_eps)
    # every k in 1..d-1 gives at least C(d, 1) = d outputs: refuse before the exhaustive search over k
    check_mechanism("ss", d, d, outputs_text="at least C(d, 1)", exp_eps=e, sets=f"d={d} exp_eps={e}")

    return optimal_support_size(d, exp_eps)


def register(name: str, spec: Spec) -> None:
    """Add a built-in mechanism to the registry (used by the paper-specific modules)."""
    if name in REGISTRY:
        raise ValueError(f"mechanism {name!r} registered twice")
    REGISTRY[name] = spec


#: the modules that register built-in mechanisms, imported below (after register exists: they import it)
BUILTIN_MODULES = ("ldpref.mechanisms.variants", "ldpref.mechanisms.prime_cms", "ldpref.mechanisms.gcms",
                   "ldpref.mechanisms.shipped")

# ``cms`` and ``gcms`` are also the names of submodules: exporting the functions under those names would hide
# the modules (``ldpref.mechanisms.gcms.draw_classes`` would fail), so they are exported by their full names
from .cms import CMS, cms_over_draws, inner_mechanism  # noqa: E402  (after register: no cycle)
from .cms import cms as count_mean_sketch  # noqa: E402
from .gcms import build_gcms, draw_classes, gcms_over_draws, p_for_exp_eps  # noqa: E402
from .gcms import gcms as generalized_count_mean_sketch  # noqa: E402
from .prime_cms import OCMS, ocms_prime, prime_hash_family  # noqa: E402
from .variants import (build_cms, build_cms_he, build_olh, compose_families, hadamard_encoding,  # noqa: E402
                       hadamard_response, local_hashing, make_family, rappor_cohorts, recursive_hadamard_response,
                       tns)
from .shipped import (build_hcms, fast_local_hashing, fastlh_family, hadamard_count_mean_sketch,  # noqa: E402
                      hadamard_mechanism, hadamard_response_acharya)

__all__ = ["PureProtocol", "grr", "sue", "oue", "subset_selection", "support_probabilities", "REGISTRY",
           "Spec", "Key", "REQUIRED", "register", "BUILTIN_MODULES",
           "CMS", "count_mean_sketch", "cms_over_draws", "inner_mechanism", "generalized_count_mean_sketch",
           "build_gcms", "draw_classes", "gcms_over_draws", "p_for_exp_eps", "OCMS", "ocms_prime",
           "prime_hash_family", "build_cms", "build_cms_he", "build_olh", "compose_families", "hadamard_encoding",
           "hadamard_response", "local_hashing", "make_family", "rappor_cohorts", "recursive_hadamard_response",
           "tns", "build_hcms", "fast_local_hashing", "fastlh_family", "hadamard_count_mean_sketch",
           "hadamard_mechanism", "hadamard_response_acharya"]
