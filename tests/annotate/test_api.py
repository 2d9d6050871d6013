"""The web app's actions and permissions, through HTTP (FastAPI TestClient)."""

from __future__ import annotations

import io
import json
import logging
import zipfile

import pytest

from annotate.support import NOTE_1, NOTE_2, PASSWORD, login


def offsets(text: str, phrase: str) -> tuple[int, int]:
    start = text.index(phrase)
    return start, start + len(phrase)


def add(client, key: int, text: str, phrase: str, label: str, **extra):
    start, end = offsets(text, phrase)
    return client.post(
        f"/api/documents/{key}/spans", json={"start": start, "end": end, "label": label, **extra}
    )


# --- logging in -------------------------------------------------------------------------


def test_pages_and_api_need_a_login(make_client, project):
    client = make_client()
    assert client.get("/api/documents").status_code == 401
    page = client.get("/", follow_redirects=False)
    assert page.status_code == 303 and page.headers["location"].startswith("/login")
    assert client.get("/admin", follow_redirects=False).status_code == 303


def test_wrong_password_is_refused_without_saying_which_part(make_client):
    client = make_client()
    page = client.get("/login")
    token = page.text.split('name="csrf_token" value="')[1].split('"')[0]
    for name in ("alice", "nobody"):
        response = client.post(
            "/login", data={"username": name, "password": "wrong-pass", "csrf_token": token}
        )
        assert response.status_code == 401
        assert "Wrong user name or password" in response.text
        token = response.text.split('name="csrf_token" value="')[1].split('"')[0]
    assert client.get("/api/documents").status_code == 401


def test_login_form_needs_its_csrf_token(make_client):
    client = make_client()
    client.get("/login")
    response = client.post(
        "/login", data={"username": "alice", "password": PASSWORD, "csrf_token": "forged"}
    )
    assert response.status_code == 403


def test_repeated_failures_block_the_user_name(make_client):
    client = make_client()
    for _ in range(10):
        token = client.get("/login").text.split('name="csrf_token" value="')[1].split('"')[0]
        client.post("/login", data={"username": "bob", "password": "x" * 9, "csrf_token": token})
    token = client.get("/login").text.split('name="csrf_token" value="')[1].split('"')[0]
    response = client.post(
        "/login", data={"username": "bob", "password": PASSWORD, "csrf_token": token}
    )
    assert response.status_code == 429


def test_logout_ends_the_session(make_client):
    client = make_client("alice")
    assert client.post("/logout", follow_redirects=False).status_code == 303
    assert client.get("/api/documents").status_code == 401


def test_session_cookie_is_http_only_and_same_site(make_client):
    client = make_client()
    token = client.get("/login").text.split('name="csrf_token" value="')[1].split('"')[0]
    response = client.post(
        "/login",
        data={"username": "alice", "password": PASSWORD, "csrf_token": token},
        follow_redirects=False,
    )
    cookie = [v for k, v in response.headers.multi_items() if k == "set-cookie"]
    session = next(c for c in cookie if c.startswith("deidkit_session="))
    assert "HttpOnly" in session and "SameSite=strict" in session


# --- CSRF and origin ----------------------------------------------------------------------


def test_writes_need_the_csrf_token(make_client, project):
    client = make_client()
    csrf = login(client, "alice")
    key = project.keys["note-1"]
    body = {"start": 8, "end": 18, "label": "PATIENT"}
    assert client.post(f"/api/documents/{key}/spans", json=body).status_code == 403
    wrong = {"x-csrf-token": "not-the-token"}
    assert client.post(f"/api/documents/{key}/spans", json=body, headers=wrong).status_code == 403
    right = {"x-csrf-token": csrf}
    assert client.post(f"/api/documents/{key}/spans", json=body, headers=right).status_code == 201


def test_form_posts_need_the_csrf_field(make_client):
    client = make_client()
    csrf = login(client, "root")
    data = {"username": "dave", "password": PASSWORD, "role": "annotator"}
    assert client.post("/admin/users", data=data).status_code == 403
    response = client.post(
        "/admin/users", data={**data, "csrf_token": csrf}, follow_redirects=False
    )
    assert response.status_code == 303


