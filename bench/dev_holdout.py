"""Accuracy script: does training on hand-written development notes help on another writer's?

The development set (bench/data/handwritten-en-dev) has three writers (note ids ``dev-a-``,
``dev-b-``, ``dev-c-``). This trains the English default's configuration
(scripts/models/train_en.py) on synthetic notes alone and on synthetic notes plus the other
writers' development notes (``--repeat`` times each), then scores both on the held-out
writer's notes at the shipped operating point (bench/handwritten.py's scores). The test set
(bench/data/handwritten-en) is not touched.

    .venv/bin/python bench/dev_holdout.py --hold dev-c [--notes 600] [--repeat 3] \\
        [--out out/dev-holdout]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts" / "models"))
sys.path.insert(0, str(ROOT / "bench"))

import handwritten  # noqa: E402  (bench/handwritten.py)
import train_en  # noqa: E402  (scripts/models/train_en.py)

from deidkit.io import read_documents, write_documents  # noqa: E402

KEEP = ("token_recall", "token_precision", "leak_name_id", "leak_counts")


def train(out: Path, notes: int, extra: Path | None, repeat: int) -> Path:
    """Train and save one model (synthetic notes, plus ``extra`` ``repeat`` times)."""
    recipe = train_en.Recipe(notes, 11, (extra,) if extra else (), repeat)
    detector = train_en.build(11)
    detector.fit(train_en.training_corpus("all", recipe))
    return detector.save(out, overwrite=True, metadata={
        "name": out.name, "lang": "en", "operating_point": train_en.OPERATING_POINT,
    })


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hold", required=True, choices=("dev-a", "dev-b", "dev-c"),
                        help="the writer whose notes are held out")
    parser.add_argument("--notes", type=int, default=600, help="synthetic notes per variant")
    parser.add_argument("--repeat", type=int, default=train_en.EXTRA_REPEAT,
                        help="times each of the other writers' notes is trained on")
    parser.add_argument("--out", type=Path, default=Path("out/dev-holdout"))
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    documents = list(read_documents(train_en.DEV_SETS[0]))  # bench/data/handwritten-en-dev
    held = [d for d in documents if d.id.startswith(args.hold + "-")]
    others = [d for d in documents if not d.id.startswith(args.hold + "-")]
    held_path, others_path = args.out / "held.jsonl", args.out / "others.jsonl"
    write_documents(held, held_path, "jsonl")
    write_documents(others, others_path, "jsonl")
    results: dict[str, Any] = {"held_out_writer": args.hold, "held_notes": len(held),
                               "synthetic_notes_per_variant": args.notes,
                               "repeat": args.repeat}
    for name, extra in (("synthetic_only", None), ("with_other_writers", others_path)):
        folder = train(args.out / name, args.notes, extra, args.repeat)
        scored = handwritten.run(str(folder), "en", ("all",), 0, held_path)["ages"]["all"]
        results[name] = {key: scored[key] for key in KEEP}
        print(f"{name}: {results[name]}", file=sys.stderr, flush=True)
    (args.out / "results.json").write_text(json.dumps(results, indent=1) + "\n")
    print(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
