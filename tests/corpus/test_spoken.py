"""Speech turned into text and clinicians' chat and pager exports (issue 17): every slot of
``slots_spoken`` writes exactly the value it drew, with its label, on token boundaries, over
2,100 notes of the seven new families; values said aloud are words from their first to their
last; nothing a slot could have marked (a handle after ``@``, a run of digits said, a letter
``as in`` a word, an extension glued to its ``x``) is left outside a span."""

from __future__ import annotations

import collections
import datetime as dt
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from deidkit.corpus import spoken
from deidkit.corpus.notes import chat
from deidkit.corpus.notes import spoken as spoken_notes
from deidkit.corpus.slots_spoken import SPOKEN_SLOTS
from deidkit.labels import LABELS
from deidkit.models.rules.ages import number_in_words
from deidkit.text import tokenize

from .tracing import Trace, family_notes, slot_values
from .tracing import traced as trace_slots

NEW_FAMILIES = tuple(family.id for family in (*spoken_notes.FAMILIES, *chat.FAMILIES))
NAMES = {"PATIENT", "RELATIVE", "DOCTOR"}
EXPECTED_LABELS: dict[str, set[str]] = {
    "saydate": {"DATE"}, "sayyear": {"DATE"}, "sayage": {"AGE"}, "a_sayage": {"AGE"},
    "sayoldage": {"AGE"}, "sayphone": {"PHONE"}, "sayext": {"PHONE"},
    "sayid": {"MEDICALRECORD", "HEALTHPLAN", "IDNUM"}, "spell": NAMES, "sayemail": {"EMAIL"},
    "hear": NAMES, "saystreet": {"STREET"}, "sayzip": {"ZIP"}, "speaker": NAMES,
    "writer": {"DOCTOR", "USERNAME"}, "mention": {"USERNAME"}, "chatstamp": {"DATE"},
    "ptinits": {"PATIENT"}, "callback": {"PHONE"}, "bedno": {"ROOM"},
}
SAID = {"saydate", "sayyear", "sayage", "a_sayage", "sayoldage", "sayphone", "sayext",
        "sayzip"}
"""Slots whose values are words only (no digit)."""
DIGIT_WORD = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|double|triple)"
DIGIT_RUN = re.compile(rf"(?i)\b{DIGIT_WORD}(?:[ ,.-]+{DIGIT_WORD}){{3,}}\b")
AS_IN = re.compile(r"(?i)\b[a-z] as in [a-z-]+")
MENTION = re.compile(r"(?<![\w.@])@([A-Za-z][\w.'-]*[A-Za-z0-9])")
EXTENSION = re.compile(r"(?<![\w#])x\d{3,5}\b")
SPEAKER = re.compile(r"(?m)^(?:[\[(]?[\d:]+[\])]? )?(DOCTOR|PATIENT|SPEAKER_\d|NURSE|CALLER|PT|"
                     r"Speaker \d):")


@pytest.fixture(scope="module")
def traced() -> Iterator[tuple[list[Any], Trace]]:
    """2,100 notes of the new families: 300 of each (three variants)."""
    yield trace_slots(SPOKEN_SLOTS, lambda: family_notes(NEW_FAMILIES, 61))


