"""One visual language for every figure (issue 24 item 3): a colour and a marker per mechanism, a line style per kind.

* **Mechanism -> colour and marker** (:data:`MECHANISMS`): the same mechanism has the same colour and marker in
  every figure of every paper.  A series names its mechanism with ``Series.mechanism``; without it the mechanism is
  the longest registered name the label starts with (``"RHR exact (b = eps)"`` -> RHR).
* **Kind -> line style** (:data:`KIND_LINES`): theory is drawn as lines (exact a wide pale solid band underneath,
  derived dashed, printed dotted with open markers, bound dash-dot), simulation as markers with error bars and no
  line; so a derived curve equal to the exact one, or a printed one lying on the derived one, stays visible and
  has its own legend entry.
* Several settings of one mechanism in one figure (e.g. GCMS at eps = 3 and eps = 5, jiang-gcms Fig 7) are shades
  of its colour; series of no registered mechanism (a parameter sweep: "eps = 1", "k = 10") take colours of a
  separate sequential palette, in order of first appearance.
* Legend (:func:`factor`): when every label of a figure reads "<setting>, <what>" and each <what> is one kind
  (jiang-gcms Fig 8: three p times derived / printed / exact / simulated), the legend lists the settings (colour)
  and the kinds (line style) once each instead of every product.
* Text: ``eps`` (the papers' epsilon) is typeset as $\\varepsilon$ (:func:`typeset`).

Nothing here draws: :mod:`.writer` asks :func:`assign` for each series' style.
"""

from __future__ import annotations

import re

#: mechanism -> (colour, marker): the Okabe-Ito colour-blind-safe palette first, then Tableau colours
MECHANISMS: dict[str, tuple[str, str]] = {
    "GRR": ("#332288", "o"),
    "OUE": ("#e69f00", "s"),
    "SUE": ("#f0e442", "s"),
    "OLH": ("#009e73", "^"),
    "SS": ("#cc79a7", "D"),
    "HE": ("#56b4e9", "v"),
    "RHR": ("#d55e00", "P"),
    "CMS+HE": ("#7f7f7f", "X"),
    "OCMS": ("#0072b2", "o"),
    "MSE-OCMS": ("#0072b2", "o"),
    "l-OCMS": ("#9467bd", "h"),
    "Apple CMS": ("#7f7f7f", "X"),
    "GCMS": ("#009e73", "^"),
    "WSS": ("#8c564b", "*"),
    "HR": ("#bcbd22", "<"),
    "OLH-C": ("#2ca02c", ">"),
}
#: colour of bounds (a bound is not a mechanism): black
BOUND_COLOUR = "#000000"
#: series of no registered mechanism: a sequential palette (dark to light), then these markers in turn
SWEEP_COLOURS = ("#1b3a6b", "#2f7fbf", "#2a9d8f", "#6a994e", "#e09f3e", "#d1495b", "#8e3b8a", "#5c5c5c")
SWEEP_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "h")
#: kind -> line style of a theory curve (simulated: markers only)
KIND_LINES = {"exact": "-", "derived": "--", "printed": ":", "bound": "-.", "simulated": "none"}
KIND_WIDTH = {"exact": 2.6, "derived": 1.1, "printed": 1.4, "bound": 0.9, "simulated": 0.0}
#: exact curves are a wide pale band underneath (alpha), so a derived or printed curve equal to it stays visible
#: on top of it; the drawing order: exact, bound, derived, printed, simulated
KIND_ALPHA = {"exact": 0.45, "derived": 1.0, "printed": 1.0, "bound": 1.0, "simulated": 1.0}
KIND_ORDER = {"exact": 1, "bound": 2, "derived": 3, "printed": 4, "simulated": 5}

_EPS = re.compile(r"\beps\b")
#: a parameter setting "name = value" outside parentheses (what tells two series of one mechanism apart)
_SETTING = re.compile(r"\b([A-Za-z]\w*) = ([^\s,;()]+)")


def typeset(text: str) -> str:
    """``text`` with the word eps typeset as mathtext epsilon (a lone ``$`` elsewhere is escaped)."""
    text = str(text).replace("$", r"\$")
    return _EPS.sub(r"$\\varepsilon$", text)


def mechanism_of(label: str) -> str | None:
    """The longest registered mechanism name that ``label`` starts with (followed by a space, comma, parenthesis or
    the end), or None."""
    best = None
    for name in MECHANISMS:
        if label.startswith(name) and (len(label) == len(name) or label[len(name)] in " ,(;:"):
            if best is None or len(name) > len(best):
                best = name
    return best


def _outside_parens(text: str) -> str:
    depth, out = 0, []
    for ch in text:
        depth += ch == "("
        if depth == 0:
            out.append(ch)
        depth -= ch == ")" and depth > 0
    return "".join(out)


