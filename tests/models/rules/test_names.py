"""Rules ``titles``, ``name_cues`` and ``credentials``: names found by their context."""

from __future__ import annotations

import pytest

from deidkit.models.rules import names
from deidkit.models.rules.lexicons import lexicons
from deidkit.models.rules.note import Note

from .helpers import found_by


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("Seen by Dr. Xylander Quorbit today.", "en", {("Xylander Quorbit", "DOCTOR")}),
        ("Mrs. Vandersloot was anxious.", "en", {("Vandersloot", "PATIENT")}),
        ("Mme D comfortable overnight; Mlle Quorbit ate.", "en",
         {("D", "PATIENT"), ("Quorbit", "PATIENT")}),
        ("Will follow up with Dr. Brown next week.", "en", {("Brown", "DOCTOR")}),
        # a plural title: every name listed after it; the list ends at an ordinary word
        ("Tumour board (Drs. Vell-Lund and Achebe-Strand agree).", "en",
         {("Vell-Lund", "DOCTOR"), ("Achebe-Strand", "DOCTOR")}),
        ("Seen by Drs Quorbit, Zanetti & Mbeki today.", "en",
         {("Quorbit, Zanetti", "DOCTOR"), ("Mbeki", "DOCTOR")}),
        ("Drs. Quorbit and colleagues agreed.", "en", {("Quorbit", "DOCTOR")}),
        ("New 16 Fr Quorbit placed.", "en", set()),  # a catheter's size, no title
        ("Go to Rio Quorbit General ED if worse.", "en", set()),  # a hospital's "General"
        # a title in capitals in a note that is not: only before a listed name
        ("MR Conditional device. Seen by MR SMITH and DR QUORBIT.", "en",
         {("SMITH", "PATIENT"), ("QUORBIT", "DOCTOR")}),
        ("Interpreter (Spanish) at the bedside.", "en", set()),  # a language
        ("Spoke with GI fellow Dr Oluwadamilare Quorbit:\nbleed", "en",
         {("Oluwadamilare Quorbit", "DOCTOR")}),
        ("Seen by Dr. Quorbit Phone: 555-0101", "en", {("Quorbit", "DOCTOR")}),
        ("Dr. Quorbit and Mbeki Street clinic.", "en", {("Quorbit", "DOCTOR")}),
        ("Mr. Foley denies pain.", "en", {("Foley", "PATIENT")}),
        # a weekday or a month before a number ends the name; a listed name stays
        ("f/u: Dr. Quorbit-Nnaji Monday 12/1 by phone", "en", {("Quorbit-Nnaji", "DOCTOR")}),
        ("f/u with Dr. Quorbit Tuesday at clinic.", "en", {("Quorbit", "DOCTOR")}),
        ("Dr. Quorbit May 3 visit.", "en", {("Quorbit", "DOCTOR")}),
        ("Seen by Dr. Xylandra May today.", "en", {("Xylandra May", "DOCTOR")}),
        ("Médico: Dr. Ignacio Navarro Cuéllar.", "es", {("Ignacio Navarro Cuéllar", "DOCTOR")}),
        ("Remitido por Dra. Rosa Jiménez Ortuño.", "es", {("Rosa Jiménez Ortuño", "DOCTOR")}),
        ("Acompañado de Sra. Quintanilla.", "es", {("Quintanilla", "PATIENT")}),
        # not a title: a section label, an ordinary word, lower case
        ("GEN: A&Ox3.", "en", set()),
        ("General Hospital policy was reviewed.", "en", set()),
        ("Major surgery in 2001.", "en", set()),
        ("seen by dr. quorbit", "en", set()),
        # "D." (Don) is never a title: "1D." is a flat
        ("Piso 1D. Xalber vive solo.", "es", set()),
    ],
)
def test_title_rule(text: str, lang: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((names.TITLES,), text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("Her daughter Zorbetta will visit.", "en", {("Zorbetta", "RELATIVE")}),
        # a specialist's title, a licence after a credential: no names
        ("Ambrose Quorbit\nConsultant Urologist\nRN Lic 026.0138842", "en", set()),
        ("(ward HCA Sioned speaks Welsh)", "en", {("Sioned", "DOCTOR")}),
        ("Health care proxy is Quennell Ardwick.", "en", {("Quennell Ardwick", "RELATIVE")}),
        ("Wife, Anna, at bedside.", "en", {("Anna", "RELATIVE")}),
        ("Acude con su hija Maripaz.", "es", {("Maripaz", "RELATIVE")}),
        ("Atendido por Ignacio Navarro.", "es", {("Ignacio Navarro", "DOCTOR")}),
        # the title rule decides; a common or medical word is no name; capitals say nothing
        ("Her daughter Mrs. Quorbit called.", "en", set()),
        ("His wife Mild distress noted.", "en", set()),
        ("her son zorbetta called.", "en", set()),
        # "cc" among the cues would read "233 CC BILIOUS" as a name
        ("OGT with 233 CC Bilious output.", "en", set()),
        # a credential or a role after a care-team cue is no name
        ("Lorraine Whitehorse, RN, COHN-S ext 2290", "en", set()),
        ("reviewed S. Blackfeather RN DON 10/2/24", "en", set()),
        ("Writer: PACT RN Care Manager, ext 4408", "en", set()),
        ("d/w RN Amy Cole at bedside", "en", {("Amy Cole", "DOCTOR")}),
        # the next field's label after a cue is no name; a name before "by" without a colon is
        ("Performed by: Zorbetta RN   Read by: NO/GFO", "en", set()),
        ("seen by RN Quorbit by phone", "en", {("Quorbit", "DOCTOR")}),
        # a peer specialist is of the care team; a peer programme's words are no name
        ("Peer: Zorbetta to go with her Friday. Peer Recovery Center; peer support Quennell",
         "en", {("Zorbetta", "DOCTOR"), ("Quennell", "DOCTOR")}),
        # a cue glued by a hyphen to the next word is one word with it: an eponym
        ("cirrhosis, Child-Pugh C (10); daughter - Zorbetta", "en", {("Zorbetta", "RELATIVE")}),
        # a clinical abbreviation before a number after a cue is a room, whatever lists hold it
        ("consent reviewed with interpreter, Rm 4W-11. Pt asked", "en", set()),
    ],
)
def test_name_cue_rule(text: str, lang: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((names.NAME_CUES,), text, lang) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Signed: Ilsabet Morrow, MD", {("Ilsabet Morrow", "DOCTOR")}),
        ("Note by John Smith RN today.", {("John Smith", "DOCTOR")}),
        ("Zyqlo Vandermoot, MD", set()),  # no word of it is a known name
        ("John Smith, md", set()),  # a lower-case credential is too ambiguous
        # the name stops at an abbreviation in capitals: "ED" of "ED MD:" is no name
        ("ED MD: Anna Miller, MD", {("Anna Miller", "DOCTOR")}),
        ("ED MD: see below", set()),
        # "DO" before another word of the name in its case is a particle, not a credential
        ("Pt: QUORBIT, MARIA DO CEU F   MRN 1", set()),
        ("QUORBIT, JOHN DO", {("QUORBIT, JOHN", "DOCTOR")}),
        # a surname in capitals before its comma, also one that is a word; not a heading's
        ("CHILD, AMBER I LICSW pager", {("CHILD, AMBER I", "DOCTOR")}),
        ("MAC (CHILD, GILBERT T. CRNA)", {("CHILD, GILBERT T.", "DOCTOR")}),
        ("PLAN, JOHN SMITH MD; Anna Miller, MD", {("JOHN SMITH", "DOCTOR"),
                                                  ("Anna Miller", "DOCTOR")}),
        # a first name that is a word, right before the credential; not a role's word
        ("diet order - May RN cb 02920. Charge RN aware.", {("May", "DOCTOR")}),
    ],
)
def test_credential_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((names.CREDENTIALS,), text) == expected


