"""What every feature class shares: the per-document context and the class interface.

A feature class adds features to each token's dict. Its work comes in two parts:

- ``type_features(word)``: features that depend only on the token's text. The extractor
  computes them once per distinct word (a bounded cache) and copies them into each token;
  on the numeric path (``deidkit.features.columns``) ``type_block(words, columns)`` gives
  them as new word types' matrix entries, once per type.
- ``add_document_features(context, items)``: features that depend on the document
  (neighbours, section, part of speech, multi-token dictionary matches);
  ``document_columns(context, columns)`` gives the same features as a ``Block`` of matrix
  entries (by default it converts what ``add_document_features`` gives), and
  ``chunk_columns(chunk, columns)`` those of several documents at once, their tokens one
  after another (``ChunkContext``; by default each document's ``document_columns``): the
  classes that matter for speed compute a chunk's block with arrays, so that their fixed
  cost of numpy calls is paid once a chunk instead of once a document.

Every feature name starts with the class name (``orthography.case``, ``context.w-1``), so
switching a class off removes exactly its features.
"""

from __future__ import annotations

import itertools
import operator
import re
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, ClassVar, TypeVar

from deidkit.features.config import FeatureConfig
from deidkit.text import Section, find_sections, section_names
from deidkit.text.sentences import sentence_spans
from deidkit.types import Token

if TYPE_CHECKING:
    import numpy as np

    from deidkit.features.columns import Block, Columns, TypeTable

Features = dict[str, str | float]
"""One token's features: a string value is a one-hot feature ``name=value``, a float a
weighted feature (python-crfsuite reads both)."""

_Key = TypeVar("_Key", bound=Hashable)
_Value = TypeVar("_Value")


class WordCache(dict[_Key, _Value]):
    """word (or any key) -> ``make(word)``, computed on its first look-up (``cache[word]``);
    starts afresh once it holds ``limit`` words, so memory stays bounded."""

    __slots__ = ("_limit", "_make")

    def __init__(self, make: Callable[[_Key], _Value], limit: int) -> None:
        super().__init__()
        self._make = make
        self._limit = limit

    def __missing__(self, word: _Key) -> _Value:
        value = self._make(word)
        if len(self) >= self._limit:
            self.clear()
        self[word] = value
        return value


_START = operator.attrgetter("start")
_DIGIT_RE = re.compile(r"\d")
_CLASS_PREFIX_RE = re.compile(r"[a-z]+")


def class_of_feature(key: str) -> str:
    """The feature class a feature name belongs to (``context.w-1`` -> ``context``,
    ``pos+1`` -> ``pos``, ``word`` -> ``word``); also works on matrix column names."""
    match = _CLASS_PREFIX_RE.match(key)
    return match.group() if match else ""


def normalise_word(word: str, fold_digits: bool = True) -> str:
    """The word itself as the word feature sees it: casefolded, digits folded to ``0``."""
    folded = word.casefold()
    return _DIGIT_RE.sub("0", folded) if fold_digits else folded


class DocumentContext:
    """One document's tokens and what classes compute from them, computed lazily once
    (``words``, the tokens' texts, may be given by a caller that has them already). On the
    numeric path ``types`` is the word-type table and ``type_numbers`` each token's type, and
    the tokens' normal forms (``norms``) are looked up there when first asked for."""

    __slots__ = (
        "_found_sections",
        "_norms",
        "_sections",
        "_sentences",
        "_starts",
        "config",
        "text",
        "tokens",
        "type_numbers",
        "types",
        "words",
    )

    def __init__(
        self,
        text: str,
        tokens: Sequence[Token],
        config: FeatureConfig,
        norms: list[str] | None,
        words: list[str] | None = None,
        types: TypeTable | None = None,
        type_numbers: np.ndarray | None = None,
    ) -> None:
        self.text = text
        self.types = types
        self.type_numbers = type_numbers
        self.tokens = tokens
        self.config = config
        self.words = [token.text for token in tokens] if words is None else words
        self._norms = norms
        self._sentences: list[tuple[int, int]] | None = None
        self._sections: list[str] | None = None
        self._found_sections: list[Section] | None = None
        self._starts: list[int] | None = None

    def __len__(self) -> int:
        return len(self.tokens)

    @property
    def norms(self) -> list[str]:
        """Each token's normal form (``normalise_word``): given, or looked up in ``types``."""
        if self._norms is None:
            if self.types is None or self.type_numbers is None:
                raise ValueError("a document context without normal forms needs its types")
            norms = self.types.norms
            self._norms = [norms[number] for number in
                           self.types.norm_numbers(self.type_numbers).tolist()]
        return self._norms

    @property
    def found_sections(self) -> list[Section]:
        """The sections of the document (``deidkit.text.find_sections``)."""
        if self._found_sections is None:
            self._found_sections = find_sections(self.text)
        return self._found_sections

    @property
    def starts(self) -> list[int]:
        """The start offset of each token."""
        if self._starts is None:
            self._starts = list(map(_START, self.tokens))
        return self._starts

    @property
    def sentences(self) -> list[tuple[int, int]]:
        """Sentences as ``(first token index, last token index + 1)``."""
        if self._sentences is None:
            self._sentences = token_sentences(self.text, self.tokens, self.found_sections)
        return self._sentences

    @property
    def sections(self) -> list[str]:
        """The section name of each token."""
        if self._sections is None:
            self._sections = section_names(self.text, self.tokens, self.found_sections)
        return self._sections


