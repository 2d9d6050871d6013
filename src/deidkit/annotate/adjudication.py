"""Adjudication: the gold spans of a document, decided from every annotator's and model's.

Opening a document for adjudication starts a draft gold from the union or majority consensus
(the preselected suggestion); each accept, reject or edit changes the stored gold in one
transaction, and the adjudicator marks the document adjudicated when done.
"""

from __future__ import annotations

import itertools
import sqlite3
from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from deidkit.annotate.accounts import Role, User
from deidkit.annotate.annotator import StoredSpan, check_span, suggestions, token_offsets
from deidkit.annotate.consensus import Mode, SpanKey, candidates, consensus
from deidkit.annotate.db import now
from deidkit.annotate.errors import BadRequest, Conflict, Forbidden, NotFound
from deidkit.annotate.project import assigned_users, get_document


class AdjudicationStatus(StrEnum):
    NOT_STARTED = "not_started"
    IN_PROGRESS = "in_progress"
    ADJUDICATED = "adjudicated"


def require_adjudicator(user: User) -> None:
    if not user.can(Role.ADJUDICATOR):
        raise Forbidden(f"user {user.username!r} ({user.role.value}) may not adjudicate")


def annotator_spans(conn: sqlite3.Connection, key: int) -> dict[str, list[SpanKey]]:
    """Every assigned annotator's spans on a document, by user name (adjudicators only)."""
    result: dict[str, list[SpanKey]] = {name: [] for _, name, _ in assigned_users(conn, key)}
    for row in conn.execute(
        'SELECT u.username, a.start, a."end", a.label FROM annotations a '
        "JOIN users u ON u.id = a.user_id JOIN assignments s "
        "ON s.document_id = a.document_id AND s.user_id = a.user_id "
        'WHERE a.document_id = ? ORDER BY a.start, a."end"',
        (key,),
    ):
        result.setdefault(str(row[0]), []).append((int(row[1]), int(row[2]), str(row[3])))
    return result


def model_spans(conn: sqlite3.Connection, key: int) -> dict[str, list[SpanKey]]:
    result: dict[str, list[SpanKey]] = {}
    for suggestion in suggestions(conn, key):
        result.setdefault(suggestion.source, []).append(
            (suggestion.start, suggestion.end, suggestion.label)
        )
    return result


def gold_spans(conn: sqlite3.Connection, key: int) -> list[StoredSpan]:
    rows = conn.execute(
        'SELECT id, start, "end", label FROM gold WHERE document_id = ? ORDER BY start, "end"',
        (key,),
    ).fetchall()
    return [StoredSpan(int(r[0]), int(r[1]), int(r[2]), str(r[3])) for r in rows]


def adjudication_status(conn: sqlite3.Connection, key: int) -> tuple[AdjudicationStatus, str]:
    row = conn.execute(
        "SELECT status, mode FROM adjudications WHERE document_id = ?", (key,)
    ).fetchone()
    if row is None:
        return AdjudicationStatus.NOT_STARTED, ""
    return AdjudicationStatus(row[0]), str(row[1])


def consensus_spans(conn: sqlite3.Connection, key: int, mode: Mode) -> list[SpanKey]:
    document = get_document(conn, key)
    spans = annotator_spans(conn, key)
    return consensus(document.text, list(spans.values()), mode, voters=len(spans))


def adjudication_state(
    conn: sqlite3.Connection, key: int, user: User, mode: Mode = Mode.MAJORITY
) -> dict[str, Any]:
    """Everything the adjudication view shows: candidates with each choice, gold, context."""
    require_adjudicator(user)
    document = get_document(conn, key)
    status, started_mode = adjudication_status(conn, key)
    if started_mode in (Mode.UNION.value, Mode.MAJORITY.value):
        mode = Mode(started_mode)
    annotators = annotator_spans(conn, key)
    models = model_spans(conn, key)
    suggested = consensus(document.text, list(annotators.values()), mode, voters=len(annotators))
    gold = gold_spans(conn, key)
    groups = candidates(annotators, models, suggested, [(g.start, g.end, g.label) for g in gold])
    keys = [int(r[0]) for r in conn.execute("SELECT id FROM documents ORDER BY id")]
    index = keys.index(key)
    return {
        "key": key,
        "doc_id": document.doc_id,
        "text": document.text,
        "tokens": token_offsets(document.text),
        "status": status.value,
        "mode": mode.value,
        "annotators": [
            {"name": name, "status": state} for _, name, state in assigned_users(conn, key)
        ],
        "models": sorted(models),
        "gold": [g.to_json() for g in gold],
        "candidates": [c.to_json() for c in groups],
        "previous": keys[index - 1] if index > 0 else None,
        "next": keys[index + 1] if index + 1 < len(keys) else None,
    }


def _mark(conn: sqlite3.Connection, key: int, user: User, mode: str | None = None) -> None:
    """Record that the document's adjudication is in progress (keeps 'adjudicated' as is)."""
    conn.execute(
        "INSERT INTO adjudications(document_id, status, mode, user_id, updated_at) "
        "VALUES (?, 'in_progress', ?, ?, ?) ON CONFLICT(document_id) DO UPDATE SET "
        "user_id = excluded.user_id, updated_at = excluded.updated_at"
        + (", mode = excluded.mode" if mode else ""),
        (key, mode or "manual", user.id, now()),
    )


def _insert_gold(conn: sqlite3.Connection, key: int, user: User, spans: Sequence[SpanKey]) -> None:
    conn.executemany(
        'INSERT INTO gold(document_id, start, "end", label, updated_by, updated_at) '
        "VALUES (?, ?, ?, ?, ?, ?)",
        [(key, s, e, label, user.id, now()) for s, e, label in spans],
    )


