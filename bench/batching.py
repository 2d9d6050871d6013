"""Benchmark: notes per CPU-second of ``deidkit detect`` and ``deidkit deidentify`` by batch size.

Not a test. One process, the batch runner the commands call (``run_detect``,
``run_deidentify``: read, detect, redact, write, in one single-process run each), over
``deidkit.corpus.synth`` notes written as JSON Lines. The model is loaded and its tables
built by an unmeasured first run; each batch size (``--batch-size``: documents given to
the detector at once) is then run ``--repeats`` times, interleaved, and the best CPU time
(``time.process_time``) is reported. Every run's output is compared with the first batch
size's: the figures are only printed if the output is byte for byte the same.

    .venv/bin/python bench/batching.py [--notes 300] [--sizes 1,8,32,64] [--repeats 2]
        [--model en] [--out FILE.json]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from deidkit.batch import RunSettings, run_deidentify, run_detect
from deidkit.corpus.synth import generate
from deidkit.io import write_documents
from deidkit.redact.keys import SecretKey

KEY = SecretKey(b"batching-benchmark-key-0123456789")


def _run(kind: str, source: Path, target: Path, size: int, model: str | None) -> float:
    settings = RunSettings(batch_size=size, progress=False)
    started = time.process_time()
    if kind == "detect":
        run_detect(source, target, model=model, settings=settings)
    else:
        run_deidentify(source, target, model=model, key=KEY, settings=settings)
    return time.process_time() - started


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def measure(notes: int, sizes: list[int], repeats: int, model: str | None) -> dict[str, Any]:
    result: dict[str, Any] = {"notes": notes, "model": model or "default (en)", "sizes": sizes}
    with tempfile.TemporaryDirectory(prefix="deidkit-batching-") as folder:
        work = Path(folder)
        source = work / "notes.jsonl"
        write_documents((doc.with_spans(()) for doc in generate(notes, seed=7)), source,
                        "jsonl")
        for kind in ("detect", "deidentify"):
            target = work / f"{kind}.jsonl"
            _run(kind, source, target, sizes[0], model)  # warm-up: model and tables built
            reference = _digest(target)
            best: dict[int, float] = {}
            for _ in range(repeats):
                for size in sizes:
                    target.unlink()
                    seconds = _run(kind, source, target, size, model)
                    if _digest(target) != reference:
                        sys.exit(f"{kind}: the output at batch size {size} differs")
                    best[size] = min(best.get(size, seconds), seconds)
            result[kind] = {
                str(size): {"cpu_seconds": round(seconds, 3),
                            "notes_per_cpu_second": round(notes / seconds, 1)}
                for size, seconds in best.items()
            }
            result[kind]["same_output_at_every_size"] = True
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notes", type=int, default=300, help="synthetic notes (seed 7)")
    parser.add_argument("--sizes", default="1,8,32,64", help="batch sizes, comma-separated")
    parser.add_argument("--repeats", type=int, default=2, help="runs per batch size")
    parser.add_argument("--model", default=None, help="model name or folder (default: en's)")
    parser.add_argument("--out", type=Path, default=None, help="also write the JSON here")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    text = json.dumps(measure(args.notes, sizes, args.repeats, args.model), indent=2)
    print(text)
    if args.out is not None:
        args.out.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
