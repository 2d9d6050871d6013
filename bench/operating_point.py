"""The shipped English model's operating points, with and without mention propagation.

    .venv/bin/python bench/operating_point.py --notes 500 --seed 23 --out out/operating-point.json

Generates ``--notes`` out-of-dictionary synthetic notes (``deidkit synth --variant
out-of-dictionary``; the shipped model was trained on seed 11, so use another seed), runs the
model at argmax and at each threshold, with and without mention propagation, and writes
token-level PHI recall and precision and the NAME/ID leak rate (share of gold NAME and ID
instances with a token missed) of each, from ``deidkit.evaluate``. ``--ages over-89`` scores
under HIPAA's age rule. ``--families`` / ``--exclude`` (comma-separated family ids,
``deidkit.corpus.families``) keep or drop template families, e.g. to score the families a
model never saw apart from the others.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from deidkit.agerule import apply_age_rule
from deidkit.corpus.synth import generate
from deidkit.evaluate.curve import point_of
from deidkit.models import load_model
from deidkit.models.mentions import propagate_mentions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--model", default="en")
    parser.add_argument("--notes", type=int, default=500)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--variant", default="out-of-dictionary")
    parser.add_argument("--thresholds", default="0.5,0.8,0.9,0.95,0.99")
    parser.add_argument("--ages", default="all", choices=("all", "over-89"))
    parser.add_argument("--families", default=None, help="only these families (ids, commas)")
    parser.add_argument("--exclude", default=None, help="all families but these (ids, commas)")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    families = args.families.split(",") if args.families else None
    exclude = args.exclude.split(",") if args.exclude else None
    notes = generate(args.notes, seed=args.seed, variant=args.variant, families=families,
                     exclude=exclude)
    gold = apply_age_rule(list(notes), args.ages)
    texts = [document.with_spans(()) for document in gold]
    detector = load_model(args.model)
    rows = []
    for threshold in [None, *(float(t) for t in args.thresholds.split(","))]:
        detector.set_threshold(threshold)
        started = time.perf_counter()
        predicted = detector.predict(texts)
        seconds = time.perf_counter() - started
        for propagate in (False, True):
            pred = propagate_mentions(predicted) if propagate else predicted
            point = point_of(gold, apply_age_rule(pred, args.ages), threshold)
            row = {**point.to_dict(), "threshold": threshold if threshold else "argmax",
                   "propagate": propagate, "seconds": round(seconds, 1)}
            rows.append(row)
            print(json.dumps(row), flush=True)
    result = {"model": args.model, "notes": args.notes, "seed": args.seed,
              "variant": args.variant, "ages": args.ages, "families": families,
              "exclude": exclude, "rows": rows}
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
