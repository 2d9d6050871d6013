"""Run the annotation app for tests: in a thread, or as a separate process that can be killed."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_up(url: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            httpx.get(url + "/login", timeout=1.0)
            return
        except httpx.HTTPError:
            time.sleep(0.05)
    raise RuntimeError(f"the test server at {url} did not start within {timeout} s")


@contextmanager
def server_thread(project_dir: Path, **app_options) -> Iterator[str]:
    """Serve the app with uvicorn in a daemon thread; yields its base URL."""
    import uvicorn

    from deidkit.annotate.app import create_app

    port = free_port()
    config = uvicorn.Config(
        create_app(project_dir, **app_options), host="127.0.0.1", port=port, log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url)
        yield url
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@contextmanager
def server_process(project_dir: Path, log: Path) -> Iterator[tuple[str, subprocess.Popen]]:
    """Serve the app in a child process (``deidkit annotate serve``); yields URL and process."""
    port = free_port()
    with log.open("w", encoding="utf-8") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "deidkit", "annotate", str(project_dir), "--port", str(port)],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url)
        yield url, process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)
