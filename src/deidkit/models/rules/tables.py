"""Rules ``table_ages`` (``AGE``), ``table_staff`` (``DOCTOR``, ``USERNAME``) and
``table_rooms`` (``ROOM``): the cells of a table's age column, its staff column and its
column of rooms or beds.

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

A staff column is found the same way under a staff header (``RuleLanguage.staff_headers``: "rn",
"provider", "given by", "prescriber", "acknowledged", "user_id"): census boards, rounding lists,
immunisation and medication printouts and devices' event exports sign each row with the nurse,
the giver or the user ("| AN", "GLEASON, PAT", "apgarlo", ",ys"), where a name is often a word
or a pair of letters. Its header holds no digit (a log's row with "RN" in its role column is
none) unless a rule is drawn under it ("|---|---|" under "Albumin 25%"); split by commas it
holds no blank (an export's "Time,Event,Detail,Acknowledged", not a list in prose); in a
printout a row's cell is the column's where it starts where the header does; a header may have
several staff columns ("MD", "RN"). A cell of one to four words (letters, full stops, hyphens,
apostrophes, an underscore or digits in a log-in) is a ``DOCTOR``, a log-in shape (an underscore
or a digit, or one lower-case word of four letters or more that is no name) a ``USERNAME``; a
cell of words a chart holds ("UNK", "HISTORICAL", "self", "PRN") or of common and medical words
only is none, unless it is written "LAST, FIRST" or as initials. A name's trailing credentials
stay out of its span ("Ines Castellanos, MD"), and a cell holding only a credential in capitals
that names no role (``ROLE_CREDENTIALS``) is a signer's initials ("RD" under "RN").

A column of rooms is found as a staff column is, under a room header
(``RuleLanguage.room_headers``: "bed", "rm", "room"): a cell holding a room alone ("19-1",
"815A") is a ``ROOM``; with ``MIN_CENSUS_ROWS`` such rows its rooms elsewhere in the note are
too ("DC today: 2-1, 15-1"), as a census's are.
"""

from __future__ import annotations

from functools import cache

from deidkit.models.credentials import ROLE_CREDENTIALS
from deidkit.models.rules.ages import MAX_AGE
from deidkit.models.rules.base import Scan, SpanRule
from deidkit.models.rules.lexicons import Lexicons
from deidkit.models.rules.organizations import MIN_CENSUS_ROWS, room_mentions
from deidkit.patterns.spec import Expression
from deidkit.types import Span

GAP = "  "
"""The delimiter of a printout's columns: a gap of two spaces or more."""
DELIMITERS = ("|", "\t", ",", GAP)
"""Cell delimiters, tried in this order on a header line."""
STAFF_DELIMITERS = ("|", "\t", ",", GAP)
"""Those of a staff column (a comma only under a header without blanks, an export's
"Time,Event,Detail,Acknowledged": in prose it parts a list)."""
AGE_CELL = Expression(
    r"(?i)[ \t]*+\"?[ \t]*+~?[ \t]*+(?P<n>\d{1,3})(?:[ \t]*+(?:years|year|yrs|yr|yo|y"
    r"|(?P<young>months|month|mos|mo|weeks|week|wks|wk|days|day|dys|d)\b)\.?)?"
    r"(?:[ \t]*+/?[ \t]*+[mfux])?[ \t]*+\"?[ \t]*+"
)
"""A cell holding an age alone, an age and a sex ("7/M"), an approximate age ("~30") or an
infant's ("2 mo", "2 mo.", "30 days")."""
ROOM_CELL = Expression(r"[ \t]*+(?P<room>[A-Z]?\d{1,4}[A-Z]?(?:-\d{1,3}[A-Z]?)?)[ \t]*+")
"""A cell holding a room or bed alone ("19-1", "815A", "E30")."""
GAP_RUN = Expression(r"[ \t]{2,}")
"""Where a printout's line splits into cells."""
RULE_LINE = Expression(r"[ \t|+:=_-]*")
"""A line drawn between a header and its rows ("---|---", "+-----+")."""
QUOTED_CELL = Expression(r'[ \t]*"(?:[^"\n]|"")*"[ \t]*(?=,|$)')
"""A double-quoted cell of a comma-separated line (``""`` is a quote inside it)."""
_WORD_END = Expression(r"\W")
"""What ends a header's first word ("age" of "age/sex")."""
STAFF_CELL = Expression(
    r"[ \t\"]*+(?P<staff>[\p{L}\d_][\p{L}\d_.'’-]*+(?:,?[ \t][\p{L}\d_][\p{L}\d_.'’-]*+){0,3}+)"
    r"[ \t\"]*+"
)
"""A staff cell: one to four words of letters, full stops, hyphens, apostrophes, underscores
and digits, apart by blanks or a comma ("GLEASON, PAT", "L. Hoague-Price", "UC_mcardone")."""
_DIGIT = Expression(r"\d")
_BLANK = Expression(r"[ \t]")
_STAFF_WORD = Expression(r"[\p{L}\d_][\p{L}\d_.'’-]*")
INITIALS_CELL = Expression(r"\p{L}{2,3}|(?:\p{L}\.){2,3}")
"""A cell of initials alone ("AN", "cy", "A.N.")."""
MAX_STAFF_WORDS = 4
NOT_STAFF = frozenset({
    "unk", "unknown", "historical", "none", "self", "pt", "patient", "family", "pending", "tbd",
    "other", "outside", "external", "reported", "declined", "refused", "same", "ed", "er",
    "icu", "or", "pacu",
})
"""Words a staff column holds that name no one (English: only English has staff headers)."""


