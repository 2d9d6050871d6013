"""Rules ``cued_ids``, ``id_shapes``, ``extensions``, ``vehicle_units`` and ``header_ids``:
identifiers the PHI patterns leave, and phone extensions.

- ``cued_ids``: a cue word or field label (``RuleLanguage.id_cues``: "policy", "VIN", "badge")
  then an identifier-shaped value, over fillers and markers ("member ID is W2281", "SSN last
  four 4471", "SS# ***-**-4471", "policy XKJ-4471"); a weak cue ("order", "case") needs a
  marker ("#", ":", "no.", "number");
- ``id_shapes``: a long code mixing letters and digits more than once ("1EG4TE5MK72",
  "4KRT229"), not a medical term (spine levels, TNM stages, gravida/para are not codes);
- ``extensions``: "x5531" (the whole token), "x#5531", "x 5531" (the number): ``PHONE``;
- ``vehicle_units``: an ambulance's unit number ("Medic 14") or code ("Ambulance A-2", "Vehicle:
  LRY-2", the whole code) and an aircraft's registration after "tail" or "reg" ("tail N92GW"),
  or a US one of two digits or more and letters anywhere ("N22LF"): ``VEHICLE``;
- ``header_ids``: a cell of a pipe-separated header holding only a number or code.

A value is never a date, a clock time, a decimal number or a number before a unit.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterator

import regex

from deidkit.models.rules import hl7
from deidkit.models.rules.base import Scan, SpanRule
from deidkit.models.rules.lexicons import Lexicons
from deidkit.models.rules.note import Note
from deidkit.models.rules.word_types import WordTable
from deidkit.patterns.spec import Expression
from deidkit.types import Span

_MARKER = Expression(
    r"(?i)(?:[ \t]*(?:[#:=\-]|(?:no\.?|nos\.?|num(?:ber)?\.?|nbr|id|is|was|of|on[ \t]+file|"
    r"ending(?:[ \t]+in)?|ends[ \t]+in|last[ \t]+(?:four|4|five|5)(?:[ \t]+digits)?"
    r"(?:[ \t]+of)?|\(last[ \t]+(?:four|4)\))(?![\p{L}\d])))*[ \t]*"
)
_REAL_MARKER = Expression(
    r"(?i)[#:=]|\bno\b|\bnos?\.|\bnum|\bnbr\b|\bid\b"
    r"|\bend(?:ing|s)\b|\blast[ \t]+(?:four|4|five|5)\b"  # "card ending 8812"
)
_CODE = r"[A-Za-z0-9*]+(?:[-./][A-Za-z0-9*]+)*"
_LETTERED_CODE = Expression(r"[A-Z]{2,}-\d{3,}(?:-[A-Z\d]+)?")
"""A code of capitals and a number a weak cue takes without a marker ("Group RDP-1140")."""
_VALUE = Expression(  # "BCX 44821 9": letters, then a code with a digit, then short groups
    rf"(?:[A-Z]{{1,4}}[ ](?=[0-9]))?(?=[A-Za-z0-9*./-]*[0-9*])(?>{_CODE})"  # atomic: linear
    r"(?:[ ](?=[A-Za-z0-9]*[0-9])[A-Za-z0-9]{1,6}){0,3}(?![\p{L}\d])"
)
_LISTED = Expression(
    r"(?:,[ \t]*|[ \t]*;[ \t]*|,?[ \t]+(?:and|&)[ \t]+)"
    r"(?P<value>[A-Za-z0-9*]+(?:[-./][A-Za-z0-9*]+)*)(?![\p{L}\d])"
)
"""The next value of a list after a cued one: ", 26-1302", " and 26-1466"."""
_DATE = Expression(
    r"(?P<a>\d{1,2}|(?:19|20)\d\d)[/.-](?P<b>\d{1,2})(?:[/.-](?:\d{2}|\d{4}))?|"
    r"\d{1,2}:\d{2}(?::\d{2})?"
)
_DECIMAL = Expression(r"\d+[.,]\d+(?:-\d+[.,]\d+)?")  # "10.9", a range "11.0-15.0"
_YEAR_OR_RATIO = Expression(  # "2019", "120/80", "100-110/64-70": blood pressures' ranges
    r"(?:19|20)\d\d|\d{1,4}/\d{1,4}|\d{2,3}-\d{2,3}/\d{2,3}-\d{2,3}"
)
_RANGE = Expression(r"([1-9]\d{0,2})-([1-9]\d{0,2})")  # "135-145"
_UNIT_AFTER = Expression(r"[ \t]*([\p{L}µμ%/]+)")  # the word after a value: "mg", "%"
_CODE_PARTS = Expression(r"[-/]")
_UNITS = frozenset(
    str.split(
        """mg mgs mcg ug µg μg g gm gms gram grams kg kgs lb lbs oz ml mls cc l dl meq mmol iu
    u unit units mm cm m km mmhg bpm hr hrs h min mins sec secs % tab tabs tablet tablets cap
    caps capsule capsules puff puffs drop drops dose doses times x cells copies ng pg ul µl μl
    years year yrs yr yo y/o months month weeks week days day am pm degrees deg f c"""
    )
)
_LONG_RUN = Expression(r"[A-Za-z0-9][A-Za-z0-9-]{6,}")
_SHAPE = Expression(r"(?<![\p{L}\d./-])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*(?![\p{L}\d/]|[.-]\w)")
_AMINO = "Ala|Arg|Asn|Asp|Cys|Gln|Glu|Gly|His|Ile|Leu|Lys|Met|Phe|Pro|Ser|Thr|Trp|Tyr|Val"
"""The amino acids' three-letter codes (a protein variant: "Ser428Phe")."""
_NOT_CODES = Expression(  # spine levels, TNM stage, gravida/para, doses "250mg2x", leads
    # with their length "5076-52cm", hours, trial registry numbers
    r"(?i)[CTLS]\d{1,2}(?:-[CTLS]?\d{1,2})*|[pcy]?T[0-4xis][a-d]?N[0-3x][a-c]?M[01x].*|"
    r"G\d{1,2}P\d{1,5}.*|\d+(?:mg|mcg|ml|cm|mm|kg|units?)\d*x?|\d{3,5}-\d{2,3}cm|"
    r"\d{1,3}0s(?:-\d{1,3}0s)*|\d{1,3}0-\d{1,3}0s|"  # decades, ranges: "90s-110s", "120-130s"
    r"\d{1,4}(?:[ap]m)?-\d{1,4}[ap]m|\d{1,4}[ap]m-\d{1,4}|"  # hours: "7:30pm-7am", "9am-5"
    r"NCT\d{8}(?:-.*)?|"  # a trial's public registry number, no person's
    r"D\d{4}|"  # a dental procedure's code ("D4341")
    r"\d{1,2}x\d{1,3}|"  # an exercise's sets and repetitions ("2x10")
    # a gene's variants: "F508del", "G20210A", "Ser428Phe", "Arg502Trp"
    r"[A-Z]\d{1,4}(?:del|dup|ins)\w*|[ACGT]\d{2,6}[ACGT]|(?:" + _AMINO + r")\d{1,5}(?:"
    + _AMINO + r"|Ter|fs\w*|del\w*|\*)"
)
_READING = Expression(r"\d{1,3}(?:\.\d+)?(?:[-–/]\d{1,3}(?:\.\d+)?)?")
"""A reading or its range ("95-115", "120/80") after a clinical abbreviation ("HR", "BP")."""
_INNER_CUES = frozenset({"sn", "s/n", "no", "id", "serial", "#"})
"""A second cue opening a cued value ("sensor SN 8KM2TQ72")."""
_PERIODS = frozenset({"wk", "wks", "mo", "mos", "yr", "yrs", "d", "day", "cycle", "c"})
_PLAN_CODES = frozenset({"bin", "pcn", "iin"})
"""A pharmacy benefit's routing codes ("Rx BIN 610014"): one for a whole plan, no person's."""
_HEADER_ID = Expression(r"(?=[A-Z0-9-]*\d)[A-Z0-9]+(?:-[A-Z0-9]+)*")
_UNIT_SUFFIX = Expression(r"(?i)(?:iu|u|k|mg|ml|g|l|x)$")
_CLOCK_RANGE = Expression(r"(?:[01]\d|2[0-3])[0-5]\d-(?:[01]\d|2[0-3])[0-5]\d")
_EXTENSION = Expression(
    r"(?i)(?<![\p{L}\d#./])(?P<cue>x|ext\.?|extn\.?|extension)(?P<gap>[ \t]?#?[ \t]?)"
    r"(?P<n>\d{3,5})(?![\p{L}\d/]|[.,]\d)"
)


