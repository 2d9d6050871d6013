"""Accuracy script: what the flip fix after detection (``deidkit.models.flips``) drops.

Not a test. Runs the fold models that ``scripts/models/train_en.py --save-folds DIR`` keeps
on new notes of the template families each held out, at a threshold, once as ``deidkit
detect`` runs them and once without the flip fix, and prints token-level PHI true and false
positives and misses of both, and the spans the fix dropped that were true and false.

    .venv/bin/python bench/flips.py --folds DIR [--threshold 0.95] [--notes 150] [--seed 777]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

import regex

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts" / "models"))

import train_en  # noqa: E402  (scripts/models/train_en.py: the folds' held-out families)

import deidkit.models.adjust as adjust  # noqa: E402
from deidkit.corpus.synth import generate  # noqa: E402
from deidkit.models import load_model  # noqa: E402
from deidkit.types import Document  # noqa: E402

_WORD = regex.compile(r"\w+")


def _tokens(document: Document) -> set[int]:
    """The starts of the word tokens a document's spans touch."""
    return {
        m.start() for m in _WORD.finditer(document.text)
        if any(s.start < m.end() and m.start() < s.end for s in document.spans)
    }


def _counts(gold: Sequence[Document], predicted: Sequence[Document]) -> dict[str, int]:
    tp = fp = fn = 0
    for g, p in zip(gold, predicted, strict=True):
        truth, found = _tokens(g), _tokens(p)
        tp, fp, fn = tp + len(truth & found), fp + len(found - truth), fn + len(truth - found)
    return {"tp": tp, "fp": fp, "fn": fn}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folds", type=Path, required=True, help="train_en.py --save-folds DIR")
    parser.add_argument("--threshold", type=float, default=0.95)
    parser.add_argument("--notes", type=int, default=150, help="notes per variant and fold")
    parser.add_argument("--seed", type=int, default=777)
    args = parser.parse_args(argv)
    with_fix = adjust.without_flips
    report: dict[str, object] = {}
    dropped = {"true": 0, "false": 0}
    for fold, held in train_en.FOLDS.items():
        gold = [doc for variant in ("plain", "ambiguous", "out-of-dictionary")
                for doc in generate(args.notes, seed=args.seed, variant=variant, families=held)]
        bare = [doc.with_spans(()) for doc in gold]
        model = load_model(args.folds / f"fold-{fold}", lang="en")
        adjust.without_flips = with_fix
        fixed = adjust.adjusted(model, threshold=args.threshold, lang="en").predict(bare)
        adjust.without_flips = lambda documents, lang: list(documents)
        unfixed = adjust.adjusted(model, threshold=args.threshold, lang="en").predict(bare)
        adjust.without_flips = with_fix
        for g, before, after in zip(gold, unfixed, fixed, strict=True):
            truth = _tokens(g)
            for span in before.spans:
                if any(s.start < span.end and span.start < s.end for s in after.spans) or not (
                    _WORD.search(g.text, span.start, span.end)
                ):
                    continue  # kept (perhaps trimmed), or punctuation alone
                true = any(span.start <= t < span.end for t in truth)
                dropped["true" if true else "false"] += 1
        report[f"fold {fold}"] = {"with fix": _counts(gold, fixed),
                                  "without": _counts(gold, unfixed)}
    report["word spans dropped"] = dropped
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
