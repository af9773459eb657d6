"""Datasets for simulations and the papers' experiments, from a one-line SPEC to exact integer counts.

SPEC forms (keys ``key=value`` separated by commas; integers in ASCII digits or the exact-number grammar,
e.g. ``n=1e4``, but their value must be an integer):

* ``zipf:d=D,n=N[,s=S]`` -- pan-cms Section 6.1 and pan-strict Section 6.1: ``N`` objects sampled from the
  Zipf law ``Zipf(r) ∝ 1 / r^S`` over ranks ``r = 1..D`` (both papers: ``S = 2``, the default; pan-cms ``D =
  100,000``, pan-strict ``D = 100``, ``N = 10,000``).  Rank ``r`` is value ``r - 1`` (value 0 the most
  likely).  pan-cms also chooses the values so that all share one residue for RHR (Section 4.3); that
  relabelling belongs to the figure that needs it, not to the dataset.
* ``gaussian:d=D,n=N[,mean=M,sd=SD]`` -- pan-cms Section 6.2: ``N`` objects from a normal law with standard
  deviation ``SD`` (default 50) around an integer mean ``M`` (default: an integer drawn uniformly from
  ``[D/10, 9D/10]`` with the seed, i.e. ``[1000, 9000]`` for the paper's ``D = 10,000``), rounded to the
  nearest integer.  The paper "truncates" values outside the dictionary; here that is the truncated law in the
  statistical sense (conditioned on landing in ``0..D-1``), never a clip that would pile mass on the edges.
* ``counts:c0,c1,...`` -- the counts themselves.
* ``kosarak[:d=D]`` -- ``kosarak/kosarak-head.dat`` of the shipped data (:mod:`ldpref.bundled_data`; the
  first 36,682 transactions of FIMI kosarak): every item occurrence is one object (294,022 objects).  Items are mapped
  to values by frequency rank: value 0 is the most frequent item (item 6), ties broken by the smaller item id.  ``d=D``
  keeps the ``D`` most frequent items (the other occurrences are excluded; the dataset's ``note`` says how many); the
  default is every distinct item (17,034).
* ``adult[:column=C]`` -- ``adult/adult.{data,test}.csv`` of the shipped data (48,842 records), column ``C``
  (default ``education``, 16 values); leading/trailing spaces stripped; values mapped to ``0..d-1`` in
  alphabetical order of their text (every value, ``?`` included, is a category).
* ``file:PATH`` or a bare ``PATH`` -- a JSON file (a list of counts, or ``{"counts": [...]}``), or a text file
  with one item per line: if every item is a non-negative integer, item ``i`` is value ``i`` (``d`` = largest
  + 1); otherwise distinct items are mapped to ``0..d-1`` in alphabetical order.  Blank lines are ignored.
* ``csv:PATH[,column=NAME]`` (or a ``PATH`` ending in ``.csv``) -- one column of a CSV file with a header
  (:mod:`ldpref.data_files`).

Generated datasets (zipf, gaussian) are **seeded multinomial draws**: ``counts = multinomial(N, probs)`` with a
numpy Generator seeded by ``[seed, 0x64617461]`` (a stream of its own, so the same ``--seed`` used for the
simulation does not reuse its randomness).  A multinomial draw is exactly "N objects sampled independently"
as both papers describe, so a figure's dataset has the same sampling noise as theirs; an exact quantisation
(rounding N·probs) would instead give a dataset no sampler produces, with counts that need a rounding rule to
sum to N.  Probabilities are float64 (Zipf: ``r^-S`` normalised; Gaussian: differences of the normal CDF at
half-integers), which only shapes the data: the counts themselves are exact integers and every exact moment is
computed from them.

Bad specs (unknown form or key, a missing key, ``n = 0``, non-integers, ``d`` larger than the data's support)
raise :class:`ldpref.errors.ParameterError` with one line; sizes are checked (``ldpref.limits``) before any
array is allocated.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

import numpy as np

from .bundled_data import data_dir, data_file
from . import data_files
from .errors import ParameterError
from .limits import check_count

#: the largest dictionary a spec may build (counts are held as a Python list and a float64 array)
MAX_D = 10**7
#: the largest number of objects of a generated dataset (numpy's multinomial takes int64)
MAX_N = 10**15
#: the largest data file read (bytes)
MAX_FILE_BYTES = 2 * 10**9
DATA_SEED_TAG = 0x64617461  # "data"


@dataclass(frozen=True)
class Dataset:
    """Exact integer counts per value ``0..d-1`` and where they came from."""
    spec: str
    counts: tuple
    source: dict = field(default_factory=dict)
    note: str = ""

    @property
    def d(self) -> int:
        """The domain size: values are 0..d-1."""
        return len(self.counts)

    @property
    def n(self) -> int:
        """The number of clients (sum of the counts)."""
        return sum(self.counts)

    def values(self) -> np.ndarray:
        """One value per object (int64, sorted): the input of a real-protocol simulation (size-checked)."""
        check_count(f"dataset {self.spec} as one value per object", self.n, limit=MAX_ITEMS, unit="objects",
                    alternative="use the sufficient-statistics method")
        return np.repeat(np.arange(self.d, dtype=np.int64), np.asarray(self.counts, dtype=np.int64))

    def to_json(self) -> dict:
        """JSON-ready description (counts omitted when d is large)."""
        doc = {"spec": self.spec, "d": self.d, "n": self.n, "max_count": max(self.counts), **self.source}
        if self.note:
            doc["note"] = self.note
        if self.d <= 1000:
            doc["counts"] = list(self.counts)
        return doc


#: a real-protocol simulation holds one int64 per object: at most 2 * 10^8 (1.6 GB)
MAX_ITEMS = 2 * 10**8

_KEYS = {"zipf": ({"d", "n"}, {"s"}), "gaussian": ({"d", "n"}, {"mean", "sd"}),
         "kosarak": (set(), {"d"}), "adult": (set(), {"column"})}


def _integer(spec: str, key: str, text: str, low: int, high: int) -> int:
    from .number_syntax import parse_number

    text = text.strip()
    if re.fullmatch(r"[+-]?[0-9]{1,30}", text, re.ASCII):
        value = int(text)
    else:
        try:
            number = parse_number(text, what=key)
        except ValueError as exc:
            raise ParameterError(f"dataset {spec}: {key} = {text!r} is not an integer ({exc})") from None
        if not number.is_Integer:
            raise ParameterError(f"dataset {spec}: {key} = {text!r} is not an integer")
        value = int(number)
    if value < low or value > high:
        raise ParameterError(f"dataset {spec}: {key} = {value} must lie in {low}..{high:,}")
    return value


def _positive_number(spec: str, key: str, text: str):
    from .number_syntax import parse_number

    try:
        number = parse_number(text.strip(), what=key)
    except ValueError as exc:
        raise ParameterError(f"dataset {spec}: {key} = {text!r}: {exc}") from None
    if not number > 0:
        raise ParameterError(f"dataset {spec}: {key} = {number} must be positive")
    return number


def _keys(spec: str, kind: str, rest: str) -> dict[str, str]:
    required, optional = _KEYS[kind]
    pairs = {}
    if rest:
        for item in rest.split(","):
            if "=" not in item:
                raise ParameterError(f"dataset {spec}: expected key=value, got {item!r}")
            key, value = (t.strip() for t in item.split("=", 1))
            if key not in required | optional:
                allowed = ", ".join(sorted(required | optional)) or "none"
                raise ParameterError(f"dataset {spec}: unknown key {key!r} for {kind} (keys: {allowed})")
            if key in pairs:
                raise ParameterError(f"dataset {spec}: {key} given twice")
            pairs[key] = value
    missing = sorted(required - pairs.keys())
    if missing:
        raise ParameterError(f"dataset {spec}: {kind} needs {', '.join(k + '=..' for k in missing)}")
    return pairs


def _rng(seed: int) -> np.random.Generator:
    return np.random.default_rng([int(seed), DATA_SEED_TAG])


def _multinomial(rng, n: int, probs: np.ndarray) -> tuple:
    probs = probs / probs.sum()
    return tuple(int(c) for c in rng.multinomial(n, probs))


def zipf(d: int, n: int, s=2, *, seed: int = 0, spec: str | None = None) -> Dataset:
    """``n`` objects from ``Zipf(r) ∝ r^-s``, ``r = 1..d`` (value ``r - 1``), a seeded multinomial draw."""
    spec = spec or f"zipf:d={d},n={n},s={s}"
    check_count(f"dataset {spec}", d, limit=MAX_D, unit="values")
    probs = np.arange(1, d + 1, dtype=np.float64) ** (-float(s))
    return Dataset(spec, _multinomial(_rng(seed), n, probs),
                   {"kind": "zipf", "s": str(s), "seed": seed, "sampling": "multinomial"})


def gaussian(d: int, n: int, mean=None, sd=50, *, seed: int = 0, spec: str | None = None) -> Dataset:
    """``n`` objects from a normal law (mean ``mean``, sd ``sd``) rounded to integers and conditioned on
    ``0..d-1``; ``mean`` defaults to a seeded integer in ``[d/10, 9d/10]``."""
    import math

    spec = spec or f"gaussian:d={d},n={n}"
    check_count(f"dataset {spec}", d, limit=MAX_D, unit="values")
    rng = _rng(seed)
    if mean is None:
        mean = int(rng.integers(d // 10, 9 * d // 10, endpoint=True))
    mu, sigma = float(mean), float(sd)
    edges = (np.arange(d + 1, dtype=np.float64) - 0.5 - mu) / (sigma * math.sqrt(2))
    # erfc(-x)/2 is 0 or 1 in float64 beyond |x| = 27: evaluate only the band in between
    cdf = np.where(edges > 0, 1.0, 0.0)
    band = np.nonzero(np.abs(edges) < 27)[0]
    cdf[band] = [math.erfc(-float(edges[i])) / 2 for i in band]
    probs = np.diff(cdf)
    inside = float(probs.sum())
    if not inside > 1e-12:
        raise ParameterError(f"dataset {spec}: the normal law with mean {mean} and sd {sd} puts no mass "
                             f"on 0..{d - 1}")
    return Dataset(spec, _multinomial(rng, n, probs),
                   {"kind": "gaussian", "mean": str(mean), "sd": str(sd), "seed": seed, "sampling": "multinomial",
                    "mass_inside": inside})


def _ranked(spec: str, item_counts: dict, d: int | None, what: str) -> Dataset:
    ranked = sorted(item_counts.items(), key=lambda kv: (-kv[1], kv[0]))
    support = len(ranked)
    if d is None:
        d = support
    if d > support:
        raise ParameterError(f"dataset {spec}: d = {d} is larger than the data's support ({support} distinct items)")
    kept = ranked[:d]
    dropped = sum(c for _, c in ranked[d:])
    note = f"{dropped} occurrence(s) of the {support - d} less frequent item(s) excluded" if dropped else ""
    return Dataset(spec, tuple(c for _, c in kept),
                   {"kind": what, "mapping": "value = frequency rank (0 = most frequent), ties by item id",
                    "top_items": [item for item, _ in kept[:5]]}, note)


def kosarak(d: int | None = None, *, spec: str = "kosarak") -> Dataset:
    """Every item occurrence of the mini kosarak file, values by frequency rank (see the module docstring)."""
    path = data_file("kosarak/kosarak-head.dat")
    counts: dict[int, int] = {}
    with open(path, encoding="ascii") as fh:
        for line_no, line in enumerate(fh, 1):
            for token in line.split():
                if not token.isdigit():
                    raise ParameterError(f"{path}:{line_no}: item {token!r} is not a positive integer")
                item = int(token)
                counts[item] = counts.get(item, 0) + 1
    data = _ranked(spec, counts, d, "kosarak")
    data.source["file"] = "kosarak/kosarak-head.dat"
    data.source["objects"] = "every item occurrence"
    return data


def adult(column: str = "education", *, spec: str = "adult") -> Dataset:
    """The values of one column of Adult (training and test parts), alphabetical order of their text."""
    import csv

    counts: dict[str, int] = {}
    for name in ("adult.data.csv", "adult.test.csv"):
        with open(data_file(f"adult/{name}"), encoding="utf-8", newline="") as fh:
            reader = csv.reader(fh)
            header = [h.strip() for h in next(reader)]
            if column not in header:
                raise ParameterError(f"dataset {spec}: adult has no column {column!r} (columns: {', '.join(header)})")
            idx = header.index(column)
            for row in reader:
                if not row:
                    continue
                value = row[idx].strip()
                counts[value] = counts.get(value, 0) + 1
    names = sorted(counts)
    check_count(f"dataset {spec}", len(names), limit=MAX_D, unit="values")
    return Dataset(spec, tuple(counts[k] for k in names),
                   {"kind": "adult", "column": column, "files": ["adult/adult.data.csv", "adult/adult.test.csv"],
                    "mapping": "alphabetical order of the value's text",
                    "labels": names if len(names) <= 100 else names[:100]})


def _file_text(path: str, spec: str) -> str:
    """The whole of a data file as UTF-8 text; a file that cannot be read or is not UTF-8 is one line naming it."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise ParameterError(f"dataset {spec}: cannot read {path} ({exc.strerror or exc})") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ParameterError(f"dataset {spec}: {path} is not a UTF-8 text file (byte {exc.start} is not UTF-8); "
                             f"a data file is a counts JSON or one item per line") from None