def cued_id_spans(scan: Scan) -> list[Span]:
    """The identifier after an identifier cue (its label is the cue's)."""
    note, lex = scan.note, scan.lex
    text = note.text
    spans: list[Span] = []
    for index, found in scan.matches(lex.id_cues):
        if (index > 0 and note.tokens[index - 1].end == note.tokens[index].start
                             and note.tokens[index - 1].text.isalnum()):
            continue
        end, label = found
        strong = label.endswith("!")
        label = label.rstrip("!")
        end = _past_state(note, lex, end)  # "DL New York K056-9185", "license PA NR-5842"
        position = note.tokens[end - 1].end
        if end < len(note.tokens) and note.tokens[end].start == position and (
            note.tokens[end].text.isalnum()
        ):
            continue  # "IDx", "Rx2": the cue is part of a longer word
        marker = _MARKER.compiled.match(text, position)
        assert marker is not None  # the expression matches the empty string
        marked = _REAL_MARKER.compiled.search(marker.group()) is not None
        if "\n" in marker.group():
            continue
        value = _VALUE.compiled.match(text, marker.end())
        if value is not None and not strong and not marked and (
            sum(c.isdigit() for c in value.group()) < 5
        ) and not (
            _LETTERED_CODE.compiled.fullmatch(value.group()) and note.words[index] != "model"
        ):
            continue  # "case 2 of 3": a weak cue takes a long number or a code without a marker
            # ("Group RDP-1140"; not a model's number, "model VX-200")
        if value is None:
            continue
        first, _, rest = value.group().partition(" ")
        if rest and first.casefold() in _PLAN_CODES:
            continue
        if rest and (first.casefold() in _PERIODS or first.casefold() in lex.common) and sum(
            c.isdigit() for c in rest
        ) < 5:
            continue  # "Visit: WEEK 12", "visit: wk 24": a period of a study, no identifier
        if rest and first.casefold() in lex.clinical_abbreviations and (
            first.casefold() not in _INNER_CUES and _READING.compiled.fullmatch(rest)
        ):
            continue  # "Rx: HR 95-115": a reading's target, no identifier
        start = value.start()
        if rest and first.casefold() in _INNER_CUES:
            start += len(first) + 1  # "sensor SN 8KM2TQ72": the serial's own cue left out
        if _plausible(value.group(), text, value.end(), marked):
            spans.append(note.widened(start, value.end(), label))
            spans.extend(_listed_after(note, value.group(), value.end(), label))
    return spans


