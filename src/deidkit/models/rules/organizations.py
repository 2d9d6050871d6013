"""Rules ``organizations``, ``hospital_abbreviations``, ``units``, ``census_rooms`` and
``cued_rooms``: named places the hospital and street rules leave.

- ``organizations``: capitalised words ending in an organisation's head word
  (``RuleLanguage.organization_heads``: "Nursing Home" and "Hospice" give ``HOSPITAL``,
  "Visiting Nurse Association", "EMS", "Pharmacy", "& Partners", "LLC" ``ORGANIZATION``), a
  firm's "Ramsey, Hale & Partners", and the capitalised words after a cue ("works at",
  "employed by", "discharged to": ``RuleLanguage.organization_cues``);
- ``hospital_abbreviations`` (``HOSPITAL``): an unknown word in capitals standing as a cell of
  a pipe-separated header ("LMH | Cardiology | ..."), before a unit ("SJMC ED") or after a
  transfer cue ("transferred from LMH");
- ``units``: a named unit and room after a unit field ("Unit/Room: Ellis 14 / 22B":
  ``DEPARTMENT`` and ``ROOM``) or after a transfer ("transferred to Whitcomb 5", "to
  step-down Ridley 6"), and a lettered pod ("D-Pod": ``DEPARTMENT``);
- ``census_rooms`` (``ROOM``): the room a line of a census or sign-out list starts with
  ("712 RAGHUNATHAN, Priyanka 80F", "301 | LIM, HYUN-WOO | 57 |"), and in a census its
  rooms' other mentions; not a day's list of times ("0800  PARENTEAU, Lucille  78F": where
  one of its four-digit "rooms" starts with 0, none that is a time of day is a room);
- ``cued_rooms`` (``ROOM``): the number after a word for a place someone is put where the
  room cues of the patterns (room, bed, bay) do not reach: "Cabin: 9114", "Stateroom 7212",
  "cot C-114", "bunk 14", "chair 14", "Chr 5", "locker 14", an aircraft seat ("seat 31C", "pax
  14A"), an operating room in capitals or a catheterisation laboratory ("OR 9", "cath lab 2":
  one or two digits; not "1 or 2", "4 OR 6" or a note in capitals, where "OR" is the word), a
  jail's cell ("cell M-5": a letter or two, a hyphen and digits).
"""

from __future__ import annotations

import itertools

from deidkit.models.rules.base import Scan, SpanRule
from deidkit.models.rules.hospitals import job_title_at
from deidkit.models.rules.lexicons import Lexicons
from deidkit.models.rules.note import Note
from deidkit.models.rules.places import LEAD_WORDS
from deidkit.models.rules.word_types import WordTable, word_table
from deidkit.patterns.context import is_unit
from deidkit.patterns.spec import Expression
from deidkit.types import Span

_JOINERS = frozenset({"of", "and", "&", "-", "'s", "’s", "the", "for"})
_RUN_LIMIT = 5  # capitalised words before a head word
HOSPITAL_UNITS = frozenset({"ed", "er", "icu", "ccu", "micu", "sicu", "nicu", "picu", "or",
                            "campus", "emergency", "ob", "l&d", "pacu", "cath"})
TRANSFER_CUES = frozenset({"from", "to", "at"})
_UNIT_LEADS = frozenset({"to", "from", "stepdown", "down"})  # "transferred to", "step-down"
UNIT_FIELDS = frozenset({"unit", "ward", "floor", "unit/room", "unit/bed", "location", "loc",
                         "nursing unit", "service unit"})
# last words of a kind of place after a transfer cue, not of a name ("to Intensive Care")
GENERIC_ENDINGS = frozenset({"care", "unit", "floor", "service", "services", "medicine",
                             "surgery", "rehab", "rehabilitation", "ward", "team", "clinic"})
_ROOM = Expression(r"[A-Z]?\d{1,4}[A-Z]?(?:-\d{1,3})?")


