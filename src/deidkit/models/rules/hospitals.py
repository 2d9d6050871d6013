"""Rule ``hospitals``: hospitals from the list, a saint's name with a possessive ("St. Mary's"),
and capitalised words next to a hospital word ("Mercy Hospital", "Hospital La Paz"; which side
the name is on is language data, ``RuleLanguage.hospital_name_first``)."""

from __future__ import annotations

from deidkit.models.rules.base import Scan, SpanRule
from deidkit.models.rules.lexicons import Lexicons
from deidkit.models.rules.note import Note
from deidkit.types import Span

SAINTS = frozenset({"st.", "st", "saint"})
_DEDICATIONS = (("our", "lady", "of", "the"), ("our", "lady", "of"))
"""Words a hospital's name may start with beyond the capitalised words before its hospital
word: "Our Lady of the Lake Regional Medical Center"."""


def job_title_at(note: Note, lex: Lexicons, index: int) -> bool:
    """Whether a job's title opens at token ``index`` ("Director of Nursing")."""
    return note.words[index] in lex.job_titles and index + 1 < len(note.tokens) and (
        note.words[index + 1] == "of"
    )


def hospital_spans(scan: Scan) -> list[Span]:
    """Hospitals named by the list, by a saint's name, or around a hospital word."""
    note, lex = scan.note, scan.lex
    spans: list[Span] = []
    candidates = set(lex.hospitals.starts(note.positions))
    candidates.update(lex.hospital_words.starts(note.positions))
    for word in SAINTS & note.positions.keys():
        candidates.update(note.positions[word])
    for index in sorted(candidates):  # nothing starts anywhere else
        found = lex.hospitals.match(note.words, index)
        if found is not None and all(
            note.capitalised(i) for i in range(index, found[0]) if note.is_word(i)
        ):
            spans.append(note.span(index, found[0], "HOSPITAL"))
        saint = _saint(note, index)
        if saint is not None:
            spans.append(saint)
        word_match = lex.hospital_words.match(note.words, index)
        if word_match is None or not note.capitalised(index):
            continue
        if word_match[0] < len(note.tokens) and note.words[word_match[0]] == "medicine" and (
            word_match[1] == "hospital"
        ):
            continue  # "Division of Hospital Medicine": a specialty
        if lex.hospital_name_first:
            span = _name_before(note, lex, index, word_match[0], word_match[1] == "hospital")
        else:
            span = _name_after(note, lex, index, word_match[0])
        if span is not None:
            spans.append(span)
    return spans


def _saint(note: Note, index: int) -> Span | None:
    """"St. Brendan's", "Saint Mary's": a saint's name with a possessive names a hospital."""
    if note.words[index] not in SAINTS or not note.tokens[index].text[0].isupper():
        return None
    first = index + 1
    if first < len(note.tokens) and note.words[first] == "." and (
        note.tokens[first].start == note.tokens[index].end
    ):
        first += 1  # "St. Brendan's": the tokenizer splits the dot off "St"
    end = first
    while end < len(note.tokens) and end - first < 2 and note.is_word(end) and (
        note.capitalised(end)
    ) and note.same_line(index, end):
        end += 1
    if end > first and end < len(note.tokens) and note.words[end] in {"'s", "’s"}:
        return note.span(index, end + 1, "HOSPITAL")
    return None


def _name_before(note: Note, lex: Lexicons, index: int, end: int, generic: bool) -> Span | None:
    """"Mercy Hospital", "St. Mary's Medical Center": capitalised words before the word."""
    links = lex.link_words
    start = index
    while start > 0 and index - start < 4 and note.same_line(start - 1, index) and (
        (note.is_word(start - 1) and note.capitalised(start - 1))
        or note.words[start - 1] in links or note.words[start - 1] in {"st.", "st"}
    ) and not note.wide_gap_before(start):  # a column break: the next header field
        start -= 1
    for dedication in _DEDICATIONS:  # "Our Lady of the Bayou Regional Medical Center"
        if note.words[max(0, start - len(dedication)) : start] == list(dedication) and (
            note.same_line(start - len(dedication), index)
        ):
            start -= len(dedication)
            break
    while start < index and note.words[start] in links:
        start += 1
    if note.caseless or note.tokens[index].text.isupper():
        while start < index and (
            note.words[start] in lex.common or not note.is_word(start)
            or note.words[start] in lex.clinical_abbreviations
        ):
            start += 1  # "QHS AND RESOLVED BY HOSPITAL", "DEPARTMENT OF RADIOLOGY": headings
    if job_title_at(note, lex, start):
        return None  # "Director of Pharmacy": a job
    named = not all(note.words[i] in lex.common for i in range(start, index))
    cued = start > 0 and note.words[start - 1] in lex.hospital_cues
    several = sum(1 for i in range(start, index) if note.is_word(i)) >= 2 and not note.caseless
    if start < index and (named or several or (generic and cued)):
        return note.span(start, end, "HOSPITAL")
    return None


def _name_after(note: Note, lex: Lexicons, index: int, end: int) -> Span | None:
    """"Hospital Universitario La Paz", "Hospital 12 de Octubre": the name after the word."""
    links = lex.link_words
    stop = end
    while stop < len(note.tokens) and stop - end < 6 and note.same_line(index, stop) and not (
        stop > end and lex.street_types.match(note.words, stop) is not None
    ) and (
        (note.is_word(stop) and note.capitalised(stop))
        or note.words[stop] in links
        or note.tokens[stop].text.isdigit()
        or note.tokens[stop].text in {"\"", "«", "»"}
    ):
        stop += 1
    while stop > end and (note.words[stop - 1] in links or not note.tokens[stop - 1].text[
        :1
    ].isalnum()):
        stop -= 1
    if stop > end:
        return note.span(index, stop, "HOSPITAL")
    return None


RULE = SpanRule("hospitals", priority=2, find=hospital_spans, switch="hospitals")