def _listed_after(note: Note, value: str, position: int, label: str) -> list[Span]:
    """The values of the same shape listed after a cued one ("PCRs 26-1187, 26-1302 and
    26-1466": the cue is written once)."""
    spans: list[Span] = []
    shape = _shape(value)
    while (listed := _LISTED.compiled.match(note.text, position)) is not None and (
        _shape(listed.group("value")) == shape
    ):
        spans.append(note.widened(listed.start("value"), listed.end("value"), label))
        position = listed.end()
    return spans


def _shape(value: str) -> str:
    """A value's shape: each digit 9, each letter A, the rest as written."""
    return "".join("9" if c.isdigit() else "A" if c.isalpha() else c for c in value)


def _past_state(note: Note, lex: Lexicons, end: int) -> int:
    """``end`` moved past a state named between a licence cue and its value."""
    if end >= len(note.tokens) or not note.same_line(end - 1, end):
        return end
    if note.tokens[end].text in lex.state_codes and end + 1 < len(note.tokens) and (
        note.tokens[end + 1].text[:1].isalnum()
    ):
        return end + 1
    state = lex.places.match(note.words, end)
    if state is not None and state[1] in {"STATE", "CITY"} and note.capitalised(end):
        return state[0]
    return end


def _plausible(value: str, text: str, end: int, marked: bool) -> bool:
    """Whether ``value`` reads as an identifier, not a date, time, dose or measurement."""
    digits = sum(c.isdigit() for c in value)
    if digits < (2 if marked else 3) or _date(value) or _DECIMAL.compiled.fullmatch(value):
        return False
    if _YEAR_OR_RATIO.compiled.fullmatch(value) or _range(value):
        return False  # "Model: 2019", "record 120/80", "| 135-145 |": a year, a ratio, a range;
        # "run 100-110/64-70": a blood pressure's range
    following = _UNIT_AFTER.compiled.match(text[end : end + 20])
    return following is None or following.group(1).casefold() not in _UNITS


