"""Decoding a linear-chain CRF in numpy over CRFsuite's weights: marginals and Viterbi.

CRFsuite trains the model (``deidkit.models.crf``); ``LinearChain.from_crfsuite`` reads its
file into arrays (``deidkit.models.crfsuite_file``) and decodes with the same arithmetic, so
the tags are CRFsuite's and the marginals agree with its own to rounding
(``tests/models/test_crf_decode.py``; ``bench/crf_decode.py`` over whole corpora).

- **Emissions.** A token's score for a label is the sum over its attributes of the
  attribute's value times its state weight for the label: one product of the document's
  token x attribute matrix (``FeatureExtractor.document_rows``) with the state weights
  (attributes x labels), each row's sum taken in the order of the token's attributes, as
  CRFsuite takes it. A row starts with its word's per-word features, so the sum of their
  terms is the same for every token of a word type: it is worked out once per type
  (``TypeEmissions``, kept below the state weights in one matrix), and a document's row
  holds it as one term (column ``attributes + type``, value 1.0), then its other features:
  the same sums to the bit (``0.0 + 1.0 * s`` is ``s``).
- **Marginals** (forward-backward, ``deidkit.models.crf_marginals``): every document cut
  into pieces whose runs go side by side, forward and backward, each starting a few tokens
  early and checked where its piece begins against the piece before it.
- **Viterbi.** A path is at most as probable as each of its labels' marginals, so any path
  at least as probable as the best path needs labels with a marginal of at least ``p``,
  the probability of any path we know: the most probable label of each token makes one.
  Viterbi then runs over the labels with a marginal of at least ``p``: every best path
  (ties included) lies among them, and ties go to the first label as in CRFsuite. Most
  tokens are left with one label; they split the documents into short stretches, decoded
  side by side.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from deidkit.features.columns import SparseRows, TypeTable, assemble
from deidkit.models import crf_marginals, crfsuite_file
from deidkit.models.crf_marginals import Posterior

NUMPY_PRODUCT_TOKENS = 16_384
"""Tokens a loaded model multiplies by numpy's product (``SparseRows.times``: ~3 µs a token
more than scipy's) before it turns to scipy's (the same sums to the bit), which imports
scipy.sparse (~0.25 CPU s): a command on a few notes never pays the import, and a long run
pays at most ~0.05 CPU s for having waited."""
TYPE_ROWS = 65_536
"""Word types whose emissions a loaded model keeps room for below its state weights (the
features' type table starts afresh at 50,000 types, ``WORD_CACHE_LIMIT``, and a document
may add its own types to those). The rows are written as types come: the room costs memory
only when used (~0.3 KB a type for ``en``). A table that outgrows it decodes with full rows."""
SLACK = 1e-6
"""Relative margin below the known path's probability that a label's marginal may fall and
still be considered (the marginals and the path's probability carry rounding errors of
~1e-13)."""


@dataclass(slots=True, eq=False)
class Product:
    """How one loaded model multiplies a document's tokens x attributes matrix by its state
    weights: numpy's product for its first ``NUMPY_PRODUCT_TOKENS`` tokens (unless
    scipy.sparse is imported already), scipy's after; ``numpy_tokens`` counts the first."""

    numpy_tokens: int = 0

    def __call__(self, tokens: SparseRows, weights: np.ndarray) -> np.ndarray:
        if self.numpy_tokens < NUMPY_PRODUCT_TOKENS and "scipy.sparse" not in sys.modules:
            self.numpy_tokens += tokens.shape[0]
            return tokens.times(weights)
        return np.asarray(tokens.to_csr() @ weights)


@dataclass(slots=True, eq=False)
class TypeEmissions:
    """Each word type's emissions from its per-word features, for the types of one features'
    type table (``table``; another table starts them afresh): ``count`` of them, in rows
    ``attributes ..`` of ``weights``, whose first ``attributes`` rows are the state weights.
    A type's row is the product of its per-word features' row with the state weights (its
    terms added to 0.0 in order), which is how a document's product begins its tokens'
    rows."""

    weights: np.ndarray
    attributes: int
    table: TypeTable | None = None
    count: int = 0

    @property
    def state(self) -> np.ndarray:
        return self.weights[: self.attributes]

    def room(self, table: TypeTable, tokens: int) -> bool:
        """Whether a document of ``tokens`` tokens, adding its new types to ``table``,
        leaves them all within ``weights``."""
        return len(table) + tokens <= len(self.weights) - self.attributes

    def weights_for(self, table: TypeTable, product: Product) -> np.ndarray:
        """The state weights followed by the emissions of the types of ``table`` (the new
        ones worked out here, all at once)."""
        if self.table is not table:
            self.table, self.count = table, 0
        done, count = self.count, len(table)
        if done < count:
            new = np.arange(done, count)
            rows = assemble([table.block(new - done, new)], count - done, self.attributes)
            start = self.attributes + done
            self.weights[start : start + count - done] = product(rows, self.state)
            self.count = count
        return self.weights[: self.attributes + count]


