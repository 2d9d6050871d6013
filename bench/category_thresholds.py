"""Accuracy script: an operating point per PHI category against one threshold for all.

Not a test. The shipped operating point counts a token as PHI when the CRF's probability that
it is outside PHI is below one threshold (docs/operating-point.md). Here the threshold
depends on the category of the token's most probable PHI label (``NAME=0.99`` marks more
name tokens, ``LOCATION=0.9`` fewer places), and token-level PHI true and false positives,
misses and NAME/ID leaks are summed over the sets, as ``deidkit detect`` runs the model
(passes after detection, mention propagation), each point put on the loaded models with
``set_threshold``'s thresholds per category (``deidkit.models.operating``).

A set is a JSONL of annotated notes scored with ``--model``, or ``fold:A`` / ``fold:B``: the
held-out template families of ``scripts/models/train_en.py``'s fold (the first
``CURVE_NOTES`` notes of each variant, as its curve) scored with that fold's model, kept by
``train_en.py --save-folds DIR`` (``--folds DIR``).

    .venv/bin/python bench/category_thresholds.py --model en --folds DIR \\
        --set bench/data/handwritten-en-dev20/notes.jsonl --set fold:A --set fold:B \\
        default=0.95 default=0.95,NAME=0.99 default=0.97
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts" / "models"))

import train_en  # noqa: E402  (scripts/models/train_en.py: the folds' held-out families)

from deidkit.evaluate.curve import TOKEN_GROUP  # noqa: E402
from deidkit.evaluate.evaluation import LEAK_GROUP, evaluate  # noqa: E402
from deidkit.io import read_documents  # noqa: E402
from deidkit.labels import Category  # noqa: E402
from deidkit.models import load_model  # noqa: E402
from deidkit.models.adjust import adjusted  # noqa: E402
from deidkit.types import Document  # noqa: E402


def parse_point(text: str) -> dict[str, float]:
    """``default=0.95,NAME=0.99`` as a mapping (``default``: every other category)."""
    point: dict[str, float] = {}
    for part in text.split(","):
        name, _, value = part.partition("=")
        if name != "default" and name not in Category.__members__:
            raise SystemExit(f"{text}: {name!r} is no category ({', '.join(Category)})")
        point[name] = float(value)
    if "default" not in point:
        raise SystemExit(f"{text}: give default=T for the other categories")
    return point


def put_point(detector: Any, point: dict[str, float]) -> None:
    """Put the loaded model at ``point``: ``default`` for every category but the others named
    (the package's thresholds per category, ``set_threshold``'s ``categories``)."""
    detector.set_threshold(
        point["default"], {name: value for name, value in point.items() if name != "default"}
    )


def held_out(fold: str) -> list[Document]:
    """The notes ``train_en.py`` (default settings) measures fold ``fold``'s curve on."""
    return train_en.curve_notes(train_en.test_sets(fold, train_en.TEST_NOTES, train_en.SEED + 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("points", nargs="+", help="default=T[,CATEGORY=T...]")
    parser.add_argument("--model", default="en")
    parser.add_argument("--folds", type=Path, help="train_en.py --save-folds DIR")
    parser.add_argument("--set", action="append", required=True, dest="sets")
    args = parser.parse_args()
    points = [parse_point(text) for text in args.points]
    runs: list[tuple[str, Any, list[Document]]] = []
    for name in args.sets:
        if name.startswith("fold:"):
            if args.folds is None:
                raise SystemExit(f"{name}: give --folds DIR")
            fold = name.removeprefix("fold:")
            runs.append((name, load_model(str(args.folds / f"fold-{fold}")), held_out(fold)))
        else:
            runs.append((name, load_model(args.model), list(read_documents(name))))
    for text, point in zip(args.points, points, strict=True):
        total = np.zeros(5, dtype=int)
        for _name, detector, gold in runs:
            put_point(detector, point)
            predictor = adjusted(detector, ages="all", propagate=True, lang="en")
            predicted = predictor.predict([document.with_spans(()) for document in gold])
            evaluation = evaluate(gold, predicted, bootstrap=0)
            tokens, leak = evaluation.counts(TOKEN_GROUP), evaluation.counts(LEAK_GROUP)
            total += [tokens.tp, tokens.fp, tokens.fn, leak.fn, leak.gold]
        tp, fp, fn, leaked, names = (int(value) for value in total)
        print(f"{text:42s} TP/FP/FN {tp}/{fp}/{fn}  R {tp / (tp + fn):.4f}  "
              f"P {tp / (tp + fp):.4f}  NAME+ID leak {leaked}/{names}", flush=True)


if __name__ == "__main__":
    main()
