"""The real server: saves survive a killed process, and its log holds no note text."""

from __future__ import annotations

import httpx

from annotate.server import server_process
from annotate.support import NOTE_1, login


def test_a_saved_span_survives_killing_the_server(project, tmp_path):
    key = project.keys["note-1"]
    start = NOTE_1.index("John Smith")
    log = tmp_path / "server.log"
    with server_process(project.path, log) as (url, process), httpx.Client(base_url=url) as client:
        csrf = login(client, "alice")
        saved = client.post(
            f"/api/documents/{key}/spans",
            json={"start": start, "end": start + 10, "label": "PATIENT"},
            headers={"x-csrf-token": csrf},
        )
        assert saved.status_code == 201
        refused = client.post(
            f"/api/documents/{key}/spans",
            json={"start": "John Smith", "end": 3, "label": "PATIENT"},
            headers={"x-csrf-token": csrf},
        )
        assert refused.status_code == 422
        process.kill()
        process.wait(timeout=10)
    with project.db.read() as conn:
        rows = conn.execute('SELECT start, "end", label FROM annotations').fetchall()
    assert [tuple(r) for r in rows] == [(start, start + 10, "PATIENT")]
    text = log.read_text(encoding="utf-8")
    assert f"POST /api/documents/{key}/spans" in text
    for phrase in ("John", "Smith", "Mercy", "617-555"):
        assert phrase not in text
