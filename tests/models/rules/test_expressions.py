"""The rules call no module-level function of ``regex`` or ``re`` (issue 20, steady state):
``regex.fullmatch(r"...", value)`` looks its expression up in regex's cache at every call
(~4 µs, ten times a compiled expression's match); a rule's expression is an ``Expression``,
compiled once (and prepared, ``deidkit.patterns.compiled``)."""

from __future__ import annotations

import ast
from pathlib import Path

import regex
from hypothesis import given
from hypothesis import strategies as st

import deidkit.models.rules as rules
from deidkit.models.rules import ages, identifiers, tables

_CALLS = {"match", "fullmatch", "search", "split", "sub", "subn", "findall", "finditer"}


def test_no_rule_calls_a_module_level_matcher() -> None:
    found = []
    for path in sorted(Path(rules.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            func = node.func if isinstance(node, ast.Call) else None
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and (
                func.value.id in {"regex", "re"} and func.attr in _CALLS
            ):
                found.append(f"{path.name}:{node.lineno}")
    assert found == []


def test_the_helpers_that_replaced_module_level_calls_compile_as_those_did() -> None:
    """Same source, same flags (``regex``'s defaults) as the module-level calls they replace."""
    helpers = [identifiers._YEAR_OR_RATIO, identifiers._RANGE, identifiers._UNIT_AFTER,
               identifiers._CODE_PARTS, ages._WORD_GAPS, tables._WORD_END]
    for helper in helpers:
        assert helper.compiled.flags == regex.compile(helper.source).flags
        assert helper.compiled.pattern == helper.source


@given(st.text(alphabet="/-ab", max_size=12))
def test_a_schedules_days_split_as_by_the_expression(text: str) -> None:
    assert text.replace("-", "/").split("/") == regex.split(r"[/-]", text)


@given(st.text(alphabet="0123456789/- mg%µ\t", max_size=14))
def test_identifier_helpers_match_as_the_module_level_calls(text: str) -> None:
    source_pairs = [
        (identifiers._YEAR_OR_RATIO, r"(?:19|20)\d\d|\d{1,4}/\d{1,4}"),
        (identifiers._RANGE, r"([1-9]\d{0,2})-([1-9]\d{0,2})"),
    ]
    for helper, source in source_pairs:
        old = regex.fullmatch(source, text)
        new = helper.compiled.fullmatch(text)
        assert (old and old.groups()) == (new and new.groups())
    old_unit = regex.match(r"[ \t]*([\p{L}µμ%/]+)", text)
    new_unit = identifiers._UNIT_AFTER.compiled.match(text)
    assert (old_unit and old_unit.group(1)) == (new_unit and new_unit.group(1))
    assert identifiers._CODE_PARTS.compiled.split(text) == regex.split(r"[-/]", text)
