"""Project contents: documents (import), assignments, pre-annotation and export of the gold.

Functions take an open connection; callers run them inside ``Database.write()`` (one
transaction) or ``Database.read()``.
"""

from __future__ import annotations

import itertools
import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from deidkit.annotate.db import now
from deidkit.annotate.errors import BadRequest, Conflict, NotFound
from deidkit.detector import Predictor
from deidkit.types import Document, Span


class SpanPolicy(StrEnum):
    """What to do with the spans a corpus already carries when it is imported."""

    IGNORE = "ignore"
    SUGGEST = "suggest"


@dataclass(frozen=True, slots=True)
class DocumentRow:
    """A stored document: internal key, corpus id and text."""

    key: int
    doc_id: str
    text: str
    fields: dict[str, Any]

    def to_document(self, spans: Iterable[Span] = ()) -> Document:
        data = dict(self.fields)
        data.update(id=self.doc_id, text=self.text, spans=[])
        return Document.from_dict(data).with_spans(spans)


@dataclass(frozen=True, slots=True)
class ImportResult:
    added: int
    skipped: int
    suggestions: int


def _row(row: sqlite3.Row) -> DocumentRow:
    return DocumentRow(
        int(row["id"]), str(row["doc_id"]), str(row["text"]), json.loads(row["fields"])
    )


def import_documents(
    conn: sqlite3.Connection,
    documents: Iterable[Document],
    *,
    spans: SpanPolicy = SpanPolicy.IGNORE,
    source: str = "import",
) -> ImportResult:
    """Store documents; ids already in the project are skipped (their text is not compared).

    With ``SpanPolicy.SUGGEST`` the corpus's own spans become suggestions from ``source``.
    """
    added = skipped = suggested = 0
    moment = now()
    for document in documents:
        if conn.execute("SELECT 1 FROM documents WHERE doc_id = ?", (document.id,)).fetchone():
            skipped += 1
            continue
        fields = document.to_dict()
        for name in ("id", "text", "spans"):
            fields.pop(name, None)
        cursor = conn.execute(
            "INSERT INTO documents(doc_id, text, fields, imported_at) VALUES (?, ?, ?, ?)",
            (document.id, document.text, json.dumps(fields, ensure_ascii=False), moment),
        )
        added += 1
        if spans is SpanPolicy.SUGGEST:
            _store_suggestions(conn, int(cursor.lastrowid or 0), document.spans, source)
            suggested += len(document.spans)
    return ImportResult(added, skipped, suggested)


def _store_suggestions(
    conn: sqlite3.Connection, key: int, spans: Iterable[Span], source: str
) -> None:
    """Record the spans a source (model or imported corpus) found in a document."""
    conn.execute(
        "INSERT OR IGNORE INTO predicted(document_id, source) VALUES (?, ?)", (key, source)
    )
    conn.executemany(
        'INSERT INTO suggestions(document_id, source, start, "end", label, score) '
        "VALUES (?, ?, ?, ?, ?, ?)",
        [(key, source, s.start, s.end, s.label, s.score) for s in spans],
    )


def get_document(conn: sqlite3.Connection, key: int) -> DocumentRow:
    row = conn.execute("SELECT * FROM documents WHERE id = ?", (key,)).fetchone()
    if row is None:
        raise NotFound(f"no document with key {key}")
    return _row(row)


def iter_documents(
    conn: sqlite3.Connection, keys: Sequence[int] | None = None
) -> Iterator[DocumentRow]:
    """Stored documents in import order, or the given ones (NotFound for an unknown key)."""
    if keys is None:
        for row in conn.execute("SELECT * FROM documents ORDER BY id").fetchall():
            yield _row(row)
        return
    for key in keys:
        yield get_document(conn, key)


def document_key(conn: sqlite3.Connection, doc_id: str) -> int:
    row = conn.execute("SELECT id FROM documents WHERE doc_id = ?", (doc_id,)).fetchone()
    if row is None:
        raise NotFound(f"no document with id {doc_id!r} in this project")
    return int(row[0])


@dataclass(frozen=True, slots=True)
class DocumentStatus:
    """One row of the admin's document table."""

    key: int
    doc_id: str
    length: int
    assignments: dict[str, str]
    adjudication: str
    suggestions: int


def document_overview(conn: sqlite3.Connection) -> list[DocumentStatus]:
    assignments: dict[int, dict[str, str]] = {}
    for row in conn.execute(
        "SELECT a.document_id, u.username, a.status FROM assignments a "
        "JOIN users u ON u.id = a.user_id ORDER BY u.username COLLATE NOCASE"
    ):
        assignments.setdefault(int(row[0]), {})[str(row[1])] = str(row[2])
    adjudication = {
        int(row[0]): str(row[1])
        for row in conn.execute("SELECT document_id, status FROM adjudications")
    }
    suggestions = {
        int(row[0]): int(row[1])
        for row in conn.execute(
            "SELECT document_id, COUNT(*) FROM suggestions GROUP BY document_id"
        )
    }
    return [
        DocumentStatus(
            key=int(row[0]),
            doc_id=str(row[1]),
            length=int(row[2]),
            assignments=assignments.get(int(row[0]), {}),
            adjudication=adjudication.get(int(row[0]), "not_started"),
            suggestions=suggestions.get(int(row[0]), 0),
        )
        for row in conn.execute("SELECT id, doc_id, length(text) FROM documents ORDER BY id")
    ]