def organization_spans(scan: Scan) -> list[Span]:
    """Organisations by their head word, and the capitalised words after an organisation cue."""
    note, lex = scan.note, scan.lex
    spans: list[Span] = []
    if note.caseless:
        return spans  # capitals tell names here; a note in capitals has none to tell
    for index, found in scan.matches(lex.organization_heads):
        if not _capital_head(note, index, found[0]):
            continue
        generic = found[1].endswith("?")
        start = _run_before(note, lex, index, found[0], generic)
        if start is not None:
            spans.append(note.span(start, found[0], found[1].rstrip("?")))
    for _, found in scan.matches(lex.organization_cues):
        start = found[0]
        while start < len(note.tokens) and note.words[start] in lex.articles:
            start += 1
        end = _run_after(note, lex, start)
        if end is None:
            continue
        head = _head_ending(note, lex, start, end)
        spans.append(note.span(start, end, head or found[1]))
    return spans


def _capital_head(note: Note, start: int, end: int) -> bool:
    """Whether the head's words are capitalised (or signs: "&"), not a heading in capitals
    ("REVIEW OF SYSTEMS"; "EMS", "LLC" are abbreviations)."""
    last = note.tokens[end - 1].text
    if last.isupper() and len(last) > 4:
        return False
    return all(
        note.tokens[i].text[:1].isupper() or not note.tokens[i].text[:1].isalpha()
        for i in range(start, end)
    ) and note.tokens[end - 1].text[:1].isupper()


def _run_before(note: Note, lex: Lexicons, head: int, end: int, generic: bool) -> int | None:
    """The start of the name before the head word ``head``..``end``, or None if no name is
    there (a generic head needs a word that is not an ordinary word, or two words)."""
    start = head
    steps = 0
    while start > 0 and steps < _RUN_LIMIT + 2 and note.same_line(start - 1, head) and (
        not note.wide_gap_before(start)  # the next column of a header, not the name
    ):
        previous = start - 1
        word = note.words[previous]
        glued_dash = word == "-" and note.tokens[previous].start == note.tokens[
            previous - 1
        ].end  # "Two Rivers EMS", not "NOTE - Hospital"
        if _name_word(note, lex, previous) or word in {"&", "'s", "’s", "of", "and"} or (
            glued_dash
        ):
            start -= 1
        elif word == "," and previous > 0 and _name_word(note, lex, previous - 1) and (
            "&" in note.words[start:head] or "and" in note.words[start:head]
        ):
            start -= 1  # "Ramsey, Hale & Partners"
        else:
            break
        steps += 1
    while start < head and (not _name_word(note, lex, start) or note.words[start] in LEAD_WORDS):
        start += 1  # "At Sunrise Hospice": a capitalised word opening the sentence
    words = [i for i in range(start, head) if _name_word(note, lex, i)]
    if not words or job_title_at(note, lex, start):
        return None  # "Director of Pharmacy": a job
    if _medical(lex, [note.words[i] for i in words]):
        return None  # "Cardiac Rehabilitation", "Renal Dialysis"
    proper = any(note.words[i] not in lex.common for i in words)
    if generic and not proper and len(words) < 2:
        return None  # "Social Services", "Support Group"
    if not proper and _kind_of_place(note, lex, start, end):
        return None  # "Skilled Nursing Facility", "Home Health": a kind of place, no name
    return start


def _medical(lex: Lexicons, words: list[str]) -> bool:
    """Whether most of ``words`` are medical words."""
    return 2 * sum(word in lex.medical for word in words) > len(words)


def _kind_of_place(note: Note, lex: Lexicons, start: int, end: int) -> bool:
    """Whether tokens ``start``..``end`` are a head or hospital word themselves."""
    found = [lex.organization_heads.match(note.words, start),
             lex.hospital_words.match(note.words, start)]
    return any(match is not None and match[0] >= end for match in found)


