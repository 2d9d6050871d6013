"""Feature classes that look only at the token itself: word, orthography, affixes.

- ``word`` (seeds 000/001, "the word itself"): ``word`` = the token casefolded, digits
  folded to ``0`` (``3/14/2012`` -> ``0/00/0000``) unless ``fold_digits`` is off; with
  ``lemma`` (English) also ``word.lemma``: plural nouns singularised (``catheters`` ->
  ``catheter``; seed 001 lemmatises), by textblob's offline rules.
- ``orthography`` (seed 000 sections 4.2.2-4.2.5): ``orthography.case`` (``upper``,
  ``lower``, ``title``, ``mixed``, ``none``), ``orthography.initcap``,
  ``orthography.punct`` (punctuation inside a longer token), ``orthography.number``,
  ``orthography.digit``, ``orthography.length`` (one-hot, lengths at or above
  ``length_cap`` share the value ``<cap>+``), ``orthography.shape`` (``Xxxx``, ``dd/dd``)
  and ``orthography.shape_short`` (runs collapsed: ``Xx``, ``d/d``).
- ``affix`` (HIDE): ``affix.p1``..``affix.pN`` and ``affix.s1``..``affix.sN``, prefixes and
  suffixes of the token as written, for ``N = affix_max`` (HIDE: 3), only for tokens at
  least that long.
"""

from __future__ import annotations

import re

from deidkit.features.base import FeatureClass, Features, normalise_word
from deidkit.features.config import FeatureConfig
from deidkit.text.pos import PosTagger

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

    def type_features(self, word: str) -> Features:
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


class AffixFeatures(FeatureClass):
    name = "affix"
    summary = "prefixes and suffixes of length 1 to affix_max (HIDE)"
    per_type = True

    def type_features(self, word: str) -> Features:
        features: Features = {}
        for size in range(1, min(self.config.affix_max, len(word)) + 1):
            features[f"affix.p{size}"] = word[:size]
            features[f"affix.s{size}"] = word[-size:]
        return features
