"""Small crafted synthetic notes with obvious PHI, for the detectors trained on synth notes."""

from __future__ import annotations

from collections.abc import Sequence

from deidkit.types import Document, Span


def found_in(
    text: str,
    found: Sequence[tuple[str, str]],
    *,
    score: float | None = None,
    source: str | None = None,
    doc_id: str = "a",
) -> Document:
    """A note whose spans are the first occurrence of each (piece, label) of ``found``, as a
    detector found them (with ``score`` and ``source``)."""
    spans = sorted(
        (Span(text.index(piece), text.index(piece) + len(piece), label, source=source,
              score=score) for piece, label in found),
        key=lambda span: span.start,
    )
    return Document(id=doc_id, text=text, spans=tuple(spans))


def crafted(text: str, phi: dict[str, str]) -> Document:
    """A note whose spans are the first occurrence of each key of ``phi``."""
    return found_in(text, list(phi.items()), doc_id="crafted")


CRAFTED = [
    crafted(
        "Patient: Harold Brenning   Date: 3-7-2011\n\nMr. Brenning,\nYou were in the hospital "
        "because of pneumonia. Take your antibiotic twice a day.\n\nFollow-up appointments:\n"
        "- Dr. Kowalczyk on May 3, 2011 at 1:15 pm - call (617) 555-0199 if you cannot come\n",
        {"Harold Brenning": "PATIENT", "3-7-2011": "DATE", "Kowalczyk": "DOCTOR",
         "May 3, 2011": "DATE", "(617) 555-0199": "PHONE"},
    ),
]
