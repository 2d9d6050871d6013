"""Benchmark: notes per CPU-second of ``deidkit detect`` and ``deidkit deidentify`` by batch size.

Not a test. The batch runner the commands call (``run_detect``, ``run_deidentify``: read,
detect, redact, write; one process) over ``deidkit.corpus.synth`` notes written as JSON
Lines (seed 7, spans stripped). Each measurement is a fresh process that loads the model and
builds its tables on 20 other notes (seed 99) first, unmeasured, so that neither start-up
nor caches warmed on the measured notes count; then one run at one batch size
(``--batch-size``: documents given to the detector at once) is timed in CPU seconds
(``time.process_time``). Batch sizes take turns for ``--repeats`` rounds; the best run is
reported. Every run's output must be byte for byte the first's (else the script stops).

    .venv/bin/python bench/batching.py [--notes 300] [--sizes 1,8,32,64] [--repeats 2]
        [--model en] [--out FILE.json]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from deidkit.corpus.synth import generate
from deidkit.io import write_documents

_CHILD = """
import sys, time
from pathlib import Path
from deidkit.batch import RunSettings, run_deidentify, run_detect
from deidkit.redact.keys import SecretKey
kind, source, warm, target, size = sys.argv[1:6]
model = sys.argv[6] if len(sys.argv) > 6 else None
key = SecretKey(b"batching-benchmark-key-0123456789")

def run(source, target, size):
    settings = RunSettings(batch_size=size, progress=False)
    if kind == "detect":
        run_detect(Path(source), Path(target), model=model, settings=settings)
    else:
        run_deidentify(Path(source), Path(target), model=model, key=key, settings=settings)

run(warm, target + ".warm", 8)
started = time.process_time()
run(source, target, int(size))
print(time.process_time() - started)
"""


def _run(kind: str, work: Path, size: int, model: str | None) -> tuple[float, str]:
    """CPU seconds of one run in a fresh process, and a digest of its output."""
    target = work / f"{kind}-{size}.jsonl"
    for path in (target, Path(f"{target}.warm")):
        path.unlink(missing_ok=True)
    argv = [sys.executable, "-c", _CHILD, kind, str(work / "notes.jsonl"),
            str(work / "warm.jsonl"), str(target), str(size), *([model] if model else [])]
    done = subprocess.run(argv, check=True, capture_output=True, text=True)
    seconds = float(done.stdout.strip().splitlines()[-1])
    return seconds, hashlib.sha256(target.read_bytes()).hexdigest()


def measure(notes: int, sizes: list[int], repeats: int, model: str | None) -> dict[str, Any]:
    result: dict[str, Any] = {"notes": notes, "model": model or "default (en)", "sizes": sizes}
    with tempfile.TemporaryDirectory(prefix="deidkit-batching-") as folder:
        work = Path(folder)
        write_documents((doc.with_spans(()) for doc in generate(notes, seed=7)),
                        work / "notes.jsonl", "jsonl")
        write_documents((doc.with_spans(()) for doc in generate(20, seed=99)),
                        work / "warm.jsonl", "jsonl")
        for kind in ("detect", "deidentify"):
            best: dict[int, float] = {}
            digests: set[str] = set()
            for _ in range(repeats):
                for size in sizes:
                    seconds, digest = _run(kind, work, size, model)
                    digests.add(digest)
                    if len(digests) > 1:
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
