"""Rule ``seasons`` (``DATE``): a season named as a time ("this summer", "since spring", "last
fall", "fall 2023").

The annotation guideline's ``DATE`` row counts seasons among dates, and the development
batches' writers mark a season named as a time so: over forty-four batches 185 of "spring",
"summer", "winter" and "autumn" lie inside a date's span and 43 outside one, names such as
"Silver Spring" among them (``bench/gold_counts.py``). A season that is no other word
(``RuleLanguage.seasons``: "spring", "summer", "winters") is a date wherever it is a word of
its own: not glued by a hyphen ("spring-loaded") and not beside a capitalised word in a name
("Silver Spring", "Summer Okafor"). One that is another word too (``cued_seasons``: "fall", a
fall) is a date after a season's cue (``season_cues``: "last fall", "since fall"), after "the"
and a preposition of time (``season_times``: "in the fall"; not "after the fall") or before a
year or a term ("fall 2023", "fall semester"; ``season_terms``).
"""

from __future__ import annotations

from deidkit.models.rules.base import Scan, SpanRule
from deidkit.models.rules.note import Note
from deidkit.types import Span


def season_spans(scan: Scan) -> list[Span]:
    """Each season named as a time."""
    note, lex = scan.note, scan.lex
    spans = []
    for index in note.indices(lex.seasons):
        if _alone(note, index) and not _in_name(note, index):
            spans.append(note.span(index, index + 1, "DATE"))
    for index in note.indices(lex.cued_seasons):
        if _alone(note, index) and (_cued(note, index, scan) or _before_year(note, index, scan)):
            spans.append(note.span(index, index + 1, "DATE"))
    return spans


def _alone(note: Note, index: int) -> bool:
    """Whether token ``index`` is not glued by a hyphen to a word ("spring-loaded")."""
    tokens = note.tokens
    before = index > 0 and tokens[index - 1].end == tokens[index].start and (
        note.words[index - 1] in {"-", "/"}
    )
    after = index + 1 < len(tokens) and tokens[index + 1].start == tokens[index].end and (
        note.words[index + 1] in {"-", "/"}
    )
    return not before and not after


def _in_name(note: Note, index: int) -> bool:
    """Whether the season, written with a capital, stands beside another capitalised word on
    its line, as in a name ("Silver Spring", "Summer Okafor")."""
    if not note.capitalised(index) or note.tokens[index].text.isupper():
        return False  # a season in capitals is a heading's or a note's in capitals
    return any(
        0 <= other < len(note.tokens) and note.same_line(index, other)
        and note.is_word(other) and note.capitalised(other)
        for other in (index - 1, index + 1)
    )


def _cued(note: Note, index: int, scan: Scan) -> bool:
    """Whether a season's cue comes right before ``index`` ("last fall"), or "the" after a
    preposition of time ("in the fall")."""
    words = note.words
    before = words[index - 1] if index > 0 else ""
    if before in scan.lex.season_cues:
        return True
    return before == "the" and index > 1 and words[index - 2] in scan.lex.season_times


def _before_year(note: Note, index: int, scan: Scan) -> bool:
    """Whether a year ("fall 2023", "fall of 2023") or a term ("fall semester") follows."""
    words, after = note.words, index + 1
    if after < len(words) and words[after] == "of":
        after += 1
    if after >= len(words) or not note.same_line(index, after):
        return False
    word = words[after]
    return (len(word) == 4 and word.isdigit() and word[:2] in {"19", "20"}) or (
        word in scan.lex.season_terms
    )


RULE = SpanRule("seasons", priority=1, find=season_spans)