def table_age_spans(scan: Scan) -> list[Span]:
    """The age in each row's cell of an age column."""
    over_89 = scan.ages == "over_89"
    spans: list[Span] = []
    for first, last in column_cells(scan, scan.lex.age_headers, DELIMITERS):
        found = AGE_CELL.compiled.fullmatch(scan.note.text, first, last)
        if found is not None:
            value = int(found.group("n"))
            years = found.group("young") is None
            if 0 < value <= MAX_AGE and not (over_89 and (value < 90 or not years)):
                spans.append(Span(found.start("n"), found.end("n"), "AGE", source="rules"))
    return spans


def table_room_spans(scan: Scan) -> list[Span]:
    """The room or bed in each row's cell of a room column ("Bed | Name | Age/Sex" over
    "19-1 | Kinoti | 95M"); where ``MIN_CENSUS_ROWS`` rows hold one, the same rooms elsewhere
    in the note too."""
    text = scan.note.text
    found = [
        (match.start("room"), match.end("room"))
        for first, last in column_cells(scan, scan.lex.room_headers, DELIMITERS, strict=True)
        if (match := ROOM_CELL.compiled.fullmatch(text, first, last)) is not None
    ]
    if len(found) >= MIN_CENSUS_ROWS:
        found.extend(room_mentions(scan.note, {text[start:end] for start, end in found}))
    return [Span(start, end, "ROOM", source="rules") for start, end in sorted(set(found))]


def table_staff_spans(scan: Scan) -> list[Span]:
    """The person or log-in in each row's cell of a staff column."""
    text, lex = scan.note.text, scan.lex
    spans: list[Span] = []
    for first, last in column_cells(
        scan, lex.staff_headers, STAFF_DELIMITERS, strict=True, several=True
    ):
        found = STAFF_CELL.compiled.fullmatch(text, first, last)
        if found is None:
            continue
        start, end = found.span("staff")
        end = _without_credentials(lex, text, start, end)
        label = _staff_label(lex, text[start:end])
        if label is not None:
            spans.append(Span(start, end, label, source="rules"))
    return spans


def _without_credentials(lex: Lexicons, text: str, start: int, end: int) -> int:
    """Where a staff cell's name of two words or more ends before its trailing credentials
    ("Ines Castellanos, MD", "Tighe, R NP"); else ``end`` ("Meds RN" names a role)."""
    words = list(_STAFF_WORD.compiled.finditer(text, start, end))
    kept = len(words)
    while kept > 2 and words[kept - 1].group().casefold().replace(".", "") in lex.credentials:
        kept -= 1
    return words[kept - 1].end() if kept < len(words) else end


