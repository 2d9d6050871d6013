"""Core types: Token, Span and Document.

Offsets are half-open character offsets into ``Document.text`` (``text[start:end]``), checked
on creation. All three types are frozen: transformations return new objects.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from deidkit.errors import SpanError
from deidkit.labels import LABELS, Category, category_of


@dataclass(frozen=True, slots=True, init=False)
class Token:
    """A token: its text and half-open character offsets into the document text."""

    text: str
    start: int
    end: int

    def __init__(self, text: str, start: int, end: int) -> None:
        # checked first, then each slot set by its own setter, as ``Span`` does (a frozen
        # dataclass's __init__ calls ``object.__setattr__`` a field)
        if not 0 <= start < end or end - start != len(text):
            raise SpanError(
                f"token offsets {start}-{end} do not fit a token of length {len(text)}"
            )
        _set_token_text(self, text)
        _set_token_start(self, start)
        _set_token_end(self, end)


def _slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The setter of a slot: an unchecked path sets fields directly (a frozen dataclass's own
    ``__init__`` goes through ``object.__setattr__`` for every field)."""
    setter: Callable[[Any, Any], None] = getattr(cls, name).__set__
    return setter


# Token's slot setters (its own __init__'s), and the unchecked paths of ``from_dict(check=False)``.
_new_object = object.__new__
_set_token_text = _slot_setter(Token, "text")
_set_token_start = _slot_setter(Token, "start")
_set_token_end = _slot_setter(Token, "end")


@dataclass(frozen=True, slots=True, init=False)
class Span:
    """A PHI span: half-open offsets and a canonical label.

    ``source_label`` keeps the corpus's own label (e.g. ``FECHAS``), ``source`` says where the
    span came from (``gold``, a detector name, an annotator), ``score`` is a model's confidence
    and ``id`` is the span's identifier in its file format (BRAT ``T3``, i2b2 2014 ``P0``).
    """

    start: int
    end: int
    label: str
    source_label: str | None = None
    source: str | None = None
    score: float | None = None
    id: str | None = None

    def __init__(
        self,
        start: int,
        end: int,
        label: str,
        source_label: str | None = None,
        source: str | None = None,
        score: float | None = None,
        id: str | None = None,
    ) -> None:
        # checked first, then each slot set by its own setter: a frozen dataclass's __init__
        # calls ``object.__setattr__`` a field, which made a span cost twice as much
        if start < 0 or end <= start:
            raise SpanError(
                f"span offsets {start}-{end} are inverted or empty; a span needs 0 <= start < end"
            )
        if label not in LABELS:
            raise SpanError(
                f"unknown PHI label ({len(label)} characters; not quoted: it may come from "
                f"an input file); use one of: {', '.join(LABELS)}"
            )
        _set_span_start(self, start)
        _set_span_end(self, end)
        _set_span_label(self, label)
        _set_span_source_label(self, source_label)
        _set_span_source(self, source)
        _set_span_score(self, score)
        _set_span_id(self, id)

    @property
    def category(self) -> Category:
        return category_of(self.label)

    @property
    def key(self) -> tuple[int, int, str]:
        """(start, end, label): what strict entity matching compares."""
        return (self.start, self.end, self.label)

    def __len__(self) -> int:
        return self.end - self.start

    def overlaps(self, other: Span) -> bool:
        return self.start < other.end and other.start < self.end

    def shifted(self, delta: int) -> Span:
        return replace(self, start=self.start + delta, end=self.end + delta)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"start": self.start, "end": self.end, "label": self.label}
        if self.source_label is not None:
            data["source_label"] = self.source_label
        if self.source is not None:
            data["source"] = self.source
        if self.score is not None:
            data["score"] = self.score
        if self.id is not None:
            data["id"] = self.id
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, check: bool = True) -> Span:
        """The span of a ``to_dict`` dict; ``check=False`` skips the offset and label checks
        (see ``Document.from_dict``)."""
        if not check:
            return _unchecked_span(data)
        get = data.get
        score = get("score")
        return cls(
            int(data["start"]),
            int(data["end"]),
            str(data["label"]),
            get("source_label"),
            get("source"),
            None if score is None else float(score),
            get("id"),
        )


