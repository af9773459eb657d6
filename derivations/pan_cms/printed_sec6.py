"""pan-cms Section 6 (Figs 2-4) as printed: each experiment statement, shown as its inequality over the plotted
quantities, and evaluated at an instance as what the paper asserts there.

The paper asserts each statement at every eps its figure plots ("for each privacy factor eps ranging from 1 to
5"), so a printed predicate is true at an instance with 1 <= eps <= 5; the check compares that assertion with the
statement's truth on the exact values (the jiang-gcms/fig6 pattern).  Plotted quantities: ``mse`` the worst-case
MSE over the values of interest (Eq. (22)), ``l1``, ``l2``; MSE-OCMS for the MSE, l-OCMS for l1/l2.  Pure
transcription: imports only sympy and symbol tables.
"""

from __future__ import annotations

from .symbols_statements import Predicate

_SCOPE = (1, 5)  # Section 6: "each privacy factor eps ranging from 1 to 5"


def _asserted(latex: str) -> Predicate:
    """The paper's assertion of ``latex`` at every plotted eps."""
    return Predicate(latex, lambda **kw: bool(_SCOPE[0] <= kw["eps"] <= _SCOPE[1]))


def ocms_lowest_printed():
    """6.1-6.3: 'MSE-OCMS and l-OCMS outperform other algorithms in terms of MSE-bar and l1/l2 losses'."""
    return _asserted(r"\overline{MSE}_{\mathrm{MSE\text{-}OCMS}} < \overline{MSE}_{A},\ "
                     r"\ell_{1,2}(\ell\text{-OCMS}) < \ell_{1,2}(A)\ \forall A \in \{HE, CMS{+}HE, RHR\},\ "
                     r"\epsilon \in [1, 5]")


def he_cms_he_identical_printed():
    """6.1-6.3: 'HE and CMS+HE have identical performance/accuracy in all the metrics' (read: the curves
    coincide, a relative difference of at most 1% in each metric)."""
    return _asserted(r"|M_{HE} - M_{CMS+HE}| \le 0.01\, M_{HE}\ \text{for } M \in \{\overline{MSE}, \ell_1, "
                     r"\ell_2\},\ \epsilon \in [1, 5]")


def rhr_worst_printed():
    """6.1: 'RHR performs the worst in all the metrics'."""
    return _asserted(r"M_{RHR} > M_{A}\ \forall A \ne RHR,\ M \in \{\overline{MSE}, \ell_1, \ell_2\},\ "
                     r"\epsilon \in [1, 5]")


def he_worst_printed():
    """6.2: 'HE and CMS+HE ... perform the worst' (every metric)."""
    return _asserted(r"M_{H} > M_{A}\ \forall H \in \{HE, CMS{+}HE\},\ A \in \{OCMS, RHR\},\ "
                     r"M \in \{\overline{MSE}, \ell_1, \ell_2\},\ \epsilon \in [1, 5]")


def rhr_between_printed():
    """6.2: 'The accuracy of RHR lies between OCMS and the other algorithms'."""
    return _asserted(r"M_{OCMS} < M_{RHR} < \min(M_{HE}, M_{CMS+HE})\ \forall M,\ \epsilon \in [1, 5]")


def eq16_printed():
    """6.2: 'we set f* = 0 for MSE-OCMS and verify if its MSE-bar satisfies Eq. (16)', read with Section 6's rule:
    consistent when between Eq. (16) at f* = 0 and Appendix I's upper bound [1 + (2/t)(sqrt(t log(20|x|)) +
    log(20|x|))] times it (Eq. (16): (1/n)[f* + 4e^eps/(e^eps - 1)^2])."""
    return _asserted(r"\frac{1}{n}\left[f^* + \frac{4e^\epsilon}{(e^\epsilon-1)^2}\right]_{f^*=0} \le "
                     r"\overline{MSE}_{\mathrm{MSE\text{-}OCMS}} \le \left[1 + \tfrac{2}{t}\left(\sqrt{t\log(20|x|)} + "
                     r"\log(20|x|)\right)\right]\frac{4e^\epsilon}{n(e^\epsilon-1)^2},\ \epsilon \in [1, 5]")


def l1_upper_printed():
    """Section 6: 'the calculated l1 loss is an upper bound, so the experimental value is expected to be below it'
    (the calculated l1: Theorem 3.7's, with d replaced by |x|)."""
    return _asserted(r"E\left[\ell_1(\ell\text{-OCMS})\right] \le \sqrt{|x|\,\ell_2^*(|x|)},\ \epsilon \in [1, 5]")
