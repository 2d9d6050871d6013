"""Benchmark: stream a large BRAT folder (default 100,000 invented notes) and convert it.

Measures the time to write the folder, to read it back document by document (counting spans)
and to convert it to JSON Lines, and the peak resident memory of this process after each
step, to show that reading does not load the folder at once. Prints one JSON object.

    .venv/bin/python bench/io_folder_stream.py [--documents 100000] [--out result.json]
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from deidkit.io import read_documents, write_documents
from deidkit.types import Document, Span


def peak_rss_mb() -> float:
    """Peak resident set size of this process so far (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def notes(count: int) -> Iterator[Document]:
    for index in range(count):
        text = (
            f"Nursing note {index}. Pt seen by Dr. Quill on 3/{index % 28 + 1}/2091; "
            "resting comfortably, vitals stable, plan unchanged.\n" * 3
        )
        yield Document(f"n{index:06d}", text, (Span(36, 41, "DOCTOR"),))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=100_000)
    parser.add_argument("--out", type=Path, help="also write the JSON result here")
    args = parser.parse_args()
    result: dict[str, float | int] = {"documents": args.documents}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "brat"
        start = time.perf_counter()
        write_documents(notes(args.documents), folder, "brat")
        result["write_seconds"] = round(time.perf_counter() - start, 2)
        result["rss_after_write_mb"] = round(peak_rss_mb(), 1)
        result["folder_mb"] = round(sum(f.stat().st_size for f in folder.iterdir()) / 2**20, 1)

        start = time.perf_counter()
        documents = spans = 0
        for document in read_documents(folder):
            documents += 1
            spans += len(document.spans)
        result["read_seconds"] = round(time.perf_counter() - start, 2)
        result["read_documents"] = documents
        result["read_spans"] = spans
        result["rss_after_read_mb"] = round(peak_rss_mb(), 1)

        start = time.perf_counter()
        write_documents(read_documents(folder), Path(tmp) / "all.jsonl", "jsonl")
        result["convert_to_jsonl_seconds"] = round(time.perf_counter() - start, 2)
        result["rss_after_convert_mb"] = round(peak_rss_mb(), 1)
    text = json.dumps(result, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    return 0 if documents == args.documents else 1


if __name__ == "__main__":
    sys.exit(main())