_set_span_start = _slot_setter(Span, "start")
_set_span_end = _slot_setter(Span, "end")
_set_span_label = _slot_setter(Span, "label")
_set_span_source_label = _slot_setter(Span, "source_label")
_set_span_source = _slot_setter(Span, "source")
_set_span_score = _slot_setter(Span, "score")
_set_span_id = _slot_setter(Span, "id")


def _unchecked_span(data: Mapping[str, Any]) -> Span:
    """``Span.from_dict(data)`` without the checks of ``Span.__init__``."""
    get = data.get
    score = get("score")
    span = _new_object(Span)
    _set_span_start(span, int(data["start"]))
    _set_span_end(span, int(data["end"]))
    _set_span_label(span, str(data["label"]))
    _set_span_source_label(span, get("source_label"))
    _set_span_source(span, get("source"))
    _set_span_score(span, None if score is None else float(score))
    _set_span_id(span, get("id"))
    return span


def span_sort_key(span: Span) -> tuple[int, int, str]:
    return (span.start, span.end, span.label)


def find_overlap(spans: Iterable[Span]) -> tuple[Span, Span] | None:
    """The first pair of overlapping spans (in offset order), or None."""
    return _first_overlap(sorted(spans, key=span_sort_key))


def _first_overlap(ordered: Iterable[Span]) -> tuple[Span, Span] | None:
    """``find_overlap`` of spans already in offset order."""
    previous: Span | None = None
    for span in ordered:
        if previous is not None and previous.overlaps(span):
            return previous, span
        if previous is None or span.end > previous.end:
            previous = span
    return None


@dataclass(frozen=True, slots=True)
class Document:
    """A clinical note with its PHI spans and metadata.

    Spans are kept sorted by offset and must lie inside the text and not overlap.
    ``metadata`` holds anything else a format carries (kept as strings).
    """

    id: str
    text: str
    spans: tuple[Span, ...] = ()
    patient_id: str | None = None
    note_id: str | None = None
    note_type: str | None = None
    note_date: str | None = None
    metadata: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        spans = tuple(sorted(self.spans, key=span_sort_key))
        size = len(self.text)
        for span in spans:
            if span.end > size:
                raise SpanError(
                    f"document {self.id}: span {span.start}-{span.end} ({span.label}) ends "
                    f"past the end of the text (length {size})"
                )
        overlap = _first_overlap(spans)
        if overlap is not None:
            first, second = overlap
            raise SpanError(
                f"document {self.id}: spans {first.start}-{first.end} ({first.label}) and "
                f"{second.start}-{second.end} ({second.label}) overlap"
            )
        object.__setattr__(self, "spans", spans)

    def span_text(self, span: Span) -> str:
        return self.text[span.start : span.end]

    def with_spans(self, spans: Iterable[Span]) -> Document:
        """A copy of this document with other spans."""
        return replace(self, spans=tuple(spans))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "text": self.text}
        for name in ("patient_id", "note_id", "note_type", "note_date"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        if self.metadata:
            data["metadata"] = dict(self.metadata)
        data["spans"] = [span.to_dict() for span in self.spans]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, check: bool = True) -> Document:
        """The document of a ``to_dict`` dict.

        ``check=False`` builds the same document without checking its spans (offsets, labels,
        order, overlaps): only for dicts that ``to_dict`` made, such as a batch run's own work
        files; about twice as fast. Anything read from users must be checked.
        """
        get = data.get
        items = get("spans", ())
        values = (
            str(data["id"]),
            str(data["text"]),
            tuple(map(Span.from_dict, items)) if check else tuple(map(_unchecked_span, items)),
            get("patient_id"),
            get("note_id"),
            get("note_type"),
            get("note_date"),
            {str(k): str(v) for k, v in (get("metadata") or {}).items()},
        )
        if check:
            return cls(*values)
        document = _new_object(cls)
        for setter, value in zip(_DOCUMENT_SETTERS, values, strict=True):
            setter(document, value)
        return document


_DOCUMENT_FIELDS = ("id", "text", "spans", "patient_id", "note_id", "note_type", "note_date")
_DOCUMENT_SETTERS = tuple(_slot_setter(Document, name) for name in (*_DOCUMENT_FIELDS, "metadata"))
