"""Accounts, import, assignment, pre-annotation and export, without HTTP."""

from __future__ import annotations

import time

import pytest

from annotate.support import NOTE_1, PASSWORD, FakeDetector
from deidkit.annotate import accounts, adjudication, annotator
from deidkit.annotate import project as contents
from deidkit.annotate.accounts import Role
from deidkit.annotate.consensus import Mode
from deidkit.annotate.db import Database
from deidkit.annotate.errors import BadRequest, Conflict, Forbidden, NotFound
from deidkit.annotate.export import ExportChoice, export_documents
from deidkit.errors import OutputError
from deidkit.types import Document


def user(db: Database, name: str) -> accounts.User:
    with db.read() as conn:
        return accounts.find_user(conn, name)


# --- accounts -----------------------------------------------------------------------------


def test_passwords_are_salted_scrypt_hashes():
    first, second = accounts.hash_password("s3cret-pass"), accounts.hash_password("s3cret-pass")
    assert first != second and first.startswith("scrypt$") and "s3cret" not in first
    assert accounts.verify_password("s3cret-pass", first)
    assert not accounts.verify_password("s3cret-pasS", first)
    assert not accounts.verify_password("s3cret-pass", "garbage")


def test_roles_include_the_lower_ones():
    assert Role.ADMIN.allows(Role.ADJUDICATOR) and Role.ADJUDICATOR.allows(Role.ANNOTATOR)
    assert not Role.ANNOTATOR.allows(Role.ADJUDICATOR)
    with pytest.raises(BadRequest):
        accounts.parse_role("superuser")


@pytest.mark.parametrize("name", ["", "has space", "x" * 65, "semi;colon"])
def test_bad_user_names_are_refused(project, name):
    with project.db.write() as conn, pytest.raises(BadRequest):
        accounts.create_user(conn, name, PASSWORD, Role.ANNOTATOR)


def test_sessions_expire_when_idle(project, monkeypatch):
    with project.db.write() as conn:
        alice = accounts.find_user(conn, "alice")
        token, csrf = accounts.start_session(conn, alice)
    with project.db.read() as conn:
        session, _ = accounts.load_session(conn, token)
        assert session.user == alice and session.csrf_token == csrf
        assert accounts.load_session(conn, "forged") is None
    later = time.time() + accounts.SESSION_IDLE_SECONDS + 10
    monkeypatch.setattr("deidkit.annotate.accounts.now", lambda: later)
    with project.db.read() as conn:
        assert accounts.load_session(conn, token) is None


def test_a_project_is_created_once(project):
    with pytest.raises(OutputError):
        Database.create(project.path, "again")
    with pytest.raises(NotFound):
        Database.open(project.path / "nothing-here")


# --- import and assignment ----------------------------------------------------------------


def test_import_keeps_metadata_and_skips_known_ids(project):
    document = Document(
        "note-7",
        "Seen 01/02/2003.",
        patient_id="p9",
        note_type="progress",
        metadata={"ward": "4B"},
    )
    with project.db.write() as conn:
        result = project_import(conn, [document, Document("note-1", "other text")])
    assert (result.added, result.skipped) == (1, 1)
    with project.db.read() as conn:
        stored = contents.get_document(conn, contents.document_key(conn, "note-7")).to_document()
    assert stored == document


def project_import(conn, documents):
    return contents.import_documents(conn, documents, spans=contents.SpanPolicy.SUGGEST)


def test_round_robin_gives_each_document_k_annotators(project):
    ids = [user(project.db, n).id for n in ("alice", "bob", "carol")]
    with project.db.write() as conn:
        keys = contents.import_documents(conn, [Document(f"x{i}", "text") for i in range(6)])
        keys = [contents.document_key(conn, f"x{i}") for i in range(6)]
        made = contents.assign(conn, keys, ids, per_document=2)
        again = contents.assign(conn, keys, ids, per_document=2)
        counts = [
            conn.execute("SELECT COUNT(*) FROM assignments WHERE document_id = ?", (k,)).fetchone()[
                0
            ]
            for k in keys
        ]
        per_user = [
            conn.execute(
                "SELECT COUNT(*) FROM assignments WHERE user_id = ? AND document_id IN "
                f"({','.join('?' * len(keys))})",
                (u, *keys),
            ).fetchone()[0]
            for u in ids
        ]
    assert made == 12 and again == 0 and counts == [2] * 6 and per_user == [4, 4, 4]
    with project.db.write() as conn, pytest.raises(BadRequest):
        contents.assign(conn, keys, ids, per_document=4)


