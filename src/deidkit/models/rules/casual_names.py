"""Rules ``header_names`` and ``lowercase_names``: names the title and cue rules miss, on the
``context_names`` layer.

- ``header_names`` (``PATIENT``): "LAST, FIRST M" standing alone in a header ("MORROW,
  ILSABET K  MRN ...", "| Kovac, Edith R |"), comma included, for names in no list too;
- ``lowercase_names``: names written in lower case in nursing text: a first name after a
  relative or care-team cue ("daughter anna", "d/w amy"), after "pt" ("pt edith up in
  chair"), before a credential ("amy RN"), or after a lower-case title ("dr varga").

- ``handoff_names`` (``DOCTOR``): staff after a hand-off cue in nursing text ("handoff to
  will", "sitter ROSE", "oob with gaitán"; ``RuleLanguage.handoff_cues``).

- ``layout_names``: names by their place in a line: a hand-off list ("- felmlee in d12,
  32f", "* rm 933a - art guo -"), a signature line ("--will rn"), a message's greeting and
  sign-off ("Hi rico,", "Thank you, Will"), a nursing note's subject ("bill up to chair"),
  an initial and surname before a credential ("L. Bois, MSW").

Ordinary, medical and clinical words are never taken ("daughter at bedside", "dr office").
"""

from __future__ import annotations

import regex

from deidkit.models.rules.base import Scan, TokenRule
from deidkit.models.rules.lexicons import Lexicons
from deidkit.models.rules.names import CONTEXT_NAMES
from deidkit.models.rules.note import Note, mark
from deidkit.patterns.spec import Expression

# What may follow a header name on its line: a field of the header
HEADER_FIELDS = frozenset(
    {"mrn", "mr", "dob", "age", "sex", "dos", "acct", "id", "room", "rm", "unit", "fin", "csn",
     "adm", "admit", "date", "pcp", "attending", "loc", "bed", "dea", "npi", "lic", "license",
     "cert", "phone", "tel", "pager"}
)
NAME_FIELDS = frozenset({"patient", "name", "pt", "re", "client", "member", "subscriber"})
_OPENERS = frozenset({"|", ":", ";", "-", "(", "["})
_CLOSERS = frozenset({"|", ";", "(", "["})
PATIENT_CUES = frozenset({"pt", "pt.", "patient", "resident", "client"})
_LOWER_TITLES = {"dr": "DOCTOR", "dr.": "DOCTOR", "mr": "PATIENT", "mr.": "PATIENT",
                 "mrs": "PATIENT", "mrs.": "PATIENT", "ms": "PATIENT", "ms.": "PATIENT"}


def header_names(scan: Scan, labels: list[str | None]) -> None:
    """"LAST, FIRST M" alone in a header (after a line start, a pipe or a field's colon,
    before the line end, a pipe, a wide gap or another field)."""
    note, lex = scan.note, scan.lex
    count = len(note.tokens)
    for comma in note.positions.get(",", ()):
        first, second = comma - 1, comma + 1
        if first < 0 or second >= count or not note.same_line(first, second):
            continue
        if not name_word(note, lex, first) or not name_word(note, lex, second):
            continue
        upper = note.tokens[first].text.isupper()
        if note.tokens[second].text.isupper() != upper:
            continue
        if not _opens(note, first):
            continue
        end = second + 1
        if end < count and note.same_line(second, end) and (
            note.is_initial(end) or (name_word(note, lex, end) and (
                note.tokens[end].text.isupper() == upper
            ))
        ):
            end += 1
            if end < count and note.words[end] == "." and note.is_initial(end - 1):
                end += 1
        closer = _closes(note, end - 1)
        if closer is None:
            continue
        known = any(
            note.words[i] in lex.names and note.words[i] not in lex.common
            and note.words[i] not in lex.medical for i in (first, second)
        )
        shaped = end > second + 1 and note.is_initial(second + 1)  # "MORROW, ILSABET K"
        named_field = first >= 2 and note.words[first - 1] == ":" and (
            note.words[first - 2] in NAME_FIELDS
        )
        if known or shaped or closer or named_field:  # "Plan: Lasix, Coreg" is none of them
            mark(labels, first, end, "PATIENT")


