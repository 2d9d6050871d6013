"""Synthetic notes for the redaction tests: PHI written inline as ``{LABEL:text}``."""

from __future__ import annotations

import re

from deidkit.types import Document, Span

_MARK = re.compile(r"\{([A-Z_]+):([^{}]*)\}")


def note(
    template: str,
    *,
    id: str = "n1",
    patient_id: str | None = None,
    note_date: str | None = None,
) -> Document:
    """A document from a template such as ``"{PATIENT:John Smith} seen {DATE:3/14/2012}"``."""
    text_parts: list[str] = []
    spans: list[Span] = []
    position = 0
    length = 0
    for match in _MARK.finditer(template):
        before = template[position : match.start()]
        text_parts.append(before)
        length += len(before)
        value = match.group(2)
        spans.append(Span(length, length + len(value), match.group(1)))
        text_parts.append(value)
        length += len(value)
        position = match.end()
    text_parts.append(template[position:])
    return Document(id, "".join(text_parts), tuple(spans), patient_id=patient_id,
                    note_date=note_date)  # fmt: skip


def span_texts(document: Document) -> list[tuple[str, str]]:
    """(label, text) of every span of a document, in order."""
    return [(span.label, document.span_text(span)) for span in document.spans]
