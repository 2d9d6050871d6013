"""The Python examples of docs/resources.md still run and print what the page says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "resources.md"


@pytest.mark.skipif(not DOC.is_file(), reason="docs are not part of an installed package")
def test_python_example_runs_and_comments_hold() -> None:
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"```python\n(from deidkit import resources\n.*?)```", text, re.S)
    assert block is not None
    namespace: dict[str, object] = {}
    for line in block.group(1).splitlines():
        code, _, comment = line.partition("  # ")
        if not code.strip():
            continue
        if code.startswith("from "):
            exec(code, namespace)
            continue
        value = eval(code, namespace)
        expected = re.match(r"(\(.*?\)|'[^']*'|True|\d+\.\d+)(?::|$| |,)", comment.strip())
        if expected and not expected.group(1).endswith("...)"):
            want = eval(expected.group(1))
            got = round(value, 2) if isinstance(value, float) else value
            assert got == want, (code, got, want)
