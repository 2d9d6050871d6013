"""Accuracy script: a smaller fold model of the English default with other CRF regularisation.

Not a test. Trains the shipped model's configuration (its CRF's features, tags and
iterations, read from the shipped model's config) with the given L1 (``--c1``) and L2
(``--c2``) on one fold of ``scripts/models/train_en.py`` (its held-out template families left
out) at a smaller size: ``--notes`` synthetic notes of each variant beside the hand-written
batches the shipped model was trained on, three times each; and saves it. Score it with
``bench/category_thresholds.py`` (``--model OUT`` on read development batches the shipped
model was not trained on; ``--folds`` a folder holding it as ``fold-A`` for the fold's held-out
families).

    .venv/bin/python bench/regularisation_pilot.py --out /tmp/pilot/l2 --c1 0.05 --c2 0.5 \\
        [--fold A] [--notes 600]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts" / "models"))

import train_en  # noqa: E402  (scripts/models/train_en.py: folds, corpora, the shipped recipe)

from deidkit.models import build_detector  # noqa: E402

SHIPPED = ROOT / "src" / "deidkit" / "models" / "shipped" / "en"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--c1", type=float, required=True)
    parser.add_argument("--c2", type=float, required=True)
    parser.add_argument("--fold", default="A", choices=sorted(train_en.FOLDS))
    parser.add_argument("--notes", type=int, default=600, help="synthetic notes per variant")
    args = parser.parse_args()
    config = json.loads((SHIPPED / "config.json").read_text(encoding="utf-8"))["params"]
    crf = {**config["members"][0]["params"], "c1": args.c1, "c2": args.c2}
    members = [{"detector": "crf", "params": crf}, *config["members"][1:]]
    detector = build_detector("ensemble", {"lang": "en", "members": members,
                                           "policy": config["policy"]})
    recipe = train_en.Recipe(args.notes, train_en.SEED, tuple(train_en.SHIPPED_DEV_SETS),
                             train_en.EXTRA_REPEAT)
    train = train_en.training_corpus(args.fold, recipe)
    started = time.process_time()
    detector.fit(train)
    detector.set_threshold(0.95)
    detector.save(args.out, overwrite=True, metadata={
        "name": f"pilot-{args.fold}", "lang": "en",
        "description": f"bench/regularisation_pilot.py: fold {args.fold}, c1={args.c1}, "
                       f"c2={args.c2}, {len(train)} documents",
        "operating_point": train_en.OPERATING_POINT,
    })
    print(json.dumps({"out": str(args.out), "documents": len(train),
                      "cpu_s": round(time.process_time() - started)}))


if __name__ == "__main__":
    main()
