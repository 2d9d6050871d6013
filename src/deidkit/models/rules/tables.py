"""Rule ``table_ages`` (``AGE``): the cells of a table's age column.

Line lists, censuses, theatre lists and exports write ages as bare numbers under a header
("ID | name | age | sex", ``"PatName","Sex","DOB","Age"``, ``ORDER|CHI|PATIENT|AGE|WARD``),
where no cue before the number says it is an age. A header is a line of cells split by
``|``, a tab, ``,`` (a quoted cell may hold commas) or, in a printout's columns, gaps of two
spaces or more, of which exactly one is an age header (``RuleLanguage.age_headers``: "age",
"age (y)", "age/sex", "age at dose"); every following line split the same way (for gaps,
into cells reaching the age column) is a row until a line that is not (a line of rule
characters, "---|---", is skipped). A row's cell in that column that holds an age alone
("62", "~30", "7 y", "7/M": an age and a sex; "2 mo", "30 days": an infant's) gives its
number. With ``ages="over_89"`` only ages of 90 years and over.
"""

from __future__ import annotations

from functools import cache

from deidkit.models.rules.ages import MAX_AGE
from deidkit.models.rules.base import Scan, SpanRule
from deidkit.patterns.spec import Expression
from deidkit.types import Span

GAP = "  "
"""The delimiter of a printout's columns: a gap of two spaces or more."""
DELIMITERS = ("|", "\t", ",", GAP)
"""Cell delimiters, tried in this order on a header line."""
AGE_CELL = Expression(
    r"(?i)[ \t]*+\"?[ \t]*+~?[ \t]*+(?P<n>\d{1,3})(?:[ \t]*+(?:years|year|yrs|yr|yo|y"
    r"|(?P<young>months|month|mos|mo|weeks|week|wks|wk|days|day|d)\b))?"
    r"(?:[ \t]*+/?[ \t]*+[mfux])?[ \t]*+\"?[ \t]*+"
)
"""A cell holding an age alone, an age and a sex ("7/M"), an approximate age ("~30") or an
infant's ("2 mo", "30 days")."""
GAP_RUN = Expression(r"[ \t]{2,}")
"""Where a printout's line splits into cells."""
RULE_LINE = Expression(r"[ \t|+:=_-]*")
"""A line drawn between a header and its rows ("---|---", "+-----+")."""
QUOTED_CELL = Expression(r'[ \t]*"(?:[^"\n]|"")*"[ \t]*(?=,|$)')
"""A double-quoted cell of a comma-separated line (``""`` is a quote inside it)."""
_WORD_END = Expression(r"\W")
"""What ends a header's first word ("age" of "age/sex")."""


def table_age_spans(scan: Scan) -> list[Span]:
    """The age in each row's cell of an age column."""
    headers = scan.lex.age_headers
    note = scan.note
    if not any(word in note.positions for word in _first_words(headers)):
        return []  # no header's first word: no age column
    over_89 = scan.ages == "over_89"
    text = note.text
    spans: list[Span] = []
    column: tuple[str, int] | None = None  # the delimiter and the age column's index
    start = 0
    while start <= len(text):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        if column is not None:
            delimiter, index = column
            cells = _cells(text, start, end, delimiter)
            if (len(cells) > 1 and (delimiter != GAP or len(cells) > index)) or (
                start < end and RULE_LINE.compiled.fullmatch(text, start, end)
            ):
                if index < len(cells):
                    found = AGE_CELL.compiled.fullmatch(text, *cells[index])
                    if found is not None:
                        value = int(found.group("n"))
                        years = found.group("young") is None
                        if 0 < value <= MAX_AGE and not (over_89 and (value < 90 or not years)):
                            spans.append(Span(found.start("n"), found.end("n"), "AGE",
                                              source="rules"))
                start = end + 1
                continue
            column = None
        column = _age_column(text, start, end, headers)
        start = end + 1
    return spans


@cache
def _first_words(headers: frozenset[str]) -> frozenset[str]:
    """The first word of each header ("age" of "age/sex")."""
    return frozenset(_WORD_END.compiled.split(header, maxsplit=1)[0] for header in headers)


def _age_column(text: str, start: int, end: int, headers: frozenset[str]) -> tuple[str, int] | None:
    """The delimiter and the index of the one age header among the line's cells, else None."""
    for delimiter in DELIMITERS:
        if text.count(delimiter, start, end) < 2:
            continue
        names = [
            text[first:last].strip(' \t"').casefold()
            for first, last in _cells(text, start, end, delimiter)
        ]
        found = [index for index, name in enumerate(names) if name in headers]
        if len(found) == 1:
            return delimiter, found[0]
    return None


def _cells(text: str, start: int, end: int, delimiter: str) -> list[tuple[int, int]]:
    """The (start, end) offsets of the cells of ``text[start:end]`` split by ``delimiter``;
    with ``,`` a double-quoted cell may hold the delimiter."""
    if text.find(delimiter, start, end) < 0:
        return [(start, end)]
    if delimiter == GAP:
        cells = []
        first = start
        for gap in GAP_RUN.compiled.finditer(text, start, end):
            if gap.start() > first:  # a gap opening the line is no cell
                cells.append((first, gap.start()))
            first = gap.end()
        if first < end:
            cells.append((first, end))
        return cells
    if delimiter != "," or text.find('"', start, end) < 0:
        cells = []
        first = start
        while (found := text.find(delimiter, first, end)) >= 0:
            cells.append((first, found))
            first = found + 1
        cells.append((first, end))
        return cells
    cells = []
    first = start
    while first <= end:
        quoted = QUOTED_CELL.compiled.match(text, first, end)
        last = quoted.end() if quoted is not None else text.find(",", first, end)
        last = end if last < 0 else last
        cells.append((first, last))
        first = last + 1
    return cells


RULE = SpanRule("table_ages", priority=1, find=table_age_spans)
