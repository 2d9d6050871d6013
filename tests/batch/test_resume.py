"""Interrupted runs resume: the rerun skips what is done and writes what an uninterrupted
run writes."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from deidkit.batch import RunSettings, redaction, run_deidentify
from deidkit.batch import runner as batch_runner
from deidkit.cli.main import main
from deidkit.corpus.synth import generate
from deidkit.errors import ConfigError
from deidkit.redact.engine import RedactOptions
from deidkit.redact.keys import SecretKey
from deidkit.types import Document

from .conftest import KEY_TEXT, write


def test_a_killed_command_resumes_to_the_same_output(tmp_path: Path) -> None:
    source = write(list(generate(80, seed=5)), tmp_path / "in.jsonl", "jsonl")
    key_file = tmp_path / "deid.key"
    key_file.write_text(KEY_TEXT)
    args = ["deidentify", str(source), str(tmp_path / "out.jsonl"), "--key-file", str(key_file),
            "--chunk-size", "1", "--no-progress"]  # fmt: skip
    process = subprocess.Popen(
        [sys.executable, "-c", "from deidkit.cli.main import run; run()", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    chunks = tmp_path / ".out.jsonl.deidkit-run" / "chunks"
    deadline = time.monotonic() + 120
    while len(list(chunks.glob("*.json"))) < 5:
        assert process.poll() is None, "the run ended before it could be interrupted"
        assert time.monotonic() < deadline
        time.sleep(0.002)
    process.kill()
    process.wait()
    assert not (tmp_path / "out.jsonl").exists()
    done_before = len(list(chunks.glob("*.json")))

    assert main(args) == 0  # the same command again
    assert main(["deidentify", str(source), str(tmp_path / "whole.jsonl"), "--key-file",
                 str(key_file), "--no-progress"]) == 0  # fmt: skip
    assert (tmp_path / "out.jsonl").read_bytes() == (tmp_path / "whole.jsonl").read_bytes()
    assert done_before >= 5
    assert not chunks.parent.exists()


def test_an_interruption_while_redacting_patients_resumes(
    tmp_path: Path, notes: list[Document], key: SecretKey, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = write(notes, tmp_path / "in.jsonl", "jsonl")
    settings = RunSettings(chunk_size=6, progress=False)
    run_deidentify(source, tmp_path / "whole.jsonl", key=key, buckets=8, settings=settings)

    calls = {"n": 0}
    real = redaction.run_bucket

    def interrupted(*args: object) -> object:
        calls["n"] += 1
        if calls["n"] == 4:
            raise KeyboardInterrupt
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(redaction, "run_bucket", interrupted)
    target = tmp_path / "out.jsonl"
    with pytest.raises(KeyboardInterrupt):
        run_deidentify(source, target, key=key, buckets=8, settings=settings)
    assert not target.exists()
    monkeypatch.setattr(redaction, "run_bucket", real)
    report = run_deidentify(source, target, key=key, buckets=8, settings=settings)
    assert report.reused_chunks > 0
    assert target.read_bytes() == (tmp_path / "whole.jsonl").read_bytes()


def test_a_generated_key_survives_the_interruption(
    tmp_path: Path, notes: list[Document], monkeypatch: pytest.MonkeyPatch
) -> None:
    source = write(notes[:20], tmp_path / "in.jsonl", "jsonl")
    settings = RunSettings(chunk_size=1, progress=False)
    real = batch_runner.run_chunk
    calls = {"n": 0}

    def interrupted(*args: object) -> object:
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(batch_runner, "run_chunk", interrupted)
    target = tmp_path / "out.jsonl"
    with pytest.raises(KeyboardInterrupt):
        run_deidentify(source, target, settings=settings)
    key_path = tmp_path / ".out.jsonl.deidkit-run" / "key"
    assert key_path.stat().st_mode & 0o777 == 0o600
    key = SecretKey(key_path.read_bytes())
    monkeypatch.setattr(batch_runner, "run_chunk", real)
    run_deidentify(source, target, settings=settings)
    run_deidentify(source, tmp_path / "same-key.jsonl", key=key, settings=settings)
    assert target.read_bytes() == (tmp_path / "same-key.jsonl").read_bytes()
    assert not key_path.exists()


def test_a_different_command_does_not_reuse_the_work(
    tmp_path: Path, notes: list[Document], key: SecretKey, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = write(notes[:10], tmp_path / "in.jsonl", "jsonl")
    settings = RunSettings(chunk_size=2, progress=False)
    real = batch_runner.run_chunk
    calls = []

    def interrupted(*args: object) -> object:
        calls.append(1)
        if len(calls) > 1:  # one chunk is finished: there is work to resume
            raise KeyboardInterrupt
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(batch_runner, "run_chunk", interrupted)
    target = tmp_path / "out.jsonl"
    with pytest.raises(KeyboardInterrupt):
        run_deidentify(source, target, key=key, settings=settings)
    monkeypatch.setattr(batch_runner, "run_chunk", real)
    with pytest.raises(ConfigError, match=r"other settings \(redaction options\) has \d+ doc"):
        run_deidentify(source, target, key=key, options=RedactOptions(mode="tag"),
                       settings=settings)  # fmt: skip
    with pytest.raises(ConfigError, match=r"other input \(its path or files changed\)"):
        write(notes[:11], source, "jsonl")
        run_deidentify(source, target, key=key, settings=settings)
    restarted = RunSettings(chunk_size=2, progress=False, restart=True)
    report = run_deidentify(source, target, key=key, settings=restarted)
    assert report.documents == 11 and report.reused_chunks == 0
