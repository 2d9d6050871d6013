"""Printouts, logs, care grids and boards (issue 17, item 3): every slot of ``slots_logs``
writes exactly the value it drew, with its label, on token boundaries, over 2,400 notes of
the eight new families; action codes, column names and lots stay outside spans; ages are the
number before their unit; a care log's grid uses its legend's initials; a census names its
rooms again; columns line up under their header."""

from __future__ import annotations

import collections
import re
from collections.abc import Iterator
from typing import Any

import pytest

from deidkit.corpus.notes import printouts
from deidkit.corpus.slots_logs import LOG_SLOTS
from deidkit.labels import LABELS
from deidkit.text import tokenize

from .tracing import Trace, family_notes, slot_values
from .tracing import traced as trace_slots

NEW_FAMILIES = tuple(family.id for family in printouts.FAMILIES)
NAMES = {"RELATIVE", "DOCTOR"}
EXPECTED_LABELS: dict[str, set[str]] = {
    "dosedate": {"DATE"}, "doseage": {"AGE"}, "kidage": {"AGE"}, "logstamp": {"DATE"},
    "syslogin": {"USERNAME"}, "svclogin": {"USERNAME"}, "asset": {"DEVICE"}, "legend": NAMES,
    "gave": NAMES, "regname": {"PATIENT"}, "otherpt": {"PATIENT"}, "censusroom": {"ROOM"},
    "roomagain": {"ROOM"}, "capsite": {"HOSPITAL", "ORGANIZATION"},
}
NOT_PHI = re.compile(r"(?<![\w.])(?:[A-Z]{2,}(?:_[A-Z0-9]+)+|ack_by|user_id|event_ts|event_code|"
                     r"user_name|ip_addr|access_dt|action_cd|src_ip|reason_cd|HISTORICAL|"
                     r"OUT OF STATE|UNK)(?![\w.])")
"""Action and event codes in capitals, column names, words of the site column."""
GRID_ROW = re.compile(r" \| |\S {2,}\S.* {2,}\S")  # a row of a grid (pipes or columns)
LEGEND_CUES = tuple(cue.casefold() for cue in printouts.LEGEND_CUES)


@pytest.fixture(scope="module")
def traced() -> Iterator[tuple[list[Any], Trace]]:
    """2,400 notes of the new families: 300 of each (three variants)."""
    yield trace_slots(LOG_SLOTS, lambda: family_notes(NEW_FAMILIES, 81))


