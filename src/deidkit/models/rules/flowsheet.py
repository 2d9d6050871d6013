"""Rule ``flowsheet_initials`` (``DOCTOR``): the initials column of a nursing flowsheet.

A flowsheet is a note of timed rows ("0800  repositioned, skin intact  KL", "1/22 midnight
I/O 850/1200  r.b.", "9:21 pm  pain 4/10  kl"), each signed at its end by the nurse's
initials after a wide gap. Where at least ``MIN_SIGNED_ROWS`` timed rows end that way, the
row-final initials are DOCTOR in any case ("kl", "KL", "k.l."), and so is every other
occurrence of the same initials in the note ("labs sent, per kl"). In such a column a state
code or a clinical abbreviation is someone's initials too ("TG", "AP"), and so is a common word
where most rows end in uncommon ones ("at"); a charted value ("OK", "PRN", "RA": the
language's ``chart_values``) or a credential ("RN") never is.

Unlike the ``initials`` rule this one also reads notes written all in capitals or all in
lower case: the layout, not the capitals, says that these are initials.
"""

from __future__ import annotations

import regex

from deidkit.models.rules.base import Scan, SpanRule
from deidkit.models.rules.lexicons import Lexicons
from deidkit.models.rules.note import Note, line_starts
from deidkit.types import Span

TIMED_ROW = regex.compile(
    r"(?:\d{1,2}/\d{1,2}(?:/\d{2,4})?[ \t]+)?"  # a date may come first: "1/22 0400"
    r"(?:\d{1,2}:\d{2}(?:[ \t]?[ap]\.?m\.?)?|\d{4}|midnight|noon)(?![\w:/])",
    regex.IGNORECASE,
)
"""The time a flowsheet row starts with (matched at the row's first token)."""
ROW_INITIALS = regex.compile(r"[A-Za-z]{2,3}|(?:[A-Za-z]\.){2,3}")
MIN_SIGNED_ROWS = 3
"""Timed rows ending in initials that make a note a signed flowsheet."""


def flowsheet_initials_spans(scan: Scan) -> list[Span]:
    """The initials ending a flowsheet's timed rows, and their other mentions in the note."""
    note, lex = scan.note, scan.lex
    starts = line_starts(note)
    signed: list[int] = []  # the row-final token of each signed timed row
    for number, first in enumerate(starts):
        last = (starts[number + 1] if number + 1 < len(starts) else len(note.tokens)) - 1
        if last - first >= 2 and TIMED_ROW.match(note.text, note.tokens[first].start) and (
            note.wide_gap_before(last) and _shaped(note, lex, last)
        ):
            signed.append(last)
    if len(signed) < MIN_SIGNED_ROWS:
        return []
    common = [i for i in signed if _common_word(note, lex, i)]
    if 2 * len(common) > len(signed):
        return []  # rows ending mostly in words: not a column of initials
    uncommon = {note.tokens[i].text for i in signed if i not in common}
    mentions = [
        index
        for text in uncommon
        for index in note.positions.get(text.casefold(), ())
        if note.tokens[index].text == text
    ]
    return [note.span(index, index + 1, "DOCTOR") for index in sorted({*signed, *mentions})]


def _shaped(note: Note, lex: Lexicons, index: int) -> bool:
    """Whether token ``index`` has the shape of initials and is no charted value or
    credential."""
    text = note.tokens[index].text
    if not ROW_INITIALS.fullmatch(text):
        return False
    word = text.casefold().replace(".", "")
    return word not in lex.chart_values and word not in lex.credentials


def _common_word(note: Note, lex: Lexicons, index: int) -> bool:
    """Whether token ``index`` reads as a common word ("at"; "AT" only where capitals say
    nothing)."""
    text = note.tokens[index].text
    return note.words[index].replace(".", "") in lex.common and (
        note.uppercase_style or not text.isupper()
    )


FLOWSHEET_INITIALS = SpanRule(
    "flowsheet_initials", priority=3, find=flowsheet_initials_spans, switch="names"
)
