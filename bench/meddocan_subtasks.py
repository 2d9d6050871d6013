"""MEDDOCAN subtask scores of saved models on a BRAT folder (dev), with an error analysis.

For each model: subtask 1 (type and offsets, MEDDOCAN's own types), subtask 2 strict
(offsets) and merged, as MEDDOCAN's official script computes them (``deidkit.evaluate.scheme``,
checked against a re-implementation of that script in tests/evaluate/test_scheme_scores.py),
the per-type table with each error's kind, the most frequent type confusions, the model's
size and its detection time. Prints one JSON object (``--markdown``: the per-type tables).

Error kinds, per unmatched gold span (fn) and unmatched predicted span (fp): ``type`` (a span
with the same offsets has another type), ``boundary`` (an overlapping span with other
offsets), ``miss`` / ``spurious`` (nothing overlaps).

    .venv/bin/python bench/meddocan_subtasks.py --model base=es-train [--model v1=DIR ...]
        [--dev DIR] [--out result.json] [--markdown] [--brat-out DIR]

Train a model on train only first (the shipped settings):

    deidkit train --model crf --lang es --corpus meddocan/train --set c1=0.05 --set c2=0.05 \\
        --set features.window=3 --out es-train

MEDDOCAN: CC BY 4.0, (c) 2019 SEAD (PlanTL-GOB-ES/SPACCC_MEDDOCAN).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from deidkit.evaluate.scheme import scheme_scores
from deidkit.io import read_documents, write_documents
from deidkit.io.schemes import OutputScheme, output_scheme
from deidkit.models import load_model
from deidkit.types import Document

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "meddocan"
KINDS = ("fn_type", "fn_boundary", "fn_miss", "fp_type", "fp_boundary", "fp_spurious")
Key = tuple[int, int, str]


def _keys(document: Document, scheme: OutputScheme) -> set[Key]:
    return {(s.start, s.end, scheme.label_for(s)[0]) for s in document.spans}


def error_table(
    gold: Sequence[Document], predicted: Sequence[Document], scheme: OutputScheme
) -> tuple[dict[str, Counter[str]], Counter[tuple[str, str]]]:
    """Per type: tp and each error kind; and the (gold type, predicted type) confusions."""
    by_id = {document.id: document for document in predicted}
    table: dict[str, Counter[str]] = {}
    confusions: Counter[tuple[str, str]] = Counter()
    for document in gold:
        if document.id not in by_id:
            continue
        g, p = _keys(document, scheme), _keys(by_id[document.id], scheme)
        for key in g & p:
            table.setdefault(key[2], Counter())["tp"] += 1
        for side, missed, other in (("fn", g - p, p), ("fp", p - g, g)):
            for key in missed:
                same = [o for o in other if o[:2] == key[:2]]
                overlapping = any(o[0] < key[1] and key[0] < o[1] for o in other)
                if same:
                    kind = "type"
                    if side == "fn":
                        confusions[(key[2], same[0][2])] += 1
                elif overlapping:
                    kind = "boundary"
                else:
                    kind = "miss" if side == "fn" else "spurious"
                table.setdefault(key[2], Counter())[f"{side}_{kind}"] += 1
    return table, confusions


def _f1(tp: int, fp: int, fn: int) -> tuple[float, float, float]:
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def _size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def measure(name: str, folder: Path, dev: list[Document], brat_out: Path | None) -> dict:
    scheme = output_scheme("meddocan")
    model = load_model(str(folder))
    inputs = [document.with_spans(()) for document in dev]
    wall, cpu = time.perf_counter(), time.process_time()
    predicted = list(model.predict(inputs))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if brat_out is not None:
        write_documents(predicted, brat_out / name, "brat", labels="meddocan")
    scores = scheme_scores(dev, predicted, scheme)
    table, confusions = error_table(dev, predicted, scheme)
    per_type = {}
    for label, counts in sorted(table.items(), key=lambda item: -sum(
            v for k, v in item[1].items() if k == "tp" or k.startswith("fn"))):
        fn = sum(counts[k] for k in KINDS if k.startswith("fn"))
        fp = sum(counts[k] for k in KINDS if k.startswith("fp"))
        p, r, f = _f1(counts["tp"], fp, fn)
        per_type[label] = {"gold": counts["tp"] + fn, "tp": counts["tp"],
                           **{k: counts[k] for k in KINDS},
                           "precision": round(p, 4), "recall": round(r, 4), "f1": round(f, 4)}
    return {
        "model": str(folder),
        "description": getattr(model, "metadata_", {}).get("description", ""),
        "size_bytes": _size(folder),
        "detect_wall_seconds": round(wall, 2),
        "detect_cpu_seconds": round(cpu, 2),
        "subtask1": scores.labelled.to_dict(),
        "subtask2_strict": scores.spans_strict.to_dict(),
        "subtask2_merged": scores.spans_merged.to_dict(),
        "errors": {k: sum(row[k] for row in per_type.values()) for k in KINDS},
        "per_type": per_type,
        "confusions": [[g, p, n] for (g, p), n in confusions.most_common()],
    }


def markdown(name: str, result: dict) -> str:
    s1, s2, s3 = result["subtask1"], result["subtask2_strict"], result["subtask2_merged"]
    lines = [
        f"### {name}: subtask 1 P {s1['precision']:.4f} R {s1['recall']:.4f} "
        f"F1 {s1['f1']:.4f}; subtask 2 strict F1 {s2['f1']:.4f}, merged F1 {s3['f1']:.4f}",
        "",
        "| type | gold | tp | fn type | fn boundary | fn miss | fp type | fp boundary "
        "| fp spurious | P | R | F1 |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for label, row in result["per_type"].items():
        lines.append(f"| {label} | {row['gold']} | {row['tp']} | "
                     + " | ".join(str(row[k]) for k in KINDS)
                     + f" | {row['precision']:.3f} | {row['recall']:.3f} | {row['f1']:.3f} |")
    errors = result["errors"]
    lines.append("| all | | " + str(s1["tp"]) + " | "
                 + " | ".join(str(errors[k]) for k in KINDS) + " | | | |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", action="append", required=True, metavar="NAME=DIR",
                        help="a saved model folder to score (repeatable)")
    parser.add_argument("--dev", type=Path, default=DATA / "dev")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--markdown", action="store_true", help="print the per-type tables")
    parser.add_argument("--brat-out", type=Path, help="also write each model's BRAT output")
    args = parser.parse_args(argv)
    dev = list(read_documents(args.dev, "brat"))
    results = {}
    for spec in args.model:
        name, _, folder = spec.partition("=")
        if not folder:
            name, folder = Path(spec).name, spec
        print(f"[{name}] scoring {folder}", file=sys.stderr)
        results[name] = measure(name, Path(folder), dev, args.brat_out)
    text = json.dumps({"dev": str(args.dev), "documents": len(dev), "models": results},
                      indent=1, ensure_ascii=False)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    if args.markdown:
        for name, result in results.items():
            print(markdown(name, result) + "\n")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
