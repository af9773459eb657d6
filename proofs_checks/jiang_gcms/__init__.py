"""Claim checks for jiang-gcms (Jiang et al., "When Focus Enhances Utility ..."), one submodule per part of
the paper.  Derivations live in ``derivations/jiang_gcms/``; the exact path enumerates the real mechanisms of
``ldpref.mechanisms.pure`` and ``ldpref.mechanisms.gcms`` (Algorithm 1 built step by step, mixed over every
draw of the hash functions), and the vectorised protocol of ``ldpref.gcms`` is run against them.

* :mod:`.pure_protocols` -- Section II-B (the pure protocol) and Section III-A (p and q of BRR, GRR, SUE, OUE);
* :mod:`.gcms_model` -- the exact path of the GCMS claims (grid, mixture over draws, exact moments);
* :mod:`.sec2a_definition1` -- Section II-A: Definition 1, Eq. (1), Theorem 1, Eq. (2);
* :mod:`.sec4a_algorithms` -- Section IV-A: Algorithms 1-3, Eqs. (3)-(4), Remark 1;
* :mod:`.sec4b_theorems` -- Section IV-B: Theorems 2 and 3 and their special cases;
* :mod:`.sec4c_lemma1` -- Section IV-C: Lemma 1, Remarks 2-3, Eq. (7), Section VII-B on Fig. 5;
* :mod:`.sec4c_algorithm4` -- Section IV-C: Algorithm 4 and the budget allocation;
* :mod:`.sec5_discovery` -- Section V-B: Theorem 4, Eqs. (8)-(9) (Algorithm 6's privacy), Section VII-E's T;
  :mod:`.sec5_opendp` its OpenDP cross-check;
* :mod:`.sec7_experiments` -- Section VII-B on Fig. 6 and Section VII-D (Adult: Lemma 1's p);
* :mod:`.sec7_adult` -- Section VII-D's statements on Fig. 8 (targets, Apple's p and its target, the range);
* :mod:`.sec7_communication` -- Section VII-C (Fig. 7's communication costs);
* :mod:`.sec7a_fig4` -- Section VII-A (Fig. 4: GCMS at p = 0.5 against Apple's CMS, reconstructed);
* :mod:`.sec7b_fig6` -- Section VII-B on Fig. 6 (how much OCMS gains over Apple's CMS);
* :mod:`.sec6_1_security` -- Section VI preamble and VI-1 (clients, shuffler, server, collusion), by the real ESA
  parties of ``ldpref.discovery.esa`` and the exact GCMS mechanism;
* :mod:`.sec6_security` -- Section VI-2 (the auxiliary server's attacks) and Section VII-E, by the real protocol;
* :mod:`.appendix_a`, :mod:`.appendix_b`, :mod:`.appendix_c` -- the proofs of Theorem 2, Theorem 3, Lemma 1.

Importing this package registers every jiang-gcms claim.
"""

from . import (appendix_a, appendix_b, appendix_c, gcms_model, pure_protocols, sec2a_definition1,  # noqa: F401
               sec4a_algorithms, sec4b_theorems, sec4c_algorithm4, sec4c_lemma1, sec5_discovery,  # noqa: F401
               sec6_1_security, sec6_security,  # noqa: F401
               sec7_adult, sec7_communication, sec7_experiments, sec7a_fig4, sec7b_fig6)  # noqa: F401
from . import sec5_algorithms  # noqa: F401,E402  (Section V-A: Algorithms 5 and 6 by the real parties)
# numeric definitions; all-parameter model sides and proofs (issue 25)
from . import definitions, model_proofs, obligations  # noqa: F401,E402
from . import obligations_sec7  # noqa: F401,E402  (Section VII's fixed points proved there, issue 25)
from .sec4c_algorithm4 import _algorithm4_p  # noqa: F401  (tests import it from the package)
from .sec7_experiments import _adult_points  # noqa: F401


#: the paper's title (ldpref.ledger.papers reads it; the paper's key and this package are in proofs_checks.PAPERS)
TITLE = 'B. Jiang et al., "When Focus Enhances Utility: Target Range LDP Frequency Estimation ..."'