def test_cross_origin_writes_are_refused(make_client, project):
    client = make_client("alice")
    response = client.post(
        f"/api/documents/{project.keys['note-1']}/spans",
        json={"start": 8, "end": 18, "label": "PATIENT"},
        headers={"origin": "http://evil.example"},
    )
    assert response.status_code == 403


def test_responses_carry_security_headers(make_client):
    client = make_client("alice")
    response = client.get("/")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    assert response.headers["cache-control"] == "no-store"
    assert response.headers["x-frame-options"] == "DENY"


# --- the annotator ------------------------------------------------------------------------


def test_annotator_adds_changes_and_deletes_spans(make_client, project):
    client = make_client("alice")
    key = project.keys["note-1"]
    state = client.get(f"/api/documents/{key}").json()
    assert state["text"] == NOTE_1 and state["spans"] == [] and state["status"] == "assigned"
    assert [NOTE_1[s:e] for s, e in state["tokens"][:3]] == ["Patient", "John", "Smith"]
    response = add(client, key, NOTE_1, "John Smith", "DOCTOR")
    assert response.status_code == 201
    span = response.json()["span"]
    assert (span["start"], span["end"]) == offsets(NOTE_1, "John Smith")
    assert response.json()["status"] == "in_progress"
    changed = client.patch(f"/api/documents/{key}/spans/{span['id']}", json={"label": "PATIENT"})
    assert changed.json()["spans"][0]["label"] == "PATIENT"
    widened = client.patch(
        f"/api/documents/{key}/spans/{span['id']}", json={"start": 0, "end": span["end"]}
    )
    assert widened.json()["spans"][0]["start"] == 0
    deleted = client.delete(f"/api/documents/{key}/spans/{span['id']}")
    assert deleted.json()["spans"] == []
    with project.db.read() as conn:
        assert conn.execute("SELECT COUNT(*) FROM annotations").fetchone()[0] == 0


def test_white_space_is_trimmed_and_bad_spans_refused(make_client, project):
    client = make_client("alice")
    key = project.keys["note-1"]
    start, end = offsets(NOTE_1, "John Smith")
    response = client.post(
        f"/api/documents/{key}/spans", json={"start": start - 1, "end": end + 1, "label": "PATIENT"}
    )
    assert (response.json()["span"]["start"], response.json()["span"]["end"]) == (start, end)
    for body in (
        {"start": 5, "end": 5, "label": "PATIENT"},
        {"start": 0, "end": 10_000, "label": "PATIENT"},
        {"start": 7, "end": 8, "label": "PATIENT"},
        {"start": 0, "end": 3, "label": "John Smith"},
    ):
        response = client.post(f"/api/documents/{key}/spans", json=body)
        assert response.status_code == 400, body
        assert "John" not in response.text


def test_overlapping_spans_conflict_unless_replaced(make_client, project):
    client = make_client("alice")
    key = project.keys["note-1"]
    first = add(client, key, NOTE_1, "John", "PATIENT").json()["span"]
    clash = add(client, key, NOTE_1, "John Smith", "PATIENT")
    assert clash.status_code == 409
    replaced = add(client, key, NOTE_1, "John Smith", "PATIENT", replace=[first["id"]])
    assert replaced.status_code == 201
    assert [(s["start"], s["end"]) for s in replaced.json()["spans"]] == [
        offsets(NOTE_1, "John Smith")
    ]


def test_annotator_never_sees_or_touches_another_annotators_spans(make_client, project):
    alice, bob = make_client("alice"), make_client("bob")
    key = project.keys["note-1"]
    bob_span = add(bob, key, NOTE_1, "Mercy Hospital", "HOSPITAL").json()["span"]
    add(alice, key, NOTE_1, "John Smith", "PATIENT")
    state = alice.get(f"/api/documents/{key}").json()
    assert [s["label"] for s in state["spans"]] == ["PATIENT"]
    assert "HOSPITAL" not in json.dumps(state)
    assert (
        alice.patch(
            f"/api/documents/{key}/spans/{bob_span['id']}", json={"label": "CITY"}
        ).status_code
        == 404
    )
    assert alice.delete(f"/api/documents/{key}/spans/{bob_span['id']}").status_code == 404
    assert [s["label"] for s in bob.get(f"/api/documents/{key}").json()["spans"]] == ["HOSPITAL"]


