"""Benchmark: peak memory per MB of note text when one long note is detected.

Each measurement runs in a fresh process: load the model, detect a short note (warm-up),
read the peak resident set size, detect one note of ``--mb`` megabytes made of synthetic
notes (``deidkit.corpus.synth``) joined together, read the peak again. The difference per MB
of text is the figure (the issue 18 target: well under 100 MB per MB). ``--whole`` gives the
note to the model whole instead of in pieces (``deidkit.pieces``), to compare. Prints JSON.

    .venv/bin/python bench/memory.py [--mb 1] [--model en] [--whole]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time

from deidkit.pieces import PIECE_CHARS


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KB on Linux


def measure(mb: float, model: str, whole: bool, piece_chars: int) -> dict[str, float | str | bool]:
    from deidkit.corpus.synth import generate
    from deidkit.models import load_model
    from deidkit.pieces import PiecewisePredictor
    from deidkit.redact import detect
    from deidkit.types import Document

    detector = load_model(model)
    predictor = detector if whole else PiecewisePredictor(detector, size=piece_chars)
    notes: list[str] = []
    size = 0
    for document in generate(100_000, seed=18):
        notes.append(document.text)
        size += len(document.text)
        if size >= mb * 1_000_000:
            break
    text = "\n\n".join(notes)
    detect([Document("warm", notes[0])], predictor)
    before = _peak_mb()
    started = time.process_time()
    found = detect([Document("long", text)], predictor)
    seconds = time.process_time() - started
    after = _peak_mb()
    megabytes = len(text.encode("utf-8")) / 1_000_000
    return {
        "model": model,
        "pieces": not whole,
        "piece_chars": piece_chars,
        "text_mb": round(megabytes, 3),
        "spans": len(found[0].spans),
        "peak_before_mb": round(before, 1),
        "peak_after_mb": round(after, 1),
        "peak_growth_mb_per_text_mb": round((after - before) / megabytes, 1),
        "cpu_seconds": round(seconds, 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=1.0, help="Size of the long note (MB).")
    parser.add_argument("--model", default="en", help="Model name (default en).")
    parser.add_argument("--whole", action="store_true", help="Detect the note whole.")
    parser.add_argument("--piece-chars", type=int, default=PIECE_CHARS, help="Piece size.")
    parser.add_argument("--in-process", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.in_process:
        print(json.dumps(measure(args.mb, args.model, args.whole, args.piece_chars)))
        return 0
    command = [sys.executable, __file__, "--in-process", "--mb", str(args.mb), "--model",
               args.model, "--piece-chars", str(args.piece_chars)]  # fmt: skip
    command += ["--whole"] if args.whole else []
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    print(result.stdout.strip())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
