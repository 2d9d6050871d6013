"""Mention propagation (HIDE's iterative extraction): names and IDs found once are PHI
wherever else they occur in the note and in the patient's other notes, and nothing else."""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import deidkit
from deidkit.corpus.synth import generate
from deidkit.labels import Category, category_of
from deidkit.lang import language_codes
from deidkit.models import mentions
from deidkit.models.mentions import SOURCE, propagate_mentions
from deidkit.types import Document, Span


def _doc(doc_id: str, text: str, found: list[tuple[str, str]], patient: str | None = None
         ) -> Document:
    spans = []
    for value, label in found:
        start = text.index(value)
        spans.append(Span(start, start + len(value), label))
    return Document(doc_id, text, tuple(sorted(spans, key=lambda s: s.start)), patient_id=patient)


def test_repeated_surname_is_found_in_the_note_and_the_patients_other_notes() -> None:
    first = _doc("n1", "Patient: Jonas Kvetlak. Later KVETLAK was seen by his wife.",
                 [("Jonas Kvetlak", "PATIENT")], patient="p1")
    second = _doc("n2", "Follow-up: kvetlak doing well. MRN 55120931 again.", [], patient="p1")
    third = _doc("n3", "Kvetlak visited. MRN 55120931.", [("55120931", "MEDICALRECORD")],
                 patient="p2")
    out = propagate_mentions([first, second, third])
    assert [out[0].span_text(s) for s in out[0].spans] == ["Jonas Kvetlak", "KVETLAK"]
    assert [(out[1].span_text(s), s.label, s.source) for s in out[1].spans] == [
        ("kvetlak", "PATIENT", SOURCE)]
    # another patient: only its own strings (its MRN), not patient p1's surname
    assert [out[2].span_text(s) for s in out[2].spans] == ["55120931"]


def test_short_strings_common_words_and_word_parts_are_not_propagated() -> None:
    document = _doc(
        "n1",
        "Seen by Will Brown and Dr. Al Kovach. Will walk. Brown stool. Al said so. Kovachs.",
        [("Will Brown", "PATIENT"), ("Al Kovach", "DOCTOR")],
    )
    out = propagate_mentions([document])[0]
    assert [out.span_text(s) for s in out.spans] == ["Will Brown", "Al Kovach"]
    note = _doc("n2", "Kovach called. Other patient Kovach.", [])  # no patient: on its own
    assert propagate_mentions([document, note])[1].spans == ()


def test_a_nickname_that_is_a_word_spreads_as_written_inside_sentences() -> None:
    """A common word given as a nickname in quotes or parentheses counts where it is written
    so, capitalised, inside a sentence, in the note and the patient's other notes; not
    opening a sentence, in lower case, or as part of a word."""
    first = _doc("n1", 'Lives with son Quorbit Tamsin ("Kit", 61). Kit called.',
                 [("Quorbit Tamsin", "RELATIVE"), ("Kit", "RELATIVE")], patient="p1")
    second = _doc("n2", "Smiles at Kit. Kit is here. Gave a kit, a Kitten; flag Kit, ok.", [],
                  patient="p1")
    third = _doc("n3", "Smiles at Kit.", [], patient="p2")
    out = propagate_mentions([first, second, third])
    assert [out[0].span_text(s) for s in out[0].spans] == ["Quorbit Tamsin", "Kit"]
    flagged = second.text.index("flag Kit") + len("flag ")
    assert [(s.start, out[1].span_text(s), s.label) for s in out[1].spans] == [
        (10, "Kit", "RELATIVE"), (flagged, "Kit", "RELATIVE")]
    assert out[2].spans == ()
    # ... also when the model doubted it, right after the name; not a doubted word elsewhere
    doubted = Document("n5", 'Son Tamsin Kit ("Kit"). "Kit" tag. Smiles at Kit.', (
        Span(4, 14, "RELATIVE", score=0.96), Span(17, 20, "RELATIVE", score=0.15),
        Span(25, 28, "RELATIVE", score=0.15)))
    assert [s.start for s in propagate_mentions([doubted])[0].spans] == [4, 17, 25, 45]
    lone = Document("n6", 'Tag "Kit" here. Smiles at Kit.', (Span(5, 8, "RELATIVE", score=0.15),))
    assert [s.start for s in propagate_mentions([lone])[0].spans] == [5]
    # a word found as a name but not given as a nickname still counts where found only
    plain = _doc("n4", "Seen with Kit Quorbit. Smiles at Kit.", [("Kit", "RELATIVE")])
    assert [s.start for s in propagate_mentions([plain])[0].spans] == [10]


