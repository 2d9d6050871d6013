"""Features as matrix columns: a document's tokens x features matrix, built with arrays.

A trained model knows its features by name: CRFsuite as python-crfsuite names them
(``key:value`` for a string feature, ``key`` for a float one, whose value is the weight),
the SVM and the tree by their vocabulary (``key=value``, ``key``). ``Columns`` maps those
names to numbers (a CRFsuite attribute id, a vocabulary column; -1 for a feature the model
never saw) and keeps what is worked out once per word type (``TypeTable``: the columns and
values of its per-word features, its normal form) and once per value of a document class
(``Columns.memo``).

``FeatureExtractor.document_rows`` assembles a document's matrix (``SparseRows``: CSR
arrays, no scipy): the per-word features of its tokens gathered from the type table, then
one ``Block`` (rows, columns, values) from each document class
(``FeatureClass.chunk_columns``: several documents' matrices are made at once, one below the
other, ``FeatureExtractor.chunk_rows``). A row holds the token's features in the order of
``token_features``, so a row's product with a weight matrix adds the weights in the order
CRFsuite adds them (the same sums, to the bit); ``tests/features/test_columns.py`` checks
the matrix against ``token_features``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from deidkit.features.base import Features

CRFSUITE_SEPARATOR = ":"
"""python-crfsuite's separator between a string feature's key and value."""
MATRIX_SEPARATOR = "="
"""The separator of the SVM's and the tree's vocabulary (``FeatureExtractor.matrix``)."""

Row = tuple[tuple[int, ...], tuple[float, ...]]
"""The known columns of some features and their values, in the features' order."""


@dataclass(frozen=True, slots=True, eq=False)
class Block:
    """Entries of a document's matrix: token ``rows``, ``columns`` (-1: not a column, left
    out) and ``values``; a token's entries in the order of its features."""

    rows: np.ndarray
    columns: np.ndarray
    values: np.ndarray

    @classmethod
    def empty(cls) -> Block:
        return cls(np.zeros(0, np.intp), np.zeros(0, np.int32), np.zeros(0))

    @classmethod
    def of_rows(cls, tokens: Sequence[int], rows: Sequence[Row]) -> Block:
        """Token ``tokens[i]`` gets ``rows[i]``."""
        if not rows:
            return cls.empty()
        counts = np.fromiter(map(len, (row[0] for row in rows)), np.intp, len(rows))
        ids = [column for row in rows for column in row[0]]
        values = [value for row in rows for value in row[1]]
        return cls(
            np.repeat(np.asarray(tokens, np.intp), counts),
            np.asarray(ids, np.int32),
            np.asarray(values, np.float64),
        )

    @classmethod
    def joined(cls, blocks: Sequence[Block]) -> Block:
        """The entries of ``blocks``, a token's in block order."""
        return cls(
            np.concatenate([block.rows for block in blocks]),
            np.concatenate([block.columns for block in blocks]),
            np.concatenate([block.values for block in blocks]),
        )

    @classmethod
    def ones(cls, tokens: np.ndarray, columns: np.ndarray) -> Block:
        """Value 1.0 at each (token, column)."""
        return cls(tokens.astype(np.intp), columns.astype(np.int32), np.ones(len(tokens)))