def _range(value: str) -> bool:
    """"135-145", "45-90": a range of values (the upper end above the lower, at most about
    twice it), not an identifier."""
    found = _RANGE.compiled.fullmatch(value)
    return found is not None and int(found[1]) < int(found[2]) <= 2 * int(found[1]) + 10


def _date(value: str) -> bool:
    """"3/4", "2021-03", "12.5.2020", "10:22": a date or a clock time."""
    found = _DATE.compiled.fullmatch(value)
    if found is None or found.group("a") is None:
        return found is not None
    first, second = int(found.group("a")), int(found.group("b"))
    return 1 <= second <= 31 and (first <= 31 or 1 <= second <= 12)


def id_shape_spans(scan: Scan) -> list[Span]:
    """Long codes that mix letters and digits more than once ("1EG4TE5MK72"), or six digits
    or more with a letter or two ("0274292E")."""
    note, medical = scan.note, scan.lex.medical
    text = note.text
    spans: list[Span] = []
    chunks = text.split()  # a shape lies inside one run of non-space characters
    long_enough = map(operator.ge, map(len, chunks), itertools.repeat(_SHORTEST_RUN))
    runs = list(itertools.compress(chunks, long_enough))
    pos = 0
    for chunk in itertools.compress(runs, map(_CHUNK_SHAPES.__getitem__, runs)):  # in C
        base = _run_at(text, chunk, pos)
        pos = base + len(chunk)
        for start, end, code in _CHUNK_SHAPES[chunk]:
            if code.casefold() not in medical:
                spans.append(note.widened(base + start, base + end, "IDNUM"))
    return spans


_SHORTEST_RUN = 7
"""The length of the shortest run of non-space characters a shape is found in."""


def _run_at(text: str, run: str, pos: int) -> int:
    """Where the first whole run of non-space characters equal to ``run`` stands in ``text``
    at or after ``pos`` (one equal to it inside a longer run is passed)."""
    base = text.find(run, pos)
    end = base + len(run)
    while (base > 0 and not text[base - 1].isspace()) or (
        end < len(text) and not text[end].isspace()
    ):
        base = text.find(run, base + 1)
        end = base + len(run)
    return base


def _chunk_shapes(chunk: str) -> tuple[tuple[int, int, str], ...]:
    """The code shapes inside one run of non-space characters (offsets in it): what
    ``id_shape_spans`` takes before the medical words. Every expression here stops at white
    space and looks no further than its neighbour character, which white space and a run's
    end answer alike, so a run's shapes are the same wherever it stands."""
    shapes: list[tuple[int, int, str]] = []
    for candidate in _LONG_RUN.compiled.finditer(chunk):
        text = candidate.group()
        if text.isalpha() or text.isdigit():
            continue  # a word or a number: no letters and digits mixed
        found = _SHAPE.compiled.match(chunk, candidate.start())
        if found is None or found.end() != candidate.end():
            continue
        if _NOT_CODES.compiled.fullmatch(text) or _numbers_and_words(text):
            continue
        digits = sum(map(str.isdigit, text))
        letters = sum(map(str.isalpha, text))
        if digits < 3 or letters < 1 or len(text) - text.count("-") < 7:
            continue
        kinds = [c.isdigit() for c in text if c != "-"]
        changes = sum(1 for a, b in itertools.pairwise(kinds) if a != b)
        long_number = digits >= 6 and letters <= 2 and not _UNIT_SUFFIX.compiled.search(text)
        if (letters == 1 or changes < 2) and not long_number:
            continue
        shapes.append((found.start(), found.end(), text))
    return tuple(shapes)