def test_every_spoken_slot_writes_exact_spans(traced: tuple[list[Any], Trace]) -> None:
    documents, trace = traced
    assert len(documents) == 2100

    def said_in_words(name: str, label: str, value: str) -> None:
        if name in SAID:
            assert not re.search(r"\d", value), (name, label)

    by_slot = slot_values(trace, EXPECTED_LABELS, said_in_words)
    assert set(by_slot) == set(EXPECTED_LABELS), set(EXPECTED_LABELS) - set(by_slot)
    for name, values in by_slot.items():
        assert len(values) >= 50, name
        assert len(set(values)) >= min(30, len(values) // 3), name


def test_spans_are_exact_on_token_boundaries_and_never_overlap(
        traced: tuple[list[Any], Trace]) -> None:
    documents, _ = traced
    assert {d.metadata["template"] for d in documents} == set(NEW_FAMILIES)
    total = misaligned = 0
    for document in documents:
        tokens = tokenize(document.text)
        starts, ends = {t.start for t in tokens}, {t.end for t in tokens}
        previous_end = 0
        for span in document.spans:
            value = document.text[span.start:span.end]
            assert span.label in LABELS
            assert value and value == value.strip(), (document.id, span.label)
            assert span.start >= previous_end, (document.id, span.label)
            previous_end = span.end
            total += 1
            if span.start not in starts or span.end not in ends:
                misaligned += 1
                assert document.text[span.end:span.end + 1] == ".", (document.id, span.label)
    assert total > 15 * len(documents)
    assert misaligned <= total * 0.002


def _outside(document: Any, start: int, end: int) -> bool:
    return not any(s.start <= start and end <= s.end for s in document.spans)


def test_nothing_a_slot_marks_is_left_outside_a_span(traced: tuple[list[Any], Trace]) -> None:
    documents, _ = traced
    seen: collections.Counter[str] = collections.Counter()
    for document in documents:
        text = document.text
        for kind, pattern, group in (("digits", DIGIT_RUN, 0), ("as in", AS_IN, 0),
                                     ("mention", MENTION, 1), ("extension", EXTENSION, 0)):
            for found in pattern.finditer(text):
                seen[kind] += 1
                assert not _outside(document, found.start(group), found.end(group)), (
                    document.id, kind)
        for found in SPEAKER.finditer(text):  # a speaker's role is not a name
            seen["speaker"] += 1
            assert _outside(document, found.start(1), found.end(1)), document.id
    assert min(seen.values()) >= 100 and len(seen) == 5, seen


def test_new_families_say_values_aloud_and_name_writers(
        traced: tuple[list[Any], Trace]) -> None:
    documents, trace = traced
    values: dict[tuple[str, str], set[str]] = collections.defaultdict(set)
    for name, label, value, _ in trace:
        values[name, label].add(value)
    dates = values["saydate", "DATE"]
    assert any(re.fullmatch(r"[a-z-]+ (?:of|the) [a-z]+.*", v) for v in dates)
    assert any(re.search(r"(?:nineteen|twenty|two thousand)", v) for v in dates)
    assert any("double" in v for v in values["sayphone", "PHONE"] | values["sayext", "PHONE"])
    assert any(" as in " in v for v in values["spell", "PATIENT"] | values["sayid",
                                                                           "MEDICALRECORD"])
    assert any("-" in v and v.replace("-", "").isalpha() for v in values["spell", "PATIENT"])
    assert any(" dot " in v and " at " in v for v in values["sayemail", "EMAIL"])
    assert any(v.islower() and " " in v for v in values["hear", "PATIENT"])
    assert values["speaker", "DOCTOR"] and values["speaker", "PATIENT"]
    assert values["writer", "USERNAME"] and values["writer", "DOCTOR"]
    texts = " ".join(d.text for d in documents)
    for marker in (" period", " comma ", "new paragraph", "no wait", "[inaudible]", "@"):
        assert marker in texts, marker


def test_number_words_read_back() -> None:
    rng = random.Random(7)
    for number in range(1, 120):
        assert number_in_words(spoken.cardinal(number, rng)) == number
    assert [spoken.ordinal(n, rng).replace("-", " ") for n in (1, 2, 3, 4, 12, 20, 22, 31)] \
        == ["first", "second", "third", "fourth", "twelfth", "twentieth", "twenty second",
            "thirty first"]
    years = {spoken.year(1934, rng).replace("-", " ") for _ in range(20)}
    assert years == {"nineteen thirty four"}
    assert spoken.year(1905, rng) in ("nineteen oh five", "nineteen zero five")
    assert {spoken.year(2026, rng).replace("-", " ") for _ in range(40)} == {
        "twenty twenty six", "two thousand twenty six", "two thousand and twenty six"}
    for seed in range(20):
        said = re.split(r"[ ,.-]+", spoken.digits("555-0142", random.Random(seed),
                                                    doubles=False))
        assert said[:3] == ["five"] * 3 and said[3] in ("oh", "zero")
        assert said[4:] == ["one", "four", "two"]
        spelled = spoken.letters("Harkness", random.Random(seed), phonetic=0.0)
        assert [part.casefold() for part in re.split(r"[ ,.-]+", spelled)] == list("harkness")
        before, value = spoken.date(dt.date(2026, 3, 4), random.Random(seed))
        assert value and not re.search(r"\d", value) and before in ("", "the ")