class Columns:
    """Feature name -> column number in ``vocabulary`` (-1 when not in it), with the caches
    that depend on it: the word types (``types``) and each class's ``memo``. ``source``
    names where the vocabulary was read from (a fingerprint of a model file and of the code
    that reads it), so that what a class derives from it can be prepared ahead
    (``deidkit.resources.prepared``); empty for a vocabulary from elsewhere."""

    __slots__ = ("_memos", "_tables", "separator", "source", "types", "vocabulary")

    def __init__(
        self,
        vocabulary: Mapping[str, int],
        separator: str = CRFSUITE_SEPARATOR,
        source: str = "",
    ) -> None:
        self.vocabulary = vocabulary
        self.separator = separator
        self.source = source
        self.types = TypeTable()
        self._memos: dict[str, dict[Any, Any]] = {}
        self._tables: dict[str, RowTable] = {}

    def __getstate__(self) -> tuple[Mapping[str, int], str, str]:
        return self.vocabulary, self.separator, self.source  # caches rebuilt where unpickled

    def __setstate__(self, state: tuple[Mapping[str, int], str, str]) -> None:
        self.__init__(*state)  # type: ignore[misc]

    def column(self, key: str, value: str | None = None) -> int:
        """The column of string feature ``key: value``, or of float feature ``key``."""
        name = key if value is None else f"{key}{self.separator}{value}"
        return self.vocabulary.get(name, -1)

    def row(self, features: Features) -> Row:
        """The known columns of ``features`` and their values (1.0 for a string feature)."""
        columns: list[int] = []
        values: list[float] = []
        get, separator = self.vocabulary.get, self.separator
        for key, value in features.items():
            if isinstance(value, str):
                column, weight = get(f"{key}{separator}{value}", -1), 1.0
            else:
                column, weight = get(key, -1), float(value)
            if column >= 0:
                columns.append(column)
                values.append(weight)
        return tuple(columns), tuple(values)

    def memo(self, owner: str) -> dict[Any, Any]:
        """A cache of ``owner``'s, emptied with the type table (its keys may be type or
        normal-form numbers)."""
        found = self._memos.get(owner)
        if found is None:
            found = self._memos[owner] = {}
        return found

    def rows(self, owner: str, limit: int) -> RowTable:
        """A table of rows of ``owner``'s (started afresh once it holds ``limit`` keys)."""
        table = self._tables.get(owner)
        if table is None or len(table) >= limit:
            table = self._tables[owner] = RowTable()
        return table

    def clear(self, keep: int = 0) -> None:
        """Forget every memo and every table, and the word types but the ``keep`` used last
        (``TypeTable.recent``)."""
        self.types = self.types.recent(keep) if keep else TypeTable()
        self._memos.clear()
        self._tables.clear()


class _Growing:
    """A one-dimensional array that grows by doubling (``data[:size]`` is filled)."""

    __slots__ = ("data", "size")

    def __init__(self, dtype: type) -> None:
        self.data: np.ndarray = np.zeros(1024, dtype)
        self.size = 0

    def extend(self, values: Sequence[Any] | np.ndarray) -> None:
        end = self.size + len(values)
        if end > len(self.data):
            grown = np.zeros(max(end, 2 * len(self.data)), self.data.dtype)
            grown[: self.size] = self.data[: self.size]
            self.data = grown
        self.data[self.size : end] = values
        self.size = end


class RowTable:
    """Key -> number; by number a row of columns and values, kept as arrays (``starts`` and
    ``counts`` into ``ids`` and ``values``) grown as new keys come, so that ``block`` gives
    many tokens their rows with a few array operations."""

    __slots__ = ("_counts", "_ids", "_starts", "_values", "numbers")

    def __init__(self) -> None:
        self.numbers: dict[Any, int] = {}
        self._starts = _Growing(np.intp)
        self._counts = _Growing(np.intp)
        self._ids = _Growing(np.int32)
        self._values = _Growing(np.float64)

    def __len__(self) -> int:
        return len(self.numbers)

    def add(self, key: Any, row: Row) -> int:
        """Enter a new key's row; its number."""
        number = self.numbers[key] = len(self.numbers)
        self._starts.extend([self._ids.size])
        self._counts.extend([len(row[0])])
        self._ids.extend(row[0])
        self._values.extend(row[1])
        return number

    def add_many(self, keys: Sequence[Any], rows: SparseRows) -> None:
        """Enter new keys (distinct), numbered in turn, key ``i``'s row row ``i`` of
        ``rows``: ``add`` of each, with each array grown once."""
        self._enter(keys, np.diff(rows.pointers), rows.columns, rows.values)

    def _enter(
        self, keys: Sequence[Any], counts: np.ndarray, ids: np.ndarray, values: np.ndarray
    ) -> None:
        """Enter new keys (distinct), numbered in turn, key ``i``'s row the next
        ``counts[i]`` of ``ids`` and ``values``."""
        first = len(self.numbers)
        self.numbers.update(zip(keys, range(first, first + len(keys)), strict=True))
        starts = np.zeros(len(counts), np.intp)
        np.cumsum(counts[:-1], out=starts[1:])
        self._starts.extend(starts + self._ids.size)
        self._counts.extend(counts)
        self._ids.extend(ids)
        self._values.extend(values)

    def block(self, tokens: np.ndarray, numbers: np.ndarray) -> Block:
        """Token ``tokens[i]`` gets the row of number ``numbers[i]``."""
        counts = self._counts.data[numbers]
        ends = np.cumsum(counts)
        # output entry e of token i is entry e - (ends[i] - counts[i]) of its row
        shift = np.repeat(self._starts.data[numbers] - (ends - counts), counts)
        positions = np.arange(int(ends[-1]) if len(ends) else 0) + shift
        return Block(
            np.repeat(tokens.astype(np.intp), counts),
            self._ids.data[positions],
            self._values.data[positions],
        )


