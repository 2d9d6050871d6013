"""``deidkit serve`` end to end: a real server process answering over HTTP."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

API_KEY = "serve-test-key-0123456789abcdef"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.slow
def test_the_server_answers_with_api_keys(tmp_path: Path) -> None:
    keys = tmp_path / "keys"
    keys.write_text(API_KEY + "\n")
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-c", "from deidkit.cli.main import run; run()", "serve",
         "--port", str(port), "--api-key-file", str(keys), "--log-level", "warning"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert server.poll() is None and time.monotonic() < deadline
            time.sleep(0.2)
        assert httpx.post(f"{base}/detect", json={"text": "Seen 3/14/2012."}).status_code == 401
        reply = httpx.post(f"{base}/deidentify", json={"text": "Seen 3/14/2012.", "mode": "tag"},
                           headers={"Authorization": f"Bearer {API_KEY}"}, timeout=60)  # fmt: skip
        assert reply.json()["text"] == "Seen [**DATE**]."
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_limit_options_reach_the_workers_settings(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import uvicorn

    from deidkit.cli.main import main
    from deidkit.service.settings import ENV_SETTINGS, ServiceSettings

    calls: list[dict[str, object]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: calls.append(kwargs))
    monkeypatch.setenv(ENV_SETTINGS, "")  # restored after the test
    code = main(["serve", "--request-seconds", "7.5", "--max-concurrent", "2",
                 "--max-response-factor", "9", "--min-response-mb", "0.5",
                 "--max-request-mb", "3", "--max-documents", "20"])  # fmt: skip
    assert code in (0, None) and len(calls) == 1
    settings = ServiceSettings.from_env()
    assert (settings.request_seconds, settings.max_concurrent) == (7.5, 2)
    assert (settings.max_response_factor, settings.min_response_bound) == (9, 512 * 1024)
    assert (settings.max_request_bytes, settings.max_documents) == (3 * 1024 * 1024, 20)
    calls.clear()
    assert main(["serve", "--max-concurrent", "0"]) == 1 and not calls
    assert "--max-concurrent" in capsys.readouterr().err
