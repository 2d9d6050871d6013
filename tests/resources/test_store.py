"""Reading data files: rows, entries, damaged files, and the collector pause."""

from __future__ import annotations

import gc
import gzip
from pathlib import Path

import pytest

from deidkit.errors import ResourceError
from deidkit.resources import store


def _write(path: Path, text: str) -> Path:
    path.write_bytes(gzip.compress(text.encode("utf-8")))
    return path


def test_read_table_rows_and_file_header(tmp_path: Path) -> None:
    path = _write(tmp_path / "a.tsv.gz", "#magic\t1\nname\tweight\nAnn\t2\nBo\t1\n")
    table = store.read_table(path)
    assert table.columns == ("name", "weight")
    assert table.rows == (("Ann", "2"), ("Bo", "1"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name\tweight\nAnn\t2\nBo\n", r"line 3: 1 fields, expected 2"),
        ("name\tweight\nAnn\t2\t9\nBo\t1\n", r"line 2: 3 fields, expected 2"),
        ("", "no header line"),
    ],
)
def test_read_table_says_which_line_is_wrong(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ResourceError, match=message):
        store.read_table(_write(tmp_path / "bad.tsv.gz", text))


def _corrupt_deflate() -> bytes:
    data = bytearray(gzip.compress(b"name\tweight\n" * 50 + bytes(range(256))))
    data[10] ^= 0xFF  # the first byte of the deflate stream: "invalid code lengths set"
    return bytes(data)


@pytest.mark.parametrize(
    "data",
    [b"not gzip", gzip.compress(b"name\n")[:-6], gzip.compress(b"\xff\xfe\n"), _corrupt_deflate()],
    ids=["not-gzip", "truncated", "not-utf8", "bad-deflate"],
)
def test_damaged_files_are_resource_errors(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "damaged.tsv.gz"
    path.write_bytes(data)
    with pytest.raises(ResourceError, match="damaged"):
        store.read_table(path)
    with pytest.raises(ResourceError, match="missing"):
        store.read_table(tmp_path / "absent.tsv.gz")


def test_entries_keep_the_first_row_of_each_entry() -> None:
    rows = store.rows("us_cities")
    entries = store.entries("us_cities")
    assert len(set(entries)) == len(entries) < len(rows)
    seen: set[str] = set()
    expected = [row[0] for row in rows if not (row[0] in seen or seen.add(row[0]))]
    assert list(entries) == expected


@pytest.mark.parametrize("enabled", [True, False])
def test_collector_paused_restores_the_collector(enabled: bool) -> None:
    was = gc.isenabled()
    try:
        gc.enable() if enabled else gc.disable()
        with store.collector_paused():
            assert not gc.isenabled()
        assert gc.isenabled() is enabled
        with pytest.raises(KeyError), store.collector_paused():
            raise KeyError("x")
        assert gc.isenabled() is enabled
    finally:
        gc.enable() if was else gc.disable()
