"""Feature classes that look only at the token itself: word, orthography, affixes.

- ``word`` (the SVM paper/Stat De-id, "the word itself"): ``word`` = the token casefolded, digits
  folded to ``0`` (``3/14/2012`` -> ``0/00/0000``) unless ``fold_digits`` is off; with
  ``lemma`` (English) also ``word.lemma``: plural nouns singularised (``catheters`` ->
  ``catheter``; Stat De-id lemmatises), by textblob's offline rules.
- ``orthography`` (the SVM paper, sections 4.2.2-4.2.5): ``orthography.case`` (``upper``,
  ``lower``, ``title``, ``mixed``, ``none``), ``orthography.initcap``,
  ``orthography.punct`` (punctuation inside a longer token), ``orthography.number``,
  ``orthography.digit``, ``orthography.length`` (one-hot, lengths at or above
  ``length_cap`` share the value ``<cap>+``), ``orthography.shape`` (``Xxxx``, ``dd/dd``)
  and ``orthography.shape_short`` (runs collapsed: ``Xx``, ``d/d``).
- ``affix`` (HIDE): ``affix.p1``..``affix.pN`` and ``affix.s1``..``affix.sN``, prefixes and
  suffixes of the token as written, for ``N = affix_max`` (HIDE: 3), only for tokens at
  least that long.

Speed: orthography depends on a word only through the class of each character (upper,
lower or uncased letter, digit, anything else as itself) and its length, so its features
are computed once per *signature* (``Mcdonald`` and ``Garcia`` share ``Xxxxxxx``-like
signatures) and the ``number`` flag per word (on the numeric path, their columns too:
``type_block``); ``word_shape`` and ``letter_case`` remain the reference definitions (tests
check the two agree).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from deidkit.features.base import FeatureClass, Features, normalise_word
from deidkit.features.config import FeatureConfig
from deidkit.text.pos import PosTagger

if TYPE_CHECKING:
    import numpy as np

    from deidkit.features.columns import Block, Columns

_NUMBER_RE = re.compile(r"[-+]?(?:\d+(?:[.,]\d+)*|\d*[.,]\d+)%?")


class WordFeatures(FeatureClass):
    name = "word"
    summary = "the token itself, casefolded, digits folded to 0"
    per_type = True

    def __init__(self, config: FeatureConfig) -> None:
        super().__init__(config)
        self._tagger = PosTagger(config.language) if config.lemma else None

    def type_features(self, word: str) -> Features:
        features: Features = {"word": normalise_word(word, self.config.fold_digits)}
        if self._tagger is not None:
            lemma = self._tagger.lemma(word)
            features["word.lemma"] = normalise_word(lemma, self.config.fold_digits)
        return features

    def type_block(self, words: Sequence[str], columns: Columns) -> Block:
        if self._tagger is not None:
            return super().type_block(words, columns)
        import numpy as np  # lazy: importing the features needs no numpy

        from deidkit.features.columns import Block

        key, fold_digits = "word" + columns.separator, self.config.fold_digits
        names = [key + normalise_word(word, fold_digits) for word in words]
        return Block(np.arange(len(words)), _columns_of(names, columns), np.ones(len(words)))


def word_shape(word: str) -> str:
    """``X`` for capitals, ``x`` for other letters, ``d`` for digits, other characters kept."""
    out = []
    for char in word:
        if char.isalpha():
            out.append("X" if char.isupper() else "x")
        elif char.isdigit():
            out.append("d")
        else:
            out.append(char)
    return "".join(out)


def short_shape(shape: str) -> str:
    """A word shape with runs of one character collapsed (``Xxxxx`` -> ``Xx``)."""
    out: list[str] = []
    for char in shape:
        if not out or out[-1] != char:
            out.append(char)
    return "".join(out)


class _CharacterClasses(dict[int, str]):
    """Code point -> its class in an orthography signature; filled as ``str.translate`` meets
    new characters. Upper-case letter ``X``, lower-case ``x``, uncased letter ``a``, digit
    ``d``, anything else itself (never a letter or digit, so never ``X``, ``x``, ``a`` or ``d``)."""

    def __missing__(self, code: int) -> str:
        char = chr(code)
        if char.isalpha():
            value = "X" if char.isupper() else "x" if char.islower() else "a"
        elif char.isdigit():
            value = "d"
        else:
            value = char
        self[code] = value
        return value


_CHARACTER_CLASSES = _CharacterClasses()
SIGNATURE_CACHE_LIMIT = 20_000
"""Distinct orthography signatures whose features are kept (then the cache starts afresh)."""


def _is_number(word: str, signature: str) -> bool:
    """Whether the word gets ``orthography.number`` (its signature has a digit, ``d``, exactly
    when it gets ``orthography.digit``)."""
    return "d" in signature and _NUMBER_RE.fullmatch(word) is not None


def orthography_signature(word: str) -> str:
    """The word with each character replaced by its class (same length as the word)."""
    return word.translate(_CHARACTER_CLASSES)


def letter_case(word: str) -> str:
    letters = [char for char in word if char.isalpha()]
    if not letters:
        return "none"
    if all(char.isupper() for char in letters):
        return "upper"
    if all(char.islower() for char in letters):
        return "lower"
    if letters[0].isupper() and all(char.islower() for char in letters[1:]):
        return "title"
    return "mixed"


class OrthographyFeatures(FeatureClass):
    name = "orthography"
    summary = "capitalisation, punctuation, number, length (one-hot), word shape"
    per_type = True

    def __init__(self, config: FeatureConfig) -> None:
        super().__init__(config)
        self._by_signature: dict[str, Features] = {}

    def type_features(self, word: str) -> Features:
        signature = word.translate(_CHARACTER_CLASSES)
        found = self._by_signature.get(signature)
        if found is None:
            found = self._signature_features(signature)
        features = found.copy()
        if _is_number(word, signature):
            features["orthography.number"] = 1.0
        return features

    def type_block(self, words: Sequence[str], columns: Columns) -> Block:
        # the row of a signature's features once per signature (and columns), then the
        # number flag, last as in type_features
        import numpy as np  # lazy: importing the features needs no numpy

        from deidkit.features.columns import Block

        table = columns.rows(self.name, SIGNATURE_CACHE_LIMIT)
        known, number = table.numbers, columns.column("orthography.number")
        found, flagged = [], []
        for index, word in enumerate(words):
            signature = word.translate(_CHARACTER_CLASSES)
            row = known.get(signature)
            if row is None:
                features = self._by_signature.get(signature)
                row = table.add(signature, columns.row(
                    self._signature_features(signature) if features is None else features))
            found.append(row)
            if number >= 0 and _is_number(word, signature):
                flagged.append(index)
        block = table.block(np.arange(len(words)), np.asarray(found, np.intp))
        if not flagged:
            return block
        numbers = np.asarray(flagged, np.intp)
        return Block.joined([block, Block.ones(numbers, np.full(len(numbers), number))])

    def _signature_features(self, signature: str) -> Features:
        """Every orthography feature but ``number``, from a word's signature: the same as
        from the word (see ``reference_features``)."""
        cap = self.config.length_cap
        size = len(signature)
        shape = signature.replace("a", "x")  # shape: uncased letters are "x" too
        letters = [char for char in signature if char in "Xxa"]
        if not letters:
            case = "none"
        elif all(char == "X" for char in letters):
            case = "upper"
        elif all(char == "x" for char in letters):
            case = "lower"
        elif letters[0] == "X" and all(char == "x" for char in letters[1:]):
            case = "title"
        else:
            case = "mixed"
        features: Features = {
            "orthography.case": case,
            "orthography.length": str(size) if size < cap else f"{cap}+",
            "orthography.shape": shape,
            "orthography.shape_short": short_shape(shape),
        }
        if signature[:1].isupper():
            features["orthography.initcap"] = 1.0
        if size > 1 and not all(char.isalnum() for char in signature):
            features["orthography.punct"] = 1.0
        if "d" in signature:
            features["orthography.digit"] = 1.0
        if len(self._by_signature) >= SIGNATURE_CACHE_LIMIT:
            self._by_signature.clear()
        self._by_signature[signature] = features
        return features

    def reference_features(self, word: str) -> Features:
        """The orthography features computed straight from the definitions (for tests)."""
        cap = self.config.length_cap
        size = len(word)
        shape = word_shape(word)
        features: Features = {
            "orthography.case": letter_case(word),
            "orthography.length": str(size) if size < cap else f"{cap}+",
            "orthography.shape": shape,
            "orthography.shape_short": short_shape(shape),
        }
        if word[:1].isupper():
            features["orthography.initcap"] = 1.0
        if size > 1 and any(not char.isalnum() for char in word):
            features["orthography.punct"] = 1.0
        if any(char.isdigit() for char in word):
            features["orthography.digit"] = 1.0
            if _NUMBER_RE.fullmatch(word):
                features["orthography.number"] = 1.0
        return features

    def clear_caches(self) -> None:
        self._by_signature.clear()


class AffixFeatures(FeatureClass):
    name = "affix"
    summary = "prefixes and suffixes of length 1 to affix_max (HIDE)"
    per_type = True

    def __init__(self, config: FeatureConfig) -> None:
        super().__init__(config)
        self._keys = [
            (size, f"affix.p{size}", f"affix.s{size}") for size in range(1, config.affix_max + 1)
        ]

    def type_features(self, word: str) -> Features:
        features: Features = {}
        for size, prefix, suffix in self._keys[: len(word)]:
            features[prefix] = word[:size]
            features[suffix] = word[-size:]
        return features

    def type_block(self, words: Sequence[str], columns: Columns) -> Block:
        # each feature's name made as Columns.row makes it: key, separator, value; a size's
        # prefixes, then its suffixes, of the words at least that long (a word's entries
        # come in type_features' order once assemble sorts them by word, keeping the order)
        import numpy as np  # lazy: importing the features needs no numpy

        from deidkit.features.columns import Block

        separator = columns.separator
        lengths = np.fromiter(map(len, words), np.intp, len(words))
        blocks = [Block.empty()]
        for size, prefix, suffix in self._keys:
            at = np.flatnonzero(lengths >= size)
            if not len(at):
                break
            long = words if len(at) == len(words) else [words[i] for i in at.tolist()]
            ones = np.ones(len(at))
            start, end = prefix + separator, suffix + separator
            blocks.append(Block(at, _columns_of([start + word[:size] for word in long], columns),
                                ones))
            blocks.append(Block(at, _columns_of([end + word[-size:] for word in long], columns),
                                ones))
        return Block.joined(blocks)


def _columns_of(names: list[str], columns: Columns) -> np.ndarray:
    """The column of each feature name (-1 for a name ``columns`` does not know), int32."""
    import numpy as np  # lazy: importing the features needs no numpy

    found = map(columns.vocabulary.get, names, itertools.repeat(-1))
    return np.fromiter(found, np.int32, len(names))