def assign(
    conn: sqlite3.Connection,
    keys: Sequence[int],
    user_ids: Sequence[int],
    *,
    per_document: int | None = None,
) -> int:
    """Assign documents to annotators; returns how many new assignments were made.

    With ``per_document=k`` each document goes to ``k`` of the users in turn (round robin,
    counting the assignments a document already has); otherwise every user gets every document.
    """
    if not user_ids:
        raise BadRequest("choose at least one annotator")
    for user_id in user_ids:
        if conn.execute("SELECT 1 FROM users WHERE id = ?", (user_id,)).fetchone() is None:
            raise NotFound(f"no user with id {user_id}")
    if per_document is not None and not 1 <= per_document <= len(user_ids):
        raise BadRequest(
            f"annotators per document must be between 1 and {len(user_ids)} (the users chosen)"
        )
    moment = now()
    made = 0
    turn = itertools.cycle(range(len(user_ids)))
    for key in keys:
        get_document(conn, key)
        existing = {
            int(row[0])
            for row in conn.execute("SELECT user_id FROM assignments WHERE document_id = ?", (key,))
        }
        if per_document is None:
            chosen = [u for u in user_ids if u not in existing]
        else:
            chosen = []
            need = per_document - len(existing & set(user_ids))
            for _ in range(len(user_ids)):
                if need <= 0:
                    break
                candidate = user_ids[next(turn)]
                if candidate not in existing and candidate not in chosen:
                    chosen.append(candidate)
                    need -= 1
        conn.executemany(
            "INSERT INTO assignments(document_id, user_id, updated_at) VALUES (?, ?, ?)",
            [(key, user_id, moment) for user_id in chosen],
        )
        made += len(chosen)
    return made


def unassign(conn: sqlite3.Connection, keys: Sequence[int], user_ids: Sequence[int]) -> int:
    """Remove assignments (and that annotator's spans on those documents)."""
    removed = 0
    for key in keys:
        for user_id in user_ids:
            cursor = conn.execute(
                "DELETE FROM assignments WHERE document_id = ? AND user_id = ?", (key, user_id)
            )
            if cursor.rowcount:
                removed += 1
                conn.execute(
                    "DELETE FROM annotations WHERE document_id = ? AND user_id = ?",
                    (key, user_id),
                )
    return removed


def assigned_users(conn: sqlite3.Connection, key: int) -> list[tuple[int, str, str]]:
    """(user id, user name, status) of every annotator assigned to a document."""
    rows = conn.execute(
        "SELECT u.id, u.username, a.status FROM assignments a JOIN users u ON u.id = a.user_id "
        "WHERE a.document_id = ? ORDER BY u.username COLLATE NOCASE",
        (key,),
    ).fetchall()
    return [(int(r[0]), str(r[1]), str(r[2])) for r in rows]


def preannotate(
    conn: sqlite3.Connection,
    detector: Predictor,
    *,
    source: str,
    keys: Sequence[int] | None = None,
    replace: bool = False,
    batch_size: int = 32,
) -> int:
    """Store a detector's predicted spans as suggestions from ``source``; returns documents done.

    Documents that already have suggestions from ``source`` are skipped unless ``replace``.
    """
    if not source.strip():
        raise BadRequest("the suggestion source needs a name")
    done = 0
    rows = list(iter_documents(conn, keys))
    if not replace:
        have = {
            int(r[0])
            for r in conn.execute("SELECT document_id FROM predicted WHERE source = ?", (source,))
        }
        rows = [row for row in rows if row.key not in have]
    for start in range(0, len(rows), batch_size):
        batch = rows[start : start + batch_size]
        predicted = detector.predict([row.to_document() for row in batch])
        if len(predicted) != len(batch):
            raise Conflict(
                f"the model returned {len(predicted)} documents for {len(batch)}; "
                "it does not follow the Detector contract"
            )
        for row, document in zip(batch, predicted, strict=True):
            if document.id != row.doc_id or len(document.text) != len(row.text):
                raise Conflict(
                    f"the model returned document {document.id!r} where {row.doc_id!r} was "
                    "expected (or changed its text); it does not follow the Detector contract"
                )
            conn.execute(
                "DELETE FROM suggestions WHERE document_id = ? AND source = ?", (row.key, source)
            )
            _store_suggestions(conn, row.key, document.spans, source)
            done += 1
    return done


class ExportMode(StrEnum):
    """Which spans an export writes: the adjudicated gold or an unadjudicated consensus."""

    ADJUDICATED = "adjudicated"
    MAJORITY = "majority"
    UNION = "union"
