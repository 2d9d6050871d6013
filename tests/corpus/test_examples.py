"""The bundled example notes and their gold annotations agree."""

from __future__ import annotations

from pathlib import Path

from deidkit.io import read_documents

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_example_notes_match_their_gold() -> None:
    notes = {d.id: d for d in read_documents(EXAMPLES / "notes", "text")}
    gold = {d.id: d for d in read_documents(EXAMPLES / "notes.gold.jsonl")}
    assert len(notes) == 10 and set(notes) == set(gold)
    for name, document in gold.items():
        assert notes[name].text == document.text
        assert document.patient_id and document.note_type and document.note_date
        for span in document.spans:
            value = document.text[span.start : span.end]
            assert value == value.strip() and value, (name, span)
    assert len({d.patient_id for d in gold.values()}) == 3
    assert sum(len(d.spans) for d in gold.values()) > 100
