"""The Python examples of docs/resources.md still run and print what the page says."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "resources.md"


def leading_literal(comment: str) -> object | None:
    """The longest Python literal the comment starts with ("('MA', 'NY'): most..." -> tuple)."""
    found = None
    for end in range(1, len(comment) + 1):
        if comment[:end].rstrip().endswith(","):  # "('F', 'M'), most ..." is not a 1-tuple
            continue
        try:
            found = ast.literal_eval(comment[:end])
        except (ValueError, SyntaxError):
            continue
    return found


@pytest.mark.skipif(not DOC.is_file(), reason="docs are not part of an installed package")
def test_python_example_runs_and_comments_hold() -> None:
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"```python\n(from deidkit import resources\n.*?)```", text, re.S)
    assert block is not None
    namespace: dict[str, object] = {}
    checked = 0
    for line in block.group(1).splitlines():
        code, _, comment = line.partition("  # ")
        if not code.strip():
            continue
        if code.startswith("from "):
            exec(code, namespace)
            continue
        value = eval(code, namespace)
        want = leading_literal(comment.strip())
        if want is None or "..." in comment.split(":")[0]:
            continue
        got = round(value, 2) if isinstance(value, float) else value
        assert got == want, (code, got, want)
        checked += 1
    assert checked >= 7