def test_every_log_slot_writes_exact_spans(traced: tuple[list[Any], Trace]) -> None:
    documents, trace = traced
    assert len(documents) == 2400

    def ages_in_digits(name: str, label: str, value: str) -> None:
        if label == "AGE":
            assert value.isdigit(), name

    by_slot = slot_values(trace, EXPECTED_LABELS, ages_in_digits)
    assert set(by_slot) == set(EXPECTED_LABELS), set(EXPECTED_LABELS) - set(by_slot)
    for name, values in by_slot.items():
        assert len(values) >= 100, name
        assert len(set(values)) >= min(30, len(values) // 10), name


def test_spans_are_exact_on_token_boundaries_and_never_overlap(
        traced: tuple[list[Any], Trace]) -> None:
    documents, _ = traced
    assert {d.metadata["template"] for d in documents} == set(NEW_FAMILIES)
    total = 0
    for document in documents:
        tokens = tokenize(document.text)
        starts, ends = {t.start for t in tokens}, {t.end for t in tokens}
        previous_end = 0
        for span in document.spans:
            value = document.text[span.start:span.end]
            assert span.label in LABELS
            assert value and value == value.strip(), (document.id, span.label)
            assert span.start >= previous_end, (document.id, span.label)
            assert span.start in starts and span.end in ends, (document.id, span.label)
            previous_end = span.end
            total += 1
    assert total > 20 * len(documents)


def test_lookalikes_stay_outside_spans(traced: tuple[list[Any], Trace]) -> None:
    documents, _ = traced
    seen: collections.Counter[str] = collections.Counter()
    for document in documents:
        if document.text.isupper():  # a log-in in capitals looks like a code
            continue
        for found in NOT_PHI.finditer(document.text):
            seen[found.group().lower()] += 1
            assert not any(s.start < found.end() and found.start() < s.end
                           for s in document.spans), document.id
    assert seen["chart_open"] >= 50 and seen["ack_by"] >= 20 and seen["historical"] >= 50, seen
    assert len(seen) >= 30, seen


def test_ages_units_names_and_log_ins(traced: tuple[list[Any], Trace]) -> None:
    documents, trace = traced
    values: dict[str, set[str]] = collections.defaultdict(set)
    for name, _, value, _ in trace:
        values[name].add(value)
    texts = "\n".join(d.text for d in documents)
    for unit in (" days", " mo", " wks", "m ", " yrs"):
        assert unit in texts, unit
    ages = [d.text[s.end:s.end + 3] for d in documents for s in d.spans
            if s.label == "AGE" and d.metadata["template"] == "print-immreg"
            and not d.text[:s.start].endswith(": ")]  # the header's "Age: 77"
    assert ages and all(re.match(r"(?i) ?[dwmy]", after) for after in ages)
    registered = values["regname"]  # a newborn's family name alone is PHI, not "BABY GIRL"
    assert not any(re.search(r"(?i)\b(?:baby|boy|girl)\b", v) for v in registered)
    newborns = [d.text[s.start:s.end + 16] for d in documents for s in d.spans
                if s.label == "PATIENT" and d.text[s.start:s.end] in registered]
    assert any(re.fullmatch(r"[A-Z'-]+(?: [A-Z'-]+)*, BABY (?:BOY|GIRL) [A-C]\W.*", v, re.S)
               for v in newborns)
    assert any(re.fullmatch(r"[\w' -]+, Baby (?:Boy|Girl) [1-3]\W.*", v, re.S) for v in newborns)
    assert re.search(r"Baby (?:Boy|Girl) [\w' -]+ [1-3]\b", texts)
    assert any(v.startswith(("TRAUMA,", "UNKNOWN,")) for v in registered)
    logins = values["syslogin"]
    assert any(re.fullmatch(r"[A-Z]{2,4}_[a-z]+", v) for v in logins)
    assert any(v.count(".") == 2 for v in logins)
    assert any(re.fullmatch(r"[A-Z0-9&]+-[A-Z]+-\d{2}", v) for v in values["asset"])
    assert any(re.fullmatch(r"\d{2}\.\d{2}\.\d{4}", v) for v in values["logstamp"])


def _line_of(text: str, at: int) -> str:
    return text[text.rfind("\n", 0, at) + 1:text.find("\n", at) % (len(text) + 1)]


def test_grids_use_the_legend_and_rooms_come_back(traced: tuple[list[Any], Trace]) -> None:
    documents, _ = traced
    logs = census = again = 0
    for document in documents:
        family = document.metadata["template"]
        spans = [(document.text[s.start:s.end], s) for s in document.spans]
        if family == "nurse-carelog":
            legend_line = next(line for line in document.text.splitlines()
                               if line.casefold().startswith(LEGEND_CUES))
            start = document.text.index(legend_line)
            legend = {value for value, s in spans if start <= s.start < start + len(legend_line)}
            grid = {value for value, s in spans if s.start >= start + len(legend_line)
                    and s.label in NAMES and GRID_ROW.search(_line_of(document.text, s.start))}
            assert grid and grid <= legend, document.id
            logs += 1
        if family == "nurse-census":
            rooms = [(value, s.start) for value, s in spans if s.label == "ROOM"]
            table_end = document.text.find("\n\n", rooms[0][1])
            first = {value for value, at in rooms if at < table_end}
            later = [value for value, at in rooms if at > table_end]
            assert all(value in first for value in later), document.id
            census += 1
            again += bool(later)
    assert logs >= 200 and census >= 200 and again >= 0.8 * census


def test_fixed_width_columns_line_up(traced: tuple[list[Any], Trace]) -> None:
    documents, _ = traced
    aligned = rows = 0
    for document in documents:
        lines = document.text.splitlines()
        for index, line in enumerate(lines):
            found = re.match(r"( *)(Vaccine|VACCINE)( {2,})(\S)", line)
            if not found:
                continue
            column = found.start(4)
            for row in lines[index + 1:]:
                if not row.strip():
                    break
                if set(row) <= {"-", "="}:
                    continue
                rows += 1
                aligned += row[column - 1:column] == " " and row[column:column + 1] != " "
    assert rows >= 500 and aligned >= 0.9 * rows