@dataclass(frozen=True, slots=True, eq=False)
class LinearChain:
    """A linear-chain CRF as arrays: ``state`` weights (attributes x labels, dense: 8 bytes
    each, a few MB for the shipped models, and a 4x faster product than a sparse matrix),
    ``transitions`` (labels x labels, from -> to), and ``vocabulary``: attribute name (as
    python-crfsuite names a feature: ``key:value``, ``key``) -> its id, the row of ``state``
    (``deidkit.features.columns.Columns``); ``product`` multiplies documents by ``state``;
    ``types`` (a model read from a file) keeps word types' emissions below ``state``."""

    labels: tuple[str, ...]
    state: np.ndarray
    transitions: np.ndarray
    vocabulary: dict[str, int]
    product: Product = field(default_factory=Product)
    types: TypeEmissions | None = None
    workspace: crf_marginals.Workspace = field(default_factory=crf_marginals.Workspace)

    @classmethod
    def from_crfsuite(cls, model: bytes) -> LinearChain:
        """The model of a CRFsuite model file (``crfsuite_file.LayoutError`` if it is not
        one)."""
        return cls.from_weights(crfsuite_file.read_weights(model))

    @classmethod
    def from_weights(cls, weights: crfsuite_file.Weights) -> LinearChain:
        """The model of a CRFsuite model file's weights (``crfsuite_file.Weights``)."""
        attributes = len(weights.attributes)
        # zeros: the room for the types' rows is memory the system hands out when written
        rows = np.zeros((attributes + TYPE_ROWS, len(weights.labels)))
        rows[weights.state_attribute, weights.state_label] = weights.state_weight
        vocabulary = dict(zip(weights.attributes, range(attributes), strict=True))
        return cls(weights.labels, rows[:attributes], weights.transitions, vocabulary,
                   types=TypeEmissions(rows, attributes))

    def typed_rows(self, table: TypeTable, tokens: int) -> int | None:
        """The column of type 0 when a document of ``tokens`` tokens can give each token's
        per-word features as one term (``FeatureExtractor.document_rows``' ``type_column``,
        over the type table ``table``), else None (full rows)."""
        if self.types is None or not self.types.room(table, tokens):
            return None
        return self.types.attributes

    def emissions(self, tokens: SparseRows, types: TypeTable | None = None) -> np.ndarray:
        """Tokens x labels scores of a document's tokens x attributes matrix (each row's
        terms added in order; ``Product``). With ``types``, the rows begin with one term
        for their word's per-word features (``typed_rows``) and ``types`` is the type
        table they come from."""
        if types is None or self.types is None:
            return self.product(tokens, self.state)
        return self.product(tokens, self.types.weights_for(types, self.product))

    def posteriors(self, emissions: Sequence[np.ndarray]) -> list[Posterior]:
        """Each document's marginals and log partition function (forward-backward,
        ``crf_marginals.posteriors``)."""
        return crf_marginals.posteriors(emissions, self.transitions, self.workspace)

    def best_paths(
        self, emissions: Sequence[np.ndarray], posteriors: Sequence[Posterior]
    ) -> list[np.ndarray]:
        """Each document's Viterbi path (label ids): CRFsuite's, ties included."""
        floors = []
        for scores, posterior in zip(emissions, posteriors, strict=True):
            likely = posterior.marginals.argmax(axis=1)
            log_p = self.path_score(scores, likely) - posterior.log_z if len(likely) else 0.0
            floors.append(math.exp(log_p) * (1 - SLACK) - 1e-12)
        return _restricted_viterbi(emissions, posteriors, self.transitions, floors)

    def path_score(self, emissions: np.ndarray, path: np.ndarray) -> float:
        """The unnormalised log score of a document's label path."""
        tokens = np.arange(len(path))
        return float(emissions[tokens, path].sum() + self.transitions[path[:-1], path[1:]].sum())


