"""Every template string in the note families parses and names only known slots."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from deidkit.corpus import slots
from deidkit.corpus.lookalikes import LOOKALIKES
from deidkit.corpus.template import Slot, TemplateSyntaxError, parse

CORPUS = Path(slots.__file__).parent
FILES = [*sorted((CORPUS / "notes").glob("*.py")), CORPUS / "synth.py", CORPUS / "ambiguous.py",
         CORPUS / "lookalikes.py"]
DATE_KEY = re.compile(r"^(admit|discharge|dob|note|proc|surgery|yesterday|tomorrow|"
                      r"(past|recent|future|followup)\d*)$")


def _strings(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def _slots(nodes: tuple) -> list[Slot]:
    found: list[Slot] = []
    for node in nodes:
        if isinstance(node, Slot):
            found.append(node)
        elif hasattr(node, "options"):
            for option in node.options:
                found.extend(_slots(option))
    return found


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_templates_parse_and_use_known_slots(path: Path) -> None:
    for source in _strings(path):
        try:
            nodes = parse(source)
        except TemplateSyntaxError as error:  # pragma: no cover - the failure message
            raise AssertionError(f"{path.name}: {source[:60]!r}: {error}") from None
        for slot in _slots(nodes):
            if source.startswith(('"""', "A ", "The ")) or " " in slot.name:
                continue
            if slot.name in {"name", "slot", "x", "z"} or "``" in source:
                continue  # docstrings that show the syntax
            assert slot.name in slots.SLOTS, f"{path.name}: unknown slot {{{slot.name}}}"
            if slot.name in {"date", "dt", "year", "weekday"} and slot.args:
                assert DATE_KEY.match(slot.args[0]), f"{path.name}: date key {slot.args}"
            if slot.name == "label":
                assert slot.args[0] in slots.CUE_LABELS, f"{path.name}: label {slot.args}"
            if slot.name == "eponym" and slot.args:
                assert slot.args[0] in {"device", "history", "exam", "word"}, slot.args
            if slot.name == "lookalike" and slot.args:
                assert slot.args[0] in LOOKALIKES, slot.args
