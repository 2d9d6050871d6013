"""The parts of a name found apart are one span (deidkit.models.name_joins)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from deidkit.models.adjust import adjusted
from deidkit.models.name_joins import with_joined_names
from deidkit.types import Document, Span

from .crafted import found_in


def _found(text: str, found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    (done,) = with_joined_names([found_in(text, found)], "en")
    return [(text[s.start : s.end], s.label) for s in done.spans]


@pytest.mark.parametrize(
    ("text", "found", "expected"),
    [
        # LAST, FIRST; an HL7 name's components; a nickname in quotes
        ("1. Name (last, first) .... QUORBIT HALE, ANSELMO\n2. DOB",
         [("QUORBIT HALE", "PATIENT"), ("ANSELMO", "PATIENT")],
         [("QUORBIT HALE, ANSELMO", "PATIENT")]),
        ("PV1|1|I|W52||||D1234^QUAMBY^BOON LEONG|||MED",
         [("QUAMBY", "DOCTOR"), ("BOON LEONG", "DOCTOR")],
         [("QUAMBY^BOON LEONG", "DOCTOR")]),
        ('Lives with husband Cornelis "Kees" Quorbit (74)',
         [("Cornelis", "RELATIVE"), ("Kees", "RELATIVE"), ("Quorbit", "RELATIVE")],
         [('Cornelis "Kees" Quorbit', "RELATIVE")]),
        ('Case manager: Lisbeth "Bet" Quorbit, MSW',
         [("Lisbeth", "DOCTOR"), ("Quorbit", "DOCTOR")],
         [('Lisbeth "Bet" Quorbit', "DOCTOR")]),
        # a nickname in parentheses between the parts, found or not; not one ending the name
        ('Patient: Eleanor ("Nell") Quorbit-Greaves', [("Eleanor", "PATIENT"), ("Nell", "PATIENT"),
                                                      ("Quorbit-Greaves", "PATIENT")],
         [('Eleanor ("Nell") Quorbit-Greaves', "PATIENT")]),
        ("Patient: Minh Khoa (Kevin) Quorbit", [("Minh Khoa", "PATIENT"), ("Quorbit", "PATIENT")],
         [("Minh Khoa (Kevin) Quorbit", "PATIENT")]),
        ('Quorbit, Genevieve M. ("Viv") called', [("Quorbit, Genevieve M.", "DOCTOR"),
                                                 ("Viv", "DOCTOR")],
         [("Quorbit, Genevieve M.", "DOCTOR"), ("Viv", "DOCTOR")]),
        ('Rosauro "Lolo Saro" Quorbit', [("Rosauro", "PATIENT"), ("Quorbit", "PATIENT")],
         [('Rosauro "Lolo Saro" Quorbit', "PATIENT")]),
        ("Attending: Quorbit, L. T.", [("Quorbit", "DOCTOR"), ("L. T.", "DOCTOR")],
         [("Quorbit, L. T.", "DOCTOR")]),
        # a list of names, a part after the comma that is no first name, two labels, two
        # lines, blanks only
        ("cc: Quorbit, Anna, Zelinski", [("Quorbit", "DOCTOR"), ("Anna", "DOCTOR"),
                                         ("Zelinski", "DOCTOR")],
         [("Quorbit", "DOCTOR"), ("Anna", "DOCTOR"), ("Zelinski", "DOCTOR")]),
        ("Drs. Quorbit, Zelinski agree", [("Quorbit", "DOCTOR"), ("Zelinski", "DOCTOR")],
         [("Quorbit", "DOCTOR"), ("Zelinski", "DOCTOR")]),
        ("Quorbit, Anna", [("Quorbit", "PATIENT"), ("Anna", "RELATIVE")],
         [("Quorbit", "PATIENT"), ("Anna", "RELATIVE")]),
        ("Quorbit,\nAnna", [("Quorbit", "PATIENT"), ("Anna", "PATIENT")],
         [("Quorbit", "PATIENT"), ("Anna", "PATIENT")]),
        ("Quorbit    Anna", [("Quorbit", "PATIENT"), ("Anna", "PATIENT")],
         [("Quorbit", "PATIENT"), ("Anna", "PATIENT")]),
        # not names
        ("Boston, Anna", [("Boston", "CITY"), ("Anna", "CITY")],
         [("Boston", "CITY"), ("Anna", "CITY")]),
    ],
)
def test_name_parts_are_joined_over_a_comma_a_caret_or_quotes(
    text: str, found: list[tuple[str, str]], expected: list[tuple[str, str]]
) -> None:
    assert _found(text, found) == expected


@pytest.mark.parametrize(
    ("text", "found", "expected"),
    [
        ('Pt: QUORBIT, PRANAVI "Pree", 22', [("QUORBIT, PRANAVI", "PATIENT")],
         [("QUORBIT, PRANAVI", "PATIENT"), ("Pree", "PATIENT")]),
        ('- "Duke" Ifeanyi Quorbit (41)', [("Ifeanyi Quorbit", "PATIENT")],
         [("Duke", "PATIENT"), ("Ifeanyi Quorbit", "PATIENT")]),
        # common, medical and month words; a quote not next to the name; not a name
        ('told Maria "Yes" and Anna "Heparin" then "May" Quorbit',
         [("Maria", "PATIENT"), ("Anna", "PATIENT"), ("Quorbit", "PATIENT")],
         [("Maria", "PATIENT"), ("Anna", "PATIENT"), ("Quorbit", "PATIENT")]),
        ('Quorbit said "Pree" later', [("Quorbit", "PATIENT")], [("Quorbit", "PATIENT")]),
        ('Boston "Pree"', [("Boston", "CITY")], [("Boston", "CITY")]),
        # a name run on into the nickname after it, or joined to it over the opening quote:
        # the name and the nickname apart, as the guideline marks them
        ('Name: QUORBIT CRUZ, TEODORO     "Teddy"\nMRN 1',
         [('QUORBIT CRUZ, TEODORO     "Teddy', "PATIENT")],
         [("QUORBIT CRUZ, TEODORO", "PATIENT"), ("Teddy", "PATIENT")]),
        ('Pt: QUORBIT, AMARACHI  "Ama"   Age 2',
         [("QUORBIT, AMARACHI", "PATIENT"), ("Ama", "PATIENT")],
         [("QUORBIT, AMARACHI", "PATIENT"), ("Ama", "PATIENT")]),
        ('Donor: QUORBIT, MEI-LING "Bette"\nJoined', [('QUORBIT, MEI-LING "', "PATIENT")],
         [('QUORBIT, MEI-LING "', "PATIENT"), ("Bette", "PATIENT")]),
        # a nickname inside the name stays in its one span
        ('with Cornelis "Kees" Quorbit today', [('Cornelis "Kees', "RELATIVE"),
                                                 ("Quorbit", "RELATIVE")],
         [('Cornelis "Kees" Quorbit', "RELATIVE")]),
        # between two names: the name before takes it, once
        ('Mother: Ana Quorbit "Nana" Zendel Quorbit (baby)',
         [("Ana Quorbit", "RELATIVE"), ("Zendel Quorbit", "PATIENT")],
         [("Ana Quorbit", "RELATIVE"), ("Nana", "RELATIVE"), ("Zendel Quorbit", "PATIENT")]),
    ],
)
def test_a_nickname_in_quotes_beside_a_name_is_a_name(
    text: str, found: list[tuple[str, str]], expected: list[tuple[str, str]]
) -> None:
    assert _found(text, found) == expected


@pytest.mark.parametrize(
    ("text", "found", "expected"),
    [
        # in quotes in parentheses (a common word may be one), bare when a first name
        ('Client: Quorbit, Genevieve M. ("Gen")  CM# 1', [("Quorbit, Genevieve M.", "PATIENT")],
         [("Quorbit, Genevieve M.", "PATIENT"), ("Gen", "PATIENT")]),
        ("re pt QUORBIT, THANH V (tony) -- rx", [("QUORBIT, THANH V", "PATIENT")],
         [("QUORBIT, THANH V", "PATIENT"), ("tony", "PATIENT")]),
        # in quotes before a comment in the parentheses; bare, only alone in them
        ('Alejandro ("Ale", pt prefers) -- 19 y/o', [("Alejandro", "PATIENT")],
         [("Alejandro", "PATIENT"), ("Ale", "PATIENT")]),
        ("Doris Quorbit (tony, son) here", [("Doris Quorbit", "PATIENT")],
         [("Doris Quorbit", "PATIENT")]),
        # no first name, a credential, a kinship word, a clinical service, found already
        ("Ana Quorbit (RN), Lee Quorbit (son), Max Quorbit (geri), Ian Quorbit (Zorbel)",
         [("Ana Quorbit", "DOCTOR"), ("Lee Quorbit", "RELATIVE"), ("Max Quorbit", "DOCTOR"),
          ("Ian Quorbit", "DOCTOR")],
         [("Ana Quorbit", "DOCTOR"), ("Lee Quorbit", "RELATIVE"), ("Max Quorbit", "DOCTOR"),
          ("Ian Quorbit", "DOCTOR")]),
        # the name's initials, a word's first letters in any order; not a credential
        ("Call 1530\nEL-QUORBIT, FATIMA ZAHRA  (FZE)  MRN 4", [("EL-QUORBIT, FATIMA ZAHRA",
                                                              "PATIENT")],
         [("EL-QUORBIT, FATIMA ZAHRA", "PATIENT"), ("FZE", "PATIENT")]),
        ("Ana-Maria Zorbal (amz) and Nina Pell (NP), Ida Quorbit (IQX)",
         [("Ana-Maria Zorbal", "DOCTOR"), ("Nina Pell", "DOCTOR"), ("Ida Quorbit", "DOCTOR")],
         [("Ana-Maria Zorbal", "DOCTOR"), ("amz", "DOCTOR"), ("Nina Pell", "DOCTOR"),
          ("Ida Quorbit", "DOCTOR")]),
        ('Quorbit ("Heparin") and Zendel (Tony)',
         [("Quorbit", "PATIENT"), ("Zendel", "PATIENT"), ("Tony", "PATIENT")],
         [("Quorbit", "PATIENT"), ("Zendel", "PATIENT"), ("Tony", "PATIENT")]),
    ],
)
def test_a_nickname_in_parentheses_after_a_name_is_a_name(
    text: str, found: list[tuple[str, str]], expected: list[tuple[str, str]]
) -> None:
    assert _found(text, found) == expected


@pytest.mark.parametrize(
    ("text", "found", "expected"),
    [
        ("-- J. Quorbit RN / jqk.nurse\n", [("jqk", "DOCTOR")], [("jqk.nurse", "USERNAME")]),
        ("jquorbit.dpt / cosign", [("jquorbit.", "DOCTOR")], [("jquorbit.dpt", "USERNAME")]),
        # an e-mail address, a host, capitals, no glued rest
        ("mail jqk.nurse@x.org", [("jqk", "DOCTOR")], [("jqk", "DOCTOR")]),
        ("at jqk.nurse.org now", [("jqk", "DOCTOR")], [("jqk", "DOCTOR")]),
        ("Seen by Quorbit.Next visit", [("Quorbit", "DOCTOR")], [("Quorbit", "DOCTOR")]),
        ("per jqk. then", [("jqk", "DOCTOR")], [("jqk", "DOCTOR")]),
        # a user name found in part grows over what an underscore glues to it
        ("CLOSED cr4126/sup_hmqk\n", [("cr4126", "USERNAME"), ("hmqk", "USERNAME")],
         [("cr4126", "USERNAME"), ("sup_hmqk", "USERNAME")]),
        ("by jqk_rn2 at 0800", [("jqk", "USERNAME")], [("jqk_rn2", "USERNAME")]),
        # not a name, no underscore, nothing past the span beside it
        ("see ICD_10 code", [("ICD", "HOSPITAL")], [("ICD", "HOSPITAL")]),
        ("MSH|^~\\&|LAB|RKC_EHR|X", [("RKC", "USERNAME")], [("RKC", "USERNAME")]),
        ("by jqk2 now", [("jqk", "USERNAME")], [("jqk", "USERNAME")]),
        ("by ab_cd_ef_gh", [("ab", "USERNAME"), ("ef", "USERNAME")],
         [("ab_cd_", "USERNAME"), ("ef_gh", "USERNAME")]),
        ("by ab_cd_ef", [("ab", "USERNAME"), ("ef", "DOCTOR")],
         [("ab_cd_", "USERNAME"), ("ef", "DOCTOR")]),
    ],
)
def test_a_lower_case_name_glued_to_more_of_a_log_in_is_the_whole_log_in(
    text: str, found: list[tuple[str, str]], expected: list[tuple[str, str]]
) -> None:
    assert _found(text, found) == expected


@pytest.mark.parametrize(
    ("text", "found", "expected"),
    [
        ("director Alton Quorbit III, OH", [("Alton Quorbit", "RELATIVE")],
         [("Alton Quorbit III", "RELATIVE")]),
        ("State v. Jerome A. Quorbit, Jr.  Case", [("Jerome A. Quorbit", "PATIENT"),
                                                  ("Jr", "PATIENT")],
         [("Jerome A. Quorbit, Jr.", "PATIENT")]),
        # no suffix: "IV" is a route; a place is no name
        ("Dr. Quorbit IV fluids; Boston II", [("Quorbit", "DOCTOR"), ("Boston", "CITY")],
         [("Quorbit", "DOCTOR"), ("Boston", "CITY")]),
        # a first name's initial after a comma, before a bracket, a slash or the line's end;
        # not a credential, not after a name that has its first name, not before a word
        (" - Quorbit, R. (tag 4)\nZanetti, I. / 4701358\nVellamy, M.D.\nOrsk, Ann, R.\n"
         "Pemberly, R. Tosk",
         [("Quorbit", "PATIENT"), ("Zanetti", "PATIENT"), ("Vellamy", "DOCTOR"),
          ("Orsk, Ann", "DOCTOR"), ("Pemberly", "DOCTOR")],
         [("Quorbit, R.", "PATIENT"), ("Zanetti, I.", "PATIENT"), ("Vellamy", "DOCTOR"),
          ("Orsk, Ann", "DOCTOR"), ("Pemberly", "DOCTOR")]),
    ],
)
def test_a_name_takes_its_generational_suffix(
    text: str, found: list[tuple[str, str]], expected: list[tuple[str, str]]
) -> None:
    assert _found(text, found) == expected


@pytest.mark.parametrize(
    ("text", "found", "expected"),
    [
        ("Dad's mother 'Ana Quorbit (72)", [("Ana Quorbit", "RELATIVE")],
         [("'Ana Quorbit", "RELATIVE")]),
        ("Grandma ʻAna came", [("Ana", "RELATIVE")], [("ʻAna", "RELATIVE")]),
        # a name in single quotes, a word's apostrophe: no ʻokina
        ("Seen by 'Ana Quorbit' today", [("Ana Quorbit", "DOCTOR")], [("Ana Quorbit", "DOCTOR")]),
        ("O'Quorbit came", [("Quorbit", "DOCTOR")], [("Quorbit", "DOCTOR")]),
    ],
)
def test_a_name_takes_the_okina_before_it(
    text: str, found: list[tuple[str, str]], expected: list[tuple[str, str]]
) -> None:
    assert _found(text, found) == expected


def test_a_note_without_joins_is_returned_as_it_is() -> None:
    document = found_in("Seen by Quorbit today.", [("Quorbit", "DOCTOR")])
    assert with_joined_names([document], "en")[0] is document


def test_the_english_default_joins_a_name_in_an_hl7_field() -> None:
    text = "OBR|1|||Blood|D1234^QUAMBY^BOONLEONG\n"
    (done,) = adjusted(_Fixed({"QUAMBY": "DOCTOR", "BOONLEONG": "DOCTOR"}), lang="en").predict(
        [Document(id="n", text=text)]
    )
    assert [text[s.start : s.end] for s in done.spans] == ["QUAMBY^BOONLEONG"]


class _Fixed:
    """A detector that finds given words."""

    def __init__(self, words: dict[str, str]) -> None:
        self.words = words

    def predict(self, documents: list[Document]) -> list[Document]:
        return [
            found_in(d.text, list(self.words.items()), doc_id=d.id) for d in documents
        ]


_WORDS = ("Ana", "Nana", "jqk", "Jr.")
_GLUE = (" ", ' "', '" ', " (", ") ", ", ", ".")
_NAME_LABELS = ("PATIENT", "DOCTOR", "RELATIVE", "USERNAME", "CITY")


@settings(max_examples=500, deadline=None)
@example([("Ana", "RELATIVE", ' "'), ("Nana", None, '" '), ("Ana", "PATIENT", " ")])
@given(st.lists(st.tuples(st.sampled_from(_WORDS), st.sampled_from((None, *_NAME_LABELS)),
                          st.sampled_from(_GLUE)), max_size=12))
def test_joined_names_never_overlap(words: list[tuple[str, str | None, str]]) -> None:
    """Whatever names were found among quotes, brackets, suffixes and log-ins, the joined
    spans are a valid document's (no two overlap: the document would not build)."""
    text, spans = "", []
    for word, label, glue in words:
        if label is not None:
            spans.append(Span(len(text), len(text) + len(word), label))
        text += word + glue
    (done,) = with_joined_names([Document(id="a", text=text, spans=tuple(spans))], "en")
    ordered = sorted(done.spans, key=lambda span: span.start)
    assert all(a.end <= b.start for a, b in itertools.pairwise(ordered))