def _numbers_and_words(text: str) -> bool:
    """Whether ``text`` is numbers and lower-case words joined by hyphens ("4-hour-40-minute",
    "2-week-3-day"): a phrase, no code."""
    parts = text.split("-")
    return len(parts) > 1 and all(
        part.isdigit() or (part.isalpha() and part.islower() and len(part) >= 3)
        for part in parts
    )


_CHUNK_SHAPES: WordTable[tuple[tuple[int, int, str], ...]] = WordTable(_chunk_shapes)
"""``_chunk_shapes`` of each run, worked out at its first ask and kept (runs repeat across
notes: words, headings, codes; a bounded table)."""


_NUMBERED = Expression(  # "roster #: WR-19", "letter #KHO/US/2025/1187": a code after "#"
    r"(?<!\d)#[ \t]*:?[ \t]*(?P<code>(?=[A-Za-z0-9/-]*\p{L})(?=[A-Za-z0-9/-]*\d)"
    r"[A-Za-z0-9]+(?:[-/][A-Za-z0-9]+)*)(?![\p{L}\d])"
)


def numbered_code_spans(scan: Scan) -> list[Span]:
    """A code of letters and digits after a number sign, whatever the cue before it
    ("Club roster #: WR-19"); numbers alone after "#" are counts and teeth ("#12", "#19"), a
    "#" opening a line is a problem list's bullet, a clinical abbreviation a problem, one after
    a number a weight in pounds ("SAQ 1#   2x10")."""
    note, lex = scan.note, scan.lex
    spans: list[Span] = []
    text = note.text
    for found in _NUMBERED.compiled.finditer(text):
        code = found.group("code")
        head = _CODE_PARTS.compiled.split(code.casefold())[0]
        if _NOT_CODES.compiled.fullmatch(code) or code.casefold() in lex.medical or (
            head in lex.clinical_abbreviations or head in lex.medical
        ):
            continue  # "#COVID-19", "# DM2": a problem, not a code
        if not text[text.rfind("\n", 0, found.start()) + 1 : found.start()].strip():
            continue  # "# Access: PICC": a problem list's bullet
        spans.append(note.widened(found.start("code"), found.end("code"), "IDNUM"))
    return spans


def extension_spans(scan: Scan) -> list[Span]:
    """Phone extensions: "x5531" (the whole token), "x#5531" and "ext 5531" (the number)."""
    note = scan.note
    text = note.text
    spans: list[Span] = []
    for match in _extension_matches(text):
        cue = match.group("cue").casefold()
        before = text[max(0, match.start() - 12) : match.start()].rstrip()
        if cue == "x" and (before[-1:].isdigit() or before[-1:] in {"*", "×"}):
            continue  # "3 x 5531", "2 x 1000": a product, not an extension
        if not _plausible(match.group("n"), text, match.end(), True):
            continue
        glued = cue == "x" and match.group("gap") == ""
        start = match.start() if glued else match.start("n")
        spans.append(note.widened(start, match.end(), "PHONE"))
    return spans


_EX = Expression(r"(?i)x")
"""The letter every cue of ``_EXTENSION`` holds once ("x", "ext", "extn", "extension")."""


def _extension_matches(text: str) -> Iterator[regex.Match[str]]:
    """``_EXTENSION.finditer(text)``, tried only where a match can start: at an "x" or at an
    "e" right before one ("ext"). A match holds one "x" and ends on digits, so no two
    overlap and each is where the whole-text scan finds it."""
    extension = _EXTENSION.compiled
    for letter in _EX.compiled.finditer(text):
        at = letter.start()
        found = extension.match(text, at - 1) if at > 0 and text[at - 1] in "eE" else None
        if found is None:
            found = extension.match(text, at)
        if found is not None:
            yield found


HCPCS_CODE = Expression(r"[A-V]\d{4}")
"""A HCPCS Level II code (a letter and four digits: "K0005", "E2622")."""


