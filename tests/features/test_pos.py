"""The part-of-speech wrapper gives textblob's PatternTagger tags, aligned to our tokens."""

from __future__ import annotations

import pytest

from deidkit.errors import ConfigError
from deidkit.text import tokenize
from deidkit.text.pos import PosTagger, unavailable_reason

SENTENCES = [
    "Dr. Smith was admitted to Boston General on 3/14/2012 .",
    "The patient is a 45 year old man with chest pain and shortness of breath .",
    "He lives with his daughter in Springfield and walks quickly .",
    "[** First Name **] was seen in clinic today ; BP 120/80 , HR 72 .",
]


def test_tags_equal_textblobs_pattern_tagger() -> None:
    from textblob.en import tag as textblob_tag  # the PatternTagger's own entry point

    tagger = PosTagger()
    for sentence in SENTENCES[:3]:  # textblob splits pre-tokenised text at spaces
        words = [token.text for token in tokenize(sentence)]
        expected = [tag for _word, tag in textblob_tag(" ".join(words), tokenize=False)]
        assert tagger.tag(words) == expected


def test_one_tag_per_token_even_with_spaces_inside() -> None:
    words = [token.text for token in tokenize("[** First Name **] was seen")]
    assert words[0] == "[** First Name **]"
    assert len(PosTagger().tag(words)) == len(words)
    assert PosTagger().tag([]) == []


def test_cached_tags_equal_sentence_tagging() -> None:
    tagger = PosTagger()
    for sentence in SENTENCES:
        words = [token.text for token in tokenize(sentence)]
        assert tagger.tag(words) == tagger._tag_sentence(words)


def test_context_rules_change_verbs() -> None:
    words = ["He", "was", "admitted", "."]
    assert PosTagger().tag(words)[2] == "VBD"
    assert PosTagger(context_rules=True).tag(words)[2] == "VBN"


def test_other_languages_are_unavailable() -> None:
    assert unavailable_reason("en") is None
    assert "no offline part-of-speech tagger for language 'es'" in (unavailable_reason("es") or "")
    with pytest.raises(ConfigError, match="part of speech"):
        PosTagger("es")
