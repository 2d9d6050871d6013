"""An annotator's work on one document: own spans, decisions on suggestions, status.

Every function checks that the user is assigned to the document and touches only that
user's rows: an annotator never reads or changes another annotator's spans.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from deidkit.annotate.accounts import User
from deidkit.annotate.db import now
from deidkit.annotate.errors import BadRequest, Conflict, Forbidden, NotFound
from deidkit.annotate.project import get_document
from deidkit.labels import LABELS
from deidkit.text import tokenize
from deidkit.types import Span


class Status(StrEnum):
    ASSIGNED = "assigned"
    IN_PROGRESS = "in_progress"
    DONE = "done"


@dataclass(frozen=True, slots=True)
class StoredSpan:
    """A span as stored: its row id, offsets and label."""

    id: int
    start: int
    end: int
    label: str

    def to_span(self, source: str | None = None) -> Span:
        return Span(self.start, self.end, self.label, source=source)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "start": self.start, "end": self.end, "label": self.label}


def check_span(text: str, start: int, end: int, label: str) -> tuple[int, int]:
    """Validate offsets and label; returns the offsets with white space trimmed off the ends."""
    if label not in LABELS:
        raise BadRequest("unknown PHI label; use one of the canonical labels (deidkit.labels)")
    if not 0 <= start < end <= len(text):
        raise BadRequest(f"span {start}-{end} is empty or outside the text (length {len(text)})")
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if start == end:
        raise BadRequest("the span covers only white space")
    return start, end


def overlapping(spans: Iterable[StoredSpan], start: int, end: int) -> list[StoredSpan]:
    return [s for s in spans if s.start < end and start < s.end]


def token_offsets(text: str) -> list[tuple[int, int]]:
    return [(token.start, token.end) for token in tokenize(text)]


def assignment_status(conn: sqlite3.Connection, key: int, user: User) -> Status:
    """The user's status on a document; Forbidden if the user is not assigned to it."""
    get_document(conn, key)
    row = conn.execute(
        "SELECT status FROM assignments WHERE document_id = ? AND user_id = ?", (key, user.id)
    ).fetchone()
    if row is None:
        raise Forbidden(f"document {key} is not assigned to {user.username!r}")
    return Status(row[0])


def user_spans(conn: sqlite3.Connection, key: int, user_id: int) -> list[StoredSpan]:
    rows = conn.execute(
        'SELECT id, start, "end", label FROM annotations WHERE document_id = ? AND user_id = ? '
        'ORDER BY start, "end"',
        (key, user_id),
    ).fetchall()
    return [StoredSpan(int(r[0]), int(r[1]), int(r[2]), str(r[3])) for r in rows]


@dataclass(frozen=True, slots=True)
class Suggestion:
    id: int
    start: int
    end: int
    label: str
    source: str
    score: float | None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "start": self.start,
            "end": self.end,
            "label": self.label,
            "source": self.source,
            "score": self.score,
        }


def suggestions(conn: sqlite3.Connection, key: int) -> list[Suggestion]:
    rows = conn.execute(
        'SELECT id, start, "end", label, source, score FROM suggestions WHERE document_id = ? '
        'ORDER BY start, "end", source',
        (key,),
    ).fetchall()
    return [Suggestion(int(r[0]), int(r[1]), int(r[2]), str(r[3]), str(r[4]), r[5]) for r in rows]


def open_suggestions(conn: sqlite3.Connection, key: int, user: User) -> list[Suggestion]:
    """Suggestions on a document the user has neither accepted nor rejected."""
    decided = {
        int(r[0])
        for r in conn.execute(
            "SELECT d.suggestion_id FROM decisions d JOIN suggestions s ON s.id = d.suggestion_id "
            "WHERE s.document_id = ? AND d.user_id = ?",
            (key, user.id),
        )
    }
    return [s for s in suggestions(conn, key) if s.id not in decided]


def annotator_state(conn: sqlite3.Connection, key: int, user: User) -> dict[str, Any]:
    """Everything the annotator view shows for one document (the user's own spans only)."""
    status = assignment_status(conn, key, user)
    document = get_document(conn, key)
    queue = [
        int(r[0])
        for r in conn.execute(
            "SELECT document_id FROM assignments WHERE user_id = ? ORDER BY document_id",
            (user.id,),
        )
    ]
    index = queue.index(key)
    return {
        "key": key,
        "doc_id": document.doc_id,
        "text": document.text,
        "tokens": token_offsets(document.text),
        "spans": [s.to_json() for s in user_spans(conn, key, user.id)],
        "suggestions": [s.to_json() for s in open_suggestions(conn, key, user)],
        "status": status.value,
        "position": index + 1,
        "count": len(queue),
        "previous": queue[index - 1] if index > 0 else None,
        "next": queue[index + 1] if index + 1 < len(queue) else None,
    }


def _touch(conn: sqlite3.Connection, key: int, user: User, status: Status) -> None:
    if status is Status.ASSIGNED:
        status = Status.IN_PROGRESS
    conn.execute(
        "UPDATE assignments SET status = ?, updated_at = ? WHERE document_id = ? AND user_id = ?",
        (status.value, now(), key, user.id),
    )


def _insert(
    conn: sqlite3.Connection,
    key: int,
    user: User,
    start: int,
    end: int,
    label: str,
    suggestion_id: int | None = None,
) -> StoredSpan:
    cursor = conn.execute(
        'INSERT INTO annotations(document_id, user_id, start, "end", label, suggestion_id, '
        "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (key, user.id, start, end, label, suggestion_id, now()),
    )
    return StoredSpan(int(cursor.lastrowid or 0), start, end, label)


