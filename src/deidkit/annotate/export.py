"""Export a project's spans as a corpus in any writer format (``deidkit.io``).

The adjudicated gold is what ``deidkit train`` learns from; the union and majority consensus
and a single annotator's spans can be exported too (e.g. to score them with
``deidkit evaluate``).
"""

from __future__ import annotations

import sqlite3
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from deidkit.annotate.adjudication import annotator_spans, consensus_spans, gold_spans
from deidkit.annotate.consensus import Mode
from deidkit.annotate.errors import BadRequest
from deidkit.annotate.project import ExportMode, iter_documents
from deidkit.io import get_format, write_documents
from deidkit.types import Document, Span


@dataclass(frozen=True, slots=True)
class ExportChoice:
    """What to export: a mode, or one annotator's spans; and whether unfinished work counts."""

    mode: ExportMode = ExportMode.ADJUDICATED
    annotator: str | None = None
    include_unfinished: bool = False

    @property
    def source(self) -> str:
        return f"annotator:{self.annotator}" if self.annotator else f"annotate:{self.mode.value}"


def _finished_keys(conn: sqlite3.Connection, choice: ExportChoice) -> list[int]:
    if choice.annotator is not None:
        row = conn.execute(
            "SELECT id FROM users WHERE username = ?", (choice.annotator,)
        ).fetchone()
        if row is None:
            raise BadRequest(f"no user named {choice.annotator!r}")
        statuses = "('done')" if not choice.include_unfinished else "('done', 'in_progress')"
        query = (
            "SELECT document_id FROM assignments WHERE user_id = ? AND status IN "
            f"{statuses} ORDER BY document_id"
        )
        return [int(r[0]) for r in conn.execute(query, (int(row[0]),))]
    if choice.mode is ExportMode.ADJUDICATED:
        statuses = (
            "('adjudicated')" if not choice.include_unfinished else "('adjudicated', 'in_progress')"
        )
        query = f"SELECT document_id FROM adjudications WHERE status IN {statuses} ORDER BY 1"
        return [int(r[0]) for r in conn.execute(query)]
    rows = conn.execute(
        "SELECT document_id, SUM(status = 'done'), COUNT(*) FROM assignments "
        "GROUP BY document_id ORDER BY document_id"
    ).fetchall()
    return [int(r[0]) for r in rows if choice.include_unfinished or int(r[1]) == int(r[2])]


def export_documents(conn: sqlite3.Connection, choice: ExportChoice) -> list[Document]:
    """The project's documents carrying the chosen spans (finished documents only by default)."""
    documents: list[Document] = []
    source = choice.source
    for row in iter_documents(conn, _finished_keys(conn, choice)):
        if choice.annotator is not None:
            keys = annotator_spans(conn, row.key).get(choice.annotator, [])
        elif choice.mode is ExportMode.ADJUDICATED:
            keys = [(g.start, g.end, g.label) for g in gold_spans(conn, row.key)]
        else:
            keys = consensus_spans(conn, row.key, Mode(choice.mode.value))
        spans = [Span(s, e, label, source=source) for s, e, label in keys]
        documents.append(row.to_document(spans))
    return documents


def export_archive(documents: list[Document], format: str, name: str) -> tuple[bytes, str]:
    """The export as download bytes and a file name: the file itself, or a zip of a folder."""
    fmt = get_format(format)
    with tempfile.TemporaryDirectory(prefix="deidkit-export-") as tmp:
        if fmt.writes_folder:
            folder = Path(tmp) / name
            write_documents(documents, folder, format)
            archive = Path(tmp) / f"{name}.zip"
            with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as bundle:
                for item in sorted(folder.rglob("*")):
                    if item.is_file():
                        bundle.write(item, Path(name) / item.relative_to(folder))
            return archive.read_bytes(), archive.name
        suffix = fmt.suffixes[0] if fmt.suffixes else ".txt"
        target = Path(tmp) / f"{name}{suffix}"
        write_documents(documents, target, format)
        return target.read_bytes(), target.name
