"""``FeatureExtractor``: per-token feature dicts, and the sparse matrices models multiply.

>>> extractor = FeatureExtractor(FeatureConfig())
>>> items = extractor.token_features(document)          # one dict per token (training)
>>> X = extractor.fit_matrix(items)                     # csr_matrix, int32 indices
>>> columns = Columns(model_vocabulary)                 # feature name -> column
>>> X = extractor.document_matrix(document, tokens, columns)  # the same, with arrays
>>> rows = extractor.document_rows(document, tokens, columns)  # as CSR arrays (no scipy)
>>> rows = extractor.chunk_rows(documents, token_lists, columns)  # several, one below another

Per-word work (word, orthography, regex token patterns, affixes, frequency) is computed once
per distinct token text and cached (the cache is bounded, so memory does not grow with the
corpus); on the numeric path (``document_rows``, ``deidkit.features.columns``) a word type
becomes its columns once (each class's ``type_block``, a chunk's new types together), and a
document's matrix is gathered from them with array operations. Document work (context, part
of speech, sections, dictionaries, PHI patterns, syntax) runs per document.
``extract(documents)`` streams.

Classes that cannot run here (no tagger for the language, Link Grammar not installed) are
skipped with a ``FeatureUnavailableWarning`` and listed in ``unavailable``.
"""

from __future__ import annotations

import itertools
import json
import warnings
import zlib
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from deidkit.errors import ConfigError, InputError, NotFittedError
from deidkit.features.base import (
    ChunkContext,
    DocumentContext,
    FeatureClass,
    Features,
    WordCache,
    normalise_word,
)
from deidkit.features.config import FeatureConfig
from deidkit.features.context import ContextFeatures
from deidkit.features.dictionary import DictionaryFeatures
from deidkit.features.frequency import FrequencyFeatures
from deidkit.features.medical import MedicalFeatures
from deidkit.features.registry import REGISTRY
from deidkit.text.tokenizer import tokenize
from deidkit.types import Document, Token

if TYPE_CHECKING:
    from scipy import sparse

    from deidkit.features.columns import Columns, SparseRows

WORD_CACHE_LIMIT = 50_000
"""Distinct words whose per-word features are kept (then the cache starts afresh; the type
table of the numeric path keeps the half it used last)."""
VOCABULARY_FORMAT = "deidkit-feature-vocabulary"



class FeatureUnavailableWarning(UserWarning):
    """A feature class was requested but cannot run here; it was skipped."""