# --- pre-annotation -----------------------------------------------------------------------


def test_preannotation_stores_suggestions_once(project):
    detector = FakeDetector()
    with project.db.write() as conn:
        assert contents.preannotate(conn, detector, source="fake") == 3
        assert contents.preannotate(conn, detector, source="fake") == 0
        assert contents.preannotate(conn, detector, source="fake", replace=True) == 3
        rows = conn.execute(
            "SELECT start, label FROM suggestions WHERE document_id = ? ORDER BY start",
            (project.keys["note-1"],),
        ).fetchall()
        total = conn.execute("SELECT COUNT(*) FROM suggestions").fetchone()[0]
    assert detector.calls == 2 and total == 3
    assert [tuple(r) for r in rows] == [
        (NOTE_1.index("John"), "PATIENT"),
        (NOTE_1.index("Mercy"), "PATIENT"),
    ]


class LosesDocuments:
    def predict(self, documents):
        return list(documents)[1:]


class RenamesDocuments:
    def predict(self, documents):
        return [Document(d.id + "x", d.text) for d in documents]


@pytest.mark.parametrize("detector", [LosesDocuments(), RenamesDocuments()])
def test_a_detector_breaking_the_contract_is_refused(project, detector):
    with pytest.raises(Conflict, match="Detector contract"), project.db.write() as conn:
        contents.preannotate(conn, detector, source="bad")
    with project.db.read() as conn:
        assert conn.execute("SELECT COUNT(*) FROM suggestions").fetchone()[0] == 0


# --- annotation and adjudication rules ----------------------------------------------------


def test_annotator_functions_check_the_assignment(project):
    carol = user(project.db, "carol")
    key = project.keys["note-1"]
    with project.db.write() as conn:
        with pytest.raises(Forbidden):
            annotator.add_span(conn, key, carol, 8, 18, "PATIENT")
        with pytest.raises(Forbidden):
            adjudication.start(conn, key, carol, Mode.MAJORITY)


def test_export_modes_and_unfinished_documents(project):
    alice, bob, judy = (user(project.db, n) for n in ("alice", "bob", "judy"))
    key = project.keys["note-1"]
    john = (NOTE_1.index("John"), NOTE_1.index("John") + len("John Smith"))
    mercy = (NOTE_1.index("Mercy"), NOTE_1.index("Mercy") + len("Mercy Hospital"))
    with project.db.write() as conn:
        annotator.add_span(conn, key, alice, *john, "PATIENT")
        annotator.add_span(conn, key, bob, *john, "PATIENT")
        annotator.add_span(conn, key, bob, *mercy, "HOSPITAL")
        annotator.set_status(conn, key, alice, annotator.Status.DONE)

    def spans(choice):
        with project.db.read() as conn:
            return {
                d.id: [(s.start, s.end, s.label) for s in d.spans]
                for d in export_documents(conn, choice)
            }

    assert spans(ExportChoice(contents.ExportMode.UNION)) == {}
    unfinished = spans(ExportChoice(contents.ExportMode.UNION, include_unfinished=True))
    assert unfinished["note-1"] == [(*john, "PATIENT"), (*mercy, "HOSPITAL")]
    assert unfinished["note-2"] == []
    majority = spans(ExportChoice(contents.ExportMode.MAJORITY, include_unfinished=True))
    assert majority["note-1"] == [(*john, "PATIENT")]
    assert spans(ExportChoice(annotator="alice")) == {"note-1": [(*john, "PATIENT")]}
    with project.db.write() as conn:
        adjudication.start(conn, key, judy, Mode.UNION)
    assert spans(ExportChoice()) == {}
    assert spans(ExportChoice(include_unfinished=True))["note-1"][1][2] == "HOSPITAL"
    with project.db.write() as conn:
        adjudication.set_status(conn, key, judy, adjudication.AdjudicationStatus.ADJUDICATED)
    with project.db.read() as conn:
        (document,) = export_documents(conn, ExportChoice())
    assert document.text == NOTE_1 and {s.source for s in document.spans} == {
        "annotate:adjudicated"
    }
    with pytest.raises(BadRequest), project.db.read() as conn:
        export_documents(conn, ExportChoice(annotator="nobody"))