def test_doubtful_spans_and_credentials_are_not_propagated() -> None:
    """A span the model gave less than even odds (let through by the operating point) and a
    credential with its dots counts where it was found only; a confident one spreads."""
    text = "propofol bolus; Dr. Lena Marsh, M.D. Repeat bolus. Marsh, M.D. called."
    found = (
        Span(text.index("bolus"), text.index("bolus") + 5, "PATIENT", score=0.47),
        Span(text.index("Lena"), text.index(", M.D."), "DOCTOR", score=0.96),
        Span(text.index("M.D."), text.index("M.D.") + 4, "DOCTOR", score=0.78),
    )
    out = propagate_mentions([Document("n1", text, found)])[0]
    assert [out.span_text(s) for s in out.spans] == ["bolus", "Lena Marsh", "M.D.", "Marsh"]


def test_clinical_abbreviations_taken_for_names_are_not_propagated() -> None:
    """"CVICU" found once as a name (a model's slip) counts there only: a clinical
    abbreviation of the language is never a search string."""
    text = "To CVICU with Dr Quorbit. Bring CPAP to CVICU. Quorbit aware."
    found = [Span(3, 8, "DOCTOR", score=0.9), Span(text.index("Quorbit"),
                                                   text.index("Quorbit") + 7, "DOCTOR")]
    out = propagate_mentions([Document("n1", text, tuple(found))])[0]
    assert [out.span_text(s) for s in out.spans] == ["CVICU", "Quorbit", "Quorbit"]


def test_department_words_taken_for_names_are_not_propagated() -> None:
    """"cardiology" found once as a name counts there only: the words of a generic
    department or service name no one."""
    text = "Ref: Dr. Quorbit (cardiology). Seen in cardiology clinic; Quorbit aware."
    start = text.index("cardiology")
    found = [Span(start, start + 10, "DOCTOR", score=0.9),
             Span(text.index("Quorbit"), text.index("Quorbit") + 7, "DOCTOR")]
    out = propagate_mentions([Document("n1", text, tuple(sorted(found, key=lambda s: s.start)))])[0]
    assert [out.span_text(s) for s in out.spans] == ["Quorbit", "cardiology", "Quorbit"]


def test_name_particles_are_not_propagated() -> None:
    """"van" of "Ilse van Quorbit" is no name alone: "center van" stays."""
    text = "Seen by Ilse van Quorbit. Transport: center van at 08:00."
    found = [Span(8, 24, "DOCTOR", score=0.9)]
    out = propagate_mentions([Document("n1", text, tuple(found))])[0]
    assert [out.span_text(s) for s in out.spans] == ["Ilse van Quorbit"]


def test_propagation_never_tags_a_string_not_found_in_that_note_or_patient() -> None:
    documents = list(generate(120, seed=31, variant="out-of-dictionary"))
    # drop every other gold span: propagation may add mentions only of what is left
    kept = [d.with_spans(d.spans[::2]) for d in documents]
    out = propagate_mentions(kept)
    added_any = False
    for index, document in enumerate(out):
        group = [k for k in kept if (k.patient_id or k.id) == (document.patient_id or document.id)]
        found: set[str] = set()
        for other in group:
            for span in other.spans:
                if category_of(span.label) in (Category.NAME, Category.ID):
                    text = other.span_text(span)
                    found.add(text.strip().casefold())
                    if category_of(span.label) is Category.NAME:
                        found.update(w.casefold() for w in re.findall(r"\w[\w'’.-]*\w|\w", text))
        original = set(kept[index].spans)
        for span in document.spans:
            if span in original:
                continue
            added_any = True
            assert span.source == SOURCE
            assert document.span_text(span).casefold() in found
            assert len(document.span_text(span)) >= 3
    assert added_any


