"""Rule ``patient_initials`` (``PATIENT``): a patient named by initials in a page or a message.

Paging logs, message queues and sign-out boards name a patient by initials: "please call ED
re admit VC 17 M", "RE: VC (MRN 453-87-03)", "GA dob 7/7/1967 verified", "Radiology calling
result on DD cb 02047", "re heparin gtt for JFP callback x4930". Initials (two or three
letters in capitals or in lower case, or with dots: "V.C.") are a patient's when what comes
right after them on the line says so:

- an age and a sex written with its years ("81 y F", "33yoM"), or a bare number and a sex
  ("17 M", "82m") after "admit" or "re" ("re admit VC 17 M"; "RIJ 7 F" is a catheter's size);
- a record number in brackets or a date of birth ("(MRN", "DOB", "dob");
- a call-back ("cb", "CB#", "callback", "call back", "RTC").

Initials found so that are neither a clinical abbreviation nor a common word are the patient's
wherever else the note writes them the same way ("VC needs pain med"). Never a credential, a
charted value or a lower-case common word ("on", "re"), nor a place of care ("ED", "ER", "OR").

English layouts and words (``PATIENT_INITIAL_LANGS``).
"""

from __future__ import annotations

import itertools

from deidkit.models.rules.base import Scan, SpanRule
from deidkit.models.rules.lexicons import Lexicons
from deidkit.models.rules.note import Note
from deidkit.models.rules.word_types import WordTable, word_table
from deidkit.patterns.spec import Expression
from deidkit.types import Span

PATIENT_INITIAL_LANGS = frozenset({"en"})
"""The languages whose paging layouts this rule reads."""

_INITIALS = Expression(r"[A-Z]{2,3}|[a-z]{2,3}|(?:[A-Za-z]\.){2,3}")
_AGE_SEX = Expression(
    r"(?:,[ \t]*)?\d{1,3}[ \t]?(?:(?i:y/o|yo|y|yr|yrs)[ \t]?)?(?i:[mf])(?![\p{L}\d])"
)
"""An age and a sex right after initials and blanks ("17 M", ", 82m", "81 y F", "33yoM")."""
_AGED_SEX = Expression(
    r"(?:,[ \t]*)?\d{1,3}[ \t]?(?i:y/o|yo|y|yr|yrs)[ \t]?(?i:[mf])(?![\p{L}\d])"
)
"""The same with the years written ("81 y F", "33yoM"): a cue after any initials."""
_RECORD = Expression(r"(?:\([ \t]*(?i:mrn|mr#)|(?i:dob|d\.o\.b\.))(?![\p{L}])")
"""A record number in brackets or a date of birth after initials ("VC (MRN", "GA dob"); a
bare "MRN" after letters names another hospital's record ("OSH MRN")."""
_CALL_BACK = Expression(r"(?i:cb#?|callback|call[ \t]back|rtc)(?![\p{L}\d-])")
"""A call-back after initials ("DD cb 02047", "CH CALL BACK X4346"; not "CB-5520971")."""
_REACH = 24
"""Characters after the initials the cues are looked for in."""
_PLACES = frozenset({"ed", "er", "or", "icu", "pt", "pts", "pls", "plz", "mrn", "urn", "id"})
"""Letters that name a place of care, the patient or a record, or ask ("pls call back"), not
a patient's initials."""
_CUE_WORDS = frozenset({"(", "dob", "d.o.b.", "cb", "callback", "call", "rtc", ","})
"""The first token of a cue other than a number (the tokenizer splits "33yoM", "CB#")."""
_ADMIT_CUES = frozenset({"admit", "re", "re:"})
"""Words before initials that make a bare age and sex enough ("re admit VC 17 M")."""


def patient_initial_spans(scan: Scan) -> list[Span]:
    """Initials cued as a patient's, and their other mentions written the same way."""
    if scan.lang not in PATIENT_INITIAL_LANGS:
        return []
    note, lex = scan.note, scan.lex
    found: set[int] = set()
    cues = itertools.chain(
        note.indices(_CUE_WORDS), itertools.compress(range(len(note.tokens)), note.number_flags)
    )
    kinds = word_table(lex, "patient_initials", _initial_kinds)
    for index in sorted({cue - 1 for cue in cues if cue > 0}):  # the token before a cue
        token = note.tokens[index]
        kind = kinds[token.text]
        if kind == _NEVER or (kind == _UNLESS_UPPERCASE and note.uppercase_style):
            continue
        after, stop = _after_blanks(note.text, token.end)
        if _cued(note.text, after, stop) or (
            _after_admit(note, index) and _AGE_SEX.compiled.match(note.text, after, stop)
        ):
            found.add(index)
    spread = {
        note.tokens[index].text for index in found
        if note.words[index].replace(".", "") not in lex.clinical_abbreviations
        and note.words[index] not in lex.common
    }
    for text in spread:
        found.update(
            index for index in note.positions.get(text.casefold(), ())
            if note.tokens[index].text == text
        )
    return [note.span(index, index + 1, "PATIENT") for index in sorted(found)]


_NEVER, _ALWAYS, _UNLESS_UPPERCASE = "never", "always", "unless the note is in capitals"
"""Whether a token text may be someone's initials (``_initial_kinds``)."""


def _initial_kinds(lex: Lexicons) -> WordTable[str]:
    """Token text -> whether it may be someone's initials, worked out once per text: written
    as initials, no credential, charted value or place of care, and no common word in lower
    case (``_NEVER``) or in a note written in capitals (``_UNLESS_UPPERCASE``)."""

    def kind(text: str) -> str:
        if len(text) > 6 or not _INITIALS.compiled.fullmatch(text):
            return _NEVER
        word = text.casefold().replace(".", "")
        if word in lex.credentials or word in lex.chart_values or word in _PLACES:
            return _NEVER
        if word not in lex.common:
            return _ALWAYS
        return _NEVER if text.islower() else _UNLESS_UPPERCASE

    return WordTable(kind)


def _after_blanks(text: str, end: int) -> tuple[int, int]:
    """Where the text after ``end`` goes on past blanks, and where the cues' reach stops."""
    stop = min(len(text), end + _REACH)
    after = end
    while after < stop and text[after] in " \t":
        after += 1
    return after, stop


def _cued(text: str, after: int, stop: int) -> bool:
    """Whether a record number or date of birth, a call-back, or an age with its years and a
    sex starts at ``after``."""
    return bool(
        _RECORD.compiled.match(text, after, stop) or _CALL_BACK.compiled.match(text, after, stop)
        or _AGED_SEX.compiled.match(text, after, stop)
    )


def _after_admit(note: Note, index: int) -> bool:
    """Whether "admit" or "re" comes at most two tokens before token ``index`` on its line."""
    return any(
        note.words[before] in _ADMIT_CUES and note.same_line(before, index)
        for before in range(max(0, index - 2), index)
    )


PATIENT_INITIALS = SpanRule(
    "patient_initials", priority=3, find=patient_initial_spans, switch="names"
)
