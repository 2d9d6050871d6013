"""The language data of the rules (``deidkit/lang/<code>/rules.py``), the dictionaries
built from it, and the same dictionaries stored prepared."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deidkit import resources
from deidkit.lang import get_language, language_codes
from deidkit.lang.rules import RuleLanguage
from deidkit.models.rules import lexicons as lexicons_module
from deidkit.models.rules.lexicons import (
    Lexicons,
    build_lexicons,
    lexicons,
    lexicons_arrays,
    lexicons_from_arrays,
    prepared_lexicons,
    rule_data_digest,
)
from deidkit.models.rules.phrases import Phrases


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
    assert "from" not in lex.place_cues.first
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


# Prepared lexicons (stored ready to load by ``python -m deidkit.features.prepare``)


@pytest.mark.parametrize("code", ["en", "es"])
def test_prepared_lexicons_are_the_built_ones(code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    built = lexicons_module.build_lexicons(get_language(code).rules)

    def refuse(data: RuleLanguage) -> Lexicons:
        raise AssertionError("built, not loaded: run python -m deidkit.features.prepare")

    monkeypatch.setattr(lexicons_module, "build_lexicons", refuse)
    loaded = prepared_lexicons(code)
    assert loaded == built
    for item in dataclasses.fields(Lexicons):  # the same, field by field (and its type)
        value = getattr(loaded, item.name)
        assert value == getattr(built, item.name), item.name
        assert type(value) is type(getattr(built, item.name)), item.name
    words = ["dr", "john", "smith", "new", "york", "mercy", "hospital", "madrid", "de"]
    for name in ("places", "hospitals", "name_cues", "street_suffixes", "occupations"):
        phrases = getattr(loaded, name)
        for start in range(len(words)):
            assert phrases.match(words, start) == getattr(built, name).match(words, start)


def test_lexicons_of_other_data_are_built(monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = lexicons("en")
    english = get_language("en")
    titles = {**english.rules.extra_titles, "zqxv": "military"}
    changed = dataclasses.replace(
        english, rules=dataclasses.replace(english.rules, extra_titles=titles)
    )
    before = rule_data_digest()
    monkeypatch.setattr(lexicons_module, "get_language",
                        lambda code: changed if code == "en" else get_language(code))
    assert rule_data_digest() != before  # so the fingerprint differs: no prepared table
    built = prepared_lexicons("en")
    assert built.titles["zqxv"] == "military"
    assert "zqxv" not in shipped.titles and built.titles.items() > shipped.titles.items()


def test_the_digest_does_not_depend_on_the_order_of_sets() -> None:
    data = get_language("en").rules
    shuffled = dataclasses.replace(
        data, eponym_heads=frozenset(sorted(data.eponym_heads, reverse=True))
    )
    assert lexicons_module._canonical(shuffled) == lexicons_module._canonical(data)
    renamed = dataclasses.replace(data, eponym_heads=data.eponym_heads | {"zzz"})
    assert lexicons_module._canonical(renamed) != lexicons_module._canonical(data)


def _digest_with(monkeypatch: pytest.MonkeyPatch, code: str, **changes: object) -> str:
    """``rule_data_digest`` with ``changes`` made to the rule data of ``code``."""
    language = get_language(code)
    changed = dataclasses.replace(language, rules=dataclasses.replace(language.rules, **changes))
    with monkeypatch.context() as patch:
        patch.setattr(lexicons_module, "get_language",
                      lambda wanted: changed if wanted == code else get_language(wanted))
        return rule_data_digest()


@pytest.mark.parametrize("code", language_codes())
def test_one_word_changed_in_any_list_of_rule_data_changes_the_digest(
    code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = get_language(code).rules
    shipped = rule_data_digest()
    assert _digest_with(monkeypatch, code) == shipped  # the same data: the same digest
    for item in dataclasses.fields(data):
        value = getattr(data, item.name)
        if value is None or (not value and not isinstance(value, bool)):
            continue  # nothing to change
        if isinstance(value, frozenset):  # a set of words: one word swapped
            word = min(value)
            swapped = (value - {word}) | {word + "x"}
            assert _digest_with(monkeypatch, code, **{item.name: swapped}) != shipped, item.name
        elif isinstance(value, dict):  # a mapping: one key, then one value changed
            key = next(iter(value))
            renamed = {(name + "x" if name == key else name): kind for name, kind in value.items()}
            assert _digest_with(monkeypatch, code, **{item.name: renamed}) != shipped, item.name
            other = dict(value)
            other[key] = ("x", *value[key]) if isinstance(value[key], tuple) else value[key] + "x"
            assert _digest_with(monkeypatch, code, **{item.name: other}) != shipped, item.name
        elif isinstance(value, tuple):  # rows in order: one changed, then the order
            first = value[0]
            row = (first + "x") if isinstance(first, str) else (*first[:-1], first[-1] + "x")
            assert _digest_with(monkeypatch, code, **{item.name: (row, *value[1:])}) != shipped
            if len(set(value)) > 1:
                turned = tuple(reversed(value))
                assert _digest_with(monkeypatch, code, **{item.name: turned}) != shipped
        elif isinstance(value, bool):
            assert _digest_with(monkeypatch, code, **{item.name: not value}) != shipped
        else:
            pytest.fail(f"{item.name}: a kind of rule data this test does not change")


def test_the_digest_keeps_sets_of_rows_and_mixed_values_apart() -> None:
    rows = frozenset({("b", "x"), ("a", "y")})
    assert lexicons_module._canonical(rows) == [["a", "y"], ["b", "x"]]
    assert lexicons_module._canonical(frozenset({"1", 1})) != lexicons_module._canonical(
        frozenset({"1", 2})
    )
    assert lexicons_module._canonical(("a", 1, None, True)) == ["a", 1, None, True]
    assert lexicons_module._canonical({"a": "b"}) != lexicons_module._canonical({"a": "c"})
    assert lexicons_module._canonical({"a": ("b",)}) != lexicons_module._canonical({"a": "b"})


def test_the_digest_is_the_same_in_every_process() -> None:
    script = "from deidkit.models.rules.lexicons import rule_data_digest; print(rule_data_digest())"
    found = {
        subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout.strip()
        for seed in ("1", "2")
    }
    assert found == {rule_data_digest()}


def test_stored_lexicons_of_other_data_round_trip() -> None:
    data = dataclasses.replace(
        get_language("es").rules,
        fields={"cama": ("ROOM", "clause"), "nombre del padre": ("RELATIVE", "names")},
        hospital_cues=frozenset(),
    )
    built = build_lexicons(data)
    assert lexicons_from_arrays(lexicons_arrays(built)) == built


def _emptied(lex: Lexicons) -> Lexicons:
    """``lex`` with every set and phrase list empty (quick to store)."""
    empty = {
        item.name: type(getattr(lex, item.name))()
        for item in dataclasses.fields(Lexicons)
        if isinstance(getattr(lex, item.name), frozenset | Phrases)
    }
    return dataclasses.replace(lex, **empty)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.text(min_size=1, max_size=12), st.sampled_from(["A", "B", "C"])),
                max_size=25),
       st.frozensets(st.text(max_size=6), max_size=10))
def test_stored_tries_and_sets_are_the_same(entries: list[tuple[str, str]],
                                           words: frozenset[str]) -> None:
    phrases = Phrases()
    for phrase, label in entries:
        phrases.add(phrase.replace("\0", " "), label)
    words = frozenset(word.replace("\0", "") for word in words)
    lex = dataclasses.replace(_emptied(lexicons("en")), fields=phrases, common=words)
    stored = lexicons_from_arrays(lexicons_arrays(lex))
    assert stored == lex
    assert stored.fields == phrases and stored.common == words


def test_stored_lexicons_that_do_not_fit_are_refused() -> None:
    arrays = lexicons_arrays(lexicons("es"))
    out_of_order = {**arrays, "parents": arrays["parents"][::-1].copy()}
    with pytest.raises(ValueError, match="breadth-first"):
        lexicons_from_arrays(out_of_order)
    one_string_less = arrays["strings"][: arrays["strings"].tobytes().rfind(b"\0")]
    with pytest.raises(ValueError, match=r"do not add up|differ in number"):
        lexicons_from_arrays({**arrays, "strings": one_string_less})
    with pytest.raises(ValueError):
        lexicons_from_arrays({**arrays, "labels": arrays["labels"].astype(float)})
    with pytest.raises(KeyError):
        lexicons_from_arrays({name: array for name, array in arrays.items() if name != "layout"})


def test_a_stored_trie_with_a_word_twice_under_one_node_is_refused() -> None:
    phrases = Phrases()
    for phrase in ["new york", "new haven"]:
        phrases.add(phrase, "CITY")
    lex = dataclasses.replace(_emptied(lexicons("en")), places=phrases)
    arrays = lexicons_arrays(lex)
    assert lexicons_from_arrays(arrays).places.match(["new", "haven"], 0) == (2, "CITY")
    twice = arrays["strings"].tobytes().replace(b"york", b"haven")  # both children "haven"
    with pytest.raises(ValueError, match="twice"):
        lexicons_from_arrays({**arrays, "strings": np.frombuffer(twice, np.uint8)})
