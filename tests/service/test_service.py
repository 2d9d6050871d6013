"""The REST service: each endpoint, API keys, size limits, JSON errors, and no note text in
logs or error bodies."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

from deidkit.service import ServiceSettings, create_app
from deidkit.service.settings import hash_key

SECRET = "Zorblax Quuxington-Vandersnoot"
"""A distinctive synthetic name: it must never appear in a log line or an error body."""
NOTE = f"Seen by Dr. {SECRET} on 3/14/2012 at Mercy Hospital. Call 617-555-0199."
API_KEY = "test-api-key-0123456789abcdef"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(ServiceSettings(max_request_bytes=20_000, max_documents=5))) as c:
        yield c


@pytest.fixture(scope="module")
def locked() -> Iterator[TestClient]:
    settings = ServiceSettings(api_key_hashes=frozenset({hash_key(API_KEY)}))
    with TestClient(create_app(settings)) as c:
        yield c


def test_health_and_models(client: TestClient) -> None:
    health = client.get("/health")
    assert health.status_code == 200 and health.json()["status"] == "ok"
    models = {row["name"]: row for row in client.get("/models").json()["models"]}
    assert models["en"]["default"] and models["en"]["lang"] == "en"


def test_detect_one_text_and_a_batch(client: TestClient) -> None:
    one = client.post("/detect", json={"text": NOTE}).json()
    found = {(NOTE[s["start"] : s["end"]], s["label"]) for s in one["spans"]}
    assert (SECRET, "DOCTOR") in found and ("3/14/2012", "DATE") in found
    pair = [{"id": "a", "text": NOTE}, {"id": "b", "text": "Lungs clear."}]
    batch = client.post("/detect", json={"documents": pair})
    documents = batch.json()["documents"]
    assert [d["id"] for d in documents] == ["a", "b"]
    assert documents[0]["spans"] == one["spans"] and documents[1]["spans"] == []


def test_deidentify_with_mode_key_and_model_per_request(client: TestClient) -> None:
    tagged = client.post("/deidentify", json={"text": NOTE, "mode": "tag", "model": "en"}).json()
    assert SECRET not in tagged["text"] and "[**DOCTOR**]" in tagged["text"]
    assert tagged["key"] == "random"
    body = {"text": NOTE, "key": "0123456789abcdef-key"}
    first, second = (client.post("/deidentify", json=body).json() for _ in range(2))
    assert first["text"] == second["text"] and SECRET not in first["text"]
    assert first["key"] == "request" and first["mode"] == "surrogate"
    xml = client.post("/deidentify", json={"text": NOTE, "mode": "tag",
                                           "settings": {"tag": "xml"}}).json()  # fmt: skip
    assert '<PHI TYPE="DATE"/>' in xml["text"]


def test_a_batch_of_a_patients_notes_shares_surrogates(client: TestClient) -> None:
    documents = [
        {"id": "n1", "text": "Mr. Quux seen.", "patient_id": "p1",
         "spans": [{"start": 4, "end": 8, "label": "PATIENT"}]},
        {"id": "n2", "text": "Quux called.", "patient_id": "p1",
         "spans": [{"start": 0, "end": 4, "label": "PATIENT"}]},
    ]  # fmt: skip
    reply = client.post("/deidentify", json={"documents": documents, "model": "annotations",
                                             "key": "0123456789abcdef-key",
                                             "with_mapping": True}).json()  # fmt: skip
    first, second = (d["text"] for d in reply["documents"])
    name = first[4 : first.index(" seen")]
    assert name != "Quux" and second.startswith(name)
    assert {entry["original"] for entry in reply["mapping"]} == {"Quux"}


def test_api_keys(locked: TestClient) -> None:
    assert locked.get("/health").status_code == 200
    assert locked.get("/openapi.json").status_code == 200
    refused = locked.post("/detect", json={"text": NOTE})
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "E401"
    wrong = locked.post("/detect", json={"text": NOTE}, headers={"X-API-Key": "nope" * 5})
    assert wrong.status_code == 401
    bearer = locked.post("/detect", json={"text": NOTE},
                         headers={"Authorization": f"Bearer {API_KEY}"})  # fmt: skip
    assert bearer.status_code == 200
    assert locked.get("/models", headers={"X-API-Key": API_KEY}).status_code == 200


def test_size_limits(client: TestClient) -> None:
    huge = client.post("/detect", json={"text": "x" * 30_000})
    assert huge.status_code == 413 and huge.json()["error"]["code"] == "E413"

    def chunks() -> Iterator[bytes]:
        yield b'{"text": "'
        for _ in range(30):
            yield b"y" * 1000
        yield b'"}'

    json_type = {"content-type": "application/json"}
    streamed = client.post("/detect", content=chunks(), headers=json_type)
    assert streamed.status_code == 413
    many = client.post("/detect", json={"documents": [{"id": str(n), "text": "x"} for n in
                                                      range(6)]})  # fmt: skip
    assert many.status_code == 413 and "at most 5" in many.json()["error"]["message"]


def test_errors_are_json_with_a_code(client: TestClient) -> None:
    cases = [
        ({"text": NOTE, "mode": "erase"}, 422, "E422"),
        ({"text": NOTE, "documents": []}, 422, "E422"),
        ({"text": NOTE, "model": "/etc/passwd"}, 404, "E404"),
        ({"text": NOTE, "key": "short"}, 422, "E422"),
        ({"text": NOTE, "mode": "tag", "settings": {"tag": "{oops}"}}, 400, "E200"),
        ({"documents": [{"id": "a", "text": NOTE, "spans": [{"start": 5, "end": 999,
                                                            "label": "DATE"}]}],
          "model": "annotations"}, 400, "E120"),
        ({"documents": [{"id": "a", "text": NOTE}, {"id": "a", "text": NOTE}]}, 400, "E400"),
    ]  # fmt: skip
    for body, status, code in cases:
        reply = client.post("/deidentify", json=body)
        assert (reply.status_code, reply.json()["error"]["code"]) == (status, code), body
        assert SECRET not in reply.text
    missing = client.get("/nowhere")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "E404"


def test_no_note_text_reaches_the_logs(
    client: TestClient, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    caplog.set_level(logging.DEBUG)
    client.post("/detect", json={"text": NOTE})
    client.post("/deidentify", json={"text": NOTE, "with_mapping": True})
    client.post("/deidentify", json={"text": NOTE, "mode": "nonsense"})
    client.post("/detect", json={"text": NOTE + "x" * 30_000})

    from deidkit.service import work

    def explode(*args: object, **kwargs: object) -> object:
        raise ValueError(f"cannot handle {NOTE}")

    monkeypatch.setattr(work, "deidentify", explode)
    crashed = client.post("/deidentify", json={"text": NOTE})
    assert crashed.status_code == 500 and crashed.json()["error"]["code"] == "E500"
    assert SECRET not in crashed.text
    logged = caplog.text + "".join(capsys.readouterr())
    assert "POST /detect 200" in caplog.text and "ValueError" in caplog.text
    assert SECRET not in logged and "3/14/2012" not in logged


def test_openapi_schema_lists_the_endpoints(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert {"/detect", "/deidentify", "/health", "/models"} <= set(schema["paths"])
    assert "ErrorResponse" in schema["components"]["schemas"]


def test_serve_refuses_an_open_address_without_keys(tmp_path: Path) -> None:
    from deidkit.cli.serve import service_settings
    from deidkit.errors import ConfigError

    arguments = dict(api_key_file=None, max_request_mb=1.0, max_documents=10, model_dir=[],
                     key_file=None, lang="en", preload=[])  # fmt: skip
    with pytest.raises(ConfigError, match="api-key-file"):
        service_settings(host="0.0.0.0", **arguments)  # type: ignore[arg-type]
    assert not service_settings(host="127.0.0.1", **arguments).authenticated  # type: ignore[arg-type]
    keys = tmp_path / "keys"
    keys.write_text(API_KEY + "\n")
    arguments["api_key_file"] = keys
    assert service_settings(host="0.0.0.0", **arguments).accepts(API_KEY)  # type: ignore[arg-type]
    keys.write_text("short\n")
    with pytest.raises(ConfigError, match="at least 16"):
        service_settings(host="0.0.0.0", **arguments)  # type: ignore[arg-type]
