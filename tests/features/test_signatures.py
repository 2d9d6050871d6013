"""The per-signature caches of the orthography and regex classes give exactly what the
reference definitions give for the word itself."""

from __future__ import annotations

import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from deidkit.features import FeatureConfig
from deidkit.features.lexical import OrthographyFeatures
from deidkit.features.regex import RegexFeatures, hide_flags, hide_signature

ORTHOGRAPHY = OrthographyFeatures(FeatureConfig(length_cap=6))
REGEX = RegexFeatures(FeatureConfig())

# every kind of character the definitions tell apart, and their neighbours
TRICKY = [
    "McDonald", "DIAZ", "iPhone", "Ⅻ", "ǅemal", "ß", "İstanbul", "ﬁle", "½", "²", "٣", "三",
    "3/14/2012", "-3.5", "+5", "50%", "1,000.25", "XIV", "MCMXC", "a\n", "5%\n", "\t", " ",
    "\u00a0", "\u2009", "\x1c", "\x00", "[** Name **]", "O'Brien", "s/p", "e-mail", "_x_",
    "ÁÉÍ", "ñandú", "C4-C5", "2nd", "4A2B", "—", "“q”", "µg", "",
]


def _agree(word: str) -> None:
    assert ORTHOGRAPHY.type_features(word) == ORTHOGRAPHY.reference_features(word), word
    assert list(ORTHOGRAPHY.type_features(word)) == list(ORTHOGRAPHY.reference_features(word))
    assert REGEX.type_features(word) == hide_flags(word), word
    assert list(REGEX.type_features(word)) == list(hide_flags(word))


def test_tricky_words() -> None:
    for word in TRICKY:
        if word:
            _agree(word)
            _agree(word + word.upper())


def test_a_sample_of_every_plane() -> None:
    for code in range(0, sys.maxunicode + 1, 97):
        if not 0xD800 <= code <= 0xDFFF:
            char = chr(code)
            for word in (char, char + "\n", "A" + char + "5"):
                _agree(word)


@settings(max_examples=300, deadline=None)
@given(st.text(min_size=1, max_size=12))
def test_any_text(word: str) -> None:
    _agree(word)


def test_signature_keeps_the_length() -> None:
    for word in TRICKY:
        assert len(hide_signature(word)) == len(word)
