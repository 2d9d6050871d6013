"""Benchmark: ``deidkit anonymize`` on up to 100,000 synthetic notes (time and peak memory).

Writes ``--documents`` notes with ``deidkit synth`` (in a child process, so its memory is not
counted), then runs what the command runs, in this process: pass 1 reads the notes into the
identifier view, Mondrian releases it, pass 2 rewrites every note and writes JSON Lines. Prints
one JSON object: seconds per step, notes per second, peak resident memory, k, l and NCP.

    .venv/bin/python bench/anonymize.py [--documents 10000] [--k 5] [--l 2] [--mode surrogate]
                                        [--out result.json]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from deidkit.anonymize import AnonymizeOptions, Rewriter, plan
from deidkit.io import read_documents, write_documents
from deidkit.redact import RedactOptions, SecretKey


def peak_rss_mb() -> float:
    """Peak resident set size of this process so far (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=10_000)
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--l", type=int, default=2)
    parser.add_argument("--mode", default="surrogate")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="also write the JSON result here")
    args = parser.parse_args()
    result: dict[str, Any] = {"documents": args.documents, "k": args.k, "l": args.l,
                              "mode": args.mode}
    with tempfile.TemporaryDirectory() as tmp:
        notes = Path(tmp) / "notes.jsonl"
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "deidkit", "synth", "--out", str(notes), "--n",
                        str(args.documents), "--seed", str(args.seed)], check=True,
                       capture_output=True)
        result["synth_seconds"] = round(time.perf_counter() - start, 1)
        result["rss_before_mb"] = round(peak_rss_mb(), 1)
        options = AnonymizeOptions(k=args.k, l=args.l,
                                   sensitive="note_type" if args.l > 1 else None,
                                   redact=RedactOptions(mode=args.mode))
        key = SecretKey(b"bench-anonymize-key-0123456789abcdef")
        total = time.perf_counter()
        start = time.perf_counter()
        release = plan(read_documents(notes), options, key)
        result["view_and_release_seconds"] = round(time.perf_counter() - start, 1)
        result["rss_after_release_mb"] = round(peak_rss_mb(), 1)
        start = time.perf_counter()
        rewriter = Rewriter(release, options.redact, key)
        write_documents(rewriter.rewrite_all(read_documents(notes)), Path(tmp) / "out.jsonl",
                        "jsonl")
        result["rewrite_seconds"] = round(time.perf_counter() - start, 1)
        elapsed = time.perf_counter() - total
        result["total_seconds"] = round(elapsed, 1)
        result["notes_per_second"] = round(args.documents / elapsed, 1)
        result["peak_rss_mb"] = round(peak_rss_mb(), 1)
    quality = release.quality
    result.update({
        "persons": len(release.view.persons),
        "k_reached": quality.k,
        "l_reached": quality.l_distinct,
        "suppressed_persons": quality.suppressed,
        "ncp": round(quality.ncp, 4),
        "safe_harbor_k": release.safe_harbor.k,
        "safe_harbor_unique_persons": release.safe_harbor.unique,
        "mentions_generalized": rewriter.tally.generalized,
    })
    text = json.dumps(result, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    return 0 if quality.k >= args.k else 1


if __name__ == "__main__":
    sys.exit(main())
