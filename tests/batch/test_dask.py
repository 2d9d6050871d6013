"""The same job on a Dask cluster writes what one process writes (partitions: JSON Lines
shards, Parquet row groups, files)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from deidkit.batch import RunSettings, run_deidentify, run_detect
from deidkit.io import read_documents
from deidkit.redact.keys import SecretKey
from deidkit.types import Document

from .conftest import write

distributed = pytest.importorskip("distributed")
pyarrow = pytest.importorskip("pyarrow")


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    )
    with distributed.Client(cluster) as dask_client:
        yield dask_client
    cluster.close()


def test_dask_output_equals_the_single_process_output(
    tmp_path: Path, notes: list[Document], key: SecretKey, client: Any
) -> None:
    shards = tmp_path / "shards"
    shards.mkdir()
    for number in range(3):
        write(notes[number * 20 : (number + 1) * 20], shards / f"part-{number}.jsonl", "jsonl")
    single, dask = tmp_path / "single.jsonl", tmp_path / "dask.jsonl"
    run_deidentify(shards, single, key=key, settings=RunSettings(progress=False))
    report = run_deidentify(
        shards, dask, key=key, settings=RunSettings(dask=client, chunk_size=2, progress=False)
    )
    assert report.workers.startswith("Dask")
    assert dask.read_bytes() == single.read_bytes()
    assert report.documents == 60


def test_parquet_row_groups_on_dask_match_the_jsonl_run(
    tmp_path: Path, notes: list[Document], key: SecretKey, client: Any
) -> None:
    import json

    import pyarrow.parquet as pq

    documents = notes[:30]
    table = pyarrow.table({
        "id": [doc.id for doc in documents],
        "patient_id": [doc.patient_id for doc in documents],
        "note_date": [doc.note_date for doc in documents],
        "text": [doc.text for doc in documents],
        "spans": [json.dumps([span.to_dict() for span in doc.spans]) for doc in documents],
    })  # fmt: skip
    pq.write_table(table, tmp_path / "notes.parquet", row_group_size=4)
    plain = [
        Document(doc.id, doc.text, doc.spans, patient_id=doc.patient_id, note_date=doc.note_date)
        for doc in documents
    ]
    jsonl = write(plain, tmp_path / "notes.jsonl", "jsonl")
    run_deidentify(jsonl, tmp_path / "from-jsonl.jsonl", key=key, model="annotations",
                   settings=RunSettings(progress=False))  # fmt: skip
    report = run_deidentify(
        tmp_path / "notes.parquet", tmp_path / "from-parquet.jsonl", key=key,
        model="annotations", settings=RunSettings(dask=client, chunk_size=5, progress=False),
    )  # fmt: skip
    assert report.source_format == "parquet" and report.target_format == "jsonl"
    expected = (tmp_path / "from-jsonl.jsonl").read_bytes()
    assert (tmp_path / "from-parquet.jsonl").read_bytes() == expected


def test_detect_on_dask_over_a_folder_of_files(
    tmp_path: Path, notes: list[Document], client: Any
) -> None:
    folder = write(notes[:12], tmp_path / "notes", "text")
    run_detect(folder, tmp_path / "single.jsonl", to="jsonl", settings=RunSettings(progress=False))
    run_detect(folder, tmp_path / "dask.jsonl", to="jsonl",
               settings=RunSettings(dask=client, chunk_size=3, progress=False))  # fmt: skip
    assert (tmp_path / "dask.jsonl").read_bytes() == (tmp_path / "single.jsonl").read_bytes()
    assert len(list(read_documents(tmp_path / "dask.jsonl"))) == 12
