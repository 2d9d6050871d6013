"""Test data and helpers for the annotation app: synthetic notes, a fake detector, login."""

from __future__ import annotations

import re
from collections.abc import Sequence

from deidkit.types import Document, Span

PASSWORD = "correct-horse-1"

NOTE_1 = (
    "Patient John Smith was seen on 03/14/2012 at Mercy Hospital \U0001f3e5.\n"
    "Call 617-555-1234 today."
)
"""The emoji (outside the BMP) makes browser (UTF-16) and server (code point) offsets differ."""
NOTE_2 = "Dr. Alice Brown reviewed the chart. Follow up in Boston next week."
NOTE_3 = "No identifiers in this short note about blood pressure."


def span_of(text: str, phrase: str, label: str) -> Span:
    start = text.index(phrase)
    return Span(start, start + len(phrase), label)


def synthetic_documents() -> list[Document]:
    """Three synthetic notes (invented names, numbers and places)."""
    return [
        Document("note-1", NOTE_1, (span_of(NOTE_1, "John Smith", "PATIENT"),)),
        Document("note-2", NOTE_2),
        Document("note-3", NOTE_3),
    ]


FAKE_NAMES = ("John Smith", "Mercy Hospital", "Alice Brown")


class FakeDetector:
    """A detector for tests: marks the phrases in FAKE_NAMES as PATIENT."""

    def __init__(self) -> None:
        self.calls = 0

    def predict(self, documents: Sequence[Document]) -> list[Document]:
        self.calls += 1
        result = []
        for document in documents:
            spans = [
                Span(m.start(), m.end(), "PATIENT", source="fake", score=0.9)
                for m in re.finditer("|".join(FAKE_NAMES), document.text)
            ]
            result.append(document.with_spans(spans))
        return result


def login(client, username: str, password: str = PASSWORD) -> str:
    """Log in through the form like a browser; returns the session's CSRF token."""
    page = client.get("/login")
    assert page.status_code == 200
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.text).group(1)
    response = client.post(
        "/login",
        data={"username": username, "password": password, "csrf_token": token, "next": "/"},
        follow_redirects=False,
    )
    assert response.status_code == 303, response.text
    return client.get("/api/session").json()["csrf_token"]
