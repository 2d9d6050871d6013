"""Accuracy script: the English default's fold models under two ensemble policies.

Trains the fold models of scripts/models/train_en.py (same seeds, notes and held-out
families) and scores each on its held-out families under the shipped policy and under the
same policy without LOCATION and AGE in the union (token recall, precision and NAME/ID leak
at argmax and along the operating-point curve, mean of the folds). docs/english-model.md
took LOCATION and AGE into the union from this comparison. Not a test: about 20 minutes
with two processes.

    .venv/bin/python bench/ensemble_policy.py [--notes 1667] [--out policy.json]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts" / "models"))

import train_en  # noqa: E402  (scripts/models/train_en.py: folds, corpora, curve)

POLICIES: dict[str, dict[str, str]] = {
    "shipped": dict(train_en.POLICY),
    "without LOCATION, AGE": {
        category: rule
        for category, rule in train_en.POLICY.items()
        if category not in {"LOCATION", "AGE"}
    },
}


def score_fold(task: tuple[str, int]) -> dict[str, Any]:
    """One fold model, trained once, scored under each policy."""
    fold, notes = task
    detector = train_en.build(11)
    detector.fit(train_en.training_corpus(fold, train_en.Recipe(notes, 11)))
    tests = train_en.test_sets(fold, 200, 12)
    held = [doc for name, gold in tests.items() if name.startswith("held-")
            for doc in gold[: train_en.CURVE_NOTES]]
    result: dict[str, Any] = {"fold": fold}
    for name, policy in POLICIES.items():
        detector.policy = policy
        result[name] = train_en.fold_curve(detector, held)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, default=1667, help="training notes per variant")
    parser.add_argument("--out", type=Path, help="write the JSON here")
    args = parser.parse_args(argv)
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        folds = pool.map(score_fold, [(fold, args.notes) for fold in train_en.FOLDS])
    summary = {name: train_en.mean_curve([{"curve": fold[name]} for fold in folds])
               for name in POLICIES}
    payload = {"folds": folds, "mean": summary}
    text = json.dumps(payload, indent=1)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    print(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
