"""Property tests: any text (XML specials, CDATA ends, CR/LF, tabs, non-ASCII) and any
non-overlapping spans survive a write -> read in every format that carries spans."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deidkit.io import FORMATS, read_documents, write_documents
from deidkit.types import Document, Span

ALPHABET = st.sampled_from([*"ab Zé1<>&;]\"'|\t\r\n", "]]>", "&amp;", "<date>"])
LABELS = ["PATIENT", "DOCTOR", "DATE", "AGE", "PHONE"]  # every scheme has these


@st.composite
def documents(draw: st.DrawFn) -> Document:
    text = "".join(draw(st.lists(ALPHABET, min_size=1, max_size=40)))
    cuts = sorted(set(draw(st.lists(st.integers(0, len(text)), max_size=8))))
    spans = []
    for start, end in zip(cuts[::2], cuts[1::2], strict=False):
        if text[start:end].strip():
            spans.append(Span(start, end, draw(st.sampled_from(LABELS))))
    return Document("doc-1", text, tuple(spans), patient_id="7", note_id="2")


@pytest.mark.parametrize("format_name", [n for n, f in FORMATS.items() if f.carries_spans])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(document=documents())
def test_any_text_and_spans_survive(format_name: str, document: Document) -> None:
    fmt = FORMATS[format_name]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / ("out" if fmt.writes_folder else f"out{fmt.suffixes[0]}")
        write_documents([document], path, format_name)
        [back] = read_documents(path, format_name)
    assert back.text == document.text
    assert [span.key for span in back.spans] == [span.key for span in document.spans]
