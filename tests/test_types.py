import dataclasses
import pickle

import pytest

from deidkit.errors import SpanError
from deidkit.types import Document, Span, Token, find_overlap


def test_token_offsets_must_match_text() -> None:
    assert Token("Smith", 4, 9).end == 9
    with pytest.raises(SpanError):
        Token("Smith", 4, 8)
    with pytest.raises(SpanError):
        Token("", 3, 3)


def test_token_init_is_a_frozen_dataclass_init() -> None:
    # Token writes its own __init__ (each slot's setter), as Span does
    assert [field.name for field in dataclasses.fields(Token)] == ["text", "start", "end"]
    token = Token("Smith", 4, 9)
    assert (token.text, token.start, token.end) == ("Smith", 4, 9)
    assert token == Token(text="Smith", start=4, end=9) != Token("Smith", 5, 10)
    assert dataclasses.replace(token, start=5, end=10) == Token("Smith", 5, 10)
    assert pickle.loads(pickle.dumps(token)) == token
    assert hash(token) == hash(Token("Smith", 4, 9)) == hash(("Smith", 4, 9))
    assert repr(token) == "Token(text='Smith', start=4, end=9)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        token.start = 5  # type: ignore[misc]
    with pytest.raises(SpanError, match="token offsets 4-8 do not fit a token of length 5"):
        dataclasses.replace(token, end=8)
    with pytest.raises(SpanError):
        Token("ab", -1, 1)
    with pytest.raises(TypeError):
        Token("Smith", 4)  # type: ignore[call-arg]


@pytest.mark.parametrize(("start", "end"), [(5, 5), (6, 5), (-1, 2)])
def test_span_rejects_empty_inverted_or_negative(start: int, end: int) -> None:
    with pytest.raises(SpanError, match="inverted or empty"):
        Span(start, end, "DATE")


def test_span_rejects_unknown_label() -> None:
    with pytest.raises(SpanError, match=r"unknown PHI label \(5 characters"):
        Span(0, 2, "NAMEZ")


def test_span_init_is_a_frozen_dataclass_init() -> None:
    # Span writes its own __init__ (each slot's setter): the dataclass's signature and fields
    assert [field.name for field in dataclasses.fields(Span)] == [
        "start", "end", "label", "source_label", "source", "score", "id"]
    span = Span(3, 9, "DATE", "FECHAS", source="crf", score=0.5, id="T1")
    assert (span.start, span.end, span.label, span.source_label, span.source, span.score,
            span.id) == (3, 9, "DATE", "FECHAS", "crf", 0.5, "T1")
    assert Span(3, 9, "DATE") == Span(start=3, end=9, label="DATE", source_label=None,
                                      source=None, score=None, id=None)
    assert dataclasses.replace(span, end=12) == Span(3, 12, "DATE", "FECHAS", "crf", 0.5, "T1")
    assert pickle.loads(pickle.dumps(span)) == span
    assert hash(span) == hash(dataclasses.replace(span))
    with pytest.raises(dataclasses.FrozenInstanceError):
        span.start = 4  # type: ignore[misc]
    with pytest.raises(SpanError):
        dataclasses.replace(span, end=3)


def test_document_sorts_spans_and_checks_bounds() -> None:
    doc = Document(
        "d1", "Seen by Dr. Lee on 3/14/2012.", (Span(19, 28, "DATE"), Span(12, 15, "DOCTOR"))
    )
    assert [doc.span_text(span) for span in doc.spans] == ["Lee", "3/14/2012"]
    with pytest.raises(SpanError, match="past the end"):
        Document("d2", "short", (Span(0, 9, "DATE"),))


def test_document_rejects_overlapping_spans_without_quoting_text() -> None:
    text = "John Smith visited"
    with pytest.raises(SpanError) as caught:
        Document("d3", text, (Span(0, 10, "PATIENT"), Span(5, 10, "DOCTOR")))
    assert "overlap" in str(caught.value)
    assert "Smith" not in str(caught.value)


def test_find_overlap_sees_nested_spans_behind_a_short_one() -> None:
    spans = [Span(0, 20, "DATE"), Span(2, 3, "AGE"), Span(10, 12, "ZIP")]
    assert find_overlap(spans) == (spans[0], spans[1])
    assert find_overlap([Span(0, 2, "AGE"), Span(2, 4, "AGE")]) is None


def test_dict_round_trip_keeps_everything() -> None:
    doc = Document(
        "n1",
        "Pt seen 2012-03-14.",
        (Span(8, 18, "DATE", source_label="FECHAS", source="gold", score=0.5, id="T1"),),
        patient_id="p7",
        note_id="3",
        note_type="discharge",
        note_date="2012-03-15",
        metadata={"site": "A"},
    )
    assert Document.from_dict(doc.to_dict()) == doc


def test_unchecked_dict_reading_builds_the_same_document() -> None:
    doc = Document(
        "n2",
        "Seen by Dr. Lee on 3/14/2012 at Mercy.",
        (
            Span(12, 15, "DOCTOR", source="crf", score=1),
            Span(19, 28, "DATE", source_label="FECHAS", id="T2"),
            Span(32, 37, "HOSPITAL"),
        ),
        patient_id="p7",
        note_date="2012-03-15",
        metadata={"site": "A"},
    )
    data = doc.to_dict()
    unchecked = Document.from_dict(data, check=False)
    assert unchecked == Document.from_dict(data) == doc
    assert unchecked.to_dict() == data
    assert type(unchecked.spans) is tuple
    assert type(unchecked.spans[0].score) is float  # as the checked reading makes it
    assert Span.from_dict(data["spans"][1], check=False) == doc.spans[1]


def test_checked_dict_reading_still_rejects_bad_spans() -> None:
    spans = [
        {"start": 0, "end": 10, "label": "PATIENT"},
        {"start": 5, "end": 10, "label": "DOCTOR"},
    ]
    data = {"id": "d", "text": "John Smith", "spans": spans}
    with pytest.raises(SpanError, match="overlap"):
        Document.from_dict(data)
    with pytest.raises(SpanError, match="unknown PHI label"):
        Span.from_dict({"start": 0, "end": 2, "label": "NAMEZ"})


def test_document_finds_an_overlap_whatever_order_its_spans_come_in() -> None:
    spans = (Span(10, 12, "ZIP"), Span(2, 3, "AGE"), Span(0, 20, "DATE"))
    with pytest.raises(SpanError, match="spans 0-20 \\(DATE\\) and 2-3 \\(AGE\\) overlap"):
        Document("d4", "x" * 20, spans)
    assert Document("d5", "x" * 20, spans[:2]).spans == (spans[1], spans[0])