def _file_lines(path: str, spec: str):
    """The lines of a text data file, read as a stream (files up to MAX_FILE_BYTES); errors as in _file_text."""
    try:
        with open(path, encoding="utf-8") as fh:
            line_no = 0
            try:
                for line_no, line in enumerate(fh, 1):
                    yield line_no, line
            except UnicodeDecodeError:
                raise ParameterError(f"dataset {spec}: {path} is not a UTF-8 text file (line {line_no + 1} is not "
                                     f"UTF-8); a data file is a counts JSON or one item per line") from None
    except OSError as exc:
        raise ParameterError(f"dataset {spec}: cannot read {path} ({exc.strerror or exc})") from None


def from_file(path: str, *, spec: str | None = None) -> Dataset:
    """A counts JSON (list, or ``{"counts": [...]}``; a key given twice is refused) or a UTF-8 text file with one
    item per line; a file that cannot be read or is not UTF-8 is one line naming it."""
    from .dataset import validate_counts
    from .errors import FormatError

    spec = spec or path
    if not os.path.isfile(path):
        raise ParameterError(f"dataset {spec}: no such file {path}")
    size = os.path.getsize(path)
    check_count(f"dataset file {path}", size, limit=MAX_FILE_BYTES, unit="bytes")
    if path.endswith(".json"):
        from .json_input import loads

        try:
            doc = loads(_file_text(path, spec), source=f"dataset {spec}")  # duplicate keys, NaN refused
        except FormatError as exc:
            raise ParameterError(str(exc)) from None
        counts = doc.get("counts") if isinstance(doc, dict) else doc
        if not isinstance(counts, list) or not counts:
            raise ParameterError(f"dataset {spec}: expected a list of counts or {{\"counts\": [...]}}")
        for x, c in enumerate(counts):
            if type(c) is not int or c < 0:
                raise ParameterError(f"dataset {spec}: counts[{x}] = {c!r} is not a non-negative integer")
        check_count(f"dataset {spec}", len(counts), limit=MAX_D, unit="values")
        try:
            return Dataset(spec, validate_counts(counts, len(counts)), {"kind": "file", "format": "counts json"})
        except ValueError as exc:
            raise ParameterError(f"dataset {spec}: {exc}") from None
    if path.endswith(".csv"):  # a header and columns: ldpref.data_files
        return csv_dataset(path, spec=spec)
    items: dict[str, int] = {}
    for line_no, line in _file_lines(path, spec):
        item = line.strip()
        if not item:
            continue  # blank lines are ignored
        items[item] = items.get(item, 0) + 1
    if not items:
        raise ParameterError(f"dataset {spec}: the file holds no items (n = 0)")
    return items_dataset(spec, items, {"kind": "file", "format": "one item per line"})


