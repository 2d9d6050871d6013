"""The project database: one SQLite file per annotation project.

Every change runs in its own ``BEGIN IMMEDIATE`` transaction in WAL mode with
``synchronous=FULL``, so a save that returned is on disk even if the server is killed.
A connection is opened per request (or per CLI command) and closed after it.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

from deidkit.annotate.errors import NotFound
from deidkit.errors import InputError, OutputError

DB_NAME = "annotate.sqlite3"
SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS users (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL UNIQUE COLLATE NOCASE,
    role TEXT NOT NULL CHECK (role IN ('annotator', 'adjudicator', 'admin')),
    password_hash TEXT NOT NULL,
    active INTEGER NOT NULL DEFAULT 1,
    created_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    csrf_token TEXT NOT NULL,
    created_at REAL NOT NULL,
    last_seen REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS documents (
    id INTEGER PRIMARY KEY,
    doc_id TEXT NOT NULL UNIQUE,
    text TEXT NOT NULL,
    fields TEXT NOT NULL DEFAULT '{}',
    imported_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS assignments (
    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    status TEXT NOT NULL DEFAULT 'assigned'
        CHECK (status IN ('assigned', 'in_progress', 'done')),
    updated_at REAL NOT NULL,
    PRIMARY KEY (document_id, user_id)
);
CREATE INDEX IF NOT EXISTS assignments_by_user ON assignments(user_id, document_id);
CREATE TABLE IF NOT EXISTS suggestions (
    id INTEGER PRIMARY KEY,
    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    source TEXT NOT NULL,
    start INTEGER NOT NULL,
    "end" INTEGER NOT NULL,
    label TEXT NOT NULL,
    score REAL
);
CREATE INDEX IF NOT EXISTS suggestions_by_document ON suggestions(document_id);
CREATE TABLE IF NOT EXISTS predicted (
    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    source TEXT NOT NULL,
    PRIMARY KEY (document_id, source)
);
CREATE TABLE IF NOT EXISTS annotations (
    id INTEGER PRIMARY KEY,
    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    start INTEGER NOT NULL,
    "end" INTEGER NOT NULL,
    label TEXT NOT NULL,
    suggestion_id INTEGER REFERENCES suggestions(id) ON DELETE SET NULL,
    updated_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS annotations_by_document ON annotations(document_id, user_id);
CREATE TABLE IF NOT EXISTS decisions (
    suggestion_id INTEGER NOT NULL REFERENCES suggestions(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    decision TEXT NOT NULL CHECK (decision IN ('accepted', 'rejected')),
    PRIMARY KEY (suggestion_id, user_id)
);
CREATE TABLE IF NOT EXISTS gold (
    id INTEGER PRIMARY KEY,
    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    start INTEGER NOT NULL,
    "end" INTEGER NOT NULL,
    label TEXT NOT NULL,
    updated_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
    updated_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS gold_by_document ON gold(document_id);
CREATE TABLE IF NOT EXISTS adjudications (
    document_id INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
    status TEXT NOT NULL CHECK (status IN ('in_progress', 'adjudicated')),
    mode TEXT NOT NULL,
    user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    updated_at REAL NOT NULL
);
"""


def now() -> float:
    return time.time()


class Database:
    """The SQLite file of one project; hands out short-lived connections."""

    def __init__(self, project_dir: Path) -> None:
        self.project_dir = Path(project_dir)
        self.path = self.project_dir / DB_NAME

    @classmethod
    def create(cls, project_dir: Path, name: str) -> Database:
        """Create the project folder and its database (fails if a project is already there)."""
        database = cls(project_dir)
        if database.path.exists():
            raise OutputError(
                f"{database.path}: a project already exists here; "
                "use another folder or serve this one"
            )
        database.project_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        database.project_dir.chmod(0o700)  # notes and annotations: owner only, like outputs
        os.close(os.open(database.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        conn = database._open()
        try:
            conn.executescript(SCHEMA)
            conn.execute("BEGIN IMMEDIATE")
            conn.executemany(
                "INSERT INTO meta(key, value) VALUES (?, ?)",
                [
                    ("schema_version", str(SCHEMA_VERSION)),
                    ("name", name),
                    ("created_at", str(now())),
                ],
            )
            conn.execute("COMMIT")
        finally:
            conn.close()
        return database

    @classmethod
    def open(cls, project_dir: Path) -> Database:
        """Open an existing project; a clear error if the folder holds none."""
        database = cls(project_dir)
        if not database.path.is_file():
            raise NotFound(
                f"{database.project_dir}: no annotation project here; "
                "create one with: deidkit annotate init PROJECT_DIR --admin NAME"
            )
        conn = database._open()
        try:
            row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        finally:
            conn.close()
        if row is None or int(row[0]) != SCHEMA_VERSION:
            raise InputError(
                "unsupported project database version",
                path=database.path,
                fix=f"this deidkit reads version {SCHEMA_VERSION}",
            )
        return database

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA busy_timeout = 30000")
        return conn

    @contextlib.contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """A connection for reading (a consistent snapshot inside one deferred transaction)."""
        conn = self._open()
        try:
            conn.execute("BEGIN")
            yield conn
            conn.execute("COMMIT")
        finally:
            conn.close()

    @contextlib.contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """A connection in an immediate transaction: committed on success, rolled back on error."""
        conn = self._open()
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
        finally:
            conn.close()

    def meta(self, key: str) -> str | None:
        with self.read() as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        with self.write() as conn:
            conn.execute(
                "INSERT INTO meta(key, value) VALUES (?, ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, value),
            )
