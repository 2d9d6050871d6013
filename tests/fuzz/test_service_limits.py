"""The service's time budget, concurrency limit and response bound (issue 18, item 2)."""

from __future__ import annotations

import contextlib
import threading
import time

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

from deidkit.service import ServiceSettings, create_app

LINE = "Seen by Dr. Quux Zorblax on 3/14/2012 at Mercy Hospital, call 617-555-0199.\n"


def test_a_request_over_its_time_budget_gets_504():
    settings = ServiceSettings(request_seconds=0.5, max_request_bytes=4_000_000)
    with TestClient(create_app(settings)) as client:
        started = time.monotonic()
        reply = client.post("/detect", json={"text": LINE * 20_000})
        elapsed = time.monotonic() - started
    assert reply.status_code == 504 and reply.json()["error"]["code"] == "E504"
    assert elapsed < 30
    assert "Zorblax" not in reply.text


def test_requests_over_the_concurrency_limit_get_503():
    """While one request is at work (a large note, seconds of work), another gets 503. No
    guess at timing: the small request is sent again until it meets the large one at work,
    and the large one again whenever a small one held the only slot first."""
    settings = ServiceSettings(max_concurrent=1, request_seconds=60, max_request_bytes=4_000_000)
    with TestClient(create_app(settings)) as client:
        client.post("/detect", json={"text": "warm up"})
        answers: list[int] = []

        def large() -> None:
            while (code := client.post("/detect", json={"text": LINE * 10_000}).status_code) == 503:
                time.sleep(0.01)
            answers.append(code)

        slow = threading.Thread(target=large)
        slow.start()
        busy = client.post("/detect", json={"text": LINE})
        while busy.status_code == 200 and slow.is_alive():
            time.sleep(0.05)  # the large request has not taken the slot yet
            busy = client.post("/detect", json={"text": LINE})
        slow.join()
    assert busy.status_code == 503 and busy.json()["error"]["code"] == "E503"
    assert answers == [200]


def test_a_response_much_larger_than_its_request_is_refused():
    settings = ServiceSettings(max_response_factor=1, min_response_bound=100)
    with TestClient(create_app(settings)) as client:
        reply = client.post("/deidentify", json={"text": LINE * 5, "mode": "tag",
                                                 "with_mapping": True})  # fmt: skip
    assert reply.status_code == 413 and reply.json()["error"]["code"] == "E413"
    assert "Zorblax" not in reply.text


def test_settings_round_trip_with_the_new_limits():
    settings = ServiceSettings(request_seconds=7.5, max_concurrent=3, max_response_factor=9)
    assert ServiceSettings.from_json(settings.to_json()) == settings


@pytest.mark.slow
def test_sigterm_ends_a_busy_server_within_seconds(tmp_path):
    import signal
    import socket
    import subprocess
    import sys

    httpx = pytest.importorskip("httpx")
    pytest.importorskip("uvicorn")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    server = subprocess.Popen(
        [sys.executable, "-m", "deidkit", "serve", "--port", str(port), "--log-level", "warning"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
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

        def busy() -> None:
            with pytest.raises(httpx.HTTPError):  # the server goes away mid-request
                httpx.post(f"{base}/detect", json={"text": LINE * 60_000}, timeout=120)

        worker = threading.Thread(target=lambda: _quietly(busy))
        worker.start()
        time.sleep(3)  # the request is at work
        started = time.monotonic()
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        assert time.monotonic() - started < 15
        worker.join(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()


def _quietly(work) -> None:  # type: ignore[no-untyped-def]
    with contextlib.suppress(BaseException):  # only that the server ended matters here
        work()
