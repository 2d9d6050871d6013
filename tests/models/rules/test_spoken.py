"""Rules ``spoken_numbers`` and ``spoken_ages``: values said in words, as speech turned into
text writes them."""

from __future__ import annotations

import pytest

from deidkit.models.rules import spoken

from .helpers import found_by


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my number is five five five, oh one four two, thanks",
         {("five five five, oh one four two", "PHONE")}),
        ("cell six one seven - five five five - zero one nine nine",
         {("six one seven - five five five - zero one nine nine", "PHONE")}),
        ("call one eight hundred", set()),
        ("it's double five five dash oh one three seven", {
            ("double five five dash oh one three seven", "PHONE")}),
        ("I'm extension three three oh seven. Ext two two one", {
            ("three three oh seven", "PHONE"), ("two two one", "PHONE")}),
        ("extension of the knee one two; the next one two three", set()),
        ("member ID seven seven two, nine one four, zero zero eight",
         {("seven seven two, nine one four, zero zero eight", "IDNUM")}),
        # full stops between digits; a code said character by character; a name spelled
        ("MRN one. one. two. nine. four. three. one. six. date of admission",
         {("one. one. two. nine. four. three. one. six", "IDNUM")}),
        ("member i d two, f, h as in hotel, four, u, l, zero, q, r, eight, eight\nwe will",
         {("two, f, h as in hotel, four, u, l, zero, q, r, eight, eight", "IDNUM")}),
        ("job number g i eight five six five two seven. end of dictation",
         {("g i eight five six five two seven", "IDNUM")}),
        ("quorbit comma that's q, u, o, r, b period; spelled z. o. r. b full stop",
         {("q, u, o, r, b", "PATIENT"), ("z. o. r. b", "PATIENT")}),
        ("last name spelled q, u as in uniform, o, r as in x-ray, b\ndate",
         {("q, u as in uniform, o, r as in x-ray, b", "PATIENT")}),
        # letters that are words around digits; too few digits among letters; two letters
        ("call five five five, oh one four two a day", {("five five five, oh one four two",
                                                       "PHONE")}),
        ("a b c one two x y z, grade a; that's q, u", set()),
        # counts, doses and times are shorter; digit words inside other words are none
        ("take one or two tabs, one two three times a day, at five", set()),
        ("someone twofold fivesome nineteen", set()),
        ("", set()),
    ],
)
def test_spoken_numbers_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((spoken.NUMBERS,), text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm eighty-seven years old, doctor", {("eighty-seven", "AGE")}),
        ("a seventy two year old man", {("seventy two", "AGE")}),
        ("the nine year old brother", {("nine", "AGE")}),
        ("she is one hundred and two years old", {("one hundred and two", "AGE")}),
        ("ninety one yo female", {("ninety one", "AGE")}),
        # no age word after, or numbers in digits (the patterns' work)
        ("seventy two hours old drain; 72 year old", set()),
    ],
)
def test_spoken_ages_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((spoken.AGES,), text) == expected


def test_only_ages_over_89_under_safe_harbor() -> None:
    text = "a ninety one year old and a seventy year old"
    assert found_by((spoken.AGES,), text, ages="over_89") == {("ninety one", "AGE")}


def test_other_languages_are_not_read() -> None:
    assert found_by((spoken.NUMBERS, spoken.AGES), "cinco cinco five five five five five "
                    "five five", lang="es") == set()