@pytest.mark.parametrize(
    ("text", "start", "run"),
    [
        ("Harold J. Finnegan came", 0, "Harold J. Finnegan"),
        ("Ana de Vega came", 0, "Ana de Vega"),
        ("FINNEGAN, HAROLD J came", 0, "FINNEGAN, HAROLD J"),
        ("Anna Bujons Calle Mayor 5", 0, "Anna Bujons"),  # the address starts
        ("Rosa\nMarquez", 0, "Rosa"),  # not across a line
        ("Rosa MRN: 5", 0, "Rosa"),  # the next field's label
    ],
)
def test_name_run_ends_where_the_name_does(text: str, start: int, run: str) -> None:
    note = Note.of(text)
    lang = "es" if "Calle" in text else "en"
    end = names.name_run(note, lexicons(lang), start, 5)
    assert text[note.tokens[start].start : note.tokens[end - 1].end] == run


@pytest.mark.parametrize(
    ("text", "index", "is_eponym"),
    [
        ("Foley catheter placed", 0, True),
        ("Parkinson's disease", 0, True),
        ("Swan-Ganz catheter", 2, True),
        ("Swan-Ganz catheter", 0, False),
        ("enfermedad de Hodgkin", 2, False),  # the head comes before: not this check
        ("Linfoma Hodgkin tratado", 0, False),
        ("Brown was seen", 0, False),
    ],
)
def test_eponym_is_a_name_before_a_head_noun(text: str, index: int, is_eponym: bool) -> None:
    assert names.eponym(Note.of(text), lexicons("en"), index) is is_eponym