class FeatureExtractor:
    """Extracts the features of ``config`` for the tokens of documents."""

    def __init__(self, config: FeatureConfig | None = None) -> None:
        self._setup(config if config is not None else FeatureConfig())
        self.hash_bits: int | None = None
        self.vocabulary_: dict[str, int] | None = None

    def _setup(self, config: FeatureConfig) -> None:
        self.config = config
        self.unavailable: dict[str, str] = {}
        self.classes: list[FeatureClass] = []
        for name in self.config.classes:
            feature_class = REGISTRY[name]
            reason = feature_class.unavailable_reason(self.config)
            if reason is not None:
                self.unavailable[name] = reason
                warnings.warn(
                    f"feature class {name!r} skipped: {reason}",
                    FeatureUnavailableWarning,
                    stacklevel=3,
                )
                continue
            self.classes.append(feature_class(self.config))
        self._type_classes = [c for c in self.classes if c.per_type]
        self._document_classes = [
            c
            for c in self.classes
            if type(c).add_document_features is not FeatureClass.add_document_features
        ]
        self._type_cache = WordCache(self._type_entry, WORD_CACHE_LIMIT)
        self._context = next((c for c in self.classes if isinstance(c, ContextFeatures)), None)
        self._columns: Columns | None = None  # the columns of the last document_matrix

    def __getstate__(self) -> dict[str, object]:
        # Classes hold parsers, automata and modules: pickle the recipe, rebuild on load
        # (what dask or multiprocessing workers need).
        return {
            "config": self.config.to_dict(),
            "hash_bits": self.hash_bits,
            "vocabulary_": self.vocabulary_,
        }

    def __setstate__(self, state: dict[str, object]) -> None:
        config = state["config"]
        if not isinstance(config, dict):
            raise TypeError("damaged FeatureExtractor state")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FeatureUnavailableWarning)
            self._setup(FeatureConfig.from_dict(config))
        hash_bits = state["hash_bits"]
        vocabulary = state["vocabulary_"]
        self.hash_bits = hash_bits if isinstance(hash_bits, int) else None
        self.vocabulary_ = vocabulary if isinstance(vocabulary, dict) else None

    # -- configuration ------------------------------------------------------------------
    @property
    def active_classes(self) -> tuple[str, ...]:
        """The classes that are extracted (requested and available)."""
        return tuple(c.name for c in self.classes)

    def resolved_config(self) -> FeatureConfig:
        """The config with every default made explicit (what a saved model should keep)."""
        config = replace(self.config, classes=self.active_classes)
        for feature_class in self.classes:
            if isinstance(feature_class, DictionaryFeatures):
                config = replace(config, dictionaries=dict(feature_class.dictionaries))
            elif isinstance(feature_class, FrequencyFeatures):
                config = replace(config, frequency_tables=dict(feature_class.tables))
            elif isinstance(feature_class, MedicalFeatures):
                config = replace(config, medical_vocabularies=tuple(feature_class.vocabularies))
        return config

    def describe(self) -> dict[str, object]:
        """Each active class and what it uses; the unavailable classes and why."""
        return {
            "classes": {c.name: c.describe() for c in self.classes},
            "unavailable": dict(self.unavailable),
        }

    @property
    def word_cache_size(self) -> int:
        """How many distinct words have their per-word features (or columns) cached now."""
        types = 0 if self._columns is None else len(self._columns.types)
        return max(len(self._type_cache), types)

    def clear_caches(self) -> None:
        """Forget every per-word cache (the extractor's and its classes'); for benchmarks."""
        self._type_cache.clear()
        if self._columns is not None:
            self._columns.clear()
        for feature_class in self.classes:
            feature_class.clear_caches()

    # -- per-token feature dicts ----------------------------------------------------------
    def _type_entry(self, word: str) -> tuple[str, Features]:
        """A word's normal form and per-word features (cached in ``_type_cache``)."""
        features: Features = {}
        for feature_class in self._type_classes:
            features.update(feature_class.type_features(word))
        return normalise_word(word, self.config.fold_digits), features

    def token_features(
        self, document: Document | str, tokens: Sequence[Token] | None = None
    ) -> list[Features]:
        """One feature dict per token of ``document`` (tokenised here unless given)."""
        text = document.text if isinstance(document, Document) else document
        if tokens is None:
            tokens = tokenize(text)
        type_entry = self._type_cache.__getitem__
        norms: list[str] = []
        items: list[Features] = []
        for token in tokens:
            word = token.text
            norm, features = type_entry(word)
            norms.append(norm)
            items.append(features.copy())
        if self._document_classes and tokens:
            context = DocumentContext(text, tokens, self.config, norms)
            for feature_class in self._document_classes:
                feature_class.add_document_features(context, items)
        return items

    def document_matrix(
        self, document: Document | str, tokens: Sequence[Token], columns: Columns
    ) -> sparse.csr_matrix:
        """``document_rows`` as a scipy CSR matrix."""
        return self.document_rows(document, tokens, columns).to_csr()

    def document_rows(
        self,
        document: Document | str,
        tokens: Sequence[Token],
        columns: Columns,
        type_column: int | None = None,
    ) -> SparseRows:
        """``token_features`` as a tokens x ``columns`` matrix (CSR arrays), made with
        arrays: a row holds the token's features that ``columns`` knows, in
        ``token_features``' order (a string feature's value 1.0, a float feature's its
        value). With ``type_column``, a row's per-word features (its first) are one entry
        instead: column ``type_column`` + the word's number in ``columns.types``, value 1.0,
        for a model that works out what they give once per word type (the CRF's
        emissions); the matrix is then that much wider."""
        return self.chunk_rows([document], [tokens], columns, type_column)

    def chunk_rows(
        self,
        documents: Sequence[Document | str],
        tokens: Sequence[Sequence[Token]],
        columns: Columns,
        type_column: int | None = None,
    ) -> SparseRows:
        """``document_rows`` of several documents at once, one below the other (the rows of
        ``documents[i]`` follow those of ``documents[i - 1]``; ``tokens[i]`` are its tokens):
        each class's numpy calls are made once for all of them (``ChunkContext``)."""
        import numpy as np  # lazy: importing the features needs no numpy

        from deidkit.features.columns import Block, assemble

        self._columns = columns
        if len(columns.types) >= WORD_CACHE_LIMIT:
            columns.clear(keep=WORD_CACHE_LIMIT // 2)
        types = columns.types
        words = [token.text for each in tokens for token in each]
        numbers = types.numbers
        # each word's type, -1 for a word new to the table: the new ones are entered (in
        # the order they first come) and looked up again
        type_numbers = np.fromiter(map(numbers.get, words, itertools.repeat(-1)), np.intp,
                                   len(words))
        new = np.flatnonzero(type_numbers < 0).tolist()
        if new:
            self._add_types(list(dict.fromkeys([words[i] for i in new])), columns)
            type_numbers[new] = [numbers[words[i]] for i in new]
        types.touch(type_numbers)
        if type_column is None:
            blocks = [types.block(np.arange(len(words)), type_numbers)]
        else:
            blocks = [Block.ones(np.arange(len(words)), type_column + type_numbers)]
        if self._document_classes and words:
            contexts = []
            first = 0
            for document, each in zip(documents, tokens, strict=True):
                end = first + len(each)
                contexts.append(DocumentContext(
                    document.text if isinstance(document, Document) else document, each,
                    self.config, None, words[first:end], types,
                    type_numbers[first:end],
                ))
                first = end
            chunk = ChunkContext(contexts, types, type_numbers)
            blocks += [c.chunk_columns(chunk, columns) for c in self._document_classes]
        width = len(columns.vocabulary) if type_column is None else type_column + len(types)
        return assemble(blocks, len(words), width)

    def prepare_tables(self, columns: Columns) -> None:
        """Work out what the classes derive from a model's ``columns`` alone (the context
        class's bigram table), as the first document would: what ``python -m
        deidkit.features.prepare`` stores for the shipped models."""
        if self._context is not None:
            self._context.bigrams(columns)

    def _add_types(self, words: list[str], columns: Columns) -> None:
        """Enter new ``words`` (distinct) in the type table of ``columns``, all at once: each
        class's entries for them (``FeatureClass.type_block``), a word's in class order, as
        their features follow one another in ``_type_entry``."""
        from deidkit.features.columns import Block, assemble

        fold_digits = self.config.fold_digits
        norms = [normalise_word(word, fold_digits) for word in words]
        blocks = [Block.empty(), *(c.type_block(words, columns) for c in self._type_classes)]
        context = self._context
        columns.types.add_types(
            words,
            norms,
            assemble(blocks, len(words), len(columns.vocabulary)),
            lambda new: [()] * len(new) if context is None else context.neighbour_columns(
                new, columns),
        )

    def extract(self, documents: Iterable[Document]) -> Iterator[list[Features]]:
        """Feature dicts of each document in turn (streams: one document in memory)."""
        for document in documents:
            yield self.token_features(document)

    # -- sparse matrices ------------------------------------------------------------------
    def use_hashing(self, bits: int = 20) -> FeatureExtractor:
        """Map features to columns by hashing (no vocabulary to fit or save)."""
        if not 8 <= bits <= 30:
            raise ConfigError("hashing bits must be from 8 to 30")
        self.hash_bits = bits
        self.vocabulary_ = None
        return self

    def fit_vocabulary(
        self, feature_dicts: Iterable[Features], *, min_count: int = 1
    ) -> FeatureExtractor:
        """Learn the matrix columns: every feature seen at least ``min_count`` times."""
        counts: Counter[str] = Counter()
        for item in feature_dicts:
            counts.update(_column_keys(item))
        kept = sorted(key for key, count in counts.items() if count >= min_count)
        self.vocabulary_ = {key: index for index, key in enumerate(kept)}
        self.hash_bits = None
        return self

    @property
    def n_columns(self) -> int:
        if self.hash_bits is not None:
            return 1 << self.hash_bits
        if self.vocabulary_ is None:
            raise NotFittedError(
                "the feature vocabulary is not fitted; call fit_vocabulary (or use_hashing) first"
            )
        return len(self.vocabulary_)

    def matrix(self, feature_dicts: Iterable[Features]) -> sparse.csr_matrix:
        """A CSR matrix, one row per feature dict, with int32 indices (scikit-learn's
        LinearSVC rejects 64-bit ones). Features outside the vocabulary are dropped."""
        import numpy as np  # lazy: detecting with a CRF needs neither numpy nor scipy
        from scipy import sparse

        columns = self.n_columns
        indices: list[int] = []
        values: list[float] = []
        indptr: list[int] = [0]
        if self.hash_bits is not None:
            mask = columns - 1
            for item in feature_dicts:
                row: dict[int, float] = {}
                for key, value in _column_items(item):
                    column = zlib.crc32(key.encode("utf-8")) & mask
                    row[column] = row.get(column, 0.0) + value
                indices.extend(row)
                values.extend(row.values())
                indptr.append(len(indices))
        else:
            lookup = (self.vocabulary_ or {}).get
            for item in feature_dicts:
                for key, value in _column_items(item):
                    found = lookup(key)
                    if found is not None:
                        indices.append(found)
                        values.append(value)
                indptr.append(len(indices))
        result = sparse.csr_matrix(
            (
                np.asarray(values, dtype=np.float64),
                np.asarray(indices, dtype=np.int32),
                np.asarray(indptr, dtype=np.int32),
            ),
            shape=(len(indptr) - 1, columns),
        )
        result.sum_duplicates()
        result.indices = result.indices.astype(np.int32, copy=False)
        result.indptr = result.indptr.astype(np.int32, copy=False)
        return result

    def fit_matrix(
        self, feature_dicts: Sequence[Features], *, min_count: int = 1
    ) -> sparse.csr_matrix:
        """``fit_vocabulary`` then ``matrix`` on the same dicts."""
        return self.fit_vocabulary(feature_dicts, min_count=min_count).matrix(feature_dicts)

    def save_vocabulary(self, path: Path) -> None:
        """Write the fitted vocabulary (or the hashing width) as JSON, atomically."""
        if self.hash_bits is not None:
            data: dict[str, object] = {"format": VOCABULARY_FORMAT, "hash_bits": self.hash_bits}
        elif self.vocabulary_ is not None:
            ordered = sorted(self.vocabulary_, key=self.vocabulary_.__getitem__)
            data = {"format": VOCABULARY_FORMAT, "columns": ordered}
        else:
            raise NotFittedError("nothing to save: the feature vocabulary is not fitted")
        # lazy: importing deidkit.io loads every corpus format, which detection never reads
        from deidkit.io.atomic import atomic_write_text

        atomic_write_text(Path(path), json.dumps(data, ensure_ascii=False))

    def load_vocabulary(self, path: Path) -> FeatureExtractor:
        """Read a vocabulary written by ``save_vocabulary``."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise InputError(
                f"cannot read the feature vocabulary ({type(error).__name__})",
                path=path,
                fix="save it again with save_vocabulary or retrain the model",
            ) from None
        if not isinstance(data, dict) or data.get("format") != VOCABULARY_FORMAT:
            raise InputError(
                "not a deidkit feature vocabulary",
                path=path,
                fix="pass the model's vocabulary file",
            )
        if "hash_bits" in data:
            return self.use_hashing(int(data["hash_bits"]))
        self.vocabulary_ = {str(key): index for index, key in enumerate(data["columns"])}
        self.hash_bits = None
        return self


def _column_keys(item: Features) -> Iterator[str]:
    for key, value in item.items():
        yield f"{key}={value}" if isinstance(value, str) else key


def _column_items(item: Features) -> Iterator[tuple[str, float]]:
    for key, value in item.items():
        if isinstance(value, str):
            yield f"{key}={value}", 1.0
        else:
            yield key, float(value)