def items_dataset(spec: str, items: dict[str, int], source: dict) -> Dataset:
    """Counts of text items as a Dataset: if every item is a non-negative integer, item ``i`` is value ``i``
    (``d`` = largest + 1); otherwise distinct items are values ``0..d-1`` in alphabetical order of their text."""
    if all(re.fullmatch(r"[0-9]{1,30}", k, re.ASCII) for k in items):
        d = max(int(k) for k in items) + 1
        check_count(f"dataset {spec}", d, limit=MAX_D, unit="values")
        counts = [0] * d
        for k, c in items.items():
            counts[int(k)] += c
        return Dataset(spec, tuple(counts), {**source, "mapping": "integer item i is value i"})
    names = sorted(items)
    check_count(f"dataset {spec}", len(names), limit=MAX_D, unit="values")
    return Dataset(spec, tuple(items[k] for k in names),
                   {**source, "mapping": "alphabetical order of the item text", "labels": names[:100]})


def parse(spec: str, *, seed: int = 0) -> Dataset:
    """Parse a dataset SPEC (see the module docstring) to exact integer counts; ``seed`` drives generated
    datasets (zipf, gaussian) only."""
    from .dataset import parse_counts

    spec = spec.strip()
    if not spec:
        raise ParameterError("dataset: empty spec")
    kind, _, rest = spec.partition(":")
    kind = kind.strip()
    if kind == "counts":
        try:
            counts = parse_counts(rest)
        except ValueError as exc:
            raise ParameterError(f"dataset {spec}: {exc}") from None
        check_count(f"dataset {spec}", len(counts), limit=MAX_D, unit="values")
        return Dataset(spec, counts, {"kind": "counts"})
    if kind == "file":
        return from_file(rest, spec=spec)
    if kind == "csv":
        return csv_dataset(*data_files.split_spec(rest), spec=spec)
    if kind not in _KEYS:
        if os.path.exists(spec):
            return from_file(spec)
        raise ParameterError(f"dataset {spec!r}: unknown spec (zipf:, gaussian:, counts:, kosarak, adult, "
                             "file:PATH, csv:PATH or an existing file)")
    keys = _keys(spec, kind, rest)
    if kind in ("zipf", "gaussian"):
        d = _integer(spec, "d", keys["d"], 1, MAX_D)
        n = _integer(spec, "n", keys["n"], 1, MAX_N)
        if kind == "zipf":
            s = _positive_number(spec, "s", keys["s"]) if "s" in keys else 2
            return zipf(d, n, s, seed=seed, spec=spec)
        mean = _integer(spec, "mean", keys["mean"], -MAX_D, 2 * MAX_D) if "mean" in keys else None
        sd = _positive_number(spec, "sd", keys["sd"]) if "sd" in keys else 50
        return gaussian(d, n, mean, sd, seed=seed, spec=spec)
    if kind == "kosarak":
        d = _integer(spec, "d", keys["d"], 1, MAX_D) if "d" in keys else None
        return kosarak(d, spec=spec)
    column = keys.get("column", "education")
    return adult(column, spec=spec)


def csv_dataset(path: str, column: str | None = None, *, spec: str):
    """The :class:`ldpref.data_specs.Dataset` of column ``column`` of the CSV file ``path``
    (``csv:PATH[,column=NAME]``: ``csv_dataset(*split_spec(rest), spec=spec)``)."""
    items = data_files.read_column(path, column, spec)
    return items_dataset(spec, items, {"kind": "file", "format": "csv with a header", "column": column})


__all__ = ["Dataset", "parse", "zipf", "gaussian", "kosarak", "adult", "from_file", "data_dir", "MAX_D", "MAX_N",
           "MAX_ITEMS"]