def name_word(note: Note, lex: Lexicons, index: int) -> bool:
    """A capitalised word that may be part of a name (no common, medical or clinical word
    unless it is in the name lists)."""
    text = note.tokens[index].text
    if not note.is_word(index) or not text[:1].isupper() or len(text) < 2:
        return False
    word = note.words[index]
    if word in lex.clinical_abbreviations or word in lex.not_names:
        return False
    known = word in lex.names
    return known or (word not in lex.common and word not in lex.medical)


def _opens(note: Note, index: int) -> bool:
    """Whether a header value may start at token ``index``."""
    if index == 0 or not note.same_line(index - 1, index):
        return True
    if note.words[index - 1] in _OPENERS:
        return True
    gap = note.text[note.tokens[index - 1].end : note.tokens[index].start]
    return len(gap) >= 2 or "\t" in gap


def _closes(note: Note, index: int) -> bool | None:
    """Whether a header value may end at token ``index``: None if not, True before a pipe
    or another field, False at the line end or before a wide gap."""
    following = index + 1
    if following >= len(note.tokens) or not note.same_line(index, following):
        return False
    if note.words[following] in _CLOSERS or note.words[following].rstrip(".:#") in (
        HEADER_FIELDS
    ):
        return True
    gap = note.text[note.tokens[index].end : note.tokens[following].start]
    return False if len(gap) >= 2 or "\t" in gap else None


def lowercase_names(scan: Scan, labels: list[str | None]) -> None:
    """Names in lower case after a name cue, before a credential or after a title."""
    note, lex = scan.note, scan.lex
    count = len(note.tokens)
    for index, found in scan.matches(lex.name_cues):
        start = found[0]
        if start < count and note.words[start] in {",", ":", "-", "is", "named", "("}:
            start += 1
        if start >= count or not note.same_line(index, start):
            continue
        relative = found[1] != "care_team"
        caseless_cue = note.lowercase_style or note.tokens[index].text.islower()
        if _lower_first_name(note, lex, start) or (
            relative and caseless_cue and _lower_unknown(note, lex, start)
        ):  # "dtr dierk", not "Wife verbalized understanding"
            end = _lower_surname(note, lex, start + 1)
            mark(labels, start, end, "RELATIVE" if relative else "DOCTOR")
    for index in note.indices(PATIENT_CUES):
        start = index + 1
        if start < count and note.words[start] == ":" and start + 1 < count and (
            note.same_line(index, start + 1)
        ) and (_lower_first_name(note, lex, start + 1) or _lower_unknown(note, lex, start + 1)):
            mark(labels, start + 1, _lower_surname(note, lex, start + 2), "PATIENT")
            continue  # "Patient: nuria MRN ..."
        if start < count and note.words[start] in {"'s", "’s"}:
            continue  # "pt's wife": the cue rules' relative
        if start < count and note.same_line(index, start) and _lower_first_name(
            note, lex, start
        ) and note.tokens[index].text.islower():
            mark(labels, start, _lower_surname(note, lex, start + 1), "PATIENT")  # "pt edith"
    for index in [i - 1 for i in scan.credentials() if i > 0]:
        if _lower_first_name(note, lex, index) and note.same_line(index, index + 1):
            mark(labels, index, index + 1, "DOCTOR")  # "d/w amy RN", "amy rn"
    for index in note.indices(_LOWER_TITLES):
        start = index + 1
        if start >= count or not note.tokens[index].text.islower():
            continue
        if not note.same_line(index, start) or not note.tokens[start].text.isalpha():
            continue
        word = note.words[start]
        if not note.tokens[start].text.islower() or len(word) < 2 or (
            word in lex.common or word in lex.medical or word in lex.clinical_abbreviations
        ):
            continue
        mark(labels, start, _lower_surname(note, lex, start + 1),
             _LOWER_TITLES[note.words[index]])


def _lower_first_name(note: Note, lex: Lexicons, index: int) -> bool:
    """A lower-case first name that is no ordinary, medical or clinical word."""
    text = note.tokens[index].text
    word = note.words[index]
    return text.isalpha() and text.islower() and len(text) >= 3 and (
        word in lex.first_names
    ) and word not in lex.common and word not in lex.medical and (
        word not in lex.clinical_abbreviations and word not in lex.not_names
    )


