"""Accuracy script: how the development batches' writers annotated the shapes some fixes after
detection rely on, counted on their gold spans (no model runs).

Not a test. Counts (over ``bench/data/handwritten-en-dev*/notes.jsonl``, never the test set):

- ``logins``: lower-case words of five letters or more (digits may follow) made of the first
  name's initial and four letters or more of the family name of a name marked in the same
  note (``deidkit.models.logins``): inside a marked span, and elsewhere (the common or
  medical words among those elsewhere apart);
- ``extension_cues``: an extension's cue ("ext", "ext.", "extn", "extension") before digits,
  inside a ``PHONE`` span and outside one (``deidkit.models.splits``);
- ``date_joins``: ``DATE`` spans holding "and", "or" or "&" between two words, and ``DATE``
  spans opening with a preposition ("of", "on", "from", "since", "until", "by");
- ``date_the``: "the" opening a ``DATE`` span, and "the" right before one;
- ``modal_may``: "May" opening a sentence before a lower-case word, inside a ``DATE`` span and
  outside one (``deidkit.models.flips``);
- ``seasons``: "spring", "summer", "winter" and "autumn" (``deidkit.models.rules.seasons``)
  inside a ``DATE`` span and outside one;
- ``short_forms``: the short forms of an ``ORGANIZATION`` or ``HOSPITAL`` span marked in the
  same note (``deidkit.models.short_forms``: its acronym, its first word; no ordinary word),
  standing alone: inside a marked span, and elsewhere, for each kind;
- ``aircraft``: US aircraft registrations of two digits or more and letters ("N22LF",
  ``deidkit.models.rules.identifiers.N_NUMBER``), inside a ``VEHICLE`` span and elsewhere;
- ``numbered_rooms``: an operating room in capitals or a catheterisation laboratory and one or
  two digits ("OR 9", "cath lab 2"), the number inside a ``ROOM`` span and elsewhere;
- ``name_initials``: a marked name's initials in brackets right after it ("EL-AMRANI, FATIMA
  ZAHRA (FZE)", ``deidkit.models.name_joins.name_initials``), marked and not;
- ``bracketed_initials_elsewhere``: where a marked name is followed by its initials in
  capitals in brackets, in order ("D. Lafontaine (DL)"), the other places the note writes
  them: inside a marked span, and elsewhere;
- ``line_owner_initials``: initials in capitals ending a line on which a marked name's words
  start with them in turn ("Handoff to Binh Pham, RN ...; BP"): inside a marked span, and
  elsewhere;
- ``hyphenated_comma_initials``: a first name's initial after a hyphenated family name and
  its comma, before a field's end or a gap ("HALDANE-OSEI, V"): inside a marked span, and
  elsewhere;
- each clinical abbreviation the fifty-second and fifty-seventh batches' rounds added
  (``ROUND_ABBREVIATIONS``: "POA", "MFM", "CTA", "NOK", ...): inside a marked span, and
  elsewhere;
- ``spelled_initials``: initials a legend spells out by a name ("DO = D. Ostrowski",
  ``deidkit.models.rules.flowsheet.spelled_initials``), each place the note writes them:
  inside a marked span, and elsewhere;
- ``cells``: a jail's cell ("cell M-5": a letter or two, a hyphen and digits), the number
  inside a ``ROOM`` span and elsewhere;
- ``pods``: a lettered pod ("D-Pod", ``deidkit.models.rules.organizations.POD``) inside a
  ``DEPARTMENT`` span and elsewhere;
- ``dash_signoffs``: the initials of a line's sign-off after a dash ("Nice work! -- PR CWCN",
  ``deidkit.models.credentials.DASH_SIGNOFF``), inside a marked span and elsewhere.

The batches kept unread (``UNREAD``: the README's number on unseen notes) are never counted.
``--through N`` counts the first N batches only (the counts docstrings cite were made on the
batches there were then: ``--through 44`` for those of the forty-four batches).

    .venv/bin/python bench/gold_counts.py [--through N]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import regex

from deidkit.io import read_documents
from deidkit.labels import Category, category_of
from deidkit.models.credentials import DASH_SIGNOFF
from deidkit.models.logins import LOGIN_WORD, name_logins
from deidkit.models.name_joins import name_initials
from deidkit.models.rules.flowsheet import spelled_initials
from deidkit.models.rules.identifiers import N_NUMBER
from deidkit.models.rules.lexicons import Lexicons, lexicons
from deidkit.models.rules.organizations import POD
from deidkit.models.short_forms import FORM_WORD, LABELS, short_forms
from deidkit.types import Document, Span

ROOT = Path(__file__).resolve().parents[1]
UNREAD = frozenset({
    "handwritten-en-dev45", "handwritten-en-dev46", "handwritten-en-dev49", "handwritten-en-dev51",
    "handwritten-en-dev55", "handwritten-en-dev58", "handwritten-en-dev61", "handwritten-en-dev64",
    "handwritten-en-dev68", "handwritten-en-dev70", "handwritten-en-dev73", "handwritten-en-dev76",
    "handwritten-en-dev79", "handwritten-en-dev81", "handwritten-en-dev87", "handwritten-en-dev90",
    "handwritten-en-dev91",
})
"""Development batches nobody reads: they decided a candidate and are the README's number on
unseen notes."""
_CUE = regex.compile(r"(?i)\b(?:ext|extn|extension)\b\.?[ \t]*[#:]?[ \t]*(?=\d)")
_JOIN = regex.compile(r"(?i)\S\s+(?:and|or|&)\s+\S")
_OPENING = regex.compile(r"(?i)(?:of|on|from|since|until|by)\s")
_MAY = regex.compile(r"(?:^|(?<=[.!?][ \t])|(?<=\n))May(?=[ \t]+\p{Ll})", regex.MULTILINE)
_SEASON = regex.compile(r"(?i)\b(?:spring|summer|winter|autumn)s?\b")
_NUMBERED_ROOM = regex.compile(
    r"(?<![\p{L}])(?:OR|(?i:cath[ \t]+lab))[ \t]+#?(\d{1,2})\b(?![/:.]\d)"
)
_BRACKETED = regex.compile(r"[ \t]+\((\p{L}{2,4})\)")
_NAME_WORD = regex.compile(r"\p{Lu}[\p{L}'’]*")
_LINE_END_INITIALS = regex.compile(r"(?m)(?<![\w.])([A-Z]{2,3})[ \t]*$")
_HYPHENATED_COMMA_INITIAL = regex.compile(
    r"(?m)\b\p{Lu}\p{L}+(?:[-'’]\p{L}+)+,[ \t]?(\p{Lu})\.?(?=[ \t]*(?:[:;)\n]|$)|[ \t]{2})"
)
_CELL = regex.compile(r"(?i:\bcell)[ \t]*#?[ \t]*([A-Z]{1,2}-\d{1,4}[A-Z]?)(?![\p{L}\d])")
ROUND_ABBREVIATIONS = ("POA", "HCPOA", "DPOA", "MFM", "IMC", "NSICU", "AOC",
                       "CTA", "CTP", "NCCT", "NCHCT", "NOK", "DOS")


def _covered(spans: tuple[Span, ...], start: int, end: int, label: str | None = None) -> bool:
    return any(
        span.start <= start and end <= span.end and (label is None or span.label == label)
        for span in spans
    )


def _alone(spans: tuple[Span, ...], start: int, end: int) -> int:
    """0: a marked span is exactly this word; 1: the word is inside a longer one; 2: in
    none."""
    covering = [span for span in spans if span.start <= start and end <= span.end]
    if not covering:
        return 2
    return 0 if any(span.start == start and span.end == end for span in covering) else 1


def round_counts(document: Document, lex: Lexicons) -> dict[str, list[int]]:
    """The counts of the fifty-second and fifty-seventh batches' rounds in one note: [inside a
    marked span, elsewhere] each."""
    text, spans = document.text, document.spans
    counts = {key: [0, 0] for key in ("aircraft", "numbered_rooms", "name_initials",
                                      "bracketed_initials_elsewhere",
                                      "hyphenated_comma_initials", "line_owner_initials",
                                      "spelled_initials", "cells", "pods", "dash_signoffs")}
    for found in DASH_SIGNOFF.compiled.finditer(text):
        inside = _covered(spans, found.start("initials"), found.end("initials"))
        counts["dash_signoffs"][0 if inside else 1] += 1
    for initials in spelled_initials(text, "en"):
        for found in regex.finditer(rf"(?<![\p{{L}}\d]){initials}(?![\p{{L}}\d])", text):
            counts["spelled_initials"][0 if _covered(spans, *found.span()) else 1] += 1
    for found in _CELL.finditer(text):
        counts["cells"][0 if _covered(spans, found.start(1), found.end(1), "ROOM") else 1] += 1
    for found in POD.compiled.finditer(text):
        inside = _covered(spans, found.start(), found.end(), "DEPARTMENT")
        counts["pods"][0 if inside else 1] += 1
    for found in _LINE_END_INITIALS.finditer(text):
        line = text.rfind("\n", 0, found.start()) + 1
        if any(
            category_of(span.label) is Category.NAME and line <= span.start
            and span.end <= found.start(1) and found.group(1) == "".join(
                word[0] for word in _NAME_WORD.findall(text, span.start, span.end)
            )
            for span in spans
        ):
            inside = _covered(spans, found.start(1), found.end(1))
            counts["line_owner_initials"][0 if inside else 1] += 1
    for found in _HYPHENATED_COMMA_INITIAL.finditer(text):
        inside = _covered(spans, found.start(1), found.end(1))
        counts["hyphenated_comma_initials"][0 if inside else 1] += 1
    for found in N_NUMBER.compiled.finditer(text):
        inside = _covered(spans, found.start(), found.end(), "VEHICLE")
        counts["aircraft"][0 if inside else 1] += 1
    for found in _NUMBERED_ROOM.finditer(text):
        inside = _covered(spans, found.start(1), found.end(1), "ROOM")
        counts["numbered_rooms"][0 if inside else 1] += 1
    for span in spans:
        bracketed = _BRACKETED.match(text, span.end)
        if category_of(span.label) is Category.NAME and bracketed and name_initials(
            text, span, bracketed.group(1), lex
        ):
            inside = _covered(spans, bracketed.start(1), bracketed.end(1))
            counts["name_initials"][0 if inside else 1] += 1
        initials = bracketed.group(1) if bracketed else ""
        if category_of(span.label) is Category.NAME and initials.isupper() and initials == "".join(
            word[0] for word in _NAME_WORD.findall(text, span.start, span.end)
        ):
            for found in regex.finditer(rf"(?<![\w.]){initials}(?!\w)", text):
                if found.start() != bracketed.start(1):
                    inside = _covered(spans, found.start(), found.end())
                    counts["bracketed_initials_elsewhere"][0 if inside else 1] += 1
    for word in ROUND_ABBREVIATIONS:
        counts.setdefault(word, [0, 0])
        for found in regex.finditer(rf"(?<![\p{{L}}\d]){word}(?![\p{{L}}\d])", text):
            counts[word][_alone(spans, *found.span()) // 2] += 1
    return counts


def batches(through: int | None) -> list[Path]:
    """The development batches' notes, in their order, the unread ones left out."""
    folders = [ROOT / "bench/data/handwritten-en-dev"]
    number = 2
    while (ROOT / f"bench/data/handwritten-en-dev{number}").is_dir():
        folders.append(ROOT / f"bench/data/handwritten-en-dev{number}")
        number += 1
    return [  # a batch still being written has no notes yet
        folder / "notes.jsonl" for folder in folders[:through]
        if folder.name not in UNREAD and (folder / "notes.jsonl").is_file()
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--through", type=int, metavar="N", help="the first N batches only")
    args = parser.parse_args(argv)
    lex = lexicons("en")
    counts = {key: [0, 0] for key in ("logins", "extension_cues", "date_the", "modal_may",
                                      "seasons")}
    counts.update({kind: [0, 0, 0] for kind in ("acronyms", "first_words")})
    counts["date_joins"] = [0, 0]
    ordinary_elsewhere = 0
    this_round: dict[str, list[int]] = {}
    for path in batches(args.through):
        for document in read_documents(path):
            text, spans = document.text, document.spans
            for key, (inside, elsewhere) in round_counts(document, lex).items():
                this_round.setdefault(key, [0, 0])
                this_round[key][0] += inside
                this_round[key][1] += elsewhere
            forms: dict[str, str] = {}  # short form -> "acronyms" or "first_words"
            for span in spans:
                if span.label in LABELS:
                    for form in short_forms(text[span.start : span.end], lex):
                        forms[form] = "acronyms" if form.isupper() else "first_words"
            for found in FORM_WORD.finditer(text):
                if found.group() in forms:
                    counts[forms[found.group()]][_alone(spans, found.start(), found.end())] += 1
            logins = name_logins(document)
            for found in LOGIN_WORD.finditer(text):
                word = found.group("login")
                if word in logins:
                    inside = _covered(spans, found.start(), found.end())
                    counts["logins"][0 if inside else 1] += 1
                    if not inside and (word in lex.common or word in lex.medical):
                        ordinary_elsewhere += 1
            for found in _CUE.finditer(text):
                inside = _covered(spans, found.start(), found.end(), "PHONE")
                counts["extension_cues"][0 if inside else 1] += 1
            for found in _MAY.finditer(text):
                inside = _covered(spans, found.start(), found.end(), "DATE")
                counts["modal_may"][0 if inside else 1] += 1
            for found in _SEASON.finditer(text):
                inside = _covered(spans, found.start(), found.end(), "DATE")
                counts["seasons"][0 if inside else 1] += 1
            for span in spans:
                if span.label != "DATE":
                    continue
                value = text[span.start : span.end]
                counts["date_joins"][0] += _JOIN.search(value) is not None
                counts["date_joins"][1] += _OPENING.match(value) is not None
                counts["date_the"][0] += value.casefold().startswith("the ")
                counts["date_the"][1] += text[max(0, span.start - 4) : span.start].casefold() \
                    == "the "
    print(json.dumps({
        "logins": {"inside_a_span": counts["logins"][0], "elsewhere": counts["logins"][1],
                   "elsewhere_common_or_medical": ordinary_elsewhere},
        "extension_cues": {"inside_phone": counts["extension_cues"][0],
                           "outside": counts["extension_cues"][1]},
        "date_spans": {"with_a_conjunction": counts["date_joins"][0],
                       "opening_with_a_preposition": counts["date_joins"][1]},
        "date_the": {"opening_the_span": counts["date_the"][0],
                     "right_before_it": counts["date_the"][1]},
        "modal_may": {"inside_date": counts["modal_may"][0], "outside": counts["modal_may"][1]},
        "seasons": {"inside_date": counts["seasons"][0], "outside": counts["seasons"][1]},
        "short_forms": {kind: {"inside_a_span": counts[kind][0], "elsewhere": counts[kind][2],
                               "in_a_longer_span": counts[kind][1]}
                        for kind in ("acronyms", "first_words")},
        **{key: {"inside_a_span": inside, "elsewhere": elsewhere}
           for key, (inside, elsewhere) in this_round.items()},
    }, indent=1))


if __name__ == "__main__":
    main()