def column_cells(
    scan: Scan,
    headers: frozenset[str],
    delimiters: tuple[str, ...],
    *,
    strict: bool = False,
    several: bool = False,
) -> list[tuple[int, int]]:
    """The (start, end) of each row's cell under the one header of ``headers`` in a table's
    header line split by one of ``delimiters`` (the table's rows until a line that is not
    one; then the next table); with ``several``, under each of them ("MD" and "RN"). With
    ``strict`` a line holding a digit is no header unless a rule is drawn under it (a log's
    row with "RN" in its role column is none), nor one split by commas holding a blank, and
    a printout's cell is the column's only where it starts where its header does (a date and
    a time with one blank between are one cell under two headers)."""
    note = scan.note
    text = note.text
    candidates = sorted(  # the lines holding a header's first word
        {text.rfind("\n", 0, note.starts[i]) + 1 for i in note.indices(_first_words(headers))}
    )
    found: list[tuple[int, int]] = []
    done = 0  # where the last table's rows ended
    for start in candidates:
        if start < done:
            continue
        end = _line_end(text, start)
        if strict and _DIGIT.compiled.search(text, start, end) and not _ruled(text, end):
            continue
        columns = _header_columns(text, start, end, headers, delimiters, several)
        if columns is None or (
            strict and columns[0] == "," and _BLANK.compiled.search(text, start, end)
        ):
            continue
        delimiter, indices = columns
        aligned = strict and delimiter == GAP
        header_cells = _cells(text, start, end, delimiter)
        offsets = {header_cells[index][0] - start for index in indices}
        start = end + 1
        while start <= len(text):
            end = _line_end(text, start)
            cells = _cells(text, start, end, delimiter)
            if not (len(cells) > 1 and (delimiter != GAP or len(cells) > indices[0])) and not (
                start < end and RULE_LINE.compiled.fullmatch(text, start, end)
            ):
                break  # a line that is no row ends the table
            if aligned:
                found.extend(cell for cell in cells if cell[0] - start in offsets)
            else:
                found.extend(cells[index] for index in indices if index < len(cells))
            start = end + 1
        done = start
    return found


def _ruled(text: str, end: int) -> bool:
    """Whether the line after the one ending at ``end`` is a rule drawn under a header
    ("|---|---|"), which makes that line a header even with a digit ("Albumin 25%")."""
    if end >= len(text):
        return False
    start = end + 1
    after = _line_end(text, start)
    return "-" in text[start:after] and RULE_LINE.compiled.fullmatch(text, start, after) is not None


def _line_end(text: str, start: int) -> int:
    """Where the line starting at ``start`` ends."""
    end = text.find("\n", start)
    return len(text) if end < 0 else end


def _staff_label(lex: Lexicons, cell: str) -> str | None:
    """``DOCTOR`` or ``USERNAME`` for a staff cell's text, or None when it names no one."""
    words = _STAFF_WORD.compiled.findall(cell)
    folded = [word.casefold().strip(".") for word in words]
    if len(words) == 1 and folded[0] in lex.credentials:
        # a signer's initials that spell a credential ("RD" under "RN"), not a role
        initials = cell.isupper() and INITIALS_CELL.compiled.fullmatch(cell) is not None
        return "DOCTOR" if initials and folded[0] not in ROLE_CREDENTIALS else None
    if not words or len(words) > MAX_STAFF_WORDS or not any(c.isalpha() for c in cell) or any(
        word in NOT_STAFF or word in lex.chart_values or word in lex.credentials
        for word in folded
    ):
        return None
    if len(words) == 1 and ("_" in cell or any(c.isdigit() for c in cell) or (
        cell.islower() and len(cell) >= 4 and folded[0] not in lex.names
    )):
        return "USERNAME"  # "DMURPHY5", "UC_mcardone", "apgarlo"
    if any(c.isdigit() for c in cell):
        return None
    initials = len(words) == 1 and INITIALS_CELL.compiled.fullmatch(cell) is not None
    if initials or "," in cell or any(
        word not in lex.common and word not in lex.medical
        and word not in lex.clinical_abbreviations
        for word in folded
    ):
        return "DOCTOR"
    return None


@cache
def _first_words(headers: frozenset[str]) -> frozenset[str]:
    """The first word of each header ("age" of "age/sex")."""
    return frozenset(_WORD_END.compiled.split(header, maxsplit=1)[0] for header in headers)


def _header_columns(
    text: str,
    start: int,
    end: int,
    headers: frozenset[str],
    delimiters: tuple[str, ...],
    several: bool,
) -> tuple[str, list[int]] | None:
    """The delimiter and the index of the one header of ``headers`` among the line's cells
    (with ``several``, of each one), else None."""
    for delimiter in delimiters:
        if text.count(delimiter, start, end) < 2:
            continue
        names = [
            _unqualified(text[first:last].strip(' \t"').casefold())
            for first, last in _cells(text, start, end, delimiter)
        ]
        found = [index for index, name in enumerate(names) if name in headers]
        if len(found) == 1 or (found and several):
            return delimiter, found
    return None


_PATIENT_PREFIXES = ("pt ", "patient ")
"""What a header cell may open with before its header ("PT AGE", "Patient Age")."""


def _unqualified(name: str) -> str:
    """A header cell's name without a patient's prefix ("pt age" is "age")."""
    for prefix in _PATIENT_PREFIXES:
        if name.startswith(prefix):
            return name[len(prefix) :]
    return name


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
STAFF = SpanRule("table_staff", priority=3, find=table_staff_spans, switch="names")
ROOMS = SpanRule("table_rooms", priority=2, find=table_room_spans, switch="places")