def _name_word(note: Note, lex: Lexicons, index: int) -> bool:
    """A capitalised word (or word in capitals) that can be part of a name."""
    text = note.tokens[index].text
    if not text[:1].isupper() or not (note.is_word(index) or text.replace("-", "").isalnum()):
        return False
    word = note.words[index]
    return word not in lex.clinical_abbreviations and word not in lex.not_names and (
        word not in _JOINERS
    )


def _run_after(note: Note, lex: Lexicons, start: int) -> int | None:
    """The end of the capitalised words from ``start``, or None when there is no name."""
    end = start
    while end < len(note.tokens) and end - start < _RUN_LIMIT + 2 and note.same_line(
        start, end
    ) and (_name_word(note, lex, end) or (end > start and note.words[end] in _JOINERS)):
        end += 1
    while end > start and note.words[end - 1] in _JOINERS:
        end -= 1
    if end == start:
        return None
    words = [note.words[i] for i in range(start, end) if note.is_word(i)]
    if not words or _medical(lex, words) or _kind_of_place(note, lex, start, end) or (
        words[-1] in GENERIC_ENDINGS
    ):
        return None  # "transferred to Intensive Care", "discharged to Skilled Nursing"
    if len(words) < 2 and all(word in lex.common for word in words):
        return None  # "discharged to Home", "transferred to Rehab"
    place = lex.places.match(note.words, start)
    if place is not None and place[0] >= end:
        return None  # "works at Boston": places are the place rules'
    return end


def _head_ending(note: Note, lex: Lexicons, start: int, end: int) -> str | None:
    """The label of the head word ending the run ``start``..``end``, if there is one."""
    for index in range(start, end):
        found = lex.organization_heads.match(note.words, index)
        if found is not None and found[0] == end:
            return found[1].rstrip("?")
    return None


def hospital_abbreviation_spans(scan: Scan) -> list[Span]:
    """Hospital abbreviations: in a pipe-separated header, before a unit, after a transfer."""
    note, lex = scan.note, scan.lex
    if note.caseless:
        return []
    spans: list[Span] = []
    count = len(note.tokens)
    possible = word_table(lex, "hospital_abbreviations", _abbreviation_texts)
    for index in itertools.compress(range(count), note.capitals_flags):
        text = note.tokens[index].text
        if not possible[text]:
            continue
        before = note.words[index - 1] if index > 0 and note.same_line(index - 1, index) else ""
        after = note.words[index + 1] if index + 1 < count and note.same_line(
            index, index + 1
        ) else ""
        if not before and note.text.startswith("|", note.tokens[index].end):
            continue  # "PID|1||...": an HL7 segment's name (``deidkit.models.rules.hl7``)
        cell = before in {"|", ""} and after in {"|", ""} and _piped_record(note, index)
        unit = after in HOSPITAL_UNITS and not note.tokens[index + 1].text.islower()
        moved = before in TRANSFER_CUES and text[-1] in "HC" and len(text) >= 3
        if cell or unit or moved:
            spans.append(note.span(index, index + 1, "HOSPITAL"))
    return spans


def _abbreviation_texts(lex: Lexicons) -> WordTable[bool]:
    """Token text -> whether it may be a hospital's abbreviation, worked out once per text:
    six characters at most, no clinical abbreviation, state code, common or medical word or
    credential."""

    def possible(text: str) -> bool:
        word = text.casefold()
        return len(text) <= 6 and not (
            word in lex.clinical_abbreviations or text in lex.state_codes
            or word in lex.common or word in lex.medical or word in lex.credentials
        )

    return WordTable(possible)


def _piped_record(note: Note, index: int) -> bool:
    """Whether token ``index`` is on a line with two pipes or more and a number or a date in a
    cell (a record's header, "QMH|ED|03/04/2021|..."; not a table's header row, "TIME | HR |
    BIS")."""
    text = note.text
    start = text.rfind("\n", 0, note.tokens[index].start) + 1
    end = text.find("\n", note.tokens[index].end)
    end = len(text) if end < 0 else end
    return text.count("|", start, end) >= 2 and (
        _CELL_NUMBER.compiled.search(text, start, end) is not None
    )


