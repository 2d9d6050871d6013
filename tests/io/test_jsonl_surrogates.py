"""The JSON Lines reader's quick test for lone surrogates: a line it clears cannot decode to
a string holding one (the walk over the decoded value is skipped for it)."""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from deidkit.io.jsonl import _has_lone_surrogate, _may_hold_lone_surrogate

_TEXT = st.lists(  # st.text leaves surrogates out
    st.characters() | st.sampled_from(["\ud800", "\udbff", "\udc00", "\udfff", "\\"]),
    max_size=8,
).map("".join)
_VALUES = st.recursive(
    _TEXT | st.integers() | st.none(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TEXT, inner, max_size=3),
    max_leaves=8,
)


def _upper_escapes(line: str) -> str:
    """The same JSON with its escapes' hex digits in capitals (``\\uD800``)."""
    return re.sub(r"\\u([0-9a-f]{4})", lambda m: "\\u" + m.group(1).upper(), line)


@settings(max_examples=400, deadline=None)
@given(_VALUES, st.booleans())
def test_a_cleared_line_decodes_to_no_lone_surrogate(value: Any, ascii_only: bool) -> None:
    line = json.dumps({"id": "a", "text": value}, ensure_ascii=ascii_only)
    for variant in (line, _upper_escapes(line)):
        assert _may_hold_lone_surrogate(variant) or not _has_lone_surrogate(json.loads(variant))


def test_escapes_and_characters_of_surrogates_are_not_cleared() -> None:
    for line in ('{"t": "\\ud800"}', '{"t": "\\uDFFF"}', '{"t": "\\uDbff x"}', '{"t": "\ud800"}',
                 '{"t": "\\ud83d\\ude00"}'):
        assert _may_hold_lone_surrogate(line), line
    for line in ('{"t": "\\u00e9 caf\u00e9"}', '{"t": "\\\\ud"}', '{"t": "\U0001f600"}'):
        assert not _may_hold_lone_surrogate(line), line