def header_id_spans(scan: Scan) -> list[Span]:
    """A cell of a pipe-separated header holding only an identifier ("| 448812 |",
    "| A4471B |"): five digits or more, or letters and four digits or more; not a shift's
    hours ("| 0700-1500 |"), nor in the segments of an HL7 message (rule ``hl7``:
    "OBX|...|150-400|", a reference range), nor a HCPCS code in a note naming HCPCS ("|
    K0005 |")."""
    note = scan.note
    text = note.text
    spans: list[Span] = []
    segment = hl7.SEGMENT.compiled
    coded = "hcpcs" in text.casefold()  # a note naming HCPCS lists its codes in tables
    for position, end in note.lines_at(_offsets(text, "|")):  # the lines holding a bar
        line = text[position:end]
        if line.count("|") >= 2 and not segment.match(line):  # HL7's fields: its own rule
            offset = position
            for cell in line.split("|"):
                value = cell.strip()
                start = offset + cell.find(value) if value else offset
                offset += len(cell) + 1
                if not _HEADER_ID.compiled.fullmatch(value) or _date(value) or (
                    _CLOCK_RANGE.compiled.fullmatch(value)
                ):
                    continue  # "| 0700-1500 |": a shift's hours
                if sum(c.isdigit() for c in value) < (5 if value.isdigit() else 4):
                    continue
                if coded and HCPCS_CODE.compiled.fullmatch(value):
                    continue  # "| K0005 | TiLite ... |": an equipment code
                if not _plausible(value, text, start + len(value), True):
                    continue
                spans.append(note.widened(start, start + len(value), "IDNUM"))
    return spans


def _offsets(text: str, character: str) -> Iterator[int]:
    """Where ``character`` stands in ``text``, in order."""
    at = text.find(character)
    while at >= 0:
        yield at
        at = text.find(character, at + 1)


TAIL_NUMBER = Expression(
    r"(?i:(?<![\p{L}])(?:tail|reg(?:istration)?\.?)(?:[ \t]*(?:no\.?|number|#|:)){0,3})[ \t]*"
    r"(?P<n>N[1-9]\d{0,4}[A-HJ-NP-Z]{0,2}|[A-Z]{1,2}-[A-Z]{3,4})(?![\p{L}\d-])"
)
"""An aircraft's registration after "tail" or "reg" ("tail N92GW", "reg N817QA", "tail
XA-VMD"): a US N-number (a digit 1-9, up to five characters, no I or O) or another country's
prefix, a hyphen and three or four letters (in capitals, as registrations are written)."""
_TAIL_CUES = ("tail", "reg", "reg.", "registration")
N_NUMBER = Expression(
    r"(?<![\p{L}\d-])N[1-9]\d{1,4}[A-HJ-NP-Z]{1,2}(?![\p{L}\d-])(?![ \t]\d\p{Lu}\d)"
)
"""A US aircraft's registration without a cue ("LifeFlight N22LF launched"): two digits or more
and one or two letters, as no clinical term is written ("N95", "N2O", "T2N1"), nor a
Canadian postal code's first half ("N1H 2K5")."""
_LOWER_CASE_CUES = frozenset(  # in lower case too: "on van 12", "on sled 4"
    {"rig", "van", "vehicle", "sled", "sleds", "snowmobile", "snowcat"}
)
_CODE_CUES = frozenset({"vehicle"})
"""Cues before a unit's code only ("Vehicle: LRY-2", "vehicle #CW-217")."""