def _restricted_viterbi(
    emissions: Sequence[np.ndarray],
    posteriors: Sequence[Posterior],
    transitions: np.ndarray,
    floors: Sequence[float],
) -> list[np.ndarray]:
    """Viterbi over the labels with a marginal of at least their document's floor."""
    ends = np.cumsum([len(scores) for scores in emissions])
    if not len(ends) or not ends[-1]:
        return [np.zeros(0, dtype=np.intp) for _ in emissions]
    # every document's tokens one after another
    allowed = np.concatenate(
        [posterior.marginals >= floor for posterior, floor in zip(posteriors, floors, strict=True)]
    )
    counts = allowed.sum(axis=1)
    path = np.where(counts == 1, allowed.argmax(axis=1), -1)
    open_ = np.flatnonzero(counts > 1)
    if len(open_):
        first = np.zeros(len(path) + 1, dtype=bool)
        first[np.concatenate(([0], ends))] = True  # a document's first token (and the end)
        new = np.ones(len(open_), dtype=bool)
        new[1:] = (np.diff(open_) != 1) | first[open_[1:]]
        starts = open_[new]
        sizes = np.diff(np.append(np.flatnonzero(new), len(open_)))
        stops = starts + sizes  # the token after each stretch
        before = np.where(first[starts], -1, path[starts - 1])
        after = np.where(first[stops], -1, path[np.minimum(stops, len(path) - 1)])
        _decode_stretches(starts, sizes, before, after, allowed, np.concatenate(emissions),
                          transitions, path)
    return np.split(path, ends[:-1])


def _decode_stretches(
    starts: np.ndarray,
    sizes: np.ndarray,
    before: np.ndarray,
    after: np.ndarray,
    allowed: np.ndarray,
    emissions: np.ndarray,
    transitions: np.ndarray,
    path: np.ndarray,
) -> None:
    """Viterbi over stretches of tokens with several allowed labels each, between fixed
    labels (``before``, ``after``; -1 at a document's edge), writing into ``path``. Step
    ``r`` handles the ``r``-th token of every stretch that long, all at once."""
    order = np.argsort(-sizes, kind="stable")
    starts, sizes, before, after = starts[order], sizes[order], before[order], after[order]
    count, longest = len(starts), int(sizes[0])
    # rows: the stretches' tokens step by step; at step r the stretches longer than r (a
    # prefix, longest first) fill rows offsets[r] .. offsets[r] + active[r]
    active = np.searchsorted(-sizes, -np.arange(longest), side="left")
    offsets = np.concatenate(([0], np.cumsum(active)))
    step = np.repeat(np.arange(longest), active)
    stretch = np.arange(len(step)) - offsets[step]
    tokens = starts[stretch] + step
    rows, labels = np.nonzero(allowed[tokens])
    slots = np.arange(len(rows)) - np.searchsorted(rows, rows)
    # each row's allowed labels in label order, padded with label 0 at a score of -inf
    candidates = np.zeros((len(tokens), int(slots.max()) + 1), dtype=np.intp)
    scores = np.full(candidates.shape, -np.inf)
    candidates[rows, slots] = labels
    scores[rows, slots] = emissions[tokens[rows], labels]
    entering = transitions[np.maximum(before, 0)[:, None], candidates[:count]]
    delta = scores[:count] + np.where(before[:, None] >= 0, entering, 0.0)
    back = np.zeros(candidates.shape, dtype=np.intp)
    for r in range(1, longest):
        live = active[r]
        here = slice(offsets[r], offsets[r] + live)
        previous = candidates[offsets[r - 1] : offsets[r - 1] + live, :, None]
        total = delta[:live, :, None] + transitions[previous, candidates[here, None, :]]
        back[here] = total.argmax(axis=1)  # the first best, as CRFsuite
        delta[:live] = np.take_along_axis(total, back[here, None, :], axis=1)[:, 0]
        delta[:live] += scores[here]
    ending = candidates[offsets[sizes - 1] + np.arange(count)]
    leaving = np.where(after[:, None] >= 0, transitions[ending, np.maximum(after, 0)[:, None]], 0)
    slot = (delta + leaving).argmax(axis=1)
    for r in range(longest - 1, -1, -1):
        live = active[r]
        rows_here = np.arange(offsets[r], offsets[r] + live)
        path[starts[:live] + r] = candidates[rows_here, slot[:live]]
        slot[:live] = back[rows_here, slot[:live]]