_CELL_NUMBER = Expression(r"(?m)(?:^|(?<=[ \t|,:^]))\d")
"""A number starting a cell, a word or a component ("|03/04/2021", "MRN 1234567")."""


POD = Expression(r"(?<![\p{L}\d-])[A-Z]-(?i:pod)(?![\p{L}\d])")
"""A lettered housing unit ("D-Pod", "C-pod", "D-POD")."""


def unit_spans(scan: Scan) -> list[Span]:
    """"Unit/Room: Ellis 14 / 22B", "transferred to Whitcomb 5", "step-down Ridley 6": a named
    unit and its room; a lettered pod ("D-Pod")."""
    note, lex = scan.note, scan.lex
    spans: list[Span] = [
        Span(found.start(), found.end(), "DEPARTMENT", source="rules")
        for found in (POD.compiled.finditer(note.text) if "pod" in note.positions else ())
    ]
    count = len(note.tokens)
    for index in note.indices(UNIT_FIELDS | _UNIT_LEADS):
        if index >= count - 2:
            break
        word = note.words[index]
        if word in UNIT_FIELDS and index > 1 and note.words[index - 1] == "-" and (
            note.tokens[index - 2].end == note.tokens[index - 1].start
        ):
            continue  # "ceze-ward:": a log-in's part, no field
        field = word in UNIT_FIELDS or (
            word == "unit" and index + 2 < count and note.words[index + 1] == "/"
        )
        if field:
            colon = index + 1
            while colon < count and colon - index <= 3 and note.words[colon] != ":":
                colon += 1
            if colon >= count or note.words[colon] != ":":
                continue
            start = colon + 1
        elif _unit_lead(note, index):
            start = index + 1
        else:
            continue
        if start + 1 >= count or not note.same_line(index, start + 1):
            continue
        if not _name_word(note, lex, start) or not note.is_word(start) or (
            note.words[start] in lex.common and not field
        ) or note.words[start] in {"rm", "room", "bed", "bay"}:
            continue  # "Location: Rm: ED 608": the room, for the room pattern
        number = note.tokens[start + 1].text
        if not (number.isdigit() and len(number) <= 2) and not field:
            continue
        end = start + 2 if number.isdigit() and len(number) <= 3 else start + 1
        end = _glued(note, end)
        spans.append(note.span(start, end, "DEPARTMENT"))
        room = end
        if room < count and note.words[room] in {"/", ",", "-", "room", "rm", "bed"}:
            room += 1
        if room < count and note.same_line(start, room):
            room_end = _glued(note, room + 1)
            value = note.text[note.tokens[room].start : note.tokens[room_end - 1].end]
            if room > end and _ROOM.compiled.fullmatch(value):
                spans.append(note.span(room, room_end, "ROOM"))
    return spans


MIN_CENSUS_ROWS = 3
"""Census lines in a note that make its other mentions of their rooms rooms too."""
_CLOCK = Expression(r"(?:[01]\d|2[0-3])[0-5]\d")
"""A census line's "room" that is a time of day, written in four digits ("0800")."""
_CENSUS_LINE = Expression(  # one class for the bullets and blanks: linear on long runs
    r"(?m)^[ \t*#•-]*(?P<room>\d{2,4}(?:-?[A-Z])?)(?:[ \t]*\|)?[ \t]+"
    r"(?P<name>(?:(?:Mr|Mrs|Ms|Dr)\.?[ \t]+|\p{Lu}\.[ \t]*)?\p{Lu}[\p{L}'’-]+"
    r"(?:,?[ \t]+\p{Lu}[\p{L}'’-]*\.?){0,3})"
    r"(?:[ \t]+\d{1,3}[ \t]?(?i:m|f|yo)\b|(?P<cell>[ \t]*\|[ \t]*~?\d{1,3}[ \t]*\|))"
)

