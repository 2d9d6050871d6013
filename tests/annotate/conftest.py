"""Shared fixtures: a small project with synthetic notes, users and a logged-in client."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from annotate.support import PASSWORD, FakeDetector, login, synthetic_documents
from deidkit.annotate.accounts import Role, create_user
from deidkit.annotate.db import Database
from deidkit.annotate.project import assign, import_documents


@dataclass
class Project:
    path: Path
    db: Database
    keys: dict[str, int]


@pytest.fixture(autouse=True)
def quick_password_hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cheaper scrypt in tests (the cost is stored in each hash, so verification still works)."""
    from deidkit.annotate import accounts

    monkeypatch.setattr(accounts, "SCRYPT_N", 2**8)


@pytest.fixture
def project(tmp_path: Path) -> Project:
    db = Database.create(tmp_path / "proj", "test project")
    with db.write() as conn:
        users = {
            "root": create_user(conn, "root", PASSWORD, Role.ADMIN),
            "alice": create_user(conn, "alice", PASSWORD, Role.ANNOTATOR),
            "bob": create_user(conn, "bob", PASSWORD, Role.ANNOTATOR),
            "carol": create_user(conn, "carol", PASSWORD, Role.ANNOTATOR),
            "judy": create_user(conn, "judy", PASSWORD, Role.ADJUDICATOR),
        }
        import_documents(conn, synthetic_documents())
        keys = {str(r[1]): int(r[0]) for r in conn.execute("SELECT id, doc_id FROM documents")}
        assign(conn, [keys["note-1"], keys["note-2"]], [users["alice"].id, users["bob"].id])
    return Project(tmp_path / "proj", db, keys)


@pytest.fixture
def detector() -> FakeDetector:
    return FakeDetector()


@pytest.fixture
def make_client(project: Project, detector: FakeDetector) -> Iterator[Callable[..., object]]:
    with warnings.catch_warnings():  # starlette prefers httpx2; httpx works the same here
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient

    from deidkit.annotate.app import create_app

    app = create_app(project.path, model_loader=lambda name, lang: detector)
    clients: list[TestClient] = []

    def make(username: str | None = None):
        client = TestClient(app, base_url="http://testserver")
        clients.append(client)
        if username is not None:
            client.headers["x-csrf-token"] = login(client, username)
        return client

    yield make
    for client in clients:
        client.close()
