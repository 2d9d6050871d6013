"""Small crafted synthetic notes with obvious PHI, for the detectors trained on synth notes."""

from __future__ import annotations

from deidkit.types import Document, Span


def crafted(text: str, phi: dict[str, str]) -> Document:
    """A note whose spans are the first occurrence of each key of ``phi``."""
    spans = sorted(
        (Span(text.index(piece), text.index(piece) + len(piece), label) for piece, label in
         phi.items()),
        key=lambda span: span.start,
    )
    return Document(id="crafted", text=text, spans=tuple(spans))


CRAFTED = [
    crafted(
        "Patient: Harold Brenning   Date: 3-7-2011\n\nMr. Brenning,\nYou were in the hospital "
        "because of pneumonia. Take your antibiotic twice a day.\n\nFollow-up appointments:\n"
        "- Dr. Kowalczyk on May 3, 2011 at 1:15 pm - call (617) 555-0199 if you cannot come\n",
        {"Harold Brenning": "PATIENT", "3-7-2011": "DATE", "Kowalczyk": "DOCTOR",
         "May 3, 2011": "DATE", "(617) 555-0199": "PHONE"},
    ),
]