CENSUS_START = Expression(r"\n[ \t*#•-]*\d")
"""A line break before what a census line starts with (its bullets and blanks, a digit): the
lines after one, and the note's first, are the only ones ``_CENSUS_LINE`` is tried at."""


def census_room_spans(scan: Scan) -> list[Span]:
    """The room a line of a census or sign-out list starts with: "**712 RAGHUNATHAN, Priyanka
    80F", " 723-B Halvorsrud, Jens 71M", "305 | Achterberg 84F", "311 | Ms. Oyelaran 69F",
    "301 | LIM, HYUN-WOO | 57 |" (a room, a cell's pipe or not, a name of up to four words, an
    age and sex or an age's cell); where ``MIN_CENSUS_ROWS`` lines do, the same rooms
    elsewhere in the note too ("Falls risk: 302, 305B")."""
    note = scan.note
    if "," not in note.text:
        return []
    text, census_line = note.text, _CENSUS_LINE.compiled.match
    # a census line is one line from its start: the lines that may be one are tried alone
    starts = [0, *(found.start() + 1 for found in CENSUS_START.compiled.finditer(text))]
    found = [  # an age's cell after a name of two words, not a list's row "01" or a time
        (match.start("room"), match.end("room"))
        for match in map(census_line, itertools.repeat(text), starts)
        if match is not None and (match.group("cell") is None or (
            " " in match.group("name").strip() and not match.group("room").startswith("0")
        ))
    ]
    times = {
        text[start:end] for start, end in found if _CLOCK.compiled.fullmatch(text, start, end)
    }
    if any(time.startswith("0") for time in times):  # a day's list: "0800  PARENTEAU, L 78F"
        found = [(start, end) for start, end in found if text[start:end] not in times]
    if len(found) >= MIN_CENSUS_ROWS:
        found.extend(room_mentions(note, {note.text[start:end] for start, end in found}))
    return [Span(start, end, "ROOM", source="rules") for start, end in sorted(set(found))]


def room_mentions(note: Note, rooms: set[str]) -> list[tuple[int, int]]:
    """The (start, end) of each further mention of ``rooms`` (a census's, a table's) standing
    alone as a token of the note ("Falls risk: 302, 305B")."""
    return [
        (note.tokens[index].start, note.tokens[index].end)
        for room in rooms if len(room) > 1  # "9 boarders": a digit alone is a count
        for index in note.positions.get(room.casefold(), ())
        if note.tokens[index].text == room and _standalone_number(note, index)
        and not is_unit(note.words[index + 1 : index + 2])  # "228 mg": a quantity
    ]


def _standalone_number(note: Note, index: int) -> bool:
    """Whether token ``index`` stands alone: no ".", "/", ":" or "-" glued on either side
    ("302" but not "3.302", "302/min", "8:302")."""
    tokens = note.tokens
    before = index > 0 and tokens[index - 1].end == tokens[index].start
    after = index + 1 < len(tokens) and tokens[index + 1].start == tokens[index].end
    return not (before and tokens[index - 1].text in {".", "/", ":", "-"}) and not (
        after and tokens[index + 1].text in {".", "/", ":", "-"}
        and index + 2 < len(tokens) and tokens[index + 2].text[:1].isdigit()
    )


