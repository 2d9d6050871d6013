"""The language data of the rules (``deidkit/lang/<code>/rules.py``) and the dictionaries
built from it."""

from __future__ import annotations

import dataclasses

import pytest

from deidkit import resources
from deidkit.lang import get_language, language_codes
from deidkit.lang.rules import RuleLanguage
from deidkit.models.rules.lexicons import build_lexicons, lexicons


@pytest.mark.parametrize("code", language_codes())
def test_every_language_has_rule_data_naming_shipped_lists(code: str) -> None:
    data = get_language(code).rules
    assert isinstance(data, RuleLanguage)
    shipped = set(resources.names())
    assert [name for name in data.resource_lists() if name not in shipped] == []
    assert {extent for _, extent in data.fields.values()} <= {"names", "clause"}
    assert data.cities, "the first city list gives the large cities"


@pytest.mark.parametrize(
    ("code", "name_first", "state", "field", "title"),
    [
        ("en", True, "ma", ("patient", "name"), "mr"),
        ("es", False, None, ("localidad", "/", "provincia"), "dra"),
    ],
)
def test_lexicons_of_each_language(
    code: str, name_first: bool, state: str | None, field: tuple[str, ...], title: str
) -> None:
    lex = lexicons(code)
    assert lex.hospital_name_first is name_first
    assert (state.upper() in lex.state_codes) if state else not lex.state_codes
    assert field in lex.field_extent
    assert title in lex.titles and "d" not in lex.titles
    assert lex.name_cues.match(["cc"], 0) is None  # "233 CC": cubic centimetres
    assert "from" not in lex.place_cues.trie
    assert "md" in lex.credentials
    assert "monday" in lex.not_names  # the English lists in every language


def test_shared_words_are_every_languages_together() -> None:
    english, spanish = lexicons("en"), lexicons("es")
    for name in ("eponym_heads", "link_words", "cue_fillers", "articles"):
        union = set().union(*(getattr(get_language(c).rules, name) for c in language_codes()))
        assert getattr(english, name) == getattr(spanish, name) == union
    assert {"catheter", "enfermedad"} <= english.eponym_heads


def test_spanish_also_knows_the_english_name_lists() -> None:
    assert "jennifer" in lexicons("es").first_names
    assert "jennifer" in lexicons("en").first_names


def test_lexicons_follow_the_data() -> None:
    data = dataclasses.replace(
        get_language("en").rules,
        fields={"bed": ("ROOM", "clause")},
        extra_titles={"capt": "military"},
        hospital_name_first=False,
        cities=("us_cities",),
    )
    lex = build_lexicons(data)
    assert lex.field_extent == {("bed",): ("ROOM", "clause")}
    assert lex.titles["capt"] == "military"
    assert lex.hospital_name_first is False
    assert lex.places.match(["autauga"], 0) is None  # a county, not listed any more
    assert lexicons("en").places.match(["autauga"], 0) == (1, "CITY")
