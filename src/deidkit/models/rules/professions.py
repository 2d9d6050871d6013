"""Rule ``professions`` (``PROFESSION``): a job of the patient or a relative.

A job from ``RuleLanguage.occupations`` is a profession when it is a ``free`` one written in
lower case ("retired machinist", "her husband, a welder"), or when a profession cue comes
before it ("works as a nurse", "retired pilot", "works in roofing"; ``profession_cues``), in
any case. The span takes the job's modifiers on its left on the same line ("a [long-haul truck
driver]", "[HVAC installer]"), up to two words or hyphenated groups, stopping at a word of
``profession_stops``, a capitalised word (an employer's name) or a number ("38-year-old").
A clinician's role ("seen by the nurse", "Dr. Lee, surgeon") has no cue and is not a free job,
so it is left alone; nor is a free job that is someone's role: before a title ("teacher Ms.
Lindqvist", "Homeroom teacher: Mr. Yusuf"), after a possessive ("my lawyer", "her teacher":
``profession_owners``) or right after "by", "with", "at", "+" or "&" ("911 called by teacher").
"""

from __future__ import annotations

from deidkit.models.rules.base import Scan, SpanRule
from deidkit.models.rules.lexicons import Lexicons
from deidkit.models.rules.note import Note
from deidkit.types import Span

MODIFIERS = 2
"""Words or hyphenated groups taken before a job at most."""
CUE_GAP = {"a", "an", "the", ":", "-", "as", ","}
"""Tokens allowed between a cue and the job's first modifier ("works as a ...", "yo F, ...")."""


def profession_spans(scan: Scan) -> list[Span]:
    """Jobs that are free and in lower case, or cued."""
    note, lex = scan.note, scan.lex
    spans: list[Span] = []
    if not lex.profession_cues.first and not lex.occupations.first:
        return spans
    cue_ends = _cue_ends(scan)
    for index, found in scan.matches(lex.occupations):
        end, kind = found
        start = _modifiers_start(note, lex, index)
        cued = _cued(note, start, cue_ends) or _cued(note, index, cue_ends)
        written_low = all(note.tokens[i].text.islower() for i in range(index, end))
        if cued or (kind == "free" and written_low and not note.caseless and not (
            _someone_elses(note, lex, start, end)
        )):
            spans.append(note.span(start, end, "PROFESSION"))
    return spans


def _someone_elses(note: Note, lex: Lexicons, start: int, end: int) -> bool:
    """Whether the job ``start``-``end`` is a role of someone named or owned: before a title
    ("teacher Ms. Lindqvist", a colon between) or after a possessive ("my lawyer",
    ``profession_owners``)."""
    if end < len(note.tokens) and note.words[end] == ":":
        end += 1  # "Homeroom teacher: Mr. Yusuf", a field's label
    after = note.words[end].rstrip(".") if end < len(note.tokens) else ""
    return (after in lex.titles and note.same_line(end - 1, end)) or (
        start > 0 and (
            note.words[start - 1] in lex.profession_owners or note.words[start - 1] in _ROLE_LINKS
        )
    )


_ROLE_LINKS = frozenset({"by", "with", "at", "+", "&"})
"""Words before a job without an article that make it someone's role in the story ("called by
teacher", "shared with teacher", "at installer", "mom + teacher"), not a job of the patient's."""


def _cue_ends(scan: Scan) -> set[int]:
    """The token indices right after each profession cue."""
    ends = set()
    for _, found in scan.matches(scan.lex.profession_cues):
        ends.add(found[0])
    return ends


def _cued(note: Note, start: int, cue_ends: set[int]) -> bool:
    """Whether a cue ends right before ``start`` (articles and "as" in between allowed)."""
    position = start
    while position > 0 and position not in cue_ends and note.words[position - 1] in CUE_GAP:
        if not note.same_line(position - 1, start):
            return False
        position -= 1
    return position in cue_ends and (position == 0 or note.same_line(position - 1, start))


def _modifiers_start(note: Note, lex: Lexicons, index: int) -> int:
    """Where the job starting at ``index`` starts with its modifiers ("[long-haul] trucker")."""
    start = index
    for _ in range(MODIFIERS):
        group = _group_before(note, start)
        if group is None or not all(_modifier(note, lex, i) for i in range(group, start)
                                    if note.words[i] != "-"):
            break
        start = group
    return start


def _group_before(note: Note, start: int) -> int | None:
    """The start of the word or hyphenated group ("long-haul") ending before ``start``."""
    if start == 0 or not note.same_line(start - 1, start) or not note.is_word(start - 1):
        return None
    group = start - 1
    while group >= 2 and note.words[group - 1] == "-" and _glued(note, group - 2, group):
        group -= 2
    return group


def _glued(note: Note, left: int, right: int) -> bool:
    """Whether tokens ``left`` to ``right`` are written without a blank between them."""
    return all(
        note.tokens[i].end == note.tokens[i + 1].start for i in range(left, right)
    )


def _modifier(note: Note, lex: Lexicons, index: int) -> bool:
    """A word that can stand before a job: not a stop word, a number or a capitalised name
    (words in capitals are abbreviations here: "HVAC installer")."""
    text = note.tokens[index].text
    if not note.is_word(index) or note.words[index] in lex.profession_stops:
        return False
    if any(ch.isdigit() for ch in text):
        return False
    return text.islower() or (text.isupper() and len(text) > 1) or note.caseless


RULE = SpanRule("professions", priority=3, find=profession_spans)