class TypeTable(RowTable):
    """Word -> type number; by type number its word (``words``), its per-word features' row,
    the number of its normal form (into ``norms``), ``neighbours``, a row of ``width``
    columns the context class works out once per normal form
    (``ContextFeatures.neighbour_columns``), what other classes work out once per type
    (``facts``), and when it was last used (``touch``), so that a full table can keep the
    types used last (``recent``)."""

    __slots__ = ("_clock", "_facts", "_neighbours", "_norm_numbers", "_type_norms", "_used",
                 "norms", "width", "words")

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self.norms: list[str] = []
        self._facts: dict[str, tuple[_Growing, int]] = {}
        self._norm_numbers: dict[str, int] = {}
        self._type_norms = _Growing(np.intp)
        self._neighbours = _Growing(np.int32)  # a row a normal form
        self._used = _Growing(np.int64)  # a type's last ``touch``
        self._clock = 0
        self.width = -1

    def add_type(self, word: str, norm: str, row: Row, neighbours: Sequence[int]) -> None:
        """Enter a new word type (``neighbours``: its normal form's, if that is new)."""
        rows = assemble([Block.of_rows([0], [row])], 1, 0)
        self.add_types([word], [norm], rows, lambda new: [neighbours] * len(new))

    def add_types(
        self,
        words: Sequence[str],
        norms: Sequence[str],
        rows: SparseRows,
        neighbours: Callable[[Sequence[str]], Sequence[Sequence[int]]],
    ) -> None:
        """Enter new word types (distinct), numbered in turn, with their normal forms and
        per-word features (row ``i`` of ``rows`` word ``i``'s); ``neighbours(new)`` gives the
        neighbour columns of each normal form the table has not seen yet (``new``, in
        order), worked out once per normal form. Each array is grown once: a chunk's new
        types at a time."""
        if not words:
            return
        norm_numbers, new = [], []
        for norm in norms:
            number = self._norm_numbers.get(norm)
            if number is None:
                number = self._norm_numbers[norm] = len(self.norms)
                self.norms.append(norm)
                new.append(norm)
            norm_numbers.append(number)
        if new:
            found = neighbours(new)
            if self.width < 0:
                self.width = len(found[0])
            self._neighbours.extend([column for columns in found for column in columns])
        self.add_many(words, rows)
        self.words.extend(words)
        self._type_norms.extend(norm_numbers)
        self._used.extend(np.full(len(words), self._clock))

    def touch(self, types: np.ndarray) -> None:
        """Mark ``types`` as used now, after every type marked before."""
        self._clock += 1
        self._used.data[types] = self._clock

    def recent(self, count: int) -> TypeTable:
        """A new table of the ``count`` types used last (``touch``; of types used at once, the
        first entered), in their order here and numbered afresh, with what this table knows
        of them: rows, normal forms (numbered afresh too), neighbours, facts and uses."""
        kept = np.sort(np.argsort(-self._used.data[: len(self.words)], kind="stable")[:count])
        table = TypeTable()
        norms, type_norms = np.unique(self._type_norms.data[kept], return_inverse=True)
        table.norms = [self.norms[number] for number in norms.tolist()]
        table._norm_numbers = dict(zip(table.norms, range(len(norms)), strict=True))
        table._type_norms.extend(type_norms)
        table.width = self.width
        if self.width > 0:
            by_norm = self._neighbours.data[: len(self.norms) * self.width]
            table._neighbours.extend(by_norm.reshape(-1, self.width)[norms].ravel())
        table.words = [self.words[number] for number in kept.tolist()]
        block = self.block(np.zeros(len(kept), np.intp), kept)
        table._enter(table.words, self._counts.data[kept], block.columns, block.values)
        for owner, (facts, width) in self._facts.items():
            done = kept[: np.searchsorted(kept, facts.size // width)]  # those worked out
            found = table._facts[owner] = (_Growing(np.int64), width)
            found[0].extend(facts.data[: facts.size].reshape(-1, width)[done].ravel())
        table._used.extend(self._used.data[kept])
        table._clock = self._clock
        return table

    def norm_numbers(self, types: np.ndarray) -> np.ndarray:
        return self._type_norms.data[types]

    def facts(
        self, owner: str, width: int, compute: Callable[[Sequence[str]], Sequence[Sequence[int]]]
    ) -> np.ndarray:
        """Types x ``width`` (int64): what ``owner`` works out once per word type, a row of
        ``compute(words)`` for each word; the types it has not seen yet are worked out here,
        all at once."""
        found = self._facts.get(owner)
        if found is None:
            found = self._facts[owner] = (_Growing(np.int64), width)
        table, width = found
        done = table.size // width
        if done < len(self.words):
            table.extend([value for row in compute(self.words[done:]) for value in row])
        return table.data[: table.size].reshape(-1, width)

    def neighbours(self, types: np.ndarray) -> np.ndarray:
        """Types x ``width``: the neighbour columns of each type (its normal form's)."""
        width, count = max(self.width, 0), len(self.norms)
        by_norm = self._neighbours.data[: count * width].reshape(count, width)
        return by_norm[self._type_norms.data[types]]


@dataclass(frozen=True, slots=True, eq=False)
class SparseRows:
    """A tokens x ``width`` matrix in CSR form as plain arrays (row ``i``'s entries are
    ``pointers[i]:pointers[i + 1]`` of ``columns`` and ``values``), so that the CRF can
    multiply it without importing scipy.sparse (``to_csr`` makes scipy's matrix)."""

    pointers: np.ndarray
    columns: np.ndarray
    values: np.ndarray
    width: int

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.pointers) - 1, self.width

    def to_csr(self) -> Any:
        """The same matrix as a ``scipy.sparse.csr_matrix`` (int32 indices)."""
        import scipy.sparse  # lazy: ~0.25 CPU s to import; decoding a CRF needs no scipy

        return scipy.sparse.csr_matrix(
            (self.values, self.columns, self.pointers), shape=self.shape
        )

    def times(self, weights: np.ndarray) -> np.ndarray:
        """The product with ``weights`` (width x k) as scipy's CSR product computes it, to
        the bit: each row's terms ``value * weights[column]`` added to 0.0 in the row's
        order. Step ``s`` adds the ``s``-th term of every row that long at once."""
        counts = np.diff(self.pointers)
        product = np.zeros((len(counts), weights.shape[1]))
        if not len(self.columns):
            return product
        rows = np.repeat(np.arange(len(counts)), counts)
        steps = np.arange(len(rows)) - self.pointers[rows]  # each term's place in its row
        order = np.argsort(steps.astype(np.int16) if counts.max() < 2**15 else steps,
                           kind="stable")
        terms = weights[self.columns[order]]
        values = self.values[order]
        scaled = values != 1.0  # x * 1.0 == x: only the other terms need multiplying
        terms[scaled] *= values[scaled, None]
        rows = rows[order]
        bounds = np.searchsorted(steps[order], np.arange(int(counts.max()) + 1))
        for start, end in itertools.pairwise(bounds.tolist()):
            product[rows[start:end]] += terms[start:end]
        return product


def assemble(blocks: Iterable[Block], rows: int, width: int) -> SparseRows:
    """The ``rows`` x ``width`` matrix of the blocks' entries: a row's entries in block
    order, then in their order within a block; entries with column -1 left out."""
    every = Block.joined(list(blocks))
    known = every.columns >= 0
    token, column, value = every.rows[known], every.columns[known], every.values[known]
    # stable: a row's entries keep their order (numpy sorts 16-bit keys stably in linear time)
    order = np.argsort(token.astype(np.int16) if rows < 2**15 else token, kind="stable")
    pointers = np.zeros(rows + 1, dtype=np.int32)
    np.cumsum(np.bincount(token, minlength=rows), out=pointers[1:])
    return SparseRows(pointers, column[order].astype(np.int32), value[order], width)