def test_unassigned_documents_are_forbidden(make_client, project):
    carol = make_client("carol")
    key = project.keys["note-1"]
    assert carol.get(f"/api/documents/{key}").status_code == 403
    assert add(carol, key, NOTE_1, "John", "PATIENT").status_code == 403
    assert carol.get(f"/documents/{key}").status_code == 403
    assert carol.get("/api/documents").json() == []
    assert carol.get("/api/documents/9999").status_code == 404


def test_suggestions_are_accepted_or_rejected_per_annotator(make_client, project):
    root = make_client("root")
    response = root.post("/admin/preannotate", data={"model": "fake"}, follow_redirects=False)
    assert response.status_code == 303 and "notice=preannotated&n=3" in response.headers["location"]
    alice, bob = make_client("alice"), make_client("bob")
    key = project.keys["note-1"]
    suggestions = alice.get(f"/api/documents/{key}").json()["suggestions"]
    texts = {NOTE_1[s["start"] : s["end"]]: s for s in suggestions}
    assert set(texts) == {"John Smith", "Mercy Hospital"}
    accepted = alice.post(
        f"/api/documents/{key}/suggestions/{texts['John Smith']['id']}", json={"decision": "accept"}
    ).json()
    assert [(s["label"], NOTE_1[s["start"] : s["end"]]) for s in accepted["spans"]] == [
        ("PATIENT", "John Smith")
    ]
    relabelled = alice.post(
        f"/api/documents/{key}/suggestions/{texts['Mercy Hospital']['id']}",
        json={"decision": "accept", "label": "HOSPITAL"},
    ).json()
    assert relabelled["suggestions"] == []
    assert {s["label"] for s in relabelled["spans"]} == {"PATIENT", "HOSPITAL"}
    rejected = bob.post(
        f"/api/documents/{key}/suggestions/{texts['John Smith']['id']}", json={"decision": "reject"}
    ).json()
    assert rejected["spans"] == [] and len(rejected["suggestions"]) == 1
    missing = bob.post(f"/api/documents/{key}/suggestions/9999", json={"decision": "reject"})
    assert missing.status_code == 404


def test_deleting_an_accepted_suggestion_does_not_bring_it_back(make_client, project):
    make_client("root").post("/admin/preannotate", data={"model": "fake"})
    alice = make_client("alice")
    key = project.keys["note-2"]
    suggestion = alice.get(f"/api/documents/{key}").json()["suggestions"][0]
    state = alice.post(
        f"/api/documents/{key}/suggestions/{suggestion['id']}", json={"decision": "accept"}
    ).json()
    state = alice.delete(f"/api/documents/{key}/spans/{state['spans'][0]['id']}").json()
    assert state["spans"] == [] and state["suggestions"] == []


def test_marking_done_and_reopening(make_client, project):
    alice = make_client("alice")
    key = project.keys["note-2"]
    assert (
        alice.post(f"/api/documents/{key}/status", json={"status": "done"}).json()["status"]
        == "done"
    )
    assert alice.get("/api/documents").json()[1]["status"] == "done"
    reopened = alice.post(f"/api/documents/{key}/status", json={"status": "in_progress"})
    assert reopened.json()["status"] == "in_progress"
    assert (
        alice.post(f"/api/documents/{key}/status", json={"status": "assigned"}).status_code == 400
    )
    assert alice.post(f"/api/documents/{key}/status", json={"status": "bogus"}).status_code == 422


def test_annotator_pages_render(make_client, project):
    alice = make_client("alice")
    home = alice.get("/")
    assert "note-1" in home.text and "note-3" not in home.text
    page = alice.get(f"/documents/{project.keys['note-1']}")
    assert page.status_code == 200 and "/static/annotate.js" in page.text
    assert NOTE_1[:20] not in page.text  # the text comes from the API, not the HTML
    assert alice.get("/static/annotate.js").status_code == 200