def _lower_unknown(note: Note, lex: Lexicons, index: int) -> bool:
    """A lower-case word in no list ("dtr dierk"): no ordinary, medical or clinical word."""
    text = note.tokens[index].text
    word = note.words[index]
    return text.isalpha() and text.islower() and len(text) >= 3 and not (
        word in lex.common or word in lex.medical or word in lex.clinical_abbreviations
        or word in lex.not_names or word in lex.not_after_handoff
        or (len(word) > 5 and word.endswith(_WORD_ENDINGS))
    )


# Endings of English adjectives, adverbs and verb forms, not of names ("mom tearful").
_WORD_ENDINGS = ("ful", "less", "ness", "ly", "ing", "ed", "ous", "ive", "able", "ible")


def handoff_names(scan: Scan, labels: list[str | None]) -> None:
    """Staff after a hand-off cue, in any case ("handoff to will", "sitter ROSE until noon",
    "oob with gaitán"): a name from the lists, or a word in no list, and a surname."""
    note, lex = scan.note, scan.lex
    count = len(note.tokens)
    for index, found in scan.matches(lex.handoff_cues):
        start = found[0]
        if start < count and note.words[start] in {":", "-", ",", "rn", "nurse"}:
            start += 1
        if start >= count or not note.same_line(index, start) or not _handoff_word(
            note, lex, start, first=True
        ):
            continue
        end = _glued_name(note, start + 1)
        if end < count and note.same_line(start, end) and _handoff_word(
            note, lex, end, first=False
        ):
            end = _glued_name(note, end + 1)
        mark(labels, start, end, "DOCTOR")


def _handoff_word(note: Note, lex: Lexicons, index: int, *, first: bool) -> bool:
    """A word after a hand-off cue that names someone: in the name lists, or (first word
    only, or capitalised) in no list of words."""
    text = note.tokens[index].text
    word = note.words[index]
    if not text.isalpha() or len(text) < 2 or word in lex.not_after_handoff or (
        word in lex.clinical_abbreviations or word in lex.not_names
        or word.replace(".", "") in lex.credentials
    ):
        return False
    if word in lex.names:
        return first or word not in lex.common
    return (text[:1].isupper() or note.lowercase_style) and word not in lex.common and (
        word not in lex.medical
    )  # a word in no list: "Sitter Quorbex", not "sitter chheck"


def _glued_name(note: Note, end: int) -> int:
    """``end`` moved over a hyphenated second part ("jeptoo-witaker")."""
    while end + 1 < len(note.tokens) and note.words[end] == "-" and (
        note.tokens[end].start == note.tokens[end - 1].end
        and note.tokens[end + 1].start == note.tokens[end].end
        and note.tokens[end + 1].text.isalpha()
    ):
        end += 2
    return end


def _lower_surname(note: Note, lex: Lexicons, index: int) -> int:
    """The end of a name whose first word ends before ``index``: one lower-case surname from
    the lists may follow."""
    if index < len(note.tokens) and note.same_line(index - 1, index):
        text = note.tokens[index].text
        word = note.words[index]
        if text.isalpha() and text.islower() and word in lex.names and (
            word not in lex.common and word not in lex.medical
        ):
            return index + 1
    return index


HEADER_NAMES = TokenRule("header_names", CONTEXT_NAMES, header_names, switch="names")
_WORD = r"[\p{L}][\p{L}'’-]*"
_PERSON = rf"(?P<name>{_WORD}(?:[ \t]+{_WORD})?)"
_BULLET = r"(?m)^[ \t]*(?:[*\-•]+[ \t]*)?"  # one way to split the blanks: linear
LAYOUTS = (  # (expression, label, strict): names by their place in a line; a strict layout
    # takes ordinary and medical words only when they are first names
    (Expression(_BULLET + _PERSON + r"[ \t]+(?i:in)[ \t]+[\w-]+,[ \t]*\d{1,3}[ \t]*"
                r"(?i:m|f|yo|y/o)\b"), "PATIENT", True),  # "- felmlee in d12, 32f"
    (Expression(_BULLET + r"(?i:rm|room|bed)[ \t]+[\w-]+[ \t]+-[ \t]+" + _PERSON
                + r"[ \t]+-"), "PATIENT", True),  # "* rm 933a - art guo - npo"
    (Expression(r"(?m)^[ \t]*(?:[-–—]+[ \t]*)?" + _PERSON + r",?[ \t]+(?i:rn|md|np|lpn|pa|cna)"
                r"\.?[ \t]*$"), "DOCTOR", True),  # "--will rn"
    (Expression(r"(?i:thank[ \t]+you|thanks|sincerely|regards|best)[,!.]?[ \t]*\n?[ \t]*"
                r"(?P<name>\p{Lu}\p{Ll}+)[ \t]*$", regex.MULTILINE), "PATIENT", True),
    (Expression(r"(?m)^[ \t]*(?i:hi|hello|dear|good[ \t]+(?:morning|afternoon|evening))"
                r"[ \t]+(?P<name>\p{L}[\p{L}'’-]+)[ \t]*,"), "PATIENT", True),  # "Hi rico,"
    (Expression(r"(?:^|[.;:][ \t]+)" + _PERSON + r"[ \t]+(?i:up[ \t]+to[ \t]+chair|oob|"
                r"ambulated|ambulating)\b", regex.MULTILINE), "PATIENT", True),  # "bill oob"
    (Expression(r"(?P<name>\p{Lu}\.[ \t]*\p{Lu}[\p{L}'’-]+),?[ \t]+(?:MD|RN|NP|PA|MSW|LCSW|"
                r"LICSW|DO|PhD|PharmD|CNA|LPN|RD|SLP)\b"), "DOCTOR", False),  # "L. Bois, MSW"
)


