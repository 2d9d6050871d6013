"""Readers yield documents lazily: a folder is not loaded at once, a file is read as needed."""

from __future__ import annotations

from pathlib import Path

import pytest

from deidkit.errors import InputError
from deidkit.io import brat, i2b2_2014, inline, plaintext, read_documents, write_documents
from deidkit.io.textfile import read_text
from deidkit.types import Document, Span

FOLDER_SIZE = 1000


def many_documents(count: int) -> list[Document]:
    return [
        Document(
            f"n{index:05d}",
            f"Seen by Dr. Quill {index} on 2/{index % 28 + 1}/2091.\n",
            (Span(12, 17, "DOCTOR"),),
        )
        for index in range(count)
    ]


@pytest.mark.parametrize(
    ("format_name", "module"),
    [("brat", brat), ("i2b2-2014", i2b2_2014), ("inline", inline), ("text", plaintext)],
)
def test_folder_readers_read_one_file_per_document(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, format_name: str, module: object
) -> None:
    folder = tmp_path / "corpus"
    write_documents(many_documents(FOLDER_SIZE), folder, format_name)
    opened: list[Path] = []

    def counting_read_text(path: Path, *, allow_empty: bool = False) -> str:
        opened.append(path)
        return read_text(path, allow_empty=allow_empty)

    monkeypatch.setattr(module, "read_text", counting_read_text)
    documents = read_documents(folder, format_name)
    assert opened == []
    first = next(documents)
    assert first.id == "n00000"
    assert len(opened) <= 2  # the text file and its annotation file
    second = next(documents)
    assert second.id == "n00001"
    assert len(opened) <= 4


def test_jsonl_reader_yields_before_reading_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "notes.jsonl"
    write_documents(many_documents(3), path, "jsonl")
    with path.open("a", encoding="utf-8") as handle:
        handle.write("{broken\n")
    documents = read_documents(path)
    assert [next(documents).id for _ in range(3)] == ["n00000", "n00001", "n00002"]
    with pytest.raises(InputError, match="line 4: invalid JSON"):
        next(documents)


def test_physionet_reader_yields_record_by_record(tmp_path: Path) -> None:
    folder = tmp_path / "pn"
    write_documents(many_documents(3), folder, "physionet")
    text = folder / "id.text"
    text.write_text(text.read_text() + "START_OF_RECORD=9||||1||||\nunfinished\n")
    documents = read_documents(folder)
    assert len([next(documents) for _ in range(3)]) == 3
    with pytest.raises(InputError, match="has no \\|\\|\\|\\|END_OF_RECORD marker"):
        next(documents)


def test_csv_reader_yields_row_by_row(tmp_path: Path) -> None:
    path = tmp_path / "notes.csv"
    write_documents(many_documents(3), path, "csv")
    with path.open("a", encoding="utf-8") as handle:
        handle.write("x,1,too,many,fields\n")
    documents = read_documents(path)
    assert len([next(documents) for _ in range(3)]) == 3
    with pytest.raises(InputError, match="line 8: the row has 5 fields"):
        next(documents)