def _replace_overlaps(
    conn: sqlite3.Connection,
    key: int,
    user: User,
    start: int,
    end: int,
    replace: Sequence[int],
    keep: int | None = None,
) -> None:
    """Delete the spans listed in ``replace``; Conflict if another span would still overlap."""
    clashes = [s for s in overlapping(user_spans(conn, key, user.id), start, end) if s.id != keep]
    unlisted = [s for s in clashes if s.id not in set(replace)]
    if unlisted:
        first = unlisted[0]
        raise Conflict(
            f"span {start}-{end} overlaps your span {first.start}-{first.end} ({first.label}); "
            "change or delete that span first"
        )
    for span in clashes:
        _delete(conn, key, user, span.id)


def _delete(conn: sqlite3.Connection, key: int, user: User, span_id: int) -> None:
    row = conn.execute(
        "SELECT suggestion_id FROM annotations WHERE id = ? AND document_id = ? AND user_id = ?",
        (span_id, key, user.id),
    ).fetchone()
    if row is None:
        raise NotFound(f"no span {span_id} of yours on document {key}")
    conn.execute("DELETE FROM annotations WHERE id = ?", (span_id,))
    if row[0] is not None:
        conn.execute(
            "UPDATE decisions SET decision = 'rejected' WHERE suggestion_id = ? AND user_id = ?",
            (row[0], user.id),
        )


def add_span(
    conn: sqlite3.Connection,
    key: int,
    user: User,
    start: int,
    end: int,
    label: str,
    *,
    replace: Sequence[int] = (),
) -> StoredSpan:
    """Add a span; the user's spans listed in ``replace`` that overlap it are deleted with it."""
    status = assignment_status(conn, key, user)
    start, end = check_span(get_document(conn, key).text, start, end, label)
    _replace_overlaps(conn, key, user, start, end, replace)
    span = _insert(conn, key, user, start, end, label)
    _touch(conn, key, user, status)
    return span


def update_span(
    conn: sqlite3.Connection,
    key: int,
    user: User,
    span_id: int,
    *,
    label: str | None = None,
    start: int | None = None,
    end: int | None = None,
) -> StoredSpan:
    """Change a span's label and/or offsets."""
    status = assignment_status(conn, key, user)
    current = next((s for s in user_spans(conn, key, user.id) if s.id == span_id), None)
    if current is None:
        raise NotFound(f"no span {span_id} of yours on document {key}")
    new_label = current.label if label is None else label
    new_start, new_end = check_span(
        get_document(conn, key).text,
        current.start if start is None else start,
        current.end if end is None else end,
        new_label,
    )
    _replace_overlaps(conn, key, user, new_start, new_end, (), keep=span_id)
    conn.execute(
        'UPDATE annotations SET start = ?, "end" = ?, label = ?, updated_at = ? WHERE id = ?',
        (new_start, new_end, new_label, now(), span_id),
    )
    _touch(conn, key, user, status)
    return StoredSpan(span_id, new_start, new_end, new_label)


def delete_span(conn: sqlite3.Connection, key: int, user: User, span_id: int) -> None:
    status = assignment_status(conn, key, user)
    _delete(conn, key, user, span_id)
    _touch(conn, key, user, status)


class Decision(StrEnum):
    ACCEPT = "accept"
    REJECT = "reject"


def decide_suggestion(
    conn: sqlite3.Connection,
    key: int,
    user: User,
    suggestion_id: int,
    decision: Decision,
    *,
    label: str | None = None,
    replace: Sequence[int] = (),
) -> StoredSpan | None:
    """Accept (optionally with another label) or reject a suggestion; returns the new span."""
    status = assignment_status(conn, key, user)
    suggestion = next((s for s in suggestions(conn, key) if s.id == suggestion_id), None)
    if suggestion is None:
        raise NotFound(f"no suggestion {suggestion_id} on document {key}")
    span: StoredSpan | None = None
    if decision is Decision.ACCEPT:
        chosen = suggestion.label if label is None else label
        start, end = check_span(
            get_document(conn, key).text, suggestion.start, suggestion.end, chosen
        )
        _replace_overlaps(conn, key, user, start, end, replace)
        span = _insert(conn, key, user, start, end, chosen, suggestion.id)
    conn.execute(
        "INSERT INTO decisions(suggestion_id, user_id, decision) VALUES (?, ?, ?) "
        "ON CONFLICT(suggestion_id, user_id) DO UPDATE SET decision = excluded.decision",
        (suggestion.id, user.id, "accepted" if decision is Decision.ACCEPT else "rejected"),
    )
    _touch(conn, key, user, status)
    return span


def set_status(conn: sqlite3.Connection, key: int, user: User, status: Status) -> None:
    """Mark a document done (or reopen it)."""
    assignment_status(conn, key, user)
    if status is Status.ASSIGNED:
        raise BadRequest("a document can be marked 'in_progress' or 'done'")
    conn.execute(
        "UPDATE assignments SET status = ?, updated_at = ? WHERE document_id = ? AND user_id = ?",
        (status.value, now(), key, user.id),
    )


def my_documents(conn: sqlite3.Connection, user: User) -> list[dict[str, Any]]:
    """The user's assigned documents with status and span counts (for the home page)."""
    rows = conn.execute(
        "SELECT d.id, d.doc_id, a.status, length(d.text), "
        "(SELECT COUNT(*) FROM annotations n WHERE n.document_id = d.id AND n.user_id = ?) "
        "FROM assignments a JOIN documents d ON d.id = a.document_id WHERE a.user_id = ? "
        "ORDER BY d.id",
        (user.id, user.id),
    ).fetchall()
    return [
        {
            "key": int(r[0]),
            "doc_id": str(r[1]),
            "status": str(r[2]),
            "length": int(r[3]),
            "spans": int(r[4]),
        }
        for r in rows
    ]
