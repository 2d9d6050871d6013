"""Syntactic bigrams from Link Grammar (skipped where the parser is not installed)."""

from __future__ import annotations

import warnings

import pytest

from deidkit.features import FeatureConfig, FeatureExtractor, FeatureUnavailableWarning
from deidkit.features.syntax import link_type
from deidkit.text import linkgrammar, tokenize

needs_parser = pytest.mark.skipif(
    linkgrammar.unavailable_reason() is not None,
    reason="Link Grammar is not installed (bash scripts/system-deps.sh)",
)


def test_link_type() -> None:
    assert link_type("Ss*s") == "S" and link_type("MVpn") == "MV" and link_type("xx") == "xx"


@pytest.mark.linkgrammar
@needs_parser
def test_links_reach_past_a_relative_clause() -> None:
    parser = linkgrammar.LinkParser()
    words = ["John", ",", "who", "had", "a", "hernia", ",", "was", "admitted", "yesterday", "."]
    links = {(words[link.left], words[link.right]) for link in parser.links(words)}
    assert ("John", "was") in links  # the long-range dependency of the SVM paper's Figure 1
    assert ("was", "admitted") in links
    assert parser.links(words) == parser.links(words)  # cached and deterministic


@pytest.mark.linkgrammar
@needs_parser
def test_syntax_features_of_the_two_foleys() -> None:
    text = "Seen by Dr. Foley today. The Foley catheter was placed."
    extractor = FeatureExtractor(FeatureConfig(classes=("syntax",)))
    tokens = tokenize(text)
    items = extractor.token_features(text, tokens)
    foleys = [item for token, item in zip(tokens, items, strict=True) if token.text == "Foley"]
    doctor, device = foleys
    assert doctor["syntax.l1"] == "G|dr." and doctor.get("syntax.l2") == "J|by"
    assert device["syntax.r1"] == "AN|catheter"
    assert all(key.startswith("syntax.") for item in items for key in item)


@pytest.mark.linkgrammar
@needs_parser
def test_long_sentences_are_cut_and_parse_time_is_bounded() -> None:
    parser = linkgrammar.LinkParser(max_tokens=10)
    words = ("the patient was seen " * 10).split()
    links = parser.links(words)
    assert links and all(link.right - link.left < 10 for link in links)
    assert all(link.left // 10 == link.right // 10 for link in links)


def test_missing_parser_is_a_notice_not_an_error(monkeypatch) -> None:
    monkeypatch.setattr(linkgrammar, "unavailable_reason", lambda language="en": "not installed")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        extractor = FeatureExtractor(FeatureConfig(classes=("word", "syntax")))
    assert extractor.active_classes == ("word",)
    assert extractor.unavailable == {"syntax": "not installed"}
    assert any(issubclass(w.category, FeatureUnavailableWarning) for w in caught)