def _checked(text: str, spans: Sequence[Sequence[Any]]) -> list[SpanKey]:
    result: list[SpanKey] = []
    for item in spans:
        if len(item) != 3:
            raise BadRequest("each span must be [start, end, label]")
        start, end = check_span(text, int(item[0]), int(item[1]), str(item[2]))
        result.append((start, end, str(item[2])))
    result.sort()
    for first, second in itertools.pairwise(result):
        if second[0] < first[1]:
            raise BadRequest(f"spans {first[0]}-{first[1]} and {second[0]}-{second[1]} overlap")
    return result


def start(
    conn: sqlite3.Connection, key: int, user: User, mode: Mode, *, reset: bool = False
) -> None:
    """Start (or, with ``reset``, restart) the draft gold from the consensus in ``mode``."""
    require_adjudicator(user)
    status, _ = adjudication_status(conn, key)
    if status is not AdjudicationStatus.NOT_STARTED and not reset:
        raise Conflict(f"document {key} is already being adjudicated; reset it to start again")
    spans = consensus_spans(conn, key, mode)
    conn.execute("DELETE FROM gold WHERE document_id = ?", (key,))
    _insert_gold(conn, key, user, spans)
    conn.execute("DELETE FROM adjudications WHERE document_id = ?", (key,))
    _mark(conn, key, user, mode.value)


def set_region(
    conn: sqlite3.Connection,
    key: int,
    user: User,
    start: int,
    end: int,
    spans: Sequence[Sequence[Any]],
) -> None:
    """Replace the gold spans that overlap ``start``-``end`` by ``spans`` (accept/reject)."""
    require_adjudicator(user)
    text = get_document(conn, key).text
    if not 0 <= start < end <= len(text):
        raise BadRequest(f"region {start}-{end} is empty or outside the text")
    new = _checked(text, spans)
    conn.execute(
        'DELETE FROM gold WHERE document_id = ? AND start < ? AND "end" > ?', (key, end, start)
    )
    for s, e, _ in new:
        clash = conn.execute(
            'SELECT start, "end" FROM gold WHERE document_id = ? AND start < ? AND "end" > ?',
            (key, e, s),
        ).fetchone()
        if clash:
            raise Conflict(f"span {s}-{e} overlaps gold span {clash[0]}-{clash[1]}")
    _insert_gold(conn, key, user, new)
    _mark(conn, key, user)


def add_gold(
    conn: sqlite3.Connection,
    key: int,
    user: User,
    start: int,
    end: int,
    label: str,
    *,
    replace: Sequence[int] = (),
) -> None:
    """Add a gold span (e.g. one every annotator missed); listed overlapping ones are replaced."""
    require_adjudicator(user)
    start, end = check_span(get_document(conn, key).text, start, end, label)
    for span in gold_spans(conn, key):
        if span.start < end and start < span.end:
            if span.id not in set(replace):
                raise Conflict(
                    f"span {start}-{end} overlaps gold span {span.start}-{span.end}; "
                    "change or delete it first"
                )
            conn.execute("DELETE FROM gold WHERE id = ?", (span.id,))
    _insert_gold(conn, key, user, [(start, end, label)])
    _mark(conn, key, user)


def update_gold(conn: sqlite3.Connection, key: int, user: User, gold_id: int, label: str) -> None:
    require_adjudicator(user)
    span = next((g for g in gold_spans(conn, key) if g.id == gold_id), None)
    if span is None:
        raise NotFound(f"no gold span {gold_id} on document {key}")
    check_span(get_document(conn, key).text, span.start, span.end, label)
    conn.execute(
        "UPDATE gold SET label = ?, updated_by = ?, updated_at = ? WHERE id = ?",
        (label, user.id, now(), gold_id),
    )
    _mark(conn, key, user)


def delete_gold(conn: sqlite3.Connection, key: int, user: User, gold_id: int) -> None:
    require_adjudicator(user)
    cursor = conn.execute("DELETE FROM gold WHERE id = ? AND document_id = ?", (gold_id, key))
    if not cursor.rowcount:
        raise NotFound(f"no gold span {gold_id} on document {key}")
    _mark(conn, key, user)


def set_status(conn: sqlite3.Connection, key: int, user: User, status: AdjudicationStatus) -> None:
    """Mark a document adjudicated, or reopen it (back to in progress)."""
    require_adjudicator(user)
    get_document(conn, key)
    if status is AdjudicationStatus.NOT_STARTED:
        raise BadRequest("a document can be marked 'in_progress' or 'adjudicated'")
    _mark(conn, key, user)
    conn.execute(
        "UPDATE adjudications SET status = ?, user_id = ?, updated_at = ? WHERE document_id = ?",
        (status.value, user.id, now(), key),
    )


def adjudication_overview(conn: sqlite3.Connection) -> list[dict[str, Any]]:
    """Every document with its annotators' progress and adjudication status."""
    rows = conn.execute(
        "SELECT d.id, d.doc_id, COALESCE(j.status, 'not_started'), "
        "(SELECT COUNT(*) FROM assignments a WHERE a.document_id = d.id), "
        "(SELECT COUNT(*) FROM assignments a WHERE a.document_id = d.id AND a.status = 'done'), "
        "(SELECT COUNT(*) FROM gold g WHERE g.document_id = d.id) "
        "FROM documents d LEFT JOIN adjudications j ON j.document_id = d.id ORDER BY d.id"
    ).fetchall()
    return [
        {
            "key": int(r[0]),
            "doc_id": str(r[1]),
            "status": str(r[2]),
            "assigned": int(r[3]),
            "done": int(r[4]),
            "gold": int(r[5]),
        }
        for r in rows
    ]