def setting_of(label: str, mechanism: str | None) -> str:
    """The parameter settings of a label outside parentheses (``"GCMS eps = 3, p = 0.5 (derived)"`` -> ``"eps = 3,
    p = 0.5"``); for a label of no mechanism and no setting, its first comma-separated part without the kind words
    (``"any k, exact variance (derived)"`` -> ``"any k"``), one colour per such part."""
    rest = label[len(mechanism):] if mechanism else label
    found = ", ".join(f"{k} = {v.strip()}" for k, v in _SETTING.findall(_outside_parens(rest)))
    if found or mechanism:
        return found
    first = _outside_parens(label).split(",")[0]  # "any k, exact variance (derived)" -> "any k"
    return re.sub(r"\b(derived|printed|exact|simulated)\b", "", first).strip(" ,;") or label


def _shade(colour: str, i: int, n: int) -> str:
    """The i-th of n shades of ``colour`` (from darker to lighter; the middle one is the colour itself)."""
    if n <= 1:
        return colour
    r, g, b = (int(colour[j:j + 2], 16) / 255 for j in (1, 3, 5))
    t = (i / (n - 1)) * 1.1 - 0.55  # -0.55 (darker) .. +0.55 (lighter)
    mix = (lambda c: c * (1 + t)) if t < 0 else (lambda c: c + (1 - c) * t)
    return "#" + "".join(f"{round(255 * min(1.0, max(0.0, mix(c)))):02x}" for c in (r, g, b))


def _swept(setting: str) -> str:
    """The parameter a sweep setting varies: "eps = 3" -> "eps"; "any k" -> "k" (its last word otherwise)."""
    return setting.split(" = ")[0].strip() if " = " in setting else (setting.split() or [""])[-1]


def assign(series) -> list[dict]:
    """One style per series (colour, marker, linestyle, linewidth) for the series of one figure."""
    keys = []
    for s in series:
        mech = getattr(s, "mechanism", None) or mechanism_of(s.label)
        keys.append((mech, setting_of(s.label, mech)))
    settings: dict = {}
    for mech, setting in keys:
        settings.setdefault(mech, [])
        if setting not in settings[mech]:
            settings[mech].append(setting)
    sweep = settings.get(None, [])
    styles = []
    for s, (mech, setting) in zip(series, keys):
        if mech is not None:
            colour, marker = MECHANISMS[mech]
            colour = _shade(colour, settings[mech].index(setting), len(settings[mech]))
        elif s.kind == "bound" or "bound" in s.label:
            colour, marker = BOUND_COLOUR, "_"
        else:  # a sweep: its settings of one parameter ("eps = 1", "eps = 2", ...) spread over the palette
            family = [k for k in sweep if _swept(k) == _swept(setting)]
            i = family.index(setting)
            colour = SWEEP_COLOURS[round(i * (len(SWEEP_COLOURS) - 1) / max(1, len(family) - 1))
                                   if len(family) <= len(SWEEP_COLOURS) else i % len(SWEEP_COLOURS)]
            marker = SWEEP_MARKERS[i % len(SWEEP_MARKERS)]
        styles.append({"color": colour, "marker": marker, "linestyle": KIND_LINES[s.kind],
                       "linewidth": KIND_WIDTH[s.kind], "alpha": KIND_ALPHA[s.kind], "zorder": KIND_ORDER[s.kind]})
    return styles


def _split_last(label: str):
    """``label`` split at its last comma outside parentheses: (head, tail), or None."""
    depth = 0
    for i in range(len(label) - 1, -1, -1):
        ch = label[i]
        depth += ch == ")"
        depth -= ch == "(" and depth > 0
        if ch == "," and depth == 0:
            return label[:i].strip(), label[i + 1:].strip()
    return None


def factor(series):
    """(groups, whats) -- ``groups``: {setting: first series index}, ``whats``: {what: first series index} -- when
    the legend can list settings and kinds separately without losing a label: every label is "<setting>, <what>",
    each <what> belongs to one kind and each kind has one <what>; None otherwise (the legend then lists labels)."""
    groups, whats, kind_of, labels = {}, {}, {}, set()
    for i, s in enumerate(series):
        parts = _split_last(s.label)
        if parts is None:
            return None
        head, tail = parts
        if kind_of.setdefault(tail, s.kind) != s.kind:
            return None
        groups.setdefault(head, i)
        whats.setdefault(tail, i)
        labels.add(s.label)
    if len(set(kind_of.values())) != len(kind_of) or len(groups) < 2 or len(whats) < 2 \
            or len(groups) + len(whats) >= len(labels):
        return None
    return groups, whats