LAYOUT_WORDS: tuple[frozenset[str], ...] = (  # words the lines of each layout hold
    frozenset({"m", "f", "yo", "y/o"}),  # "32f" is "32" and "f"
    frozenset({"rm", "room", "bed"}),
    frozenset({"rn", "md", "np", "lpn", "pa", "cna"}),
    frozenset({"thank", "thanks", "sincerely", "regards", "best"}),
    frozenset({"hi", "hello", "dear", "good"}),
    frozenset({"chair", "oob", "ambulated", "ambulating"}),
    frozenset({"md", "rn", "np", "pa", "msw", "lcsw", "licsw", "do", "phd", "pharmd", "cna",
               "lpn", "rd", "slp"}),
)


def layout_names(scan: Scan, labels: list[str | None]) -> None:
    """Names by their place in a line: a hand-off list ("- felmlee in d12, 32f"), a
    signature line ("--will rn"), a message's sign-off ("Thank you, Will")."""
    note, lex = scan.note, scan.lex
    text = note.text
    present = note.positions.keys()
    for (expression, label, strict), needs in zip(LAYOUTS, LAYOUT_WORDS, strict=True):
        anchors = note.indices(needs & present)
        lines: set[tuple[int, int]] = set()
        for index in anchors:  # the lines around the words the layout needs
            start = text.rfind("\n", 0, note.tokens[index].start) + 1
            start = text.rfind("\n", 0, max(0, start - 1)) + 1  # and the line before
            end = text.find("\n", note.tokens[index].end)
            lines.add((start, len(text) if end < 0 else end))
        for found in (m for start, end in sorted(lines) for m in expression.compiled.finditer(
            text, start, end
        )):
            first = note.token_at(found.start("name"))
            last = note.token_at(found.end("name") - 1)
            if first is None or last is None:
                continue
            words = [  # the words of the name, its initials aside ("L. Bois")
                i for i in range(first, last + 1)
                if note.tokens[i].text.isalpha() and len(note.tokens[i].text) > 1
            ]
            if not words:
                continue
            if strict and not (_layout_word(note, lex, words[0]) and all(
                _layout_word(note, lex, i) or note.words[i] in lex.names for i in words[1:]
            )):
                continue
            if not strict and any(note.words[i] in lex.clinical_abbreviations for i in words):
                continue
            mark(labels, first, last + 1, label)


def _layout_word(note: Note, lex: Lexicons, index: int) -> bool:
    """A word that can be part of a name placed by the layout of its line."""
    word = note.words[index]
    if word in lex.clinical_abbreviations or word in lex.not_after_handoff or (
        word in lex.not_names or word.replace(".", "") in lex.credentials
    ):
        return False
    if word in lex.common or word in lex.medical:
        return word in lex.first_names  # "will", "faith"; not "paged", "doctor"
    return True


LAYOUT_NAMES = TokenRule("layout_names", CONTEXT_NAMES, layout_names, switch="names")
HANDOFF_NAMES = TokenRule("handoff_names", CONTEXT_NAMES, handoff_names, switch="names")
LOWERCASE_NAMES = TokenRule("lowercase_names", CONTEXT_NAMES, lowercase_names, switch="names")
