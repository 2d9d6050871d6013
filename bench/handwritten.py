"""Accuracy script: a model on the hand-written English test set (issue 17, item 4).

The set (``bench/data/handwritten-en/notes.jsonl``, 70 notes written by hand in layouts the
synthetic generator does not produce, annotated by docs/annotation-guideline.md) is never
used for training or for choosing settings: it is the number reported first.

Scores, all from ``deidkit.evaluate``:

- token recall and precision over PHI (a token is PHI or not, any label);
- per category: gold instances, the share fully found (every token predicted PHI, any label),
  strict entity recall (same start, end and label) and typed token recall;
- the leak: the share of NAME and ID instances with any token missed (and of each apart).

``--ages over-89`` scores as HIPAA Safe Harbor counts: AGE spans under 90 (or not in years)
are dropped from the gold and from the predictions before scoring; ``--ages all`` keeps every
age, as i2b2 2014 does; ``both`` (the default) reports the two.

``--data`` scores another annotated set (a development batch), ``--writer PREFIX`` only its
notes by one writer (ids ``PREFIX-...``), ``--threshold`` another operating point.

    .venv/bin/python bench/handwritten.py [--model en] [--ages both] \\
        [--out out/handwritten-en.json] [--bootstrap 1000] [--data JSONL] [--writer PREFIX]
        [--threshold T]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from deidkit.evaluate import ALL, LEAK_GROUP, PHI, Evaluation, evaluate
from deidkit.io import read_documents
from deidkit.labels import Category
from deidkit.models import load_model
from deidkit.models.adjust import adjusted
from deidkit.redact.surrogates.ages import age_value
from deidkit.types import Document

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench" / "data" / "handwritten-en" / "notes.jsonl"
AGES = ("all", "over-89")
TOKEN = ("token", "binary", PHI)


def over_89(document: Document) -> Document:
    """The document without AGE spans under 90 (Safe Harbor keeps those ages)."""
    kept = []
    for span in document.spans:
        if span.label == "AGE":
            found = age_value(document.text[span.start : span.end])
            if found is None or found[0] < 90:
                continue
        kept.append(span)
    return document.with_spans(tuple(kept))


def apply_ages(documents: Sequence[Document], ages: str) -> list[Document]:
    return [over_89(d) for d in documents] if ages == "over-89" else list(documents)


def _num(value: float | None) -> float | None:
    return None if value is None or math.isnan(value) else round(value, 4)


def scores(result: Evaluation) -> dict[str, Any]:
    """The numbers this script reports, from one evaluation."""
    token = result.counts(TOKEN)
    row: dict[str, Any] = {
        "documents": result.documents,
        "tokens": result.tokens,
        "token_recall": _num(token.recall),
        "token_precision": _num(token.precision),
        "token_f1": _num(token.f1),
        "token_tp_fp_fn": [token.tp, token.fp, token.fn],
        "leak_name_id": _num(result.leak_rate),
        "leak_counts": [result.counts(LEAK_GROUP).fn, result.counts(LEAK_GROUP).gold],
        "entity_strict": {
            k: _num(getattr(result.counts(("entity-strict", "all", ALL)), k))
            for k in ("precision", "recall", "f1")
        },
        "categories": {},
    }
    for key, name in ((TOKEN, "token"), (LEAK_GROUP, "leak")):
        for measure in ("recall", "precision"):
            interval = result.intervals.get(key, {}).get(measure)
            if interval is not None and not (name == "leak" and measure == "precision"):
                row[f"{name}_{measure}_interval"] = [_num(interval.low), _num(interval.high)]
    for category in Category:
        instance = result.counts(("instance", "category", str(category)))
        if not instance.gold:
            continue
        row["categories"][str(category)] = {
            "gold": instance.gold,
            "found": _num(instance.recall),
            "missed_any_token": _num(instance.fn / instance.gold),
            "strict_recall": _num(
                result.counts(("entity-strict", "category", str(category))).recall
            ),
            "token_recall": _num(result.counts(("token", "category", str(category))).recall),
        }
    return row


def run(
    model: str, lang: str, ages: Sequence[str], bootstrap: int, data: Path = DATA, *,
    writer: str | None = None, threshold: float | None = None,
) -> dict[str, Any]:
    """The model's scores on the notes of ``data`` (those of one ``writer``, by the prefix of
    their ids, if given), at ``threshold`` (None: the model's saved operating point)."""
    gold = [d for d in read_documents(data) if writer is None or d.id.startswith(f"{writer}-")]
    # as `deidkit detect` runs it: the operating point, mention propagation, whole codes
    detector = adjusted(load_model(model, lang=lang), lang=lang, threshold=threshold)
    started = time.perf_counter()
    predicted = detector.predict([d.with_spans(()) for d in gold])
    seconds = time.perf_counter() - started
    payload: dict[str, Any] = {
        "model": model,
        "writer": writer,
        "threshold": threshold,
        "data": str(data.relative_to(ROOT) if data.is_relative_to(ROOT) else data),
        "notes": len(gold),
        "patients": len({d.patient_id for d in gold}),
        "gold_spans": sum(len(d.spans) for d in gold),
        "predict_seconds": round(seconds, 2),
        "bootstrap_rounds": bootstrap,
        "ages": {},
    }
    for setting in ages:
        result = evaluate(
            apply_ages(gold, setting), apply_ages(predicted, setting), bootstrap=bootstrap
        )
        payload["ages"][setting] = scores(result)
    return payload


def _pct(value: float | None) -> str:
    return "  n/a" if value is None else f"{100 * value:5.1f}"


def _share(part: int, whole: int) -> float | None:
    """``part`` of ``whole`` (printed from the counts: the stored rate is rounded)."""
    return part / whole if whole else None


def print_table(payload: dict[str, Any]) -> None:
    print(
        f"model {payload['model']} on {payload['notes']} hand-written notes "
        f"({payload['patients']} patients, {payload['gold_spans']} gold spans)"
    )
    for setting, row in payload["ages"].items():
        low, high = row.get("token_recall_interval", [None, None])
        interval = f" [{_pct(low).strip()}-{_pct(high).strip()}]" if low is not None else ""
        print(
            f"\n--ages {setting}: token recall {_pct(row['token_recall'])}%{interval}, "
            f"precision {_pct(row['token_precision'])}%, NAME+ID leak "
            f"{_pct(_share(*row['leak_counts']))}% ({row['leak_counts'][0]} of "
            f"{row['leak_counts'][1]})"
        )
        print(f"  {'category':<12}{'gold':>6}{'found':>8}{'leak':>8}{'strict R':>10}{'token R':>9}")
        for name, cat in row["categories"].items():
            print(
                f"  {name:<12}{cat['gold']:>6}{_pct(cat['found']):>8}"
                f"{_pct(cat['missed_any_token']):>8}{_pct(cat['strict_recall']):>10}"
                f"{_pct(cat['token_recall']):>9}"
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="en", help="shipped model name or model folder")
    parser.add_argument("--lang", default="en", help="language of the model")
    parser.add_argument(
        "--ages",
        choices=(*AGES, "both"),
        default="both",
        help="all (i2b2 2014), over-89 (HIPAA Safe Harbor) or both",
    )
    parser.add_argument(
        "--bootstrap", type=int, default=1000, help="bootstrap rounds for the intervals (0: none)"
    )
    parser.add_argument("--data", type=Path, default=DATA, help="the annotated notes")
    parser.add_argument("--writer", metavar="PREFIX",
                        help="only the notes of one writer (ids starting with PREFIX-)")
    parser.add_argument("--threshold", type=float,
                        help="the operating point (default: the model's saved one)")
    parser.add_argument(
        "--out", type=Path, default=Path("out/handwritten-en.json"), help="write the JSON here"
    )
    args = parser.parse_args(argv)
    ages = AGES if args.ages == "both" else (args.ages,)
    payload = run(args.model, args.lang, ages, args.bootstrap, args.data,
                  writer=args.writer, threshold=args.threshold)
    if not payload["notes"]:
        parser.error(f"no notes of writer {args.writer!r} in {args.data}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
    print_table(payload)
    print(f"\nwrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
