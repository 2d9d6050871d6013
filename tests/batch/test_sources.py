"""Input planning: byte ranges of JSON Lines files cover every line exactly once; folders are
read file by file in the reader's order; formats only batch runs read."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deidkit.batch.sources import _jsonl_records, input_format, plan_input, planned_chunks
from deidkit.batch.workdir import WorkDir
from deidkit.errors import ConfigError
from deidkit.io import read_documents
from deidkit.types import Document

from .conftest import write


@settings(max_examples=60, deadline=None)
@given(
    texts=st.lists(st.text(min_size=1, max_size=40), min_size=1, max_size=12),
    cuts=st.lists(st.integers(min_value=0, max_value=2000), max_size=6),
    bom=st.booleans(),
)
def test_byte_ranges_split_lines_exactly_once(
    tmp_path_factory: pytest.TempPathFactory, texts: list[str], cuts: list[int], bom: bool
) -> None:
    path = tmp_path_factory.mktemp("ranges") / "in.jsonl"
    lines = [json.dumps({"id": str(n), "text": text}, ensure_ascii=False) for n, text in
             enumerate(texts)]  # fmt: skip
    path.write_bytes(("\ufeff" if bom else "").encode() + "\n".join(lines).encode() + b"\n")
    size = path.stat().st_size
    bounds = sorted({0, size, *(cut % (size + 1) for cut in cuts)})
    read = [
        record
        for start, stop in itertools.pairwise(bounds)
        for record in _jsonl_records(path, start, stop, "in.jsonl")
    ]
    assert [(doc.id, doc.text) for doc in read] == [  # type: ignore[union-attr]
        (str(n), text) for n, text in enumerate(texts)
    ]


def test_planned_jsonl_chunks_read_the_whole_file(tmp_path: Path, notes: list[Document]) -> None:
    source = write(notes, tmp_path / "in.jsonl", "jsonl")
    plan = plan_input(source, "jsonl", chunk_size=1)
    chunks = planned_chunks(plan, 0, chunk_size=1)
    assert len(chunks) > 5 and plan.documents == len(notes)
    read = [r for c in chunks for r in _jsonl_records(source, c.start, c.stop, "in.jsonl")]
    assert read == list(read_documents(source))


def test_folders_are_cut_into_groups_of_files_in_reader_order(
    tmp_path: Path, notes: list[Document]
) -> None:
    folder = write(notes[:10], tmp_path / "brat", "brat")
    plan = plan_input(folder, "brat", chunk_size=4)
    assert [len(p.files) for p in plan.partitions] == [4, 4, 2]
    stems = [Path(name).stem for p in plan.partitions for name in p.files]
    assert stems == [doc.id for doc in read_documents(folder)]


def test_formats_only_batch_runs_read(tmp_path: Path, notes: list[Document]) -> None:
    shards = tmp_path / "shards"
    shards.mkdir()
    write(notes[:2], shards / "a.jsonl", "jsonl")
    assert input_format(shards) == "jsonl"
    (tmp_path / "notes.parquet").write_bytes(b"PAR1")
    assert input_format(tmp_path / "notes.parquet") == "parquet"
    assert input_format(tmp_path / "x.jsonl", "jsonl") == "jsonl"


def test_one_work_folder_serves_one_run_at_a_time(tmp_path: Path) -> None:
    first = WorkDir(tmp_path / "work").open({"job": 1})
    with pytest.raises(ConfigError, match="another deidkit run"):
        WorkDir(tmp_path / "work").open({"job": 1})
    first.close()
    assert WorkDir(tmp_path / "work").open({"job": 1}).resumed
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "thesis.docx").write_text("precious")
    with pytest.raises(ConfigError, match="not a deidkit work folder"):
        WorkDir(tmp_path / "mine").open({"job": 1}, restart=True)
    assert (tmp_path / "mine" / "thesis.docx").exists()
