"""Bootstrap confidence intervals over documents and a paired significance test.

Both work on a ``CountTable``: one row of counts per document, so that a resampled corpus is a
weighted sum of rows. Measures are recomputed from the resampled sums (micro-averaged), exactly
as they are for the full corpus.

- Intervals: the percentile bootstrap over documents (Efron): draw as many documents as the
  corpus has, with replacement, ``rounds`` times; the interval is the central ``confidence``
  share of the resampled measure.
- Paired test: approximate randomization at document level (Noreen 1989; Yeh 2000): under the
  null hypothesis the two systems' outputs on a document are exchangeable, so each round swaps
  them on each document with probability 1/2; the two-sided p-value is
  (1 + rounds with |difference| >= observed) / (1 + rounds). The difference's interval comes
  from a paired bootstrap (both systems resampled with the same documents).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from deidkit.errors import ConfigError
from deidkit.evaluate.counts import COUNT_FIELDS, Counts
from deidkit.evaluate.token_level import GroupKey

MEASURES: tuple[str, ...] = ("precision", "recall", "f1", "f2", "f10")
"""Measures derived from counts; f2 and f10 weight recall 2 and 10 times (Scrubber)."""

BETAS: dict[str, float] = {"f1": 1.0, "f2": 2.0, "f10": 10.0}
_WIDTH = len(COUNT_FIELDS)


@dataclass(frozen=True)
class CountTable:
    """Per-document counts: ``matrix[d, g * 5 + i]`` is field i (tp, fp, fn, tn, tp_pred) of
    group ``groups[g]`` in document ``doc_ids[d]``."""

    doc_ids: tuple[str, ...]
    groups: tuple[GroupKey, ...]
    matrix: np.ndarray

    @classmethod
    def from_documents(
        cls, doc_ids: Sequence[str], per_document: Sequence[Mapping[GroupKey, Counts]]
    ) -> CountTable:
        groups = sorted({key for counts in per_document for key in counts})
        index = {key: i for i, key in enumerate(groups)}
        matrix = np.zeros((len(per_document), len(groups) * _WIDTH), dtype=np.int64)
        for row, counts in enumerate(per_document):
            for key, value in counts.items():
                start = index[key] * _WIDTH
                matrix[row, start : start + _WIDTH] = value.as_row()
        return cls(tuple(doc_ids), tuple(groups), matrix)

    @classmethod
    def concat(cls, tables: Sequence[CountTable]) -> CountTable:
        """The rows of several tables (e.g. cross-validation folds) in one table."""
        groups = sorted({key for table in tables for key in table.groups})
        index = {key: i for i, key in enumerate(groups)}
        rows = sum(len(table.doc_ids) for table in tables)
        matrix = np.zeros((rows, len(groups) * _WIDTH), dtype=np.int64)
        doc_ids: list[str] = []
        row = 0
        for table in tables:
            n = len(table.doc_ids)
            for g, key in enumerate(table.groups):
                start = index[key] * _WIDTH
                matrix[row : row + n, start : start + _WIDTH] = table.matrix[
                    :, g * _WIDTH : (g + 1) * _WIDTH
                ]
            doc_ids.extend(table.doc_ids)
            row += n
        return cls(tuple(doc_ids), tuple(groups), matrix)

    def column(self, group: GroupKey) -> slice:
        try:
            start = self.groups.index(group) * _WIDTH
        except ValueError:
            raise ConfigError(f"no counts for group {'/'.join(group)}") from None
        return slice(start, start + _WIDTH)

    def totals(self) -> dict[GroupKey, Counts]:
        summed = self.matrix.sum(axis=0)
        result: dict[GroupKey, Counts] = {}
        for i, key in enumerate(self.groups):
            tp, fp, fn, tn, tp_pred = (int(v) for v in summed[i * _WIDTH : (i + 1) * _WIDTH])
            result[key] = Counts(tp, fp, fn, tn, None if tp_pred == tp else tp_pred)
        return result


def measure_arrays(counts: np.ndarray) -> dict[str, np.ndarray]:
    """Vectorised measures over count arrays whose last axis is (tp, fp, fn, tn, tp_pred).

    Same conventions as ``deidkit.evaluate.counts``: NaN where undefined.
    """
    counts = np.asarray(counts, dtype=np.float64)
    tp, fp, fn, tp_pred = counts[..., 0], counts[..., 1], counts[..., 2], counts[..., 4]
    with np.errstate(divide="ignore", invalid="ignore"):
        precision = np.where(tp_pred + fp > 0, tp_pred / (tp_pred + fp), np.nan)
        recall = np.where(tp + fn > 0, tp / (tp + fn), np.nan)
        result = {"precision": precision, "recall": recall}
        for name, beta in BETAS.items():
            result[name] = _f_beta(precision, recall, beta)
    return result


def _f_beta(precision: np.ndarray, recall: np.ndarray, beta: float) -> np.ndarray:
    b2 = beta * beta
    p_missing, r_missing = np.isnan(precision), np.isnan(recall)
    p, r = np.nan_to_num(precision), np.nan_to_num(recall)
    denominator = b2 * p + r
    both = np.where(
        denominator > 0, (1 + b2) * p * r / np.where(denominator > 0, denominator, 1), 0
    )
    both = np.where(p_missing & (r != 0), np.nan, both)
    both = np.where(r_missing & (p != 0), np.nan, both)
    return np.where(p_missing & r_missing, np.nan, both)


@dataclass(frozen=True, slots=True)
class Interval:
    """A bootstrap percentile interval of one measure."""

    low: float
    high: float
    confidence: float

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2


def _resample_weights(
    n_docs: int, rounds: int, rng: np.random.Generator, chunk: int = 200
) -> Iterator[np.ndarray]:
    """Multiplicity matrices (chunk x n_docs): how often each document is drawn per round."""
    done = 0
    while done < rounds:
        size = min(chunk, rounds - done)
        yield rng.multinomial(n_docs, np.full(n_docs, 1.0 / n_docs), size=size)
        done += size


def bootstrap_intervals(
    table: CountTable,
    *,
    rounds: int = 1000,
    confidence: float = 0.95,
    rng: np.random.Generator,
    groups: Sequence[GroupKey] | None = None,
) -> dict[GroupKey, dict[str, Interval]]:
    """Percentile bootstrap intervals (documents resampled) of every measure of each group."""
    _check(rounds, confidence)
    if not table.doc_ids:
        return {}
    chosen = list(table.groups if groups is None else groups)
    columns = np.concatenate(
        [np.arange(table.column(g).start, table.column(g).stop) for g in chosen]
    )
    matrix = table.matrix[:, columns].astype(np.float64)
    samples = np.concatenate(
        [weights @ matrix for weights in _resample_weights(len(table.doc_ids), rounds, rng)]
    ).reshape(rounds, len(chosen), _WIDTH)
    measures = measure_arrays(samples)
    tail = (1 - confidence) / 2 * 100
    result: dict[GroupKey, dict[str, Interval]] = {}
    for name, values in measures.items():
        with np.errstate(all="ignore"):
            low, high = _nan_percentiles(values, tail)
        for i, group in enumerate(chosen):
            result.setdefault(group, {})[name] = Interval(float(low[i]), float(high[i]), confidence)
    return result


def _nan_percentiles(values: np.ndarray, tail: float) -> tuple[np.ndarray, np.ndarray]:
    low = np.full(values.shape[1], np.nan)
    high = np.full(values.shape[1], np.nan)
    defined = ~np.all(np.isnan(values), axis=0)
    if defined.any():
        low[defined], high[defined] = np.nanpercentile(
            values[:, defined], [tail, 100 - tail], axis=0
        )
    return low, high


@dataclass(frozen=True, slots=True)
class PairedTest:
    """The outcome of comparing system B with system A on one measure of one group."""

    group: GroupKey
    measure: str
    a: float
    b: float
    p_value: float
    rounds: int
    difference_interval: Interval
    method: str = "approximate randomization (document-level swaps), two-sided"

    @property
    def difference(self) -> float:
        return self.b - self.a

    def significant(self, alpha: float = 0.05) -> bool:
        return self.p_value < alpha

    def to_dict(self) -> dict[str, object]:
        return {
            "group": "/".join(self.group),
            "measure": self.measure,
            "a": self.a,
            "b": self.b,
            "difference": self.difference,
            "difference_low": self.difference_interval.low,
            "difference_high": self.difference_interval.high,
            "confidence": self.difference_interval.confidence,
            "p_value": self.p_value,
            "rounds": self.rounds,
            "method": self.method,
        }


def paired_test(
    table_a: CountTable,
    table_b: CountTable,
    group: GroupKey,
    measure: str = "f1",
    *,
    rounds: int = 10000,
    confidence: float = 0.95,
    rng: np.random.Generator,
) -> PairedTest:
    """Is system B's ``measure`` on ``group`` different from system A's on the same documents?"""
    _check(rounds, confidence)
    if measure not in MEASURES:
        raise ConfigError(f"unknown measure {measure!r}; use one of: {', '.join(MEASURES)}")
    if table_a.doc_ids != table_b.doc_ids:
        raise ConfigError(
            "the two systems were evaluated on different documents; "
            "evaluate both on the same gold corpus"
        )
    a = _group_matrix(table_a, group)
    b = _group_matrix(table_b, group)
    sum_a, sum_b = a.sum(axis=0), b.sum(axis=0)
    value_a = float(measure_arrays(sum_a)[measure])
    value_b = float(measure_arrays(sum_b)[measure])
    observed = abs(value_b - value_a)
    delta = b - a
    n_docs = len(table_a.doc_ids)
    extreme = 0
    done = 0
    while done < rounds:
        size = min(500, rounds - done)
        swaps = rng.integers(0, 2, size=(size, n_docs)).astype(np.float64)
        shift = swaps @ delta
        perm_a = measure_arrays(sum_a + shift)[measure]
        perm_b = measure_arrays(sum_b - shift)[measure]
        stat = np.abs(perm_b - perm_a)
        extreme += int(np.sum(np.nan_to_num(stat, nan=0.0) >= observed - 1e-12))
        done += size
    p_value = (1 + extreme) / (1 + rounds) if not np.isnan(observed) else float("nan")
    differences = []
    for weights in _resample_weights(n_docs, min(rounds, 2000), rng):
        differences.append(
            measure_arrays(weights @ b)[measure] - measure_arrays(weights @ a)[measure]
        )
    diffs = np.concatenate(differences)
    tail = (1 - confidence) / 2 * 100
    if np.all(np.isnan(diffs)):
        low = high = float("nan")
    else:
        low, high = (float(v) for v in np.nanpercentile(diffs, [tail, 100 - tail]))
    return PairedTest(
        group, measure, value_a, value_b, p_value, rounds, Interval(low, high, confidence)
    )


def _group_matrix(table: CountTable, group: GroupKey) -> np.ndarray:
    if group not in table.groups:
        return np.zeros((len(table.doc_ids), _WIDTH))
    return table.matrix[:, table.column(group)].astype(np.float64)


def _check(rounds: int, confidence: float) -> None:
    if rounds < 1:
        raise ConfigError(f"rounds must be at least 1 (got {rounds})")
    if not 0 < confidence < 1:
        raise ConfigError(f"confidence must be between 0 and 1 (got {confidence})")
