"""Rule ``cued_ages``: ages after cues the age patterns do not know."""

from __future__ import annotations

import pytest

from deidkit.models.rules import ages

from .helpers import found_by


@pytest.mark.parametrize(
    ("text", "expected_all", "expected_over_89"),
    [
        ("Her grandfather died at 96.", {("96", "AGE")}, {("96", "AGE")}),
        ("Mother passed away at 92 of a stroke.", {("92", "AGE")}, {("92", "AGE")}),
        ("Grandmother lived to 101.", {("101", "AGE")}, {("101", "AGE")}),
        ("An aunt, aged ninety-one, is well.", {("ninety-one", "AGE")},
         {("ninety-one", "AGE")}),
        ("Aged one hundred and two.", {("one hundred and two", "AGE")},
         {("one hundred and two", "AGE")}),
        ("Father passed at 45.", {("45", "AGE")}, set()),
        ("Age at death: 96. Age at diagnosis 52", {("96", "AGE"), ("52", "AGE")},
         {("96", "AGE")}),
        ("died on 15 March at the age of\n91.", {("91", "AGE")}, {("91", "AGE")}),
        ("Pt turned 17 on May 21; menarche 12.", {("17", "AGE"), ("12", "AGE")}, set()),
        ("She turned 93 in March.", {("93", "AGE")}, {("93", "AGE")}),
        ('"I\'m ninety-two, no time for that." "I am 88."', {("ninety-two", "AGE"), ("88", "AGE")},
         {("ninety-two", "AGE")}),
        ("I'm 20 minutes away; I'm 100% sure", set(), set()),
        # an aside before the field's colon
        ("Passenger: ZORBEL/KWAME MR   Age (stated): 58\nAge (self-report): 94",
         {("58", "AGE"), ("94", "AGE")}, {("94", "AGE")}),
        ("Page (see below): 12; Age (days): 12 kg", set(), set()),
        # clock times, places, weights, doses, turns that are no birthdays
        ("turned 45° to the left; turned 3 weeks ago; turned 2 times", set(), set()),
        ("Died at 0800; died at home; expired at 14:22.", set(), set()),
        ("Weight at 96 kg; aged 10 mg.", set(), set()),
    ],
)
def test_cued_age_rule(
    text: str, expected_all: set[tuple[str, str]], expected_over_89: set[tuple[str, str]]
) -> None:
    assert found_by((ages.RULE,), text) == expected_all
    assert found_by((ages.RULE,), text, ages="over_89") == expected_over_89


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("screening of his two sons (41 and 38).", {("41", "AGE"), ("38", "AGE")}),
        ("daughters Ifrah (15); grandmother (71)", {("15", "AGE"), ("71", "AGE")}),
        ("lives with 2 sibs, sister (ages 4 and 13)", {("4", "AGE"), ("13", "AGE")}),
        ("Mother: Yesenia Delgado, 23, cashier", {("23", "AGE")}),
        ("FOB Caius Whitfield-Nakamura, 18, aware", {("18", "AGE")}),
        # a table's cell after a relative: a number alone between column gaps
        ("Xola Quorbit      wife         36    neg\nAnele Quorbit   son     11", {("36", "AGE"),
                                                                       ("11", "AGE")}),
        ("Children:    2    living; sons    3", set()),  # counts after plural kin
        ("wife 36 neg; son  11 visits", set()),  # no column gap on both sides
        ("a truck driver, kids 13 and 16. Bowls", {("13", "AGE"), ("16", "AGE")}),
        # after a colon or the relative's name and a dash: a pedigree
        ("I-2 pat. grandmother: 93, DM2.", {("93", "AGE")}),
        ("Paternal GM Nawal - 88, alive", {("88", "AGE")}),
        ("Daughter: 2-3 visits, ok. Son: 12-14, fine", set()),
        ("Mother: Ana Ruiz", set()),  # the note ends at the name
        ("grandmother: 80", set()),
        ("sons 41, 38 and 35; daughter 92\nwife 70", {("41", "AGE"), ("38", "AGE"),
                                                   ("35", "AGE")}),
        # a count, a dose, a list that runs on
        ("Children 10 and 7 living w/ her sister", {("10", "AGE"), ("7", "AGE")}),
        ("sons 4 and 5 mg; daughters 2 and 3 times", set()),
        ("Dr. Usi, Richfield Family Clinic, 1-2 wks", set()),
        # a count, a phone number, a dose, staff, no relative: no age
        ("wife (HCP) 555-0101; son (x2 visits)", set()),
        ("Mother: Ana Ruiz, 23 Elm St", set()),
        ("nurse Amy (45) at bedside", set()),
        ("cultures (2 of 2) positive", set()),
    ],
)
def test_kin_age_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((ages.KIN_AGES,), text) == expected
    over_89 = {(t, label) for t, label in expected if int(t) >= 90}
    assert found_by((ages.KIN_AGES,), text, ages="over_89") == over_89
