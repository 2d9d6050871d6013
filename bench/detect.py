"""Benchmark: ``deidkit detect`` end to end with a model (default: the shipped Spanish CRF).

Runs the same function as ``deidkit detect`` (read the corpus, tokenize, extract features,
tag, decode spans, write the output) on one core, and reports tokens per second by wall
clock and by CPU time (the process's own, so other load on the machine does not count),
the best of ``--repeat`` runs, plus the model's load time and size. Prints one JSON object.

With ``--check`` it also predicts the corpus once more and reports the model's accuracy on
it (strict and span F1 against the corpus's own spans) and a SHA-256 digest of every
predicted span (document, offsets, label, score to 6 decimals): a speed change that leaves
the digest equal leaves the model's predictions equal.

    .venv/bin/python bench/detect.py [--corpus DIR] [--model es] [--lang es] [--repeat 3]
        [--check] [--out result.json]

Default corpus: MEDDOCAN dev (../shared/data/meddocan/dev, BRAT, CC BY 4.0).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from deidkit.cli.models import detect_corpus
from deidkit.evaluate import ALL, evaluate
from deidkit.io import read_documents
from deidkit.models import load_model, resolve_model_path
from deidkit.models.store import folder_size
from deidkit.text import tokenize

DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "data" / "meddocan" / "dev"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--format", default=None)
    parser.add_argument("--model", default=None, help="shipped name or folder (default: lang's)")
    parser.add_argument("--lang", default="es")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--check", action="store_true",
                        help="also report accuracy on the corpus and a digest of the predictions")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core

    path = resolve_model_path(args.model, args.lang)
    started_wall, started_cpu = time.perf_counter(), time.process_time()
    load_model(args.model, lang=args.lang)
    load = {"wall_s": round(time.perf_counter() - started_wall, 3),
            "cpu_s": round(time.process_time() - started_cpu, 3)}

    documents = list(read_documents(args.corpus, args.format))
    tokens = sum(len(tokenize(doc.text)) for doc in documents)
    runs = []
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory() as tmp:
            wall, cpu = time.perf_counter(), time.process_time()
            report = detect_corpus(args.corpus, Path(tmp) / "out", model=args.model,
                                   lang=args.lang, format=args.format, to="jsonl")
            runs.append((time.perf_counter() - wall, time.process_time() - cpu))
    wall_best = min(r[0] for r in runs)
    cpu_best = min(r[1] for r in runs)
    result = {
        "benchmark": "detect",
        "model": str(path),
        "model_size_mb": round(folder_size(path) / 1e6, 2),
        "model_load": load,
        "corpus": str(args.corpus),
        "documents": len(documents),
        "tokens": tokens,
        "spans_found": sum(report.labels.values()),
        "best_wall_s": round(wall_best, 3),
        "best_cpu_s": round(cpu_best, 3),
        "tokens_per_s_wall": round(tokens / wall_best),
        "tokens_per_s_cpu": round(tokens / cpu_best),
        "target_tokens_per_s": 50_000,
        "load_average": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
    }
    if args.check:
        result["check"] = check(documents, args.model, args.lang)
    text = json.dumps(result, indent=2)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    print(text)
    return 0


def check(documents: list, model: str | None, lang: str) -> dict[str, object]:
    """Strict and span F1 of the model on ``documents`` and a digest of its predictions."""
    detector = load_model(model, lang=lang)
    predicted = detector.predict([document.with_spans(()) for document in documents])
    digest = hashlib.sha256()
    for document in sorted(predicted, key=lambda doc: doc.id):
        for span in document.spans:
            score = "" if span.score is None else f"{span.score:.6f}"
            digest.update(f"{document.id}\t{span.start}\t{span.end}\t{span.label}\t{score}\n"
                          .encode())
    scores = evaluate(documents, predicted, bootstrap=0)
    strict = scores.counts(("entity-strict", "all", ALL))
    span_counts = scores.counts(("entity-span", "all", ALL))
    return {
        "strict_f1": round(strict.f1, 4),
        "strict_precision": round(strict.precision, 4),
        "strict_recall": round(strict.recall, 4),
        "span_f1": round(span_counts.f1, 4),
        "predicted_spans": sum(len(document.spans) for document in predicted),
        "predictions_sha256": digest.hexdigest(),
    }


if __name__ == "__main__":
    sys.exit(main())