CUED_ROOM = Expression(
    r"(?<![\p{L}])(?P<cue>(?i:cabin|stateroom|cot|bunk|berth|chair|chr|locker|stretcher|seat|pax"
    r"|theatre|theater|cath[ \t]+lab|cell)|OR)(?![\p{L}])"
    r"(?:[ \t]*(?:\#|no\.?|number|:))*[ \t]*"
    r"(?P<room>[A-Z]?\d{1,4}[A-Z]?(?:-\d{1,3}[A-Z]?)?"  # a number, not a dose or a count
    r"(?![\p{L}\d/:-]|\.\d|[ \t]*(?i:mg|mcg|ml|min|mins|minutes|h|hrs?|hours?|days?|times|x)\b)"
    r"|[A-Z]{1,2}-\d{1,4}[A-Z]?(?![\p{L}\d/:-]|\.\d))"  # "C-114", "M-5 x 24 h"
)
"""A place's word and its number: "Cabin: 9114", "cot C-114", "seat 31C", "Theatre 6", an
operating room in capitals ("OR 9", not "1 or 2"), a catheterisation laboratory ("cath lab
2") and a jail's cell ("cell M-5"; only so: "cell 413" opens a telephone number)."""
CELL = Expression(r"[A-Z]{1,2}-\d{1,4}[A-Z]?")
"""What a cell's number must look like ("M-5", "C-112", "MO-2")."""
_AFTER_NUMBER = Expression(r"\d[ \t]*\Z")
SEAT = Expression(r"\d{1,2}[A-K]")
"""An aircraft seat ("31C"): what a seat or passenger's number must look like."""
_ROOM_CUES = ("cabin", "stateroom", "cot", "bunk", "berth", "chair", "chr", "locker", "stretcher",
              "seat", "pax", "theatre", "theater", "cath", "cell")


def cued_room_spans(scan: Scan) -> list[Span]:
    """The number after a word for a place someone is put ("Cabin: 9114", "seat 31C")."""
    note = scan.note
    if not any(cue in note.positions for cue in _ROOM_CUES) and (
        note.uppercase_style or not any(
            note.tokens[index].text == "OR" for index in note.positions.get("or", ())
        )
    ):
        return []  # no cue, and "OR" in capitals only where it is the word
    spans = []
    for found in CUED_ROOM.compiled.finditer(note.text):
        room = found.group("room")
        if room[0] in "Xx" and room[1:].isdigit():
            continue  # "OOB to chair x1": a count
        if found.group("cue").casefold() == "cell" and not CELL.compiled.fullmatch(room):
            continue  # "cell 413-555-0142": a mobile telephone
        seat = found.group("cue").casefold() in {"seat", "pax"}
        if seat and not SEAT.compiled.fullmatch(room):
            continue  # "seat 2 belts", "pax 3": a count
        numbered = found.group("cue") == "OR" or found.group("cue").casefold().startswith("cath")
        if numbered and len(room) > 2:
            continue  # "cath lab 0412": a time; theatres and labs are numbered from 1
        if found.group("cue") == "OR" and (note.uppercase_style or _AFTER_NUMBER.compiled.search(
            note.text, max(0, found.start() - 8), found.start()
        )):
            continue  # "1 OR 2 TABS", "4 OR 6 WEEKS": a choice
        spans.append(Span(found.start("room"), found.end("room"), "ROOM", source="rules"))
    return spans


def _unit_lead(note: Note, index: int) -> bool:
    """Whether a named unit may follow token ``index``: "transferred to", "step-down"."""
    word = note.words[index]
    if word in {"to", "from"}:
        return index > 0 and note.words[index - 1].startswith("transfer")
    return word == "stepdown" or note.words[index - 2 : index + 1] == ["step", "-", "down"]


def _glued(note: Note, end: int) -> int:
    """``end`` moved past tokens glued to the one before it ("22" "B" of "22B")."""
    while end < len(note.tokens) and note.tokens[end].start == note.tokens[end - 1].end and (
        note.tokens[end].text.isalnum()
    ):
        end += 1
    return end


ORGANIZATIONS = SpanRule("organizations", priority=2, find=organization_spans,
                         switch="hospitals")
HOSPITAL_ABBREVIATIONS = SpanRule(
    "hospital_abbreviations", priority=4, find=hospital_abbreviation_spans, switch="hospitals"
)
UNITS = SpanRule("units", priority=2, find=unit_spans, switch="places")
CENSUS_ROOMS = SpanRule("census_rooms", priority=2, find=census_room_spans, switch="places")
CUED_ROOMS = SpanRule("cued_rooms", priority=2, find=cued_room_spans, switch="places")
