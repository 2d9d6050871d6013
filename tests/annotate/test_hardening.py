"""Hostile input to the annotation app: throttle keys, file modes (issue 18)."""

from __future__ import annotations

import stat

import pytest

from annotate.support import PASSWORD
from deidkit.annotate.accounts import normalize_username
from deidkit.annotate.db import Database


def _token(client) -> str:
    return client.get("/login").text.split('name="csrf_token" value="')[1].split('"')[0]


@pytest.mark.parametrize("variant", [" bob", "bob ", "\tbob", "bob\u00a0", "BOB", "ｂｏｂ"])
def test_name_variants_share_one_failure_count(make_client, variant):
    client = make_client()
    for _ in range(10):
        client.post(
            "/login", data={"username": "bob", "password": "x" * 9, "csrf_token": _token(client)}
        )
    response = client.post(
        "/login", data={"username": variant, "password": "y" * 9, "csrf_token": _token(client)}
    )
    assert response.status_code == 429
    response = client.post(
        "/login", data={"username": variant, "password": PASSWORD, "csrf_token": _token(client)}
    )
    assert response.status_code == 429


def test_normalized_names_still_log_in(make_client):
    client = make_client()
    response = client.post(
        "/login",
        data={"username": " ALICE\u00a0", "password": PASSWORD, "csrf_token": _token(client)},
        follow_redirects=False,
    )
    assert response.status_code == 303


def test_normalize_username_is_nfkc_stripped_casefolded():
    assert normalize_username("\tＡｌｉｃｅ\u00a0") == "alice"
    assert normalize_username("Straße") == "strasse"


def test_database_file_and_folder_are_private(tmp_path):
    db = Database.create(tmp_path / "proj", "private project")
    assert stat.S_IMODE((tmp_path / "proj").stat().st_mode) == 0o700
    with db.read() as conn:
        conn.execute("SELECT 1").fetchone()
    for path in (tmp_path / "proj").iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path.name


MARKER = "QXZMARKER"
BAD_IMPORTS = {
    "lone surrogate": '{"id": "x1", "text": "Seen \\ud800 ' + MARKER + '"}',
    "integer patient_id": '{"id": "x2", "text": "' + MARKER + '", "patient_id": 12}',
    "deep nesting": '{"id": "x3", "text": "x", "metadata": ' + "[" * 50_000 + "]" * 50_000 + "}",
    "1e999 offset": '{"id": "x4", "text": "' + MARKER + '", "spans": [{"start": 1e999, '
    '"end": 3, "label": "DATE"}]}',
    "unknown label": '{"id": "x5", "text": "' + MARKER + '", "spans": [{"start": 0, "end": 3, '
    '"label": "' + MARKER + '"}]}',
}


@pytest.mark.parametrize("case", BAD_IMPORTS)
def test_bad_imports_answer_400_without_their_values(make_client, case):
    root = make_client("root")
    files = {"corpus": ("bad.jsonl", BAD_IMPORTS[case].encode("utf-8"), "application/json")}
    response = root.post("/admin/import", data={"spans": "suggest"}, files=files)
    assert response.status_code == 400
    assert MARKER not in response.text


def test_csv_without_header_does_not_show_its_first_row(make_client):
    root = make_client("root")
    row = f"n1,{MARKER} seen by Dr. Quux\n"
    files = {"corpus": ("bad.csv", row.encode("utf-8"), "text/csv")}
    response = root.post("/admin/import", data={"format": "csv"}, files=files)
    assert response.status_code == 400
    assert MARKER not in response.text
