"""Generalization hierarchies: reading values, paths, and how nodes are written."""

from __future__ import annotations

import pytest

from deidkit.anonymize.hierarchies import (
    HIERARCHIES,
    MISSING,
    ROOT,
    age_path,
    city_path,
    parse_date,
    parse_profession,
    parse_state,
    parse_zip,
    range_node,
    render_age,
    render_date,
    view_label,
    within,
)


@pytest.mark.parametrize(
    ("text", "year", "leaf"),
    [
        ("3/14/2012", None, "2012-03-14"),
        ("2012-03-14", None, "2012-03-14"),
        ("1944-1-25", None, "1944-01-25"),
        ("19490723", None, "1949-07-23"),
        ("01/27/44", 2010, "1944-01-27"),
        ("12/31/09", 2010, "2009-12-31"),
        ("April 22, 2010", None, "2010-04-22"),
        ("Apr. 22, 2010", None, "2010-04-22"),
        ("22 April 2010", None, "2010-04-22"),
        ("18 JUNE 2010", None, "2010-06-18"),
        ("07OCT1971", None, "1971-10-07"),
        ("April 4th", 2017, "2017-04-04"),
        ("03/31", 2023, "2023-03-31"),
        ("01.04.2017", None, "2017-04-01"),
        ("March 2012", None, "2012-03"),
        ("2012", None, "2012"),
    ],
)
def test_dates_are_read_into_paths(text: str, year: int | None, leaf: str) -> None:
    path = parse_date(text, year)
    assert path is not None and path[-1] == leaf
    assert path[0] == f"{int(leaf[:4]) // 5 * 5}-{int(leaf[:4]) // 5 * 5 + 4}"


@pytest.mark.parametrize("text", ["next Tuesday", "2/30/2012", "13/45/2012", "March 30", "Xmas"])
def test_unreadable_dates_give_none(text: str) -> None:
    assert parse_date(text, None) is None


def test_age_bands_and_90_plus() -> None:
    assert age_path(62) == ("60-79", "60-69", "60-64", "62")
    assert age_path(87) == ("80-89", "80-89", "85-89", "87")
    assert age_path(93) == age_path(104) == ("90+",)
    assert render_age(age_path(62)[:3], age_path(62), "62 y/o") == "60-64 y/o"
    assert render_age(range_node(("60-79",), "60-69", "70-79"), age_path(62), "62yo") == "60-79yo"
    run = range_node((), "80-89", "90+")
    assert view_label(HIERARCHIES["age"], run) == "80+"


def test_zip_prefixes() -> None:
    leaf = parse_zip("02138-1234")
    assert leaf == ("0", "02", "021", "0213", "02138")
    assert view_label(HIERARCHIES["zip"], leaf[:3]) == "021**"
    assert HIERARCHIES["zip"].render(leaf[:3], leaf, "02138-1234") == "021**"
    assert view_label(HIERARCHIES["zip"], range_node(("0",), "02", "03")) == "02***-03***"
    assert parse_zip("2138") is None


def test_dates_are_written_naturally() -> None:
    leaf = parse_date("3/14/2012", None)
    assert leaf is not None
    render = HIERARCHIES["date"].render
    assert render(leaf[:4], leaf, "3/14/2012") == "March 2012"
    assert render(leaf[:3], leaf, "3/14/2012") == "Q1 2012"
    assert render(leaf[:2], leaf, "3/14/2012") == "2012"
    assert render(leaf[:1], leaf, "3/14/2012") == "2010-2014"
    assert render(leaf, leaf, "3/14/2012") == "3/14/2012"
    assert render(leaf[:4], leaf, "14 MARCH 2012") == "MARCH 2012"
    assert render_date(range_node(leaf[:3], "2012-03", "2012-05"), leaf, "x") == "March-May 2012"
    assert render_date(range_node(leaf[:1], "2010", "2012"), leaf, "x") == "2010-2012"
    assert render_date(range_node(leaf[:4], "2012-03-03", "2012-03-14"), leaf, "x") == (
        "March 3-14, 2012")


def test_places_and_professions() -> None:
    assert parse_state("MA") == parse_state("Massachusetts") == ("Northeast", "Massachusetts")
    assert parse_state("Atlantis") is None
    city = city_path(("?", "?", "Boston"), parse_state("MA"))
    assert city == ("Northeast", "Massachusetts", "Boston")
    assert view_label(HIERARCHIES["city"], city) == "Boston, Massachusetts"
    assert HIERARCHIES["city"].render(city[:2], city, "BOSTON") == "MASSACHUSETTS"
    assert city_path(("?", "?", "Tulsa"), None)[:2] == ("South", "Oklahoma")
    assert parse_profession("TAXI DRIVER") == (
        "transportation and material moving occupations", "taxi driver")
    assert parse_profession("software engineer") == (
        "computer and mathematical occupations", "software engineer")
    assert parse_profession("wizard") == ("other occupations", "wizard")


def test_within_and_special_nodes() -> None:
    leaf = age_path(62)
    assert within(leaf, leaf[:2]) and not within(age_path(71), leaf[:2])
    assert within(leaf, range_node(leaf[:1], "60-69", "70-79"))
    assert not within(age_path(45), range_node(("40-59",), "50-59", "50-59"))
    assert view_label(HIERARCHIES["sex"], ROOT) == "*"
    assert view_label(HIERARCHIES["sex"], MISSING) == "-"