def token_sentences(
    text: str, tokens: Sequence[Token], sections: Sequence[Section] | None = None
) -> list[tuple[int, int]]:
    """Group token indices by sentence: ``[(first, last + 1), ...]`` covering every token."""
    if not tokens:
        return []
    section_starts = None if sections is None else {section.start for section in sections}
    spans = sentence_spans(text, [(token.start, token.end) for token in tokens], section_starts)
    groups: list[tuple[int, int]] = []
    index = 0
    count = len(tokens)
    for _start, end in spans:
        first = index
        while index < count and tokens[index].start < end:
            index += 1
        if index > first:
            groups.append((first, index))
    if index < count:  # tokens not produced by deidkit's tokenizer may fall outside
        groups.append((index, count))
    return groups


class ChunkContext:
    """Several documents whose tokens are numbered one after another (a chunk of documents a
    model decodes together): each document's ``DocumentContext`` (``contexts``), where its
    tokens begin (``bounds``: the first token of each, then the number of tokens), the
    word-type table and every token's type. A feature of one document never reaches into
    another: a class's ``chunk_columns`` gives what its ``document_columns`` gives each
    document, rows numbered across the chunk."""

    __slots__ = ("_document_of", "bounds", "contexts", "type_numbers", "types")

    def __init__(
        self,
        contexts: Sequence[DocumentContext],
        types: TypeTable,
        type_numbers: np.ndarray,
    ) -> None:
        self.contexts = contexts
        self.bounds = list(itertools.accumulate(map(len, contexts), initial=0))
        self.types = types
        self.type_numbers = type_numbers
        self._document_of: np.ndarray | None = None

    def __len__(self) -> int:
        return self.bounds[-1]

    @property
    def document_of(self) -> np.ndarray:
        """The number of each token's document."""
        if self._document_of is None:
            import numpy as np  # lazy: importing the features needs no numpy

            self._document_of = np.repeat(np.arange(len(self.contexts)), np.diff(self.bounds))
        return self._document_of

    def first_ends(self) -> tuple[np.ndarray, np.ndarray]:
        """For each token, the first token of its document and the end of its document (the
        number of the first token after it)."""
        import numpy as np  # lazy: importing the features needs no numpy

        bounds = np.asarray(self.bounds)
        return bounds[self.document_of], bounds[self.document_of + 1]


class FeatureClass:
    """Base of the feature classes; subclasses set ``name`` and override what they use."""

    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    """One line saying what the class looks at (for ``deidkit features list``)."""
    per_type: ClassVar[bool] = False
    """Whether ``type_features`` contributes anything (then it is cached per word)."""

    def __init__(self, config: FeatureConfig) -> None:
        self.config = config

    @classmethod
    def unavailable_reason(cls, config: FeatureConfig) -> str | None:
        """Why this class cannot run with ``config`` (missing package, language), or None."""
        return None

    def type_features(self, word: str) -> Features:
        return {}

    def type_block(self, words: Sequence[str], columns: Columns) -> Block:
        """The numeric path's per-word features of new word types
        (``FeatureExtractor.chunk_rows``, a chunk's new types at once) as matrix entries:
        row ``i`` holds ``columns.row(self.type_features(words[i]))`` in its order (entries
        of column -1 may be left in; ``assemble`` leaves them out). A class may work them out
        for all the words together or once per what they depend on
        (``tests/features/test_columns.py`` checks every class's against
        ``type_features``)."""
        from deidkit.features.columns import Block  # lazy: numpy

        row = columns.row
        return Block.of_rows(range(len(words)), [row(self.type_features(word)) for word in words])

    def add_document_features(self, context: DocumentContext, items: list[Features]) -> None:
        return None

    def document_columns(self, context: DocumentContext, columns: Columns) -> Block:
        """``add_document_features`` as matrix entries (same features, same order)."""
        from deidkit.features.columns import Block  # lazy: numpy
        found: list[Features] = [{} for _ in range(len(context))]
        self.add_document_features(context, found)
        tokens = [index for index, features in enumerate(found) if features]
        return Block.of_rows(tokens, [columns.row(found[index]) for index in tokens])

    def chunk_columns(self, chunk: ChunkContext, columns: Columns) -> Block:
        """``document_columns`` of each document of ``chunk``, rows numbered across it."""
        from deidkit.features.columns import Block  # lazy: numpy

        blocks = [Block.empty()]
        for context, first in zip(chunk.contexts, chunk.bounds, strict=False):
            if len(context):
                block = self.document_columns(context, columns)
                blocks.append(Block(block.rows + first, block.columns, block.values))
        return Block.joined(blocks)

    def describe(self) -> dict[str, object]:
        """What this class uses (resources, tables), for reports and saved models."""
        return {}

    def clear_caches(self) -> None:
        """Forget per-word caches (they are bounded; this is for benchmarks and tests)."""
        return None