# --- permissions of the other roles ---------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/api/adjudication", None),
        ("GET", "/api/adjudication/{key}", None),
        ("POST", "/api/adjudication/{key}/start", {"mode": "majority"}),
        ("PUT", "/api/adjudication/{key}/region", {"start": 0, "end": 5, "spans": []}),
        ("POST", "/api/adjudication/{key}/gold", {"start": 8, "end": 18, "label": "PATIENT"}),
        ("PATCH", "/api/adjudication/{key}/gold/1", {"label": "DOCTOR"}),
        ("DELETE", "/api/adjudication/{key}/gold/1", None),
        ("POST", "/api/adjudication/{key}/status", {"status": "adjudicated"}),
        ("GET", "/api/report", None),
        ("GET", "/adjudicate", None),
        ("GET", "/adjudicate/{key}", None),
        ("GET", "/report", None),
        ("GET", "/report.csv", None),
        ("GET", "/admin", None),
        ("GET", "/admin/export?format=jsonl", None),
    ],
)
def test_annotators_cannot_adjudicate_or_see_reports(make_client, project, method, path, body):
    alice = make_client("alice")
    url = path.format(key=project.keys["note-1"])
    response = alice.request(method, url, json=body)
    assert response.status_code == 403, response.text


@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("/admin/users", {"username": "eve", "password": PASSWORD, "role": "admin"}),
        ("/admin/users/2", {"role": "admin"}),
        ("/admin/assign", {"users": "3", "documents": "all"}),
        ("/admin/unassign", {"users": "3", "doc_ids": "note-1"}),
        ("/admin/preannotate", {"model": "fake"}),
    ],
)
@pytest.mark.parametrize("who", ["alice", "judy"])
def test_only_admins_manage_the_project(make_client, path, data, who):
    client = make_client()
    csrf = login(client, who)
    response = client.post(path, data={**data, "csrf_token": csrf})
    assert response.status_code == 403
    assert client.get("/admin/users").status_code == 403


def test_only_admins_import(make_client):
    judy = make_client()
    csrf = login(judy, "judy")
    files = {"corpus": ("more.jsonl", b'{"id": "x", "text": "Hi"}\n', "application/json")}
    assert judy.post("/admin/import", data={"csrf_token": csrf}, files=files).status_code == 403


# --- adjudication -------------------------------------------------------------------------


def _two_annotators(make_client, project):
    alice, bob = make_client("alice"), make_client("bob")
    key = project.keys["note-1"]
    add(alice, key, NOTE_1, "John Smith", "PATIENT")
    add(alice, key, NOTE_1, "03/14/2012", "DATE")
    add(bob, key, NOTE_1, "John Smith", "PATIENT")
    add(bob, key, NOTE_1, "Mercy Hospital", "HOSPITAL")
    for client in (alice, bob):
        client.post(f"/api/documents/{key}/status", json={"status": "done"})
    return key


def test_adjudication_starts_from_the_majority_and_shows_every_choice(make_client, project):
    key = _two_annotators(make_client, project)
    judy = make_client("judy")
    before = judy.get(f"/api/adjudication/{key}").json()
    assert before["status"] == "not_started" and before["gold"] == []
    state = judy.post(f"/api/adjudication/{key}/start", json={"mode": "majority"}).json()
    assert state["status"] == "in_progress"
    assert [(g["label"], NOTE_1[g["start"] : g["end"]]) for g in state["gold"]] == [
        ("PATIENT", "John Smith")
    ]
    rows = {NOTE_1[c["start"] : c["end"]]: c for c in state["candidates"]}
    assert set(rows) == {"John Smith", "03/14/2012", "Mercy Hospital"}
    assert rows["03/14/2012"]["choices"]["bob"] == []
    assert rows["03/14/2012"]["choices"]["alice"][0][2] == "DATE"
    assert [o["annotators"] for o in rows["John Smith"]["options"]] == [["alice", "bob"]]
    assert judy.post(f"/api/adjudication/{key}/start", json={"mode": "union"}).status_code == 409
    union = judy.post(f"/api/adjudication/{key}/start", json={"mode": "union", "reset": True})
    assert len(union.json()["gold"]) == 3 and union.json()["mode"] == "union"


