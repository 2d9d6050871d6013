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