def test_api_propagate_option() -> None:
    class FirstOnly:
        def predict(self, documents: Sequence[Document]) -> list[Document]:
            return [_doc(d.id, d.text, [("Zorbanek", "PATIENT")]) for d in documents]

    text = "Zorbanek arrived. Zorbanek left."
    assert len(deidkit.detect(text, model=FirstOnly(), propagate=False).spans) == 1
    assert len(deidkit.detect(text, model=FirstOnly(), propagate=True).spans) == 2


# The common words, stored prepared (``python -m deidkit.features.prepare``)


@pytest.mark.parametrize("code", language_codes())
def test_prepared_common_words_are_the_words_of_the_lists(
    code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    read = mentions._read_common_words(code)

    def refuse(lang: str) -> frozenset[str]:
        raise AssertionError("read, not loaded: run python -m deidkit.features.prepare")

    monkeypatch.setattr(mentions, "_read_common_words", refuse)
    loaded = mentions.prepared_common_words(code)
    assert loaded == read and type(loaded) is frozenset
    assert {"the", "january"} <= mentions.common_words("en")
    assert "cvicu" in mentions.common_words("en")  # a clinical abbreviation


@settings(max_examples=100, deadline=None)
@given(st.frozensets(st.text(max_size=6).map(lambda word: word.replace("\0", "")), max_size=12))
def test_stored_common_words_round_trip(words: frozenset[str]) -> None:
    assert mentions._words_from_arrays(mentions._words_arrays(words)) == words


def test_stored_common_words_that_do_not_fit_are_refused() -> None:
    arrays = mentions._words_arrays(frozenset({"ab", "cd"}))
    with pytest.raises(ValueError, match="count"):
        mentions._words_from_arrays({**arrays, "count": np.asarray([3], np.int64)})
    with pytest.raises(ValueError, match="count"):
        mentions._words_from_arrays({**arrays, "count": np.asarray([2.0])})
    with pytest.raises(ValueError, match="UTF-8"):
        mentions._words_from_arrays({**arrays, "words": np.frombuffer(b"\xff\0a", np.uint8)})
    with pytest.raises(ValueError, match="NUL"):
        mentions._words_arrays(frozenset({"a\0b"}))


# Where the strings occur: str.find on the lowercased text for plain strings, the
# case-insensitive expression otherwise; both must find what the expression finds.


def test_lookalikes_are_the_characters_lowercasing_matches_otherwise_than_the_expression(
) -> None:
    """Over every character: a plain string's character (up to ``PLAIN_UP_TO``, left as it
    is by case folding) is matched by the expression exactly where it is the character
    lowercased, but for ``LOOKALIKES``; the text lowercased keeps its length but for them,
    and what is matched case-folds to the plain character (the label's key)."""
    every = "".join(chr(code) for code in range(0x110000) if not 0xD800 <= code <= 0xDFFF)
    lowercased: dict[str, set[str]] = {}
    for character in every:
        lowercased.setdefault(character.lower(), set()).add(character)
    differing: set[str] = set()
    for code in range(ord(mentions.PLAIN_UP_TO) + 1):
        plain = chr(code)
        if plain.casefold() != plain:
            continue
        matched = {m.group() for m in re.finditer(re.escape(plain), every, re.IGNORECASE)}
        differing |= matched ^ lowercased.get(plain, set())
        assert all(c.casefold() == plain for c in lowercased.get(plain, set()))
    assert differing == set(mentions.LOOKALIKES)
    assert {c for c in every if len(c.lower()) != 1} <= set(mentions.LOOKALIKES)


_TEXT_CHARACTERS = "aAbBkKsSiIoO_1-'. \n" + "é\u00dfÉ\u212aµ\u039cΣσ" + mentions.LOOKALIKES


_PIECES = ["ab", "AB", "Ab ab", "ab-", " ", " ", ".", "_", "1", "é", "É", "\u212a", "ı", "s"]


@settings(max_examples=400, deadline=None)
@given(
    st.one_of(
        st.text(_TEXT_CHARACTERS, max_size=40),
        st.lists(st.sampled_from(_PIECES), max_size=16).map("".join),  # repeats, overlaps
    ),
    st.lists(st.tuples(st.integers(0, 40), st.integers(1, 8)), max_size=6),
    st.lists(st.text(_TEXT_CHARACTERS, min_size=1, max_size=6), max_size=3),
)
def test_occurrences_are_the_expressions_matches(
    text: str, places: list[tuple[int, int]], others: list[str]
) -> None:
    """Strings cut from the text (so that they occur) and others, casefolded as
    ``mention_strings`` makes them: the matches equal the alternation's, left to right."""
    keys = [text[start : start + size].casefold() for start, size in places] + [
        other.casefold() for other in others
    ]
    strings = {key: f"L{number}" for number, key in enumerate(keys) if key}
    expected = list(mentions._matched(text, strings))
    assert list(mentions.occurrences(text, strings)) == expected
    if not any(c in mentions.LOOKALIKES for c in text) and all(
        max(key) <= mentions.PLAIN_UP_TO for key in strings
    ):
        assert list(mentions._found(text, strings)) == expected  # the path taken


def test_add_mentions_on_synthetic_notes_equals_the_expressions_matches() -> None:
    documents = [d.with_spans(d.spans[::2]) for d in generate(60, seed=7)]
    for document in documents:
        strings = mentions.mention_strings([document])
        assert list(mentions.occurrences(document.text, strings)) == list(
            mentions._matched(document.text, strings)
        )


@pytest.mark.parametrize(
    ("text", "keys", "found"),
    [
        ("Ann Lee Ann Lee Ann", ["ann lee", "lee ann"], [(0, 7), (8, 15)]),  # left to right
        ("Ann Lee Ann", ["ann lee", "ann"], [(0, 7), (8, 11)]),  # the longest at a place
        ("Anna Ann_ Ann's xAnn", ["ann"], [(10, 13)]),  # at word boundaries only
        ("José JOSÉ josé", ["josé"], [(0, 4), (5, 9), (10, 14)]),  # plain: Latin-1
        ("Iİk ık IK", ["ik"], [(7, 9)]),  # lookalikes: the expression decides
        ("I\u212a ik", ["ik"], [(0, 2), (3, 5)]),  # the Kelvin sign lowercases to k
        ("STRAẞE strasse", ["strasse"], [(7, 14)]),  # ẞ case-folds to ss, not lowercases
    ],
)
def test_occurrences_examples(text: str, keys: list[str], found: list[tuple[int, int]]) -> None:
    strings = dict.fromkeys(keys, "PATIENT")
    assert [(start, end) for start, end, _ in mentions.occurrences(text, strings)] == found
    assert list(mentions.occurrences(text, strings)) == list(mentions._matched(text, strings))


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(["Ann", "Lee", "ann", " ", "-", "x"]), max_size=24).map("".join),
    st.lists(st.tuples(st.integers(0, 60), st.integers(1, 9)), max_size=5),
)
def test_add_mentions_skips_exactly_the_occurrences_overlapping_a_span(
    text: str, places: list[tuple[int, int]]
) -> None:
    """Spans anywhere: an occurrence is added unless it overlaps one of the document's
    spans, as a check against every span decides."""
    spans: list[Span] = []
    for start, size in places:
        end = min(start + size, len(text))
        if start < end and not any(s.start < end and start < s.end for s in spans):
            spans.append(Span(start, end, "PATIENT"))
    document = Document("d", text, tuple(sorted(spans, key=lambda s: s.start)))
    strings = {"ann": "PATIENT", "ann lee": "DOCTOR", "lee": "IDNUM"}
    expected = [
        Span(start, end, label, source=SOURCE)
        for start, end, label in mentions.occurrences(text, strings)
        if not any(s.start < end and start < s.end for s in spans)
    ]
    added = [s for s in mentions.add_mentions(document, strings).spans if s.source == SOURCE]
    assert sorted(added, key=lambda s: s.start) == expected
