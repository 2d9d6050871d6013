"""docs/scale.md stays true: every option it lists exists, its Python examples run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from deidkit.cli.main import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "scale.md"


def test_every_documented_batch_option_exists(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "250")
    section = DOC.read_text().split("## Batch runs", 1)[1].split("**Streaming", 1)[0]
    options = {name for cell in re.findall(r"^\| `([^|]+)` \|", section, re.M)
               for name in re.findall(r"--[a-z-]+", cell)}  # fmt: skip
    assert len(options) >= 9
    for command in ("deidentify", "detect"):
        assert main([command, "--help"]) == 0
        shown = capsys.readouterr().out
        assert not {option for option in options if option not in shown}, command


def test_the_python_api_example_runs() -> None:
    block = DOC.read_text().split("## Python", 1)[1].split("```python", 1)[1].split("```")[0]
    lines = [line for line in block.splitlines() if "documents" not in line]
    namespace: dict[str, object] = {}
    exec("\n".join(lines), namespace)
    assert "[**DOCTOR**]" in str(namespace["deidkit"].deidentify(  # type: ignore[attr-defined]
        "Seen by Dr. Alice Wong.", mode="tag").text)  # fmt: skip