def test_adjudicator_accepts_rejects_and_edits(make_client, project):
    key = _two_annotators(make_client, project)
    judy = make_client("judy")
    state = judy.post(f"/api/adjudication/{key}/start", json={"mode": "majority"}).json()
    date = next(c for c in state["candidates"] if NOTE_1[c["start"] : c["end"]] == "03/14/2012")
    accepted = judy.put(
        f"/api/adjudication/{key}/region",
        json={"start": date["start"], "end": date["end"], "spans": date["options"][0]["spans"]},
    ).json()
    assert {g["label"] for g in accepted["gold"]} == {"PATIENT", "DATE"}
    rejected = judy.put(
        f"/api/adjudication/{key}/region",
        json={"start": date["start"], "end": date["end"], "spans": []},
    ).json()
    assert {g["label"] for g in rejected["gold"]} == {"PATIENT"}
    start, end = offsets(NOTE_1, "617-555-1234")
    added = judy.post(
        f"/api/adjudication/{key}/gold", json={"start": start, "end": end, "label": "PHONE"}
    ).json()
    phone = next(g for g in added["gold"] if g["label"] == "PHONE")
    assert any(c["gold"] and c["choices"]["alice"] == [] for c in added["candidates"])
    changed = judy.patch(f"/api/adjudication/{key}/gold/{phone['id']}", json={"label": "FAX"})
    assert {g["label"] for g in changed.json()["gold"]} == {"PATIENT", "FAX"}
    deleted = judy.delete(f"/api/adjudication/{key}/gold/{phone['id']}").json()
    assert {g["label"] for g in deleted["gold"]} == {"PATIENT"}
    assert judy.delete(f"/api/adjudication/{key}/gold/{phone['id']}").status_code == 404
    done = judy.post(f"/api/adjudication/{key}/status", json={"status": "adjudicated"}).json()
    assert done["status"] == "adjudicated"
    overview = judy.get("/api/adjudication").json()
    assert overview[0]["status"] == "adjudicated" and overview[0]["done"] == 2


def test_gold_spans_may_not_overlap(make_client, project):
    key = _two_annotators(make_client, project)
    judy = make_client("judy")
    judy.post(f"/api/adjudication/{key}/start", json={"mode": "majority"})
    start, end = offsets(NOTE_1, "Patient John")
    clash = judy.post(
        f"/api/adjudication/{key}/gold", json={"start": start, "end": end, "label": "PATIENT"}
    )
    assert clash.status_code == 409
    bad = judy.put(
        f"/api/adjudication/{key}/region",
        json={"start": 0, "end": 20, "spans": [[0, 12, "PATIENT"], [8, 18, "PATIENT"]]},
    )
    assert bad.status_code == 400


def test_report_and_csv(make_client, project):
    key = _two_annotators(make_client, project)
    judy = make_client("judy")
    judy.post(f"/api/adjudication/{key}/start", json={"mode": "union"})
    judy.post(f"/api/adjudication/{key}/status", json={"status": "adjudicated"})
    report = judy.get("/api/report").json()
    assert report["adjudicated"] == 1
    by_who = {(s["subject"], s["label"]): s for s in report["annotators"]}
    # gold = union: John Smith (2 tokens), 03/14/2012 (1), Mercy Hospital (2) = 5 tokens
    assert by_who[("alice", "ALL")]["tp"] == 3 and by_who[("alice", "ALL")]["fn"] == 2
    assert by_who[("bob", "ALL")]["sensitivity"] == pytest.approx(4 / 5)
    assert by_who[("bob", "ALL")]["ppv"] == 1.0
    assert [g["size"] for g in report["groups"]] == [1, 2]
    assert report["groups"][1]["sensitivity"] == [1.0, 1.0, 1.0]
    csv_text = judy.get("/report.csv").text
    assert csv_text.splitlines()[0].startswith("table,subject,other,label")
    assert "annotator,alice,,ALL,1" in csv_text
    page = judy.get("/report")
    assert page.status_code == 200 and "Cohen" in page.text


