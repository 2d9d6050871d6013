"""Killing a ``--jobs N`` run leaves no worker behind (issue 18, item 6)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc")
def test_workers_exit_when_the_parent_is_killed(tmp_path):
    notes = tmp_path / "notes.jsonl"
    line = "Seen by Dr. Quux Zorblax on 3/14/2012 at Mercy Hospital. Call 617-555-0199.\n" * 20
    with notes.open("w", encoding="utf-8") as handle:
        for number in range(4000):
            handle.write(json.dumps({"id": f"n{number}", "text": line}) + "\n")
    command = [sys.executable, "-m", "deidkit", "deidentify", str(notes)]
    command += [str(tmp_path / "out.jsonl"), "--jobs", "2", "--mode", "tag"]
    parent = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        workers: set[int] = set()
        while time.monotonic() < deadline and len(workers) < 2:
            workers = _children(parent.pid)
            if parent.poll() is not None:
                pytest.fail("the run ended before it could be killed; give it more notes")
            time.sleep(0.2)
        assert len(workers) >= 2, "no worker processes started"
        time.sleep(2)  # the workers are busy with notes
        workers |= _children(parent.pid)
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and any(_alive(pid) for pid in workers):
            time.sleep(0.2)
        orphans = [pid for pid in workers if _alive(pid)]
    finally:
        if parent.poll() is None:
            parent.kill()
    for pid in orphans:  # clean up before failing
        os.kill(pid, signal.SIGKILL)
    assert not orphans, f"{len(orphans)} process(es) outlived the killed run"
