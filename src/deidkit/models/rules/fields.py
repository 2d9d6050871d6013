"""Rule ``fields``: labelled fields ("Name: ...", "Nombre: ...", "Domicilio: ..."); the field
words and what each takes are language data (``RuleLanguage.fields``)."""

from __future__ import annotations

from deidkit.models.rules.base import QUOTES, Scan, SpanRule
from deidkit.models.rules.names import name_run
from deidkit.models.rules.note import Note
from deidkit.types import Span

CLAUSE_MAX_TOKENS = 12
NAMED_PLACES = frozenset({"ORGANIZATION", "HOSPITAL", "CITY"})
"""The labels of a clause field whose value is a name, capitalised unless the note is not."""


def field_spans(scan: Scan) -> list[Span]:
    """The value after each field's colon: names, or the rest of the clause."""
    note, lex = scan.note, scan.lex
    spans: list[Span] = []
    for index in lex.fields.starts(note.positions):
        starts_clause = index == 0 or not note.same_line(index - 1, index) or (
            note.words[index - 1] in {".", ";"}
        )
        if not starts_clause and not note.tokens[index].text[:1].isupper():
            continue  # fields start a line or a sentence, or are capitalised
        found = lex.fields.match(note.words, index)
        if found is None:
            continue
        colon = found[0]
        if colon >= len(note.tokens) or note.tokens[colon].text != ":":
            continue
        words = note.words[index:colon]
        label, extent = lex.field_extent[tuple(words)]
        start = colon + 1
        if start >= len(note.tokens) or not note.same_line(colon, start):
            continue
        if extent == "names":
            if note.tokens[start].text in QUOTES and start + 1 < len(note.tokens) and (
                note.same_line(start, start + 1)
            ):
                start += 1  # 'Goes by: "Daze"': the name inside the quotes
            if _speaks(note, start):
                continue  # a transcript's "PATIENT: I want to be home"
            end = name_run(note, lex, start, 6)
        elif label in NAMED_PLACES and note.tokens[start].text[:1].islower() and (
            not note.caseless
        ):
            continue  # "Employer: self", "Employer: agree, that came from ...": no name
        else:
            end = start
            while end < len(note.tokens) and end - start < CLAUSE_MAX_TOKENS and (
                note.same_line(start, end)
            ):
                text = note.tokens[end].text
                if text in {";", ":"} or (text in {".", ".."} and _clause_ends(note, end)):
                    break
                if end > start and note.wide_gap_before(end):
                    break  # the next column of a header: "Occupation: welder    Industry: ..."
                end += 1
            while end > start and note.tokens[end - 1].text in {",", "-", "(", "."}:
                end -= 1
        if end > start:
            spans.append(note.span(start, end, label))
    return spans


def _speaks(note: Note, index: int) -> bool:
    """Whether token ``index`` is a speaker's "I" before a word in lower case."""
    return note.tokens[index].text == "I" and index + 1 < len(note.tokens) and (
        note.tokens[index + 1].text[:1].islower() or note.tokens[index + 1].text in {"'m", "’m"}
    ) and note.same_line(index, index + 1)


def _clause_ends(note: Note, index: int) -> bool:
    """A dot ends a clause unless an abbreviation-like short word precedes it."""
    return index + 1 >= len(note.tokens) or not note.same_line(index, index + 1) or (
        note.tokens[index + 1].text[:1].isupper()
    )


RULE = SpanRule("fields", priority=1, find=field_spans)