def test_export_downloads_the_gold(make_client, project):
    key = _two_annotators(make_client, project)
    judy = make_client("judy")
    judy.post(f"/api/adjudication/{key}/start", json={"mode": "majority"})
    empty = judy.get("/admin/export?format=jsonl&mode=adjudicated")
    assert empty.status_code == 200 and empty.content == b""
    judy.post(f"/api/adjudication/{key}/status", json={"status": "adjudicated"})
    response = judy.get("/admin/export?format=jsonl&mode=adjudicated")
    assert response.status_code == 200
    assert 'filename="annotate-adjudicated.jsonl"' in response.headers["content-disposition"]
    (line,) = response.text.splitlines()
    exported = json.loads(line)
    assert exported["id"] == "note-1" and exported["text"] == NOTE_1
    assert [(s["start"], s["end"], s["label"]) for s in exported["spans"]] == [
        (*offsets(NOTE_1, "John Smith"), "PATIENT")
    ]
    union = judy.get("/admin/export?format=jsonl&mode=union").text.splitlines()
    assert [json.loads(x)["id"] for x in union] == ["note-1"]
    assert len(json.loads(union[0])["spans"]) == 3
    brat = judy.get("/admin/export?format=brat&mode=union")
    names = zipfile.ZipFile(io.BytesIO(brat.content)).namelist()
    assert "annotate-union/note-1.ann" in names and "annotate-union/note-1.txt" in names
    alice = judy.get("/admin/export?format=jsonl&annotator=alice").text
    assert [s["label"] for s in json.loads(alice)["spans"]] == ["PATIENT", "DATE"]
    assert judy.get("/admin/export?format=nope").status_code == 400


# --- administration -----------------------------------------------------------------------


def test_admin_imports_a_corpus_file(make_client, project):
    root = make_client("root")
    lines = [
        json.dumps(
            {
                "id": "note-9",
                "text": "Seen by Dr. Lee.",
                "spans": [{"start": 12, "end": 15, "label": "DOCTOR"}],
            }
        ),
        json.dumps({"id": "note-1", "text": "duplicate id is skipped"}),
    ]
    files = {"corpus": ("batch.jsonl", "\n".join(lines).encode(), "application/json")}
    response = root.post(
        "/admin/import", data={"spans": "suggest"}, files=files, follow_redirects=False
    )
    assert response.status_code == 303 and "n=1" in response.headers["location"]
    with project.db.read() as conn:
        assert conn.execute("SELECT COUNT(*) FROM documents").fetchone()[0] == 4
        assert conn.execute("SELECT label FROM suggestions").fetchall()[0][0] == "DOCTOR"


def test_admin_imports_a_zipped_folder_format(make_client, project):
    root = make_client("root")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as bundle:
        bundle.writestr("corpus/a.txt", "Mr. Reyes lives in Springfield.")
        bundle.writestr("corpus/a.ann", "T1\tPATIENT 4 9\tReyes\n")
    files = {"corpus": ("corpus.zip", buffer.getvalue(), "application/zip")}
    response = root.post("/admin/import", data={"format": "brat"}, files=files)
    assert response.status_code == 200 and "Imported 1 document" in response.text


def test_import_errors_are_reported_on_the_page(make_client):
    root = make_client("root")
    files = {"corpus": ("bad.jsonl", b"{not json\n", "application/json")}
    response = root.post("/admin/import", data={}, files=files)
    assert response.status_code == 400 and "invalid JSON" in response.text
    evil = io.BytesIO()
    with zipfile.ZipFile(evil, "w") as bundle:
        bundle.writestr("../escape.txt", "x")
    files = {"corpus": ("evil.zip", evil.getvalue(), "application/zip")}
    response = root.post("/admin/import", data={}, files=files)
    assert response.status_code == 400 and "outside its folder" in response.text