def vehicle_unit_spans(scan: Scan) -> list[Span]:
    """"Medic 14", "Ambulance 12": an ambulance's unit number, and its cue's first letter and
    number wherever written as one code ("M14 on scene"); "tail N92GW": an aircraft's; a
    unit's code after its cue ("Engine E-1") is one span there and wherever the code is
    written again ("07:01 E-1 on scene")."""
    note, lex = scan.note, scan.lex
    spans: list[Span] = []
    if any(cue in note.positions for cue in _TAIL_CUES):
        spans.extend(
            Span(found.start("n"), found.end("n"), "VEHICLE", source="rules")
            for found in TAIL_NUMBER.compiled.finditer(note.text)
        )
    spans.extend(
        Span(found.start(), found.end(), "VEHICLE", source="rules")
        for found in N_NUMBER.compiled.finditer(note.text)
    )
    units = [i for i in note.positions.get("unit", ()) if any(
        note.words[j] in lex.vehicle_cues or note.words[j] in {"vehicle", "rig"}
        for j in range(max(0, i - 3), i)
    )]  # "Vehicle: Unit 6", "Rig: Unit 72", "Rescue Squad Unit 78"
    codes: set[str] = set()  # units' codes after their cue: "E-1" of "Engine E-1"
    for index in sorted({*note.indices(lex.vehicle_cues), *units, *note.indices(_CODE_CUES)}):
        number = index + 1
        if number < len(note.tokens) and note.words[number] in {"#", ":"}:
            number += 1  # "Medic #14", "Vehicle: LRY-2"
        lower = not note.tokens[index].text[:1].isupper()
        if number >= len(note.tokens) or (lower and note.words[index] not in _LOWER_CASE_CUES):
            continue
        if _unit_code(note, number) is not None:
            codes.add(note.text[note.tokens[number].start : note.tokens[number + 2].end])
            continue
        if note.words[index] in _CODE_CUES:
            continue  # "Vehicle 2" of a crash, "Vehicle: 2016": a number, no unit's
        value = note.tokens[number].text
        if not (value.isdigit() and len(value) <= 4) or not note.same_line(index, number):
            continue
        if _vehicle_number(note, lex, number):
            spans.append(note.span(number, number + 1, "VEHICLE"))
            if not lower and note.words[index] != "car":  # "C7" of "Car 7": a spine's level
                codes.add(note.tokens[index].text[0] + value)  # "M23" of "Medic 23"
    for code in sorted(codes):  # every occurrence of a unit's code (in one order)
        if "-" not in code:  # a unit's cue's first letter and its number: "M23", "T9"
            spans.extend(
                note.span(index, index + 1, "VEHICLE")
                for index in note.positions.get(code.casefold(), ())
                if note.tokens[index].text == code
            )
            continue
        letters = code.split("-", 1)[0].casefold()
        for index in note.positions.get(letters, ()):
            found = _unit_code(note, index)
            if found is not None and note.text[
                note.tokens[index].start : note.tokens[found].end
            ] == code:
                spans.append(note.span(index, found + 1, "VEHICLE"))  # the whole code
    return spans


def _unit_code(note: Note, index: int) -> int | None:
    """The number's token of a unit's code starting at token ``index`` ("E", "-", "1" glued,
    up to three capitals and up to three digits: "ACA-212"), else None."""
    if index + 2 >= len(note.tokens):
        return None
    letters, dash, number = note.tokens[index], note.tokens[index + 1], note.tokens[index + 2]
    if not (letters.text.isalpha() and letters.text.isupper() and len(letters.text) <= 3):
        return None
    if dash.text != "-" or dash.start != letters.end or number.start != dash.end:
        return None
    if not (number.text.isdigit() and len(number.text) <= 3):
        return None
    following = index + 3
    if following < len(note.tokens) and note.tokens[following].start == number.end and (
        note.tokens[following].text.isalnum() or note.tokens[following].text == "-"
    ):
        return None  # a longer code: "E-1-2", "A-2B"
    return index + 2


def _vehicle_number(note: Note, lex: Lexicons, index: int) -> bool:
    """Whether the number at ``index`` stands alone (not "2 mg", "1/2", "3:00")."""
    following = note.words[index + 1] if index + 1 < len(note.tokens) else ""
    return following not in _UNITS and following not in {"/", ":", "-"}


CUED_IDS = SpanRule("cued_ids", priority=1, find=cued_id_spans)
ID_SHAPES = SpanRule("id_shapes", priority=5, find=id_shape_spans)
NUMBERED_CODES = SpanRule("numbered_codes", priority=5, find=numbered_code_spans)
EXTENSIONS = SpanRule("extensions", priority=1, find=extension_spans)
HEADER_IDS = SpanRule("header_ids", priority=1, find=header_id_spans)
VEHICLE_UNITS = SpanRule("vehicle_units", priority=1, find=vehicle_unit_spans)