def test_admin_assigns_round_robin_and_unassigns(make_client, project):
    root = make_client("root")
    with project.db.read() as conn:
        ids = {str(r[1]): int(r[0]) for r in conn.execute("SELECT id, username FROM users")}
    response = root.post(
        "/admin/assign",
        data={
            "users": [ids["alice"], ids["carol"]],
            "documents": "unassigned",
            "per_document": "1",
        },
        follow_redirects=False,
    )
    assert "n=1" in response.headers["location"]
    carol = make_client("carol")
    carol_docs = carol.get("/api/documents").json()
    alice_docs = make_client("alice").get("/api/documents").json()
    assert len(carol_docs) + len(alice_docs) == 3
    root.post(
        "/admin/unassign",
        data={"users": [ids["alice"]], "doc_ids": "note-1"},
        follow_redirects=False,
    )
    assert [d["doc_id"] for d in make_client("alice").get("/api/documents").json()] != []
    assert "note-1" not in [d["doc_id"] for d in make_client("alice").get("/api/documents").json()]
    bad = root.post("/admin/assign", data={"users": [ids["alice"]], "documents": "listed"})
    assert bad.status_code == 400


def test_admin_manages_users(make_client, project):
    root = make_client("root")
    created = root.post(
        "/admin/users",
        data={"username": "dave", "password": PASSWORD, "role": "adjudicator"},
        follow_redirects=False,
    )
    assert created.status_code == 303
    duplicate = root.post("/admin/users", data={"username": "DAVE", "password": PASSWORD})
    assert duplicate.status_code == 400 and "already exists" in duplicate.text
    short = root.post("/admin/users", data={"username": "erin", "password": "short"})
    assert short.status_code == 400
    dave = make_client("dave")
    assert dave.get("/api/adjudication").status_code == 200
    with project.db.read() as conn:
        dave_id = conn.execute("SELECT id FROM users WHERE username = 'dave'").fetchone()[0]
        root_id = conn.execute("SELECT id FROM users WHERE username = 'root'").fetchone()[0]
    root.post(f"/admin/users/{dave_id}", data={"active": "0"})
    assert dave.get("/api/adjudication").status_code == 401
    last_admin = root.post(f"/admin/users/{root_id}", data={"role": "annotator"})
    assert last_admin.status_code == 400 and "last active admin" in last_admin.text
    root.post(f"/admin/users/{dave_id}", data={"active": "1", "password": "another-pass-9"})
    dave = make_client()
    login(dave, "dave", "another-pass-9")
    assert dave.get("/api/adjudication").status_code == 200
    page = root.get("/admin/users")
    assert "dave" in page.text


def test_admin_page_lists_documents(make_client):
    page = make_client("root").get("/admin")
    assert page.status_code == 200
    assert "note-1" in page.text and "alice: assigned" in page.text


# --- privacy ------------------------------------------------------------------------------


def test_errors_and_logs_carry_no_note_text(make_client, project, monkeypatch, caplog):
    from deidkit.annotate import annotator

    def broken(*args, **kwargs):
        raise ValueError(f"failed on {NOTE_2}")

    monkeypatch.setattr(annotator, "annotator_state", broken)
    alice = make_client("alice")
    with caplog.at_level(logging.DEBUG):
        response = alice.get(f"/api/documents/{project.keys['note-2']}")
    assert response.status_code == 500
    assert "internal error" in response.json()["error"]
    assert "Alice Brown" not in response.text
    assert "ValueError" in caplog.text and "Alice Brown" not in caplog.text


def test_validation_errors_do_not_echo_the_request(make_client, project):
    alice = make_client("alice")
    response = alice.post(
        f"/api/documents/{project.keys['note-1']}/spans",
        json={"start": "John Smith", "end": 4, "label": "PATIENT"},
    )
    assert response.status_code == 422
    assert "John" not in response.text


def test_oversized_requests_are_refused(make_client, project):
    alice = make_client("alice")
    response = alice.post(
        f"/api/documents/{project.keys['note-1']}/spans",
        content=b'{"start": 1, "end": 2, "label": "' + b"x" * (3 << 20) + b'"}',
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 413


def test_oversized_streamed_requests_are_refused(make_client, project):
    alice = make_client("alice")

    def chunks():
        for _ in range(4):
            yield b"x" * (1 << 20)

    response = alice.post(
        f"/api/documents/{project.keys['note-1']}/spans",
        content=chunks(),
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 413
