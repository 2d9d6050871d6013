"""Accuracy script: every detector trained on MEDDOCAN train, measured on MEDDOCAN dev.

For each detector: training time (wall clock and the process's CPU time, so other load on
the machine does not count), prediction speed, and deidkit.evaluate's entity scores: strict
(same start, end and label), span (type ignored) and token-level PHI. The MEDDOCAN test
split is not available: dev is for measuring and tuning only. Prints one JSON object.

    .venv/bin/python bench/meddocan_detectors.py [--detectors crf,svm,tree,rules]
        [--train DIR] [--dev DIR] [--out result.json] [--save-dir DIR]

MEDDOCAN: CC BY 4.0, (c) 2019 SEAD (PlanTL-GOB-ES/SPACCC_MEDDOCAN).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from deidkit.evaluate import ALL, PHI, evaluate
from deidkit.io import read_documents
from deidkit.models import build_detector
from deidkit.text import tokenize

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "meddocan"

SPECS: dict[str, tuple[str, dict[str, Any]]] = {
    "crf": ("crf", {"c1": 0.05, "c2": 0.05, "features": {"window": 3}}),
    "crf-window4": ("crf", {"c1": 0.05, "c2": 0.05}),
    "crf-100": ("crf", {"c1": 0.05, "c2": 0.05, "features": {"window": 3},
                        "max_iterations": 100}),
    "crf-sampled-100": ("crf", {"c1": 0.05, "c2": 0.05, "features": {"window": 3},
                                "sampling": "random", "sampling_p": 0.3,
                                "max_iterations": 100}),
    "crf-sampled": ("crf", {"c1": 0.05, "c2": 0.05, "features": {"window": 3},
                            "sampling": "random", "sampling_p": 0.3}),
    "svm": ("svm", {}),
    "svm-binary": ("svm", {"mode": "binary"}),
    # the SVM paper compares kernels on a PHI / non-PHI SVM trained on a small sample
    "svm-quadratic": ("svm", {"kernel": "quadratic", "mode": "binary", "max_samples": 10_000}),
    "svm-gaussian": ("svm", {"kernel": "gaussian", "mode": "binary", "max_samples": 10_000,
                             "C": 10.0}),
    "tree": ("tree", {}),
    "rules": ("rules", {}),
    "ensemble": ("ensemble", {"members": [
        {"detector": "rules"},
        {"detector": "crf", "params": {"c1": 0.05, "c2": 0.05, "features": {"window": 3}}},
    ]}),
}


def _scores(dev: list, predicted: list) -> dict[str, Any]:
    scores = evaluate(dev, predicted, bootstrap=0)
    result = {}
    for key, group in (
        ("strict", ("entity-strict", "all", ALL)),
        ("span", ("entity-span", "all", ALL)),
        ("token_phi", ("token", "binary", PHI)),
    ):
        counts = scores.counts(group)
        result[key] = {"precision": round(counts.precision, 4),
                       "recall": round(counts.recall, 4), "f1": round(counts.f1, 4)}
    return result


def measure(name: str, train: list, dev: list, tokens: int, save_dir: Path | None) -> dict:
    detector_name, params = SPECS[name]
    detector = build_detector(detector_name, {"lang": "es", **params})
    # read by the learning detectors, passed on by the ensemble; as deidkit.cli.models sets it
    detector.progress = lambda message: print(  # type: ignore[attr-defined]
        f"[{name}] {message}", file=sys.stderr
    )
    wall, cpu = time.perf_counter(), time.process_time()
    detector.fit(train)
    train_wall, train_cpu = time.perf_counter() - wall, time.process_time() - cpu
    wall, cpu = time.perf_counter(), time.process_time()
    predicted = detector.predict([doc.with_spans(()) for doc in dev])
    predict_wall, predict_cpu = time.perf_counter() - wall, time.process_time() - cpu
    if save_dir is not None:
        detector.save(save_dir / name, overwrite=True)
    row: dict[str, Any] = {"detector": detector_name, "params": params}
    row.update(_scores(dev, predicted))
    if getattr(detector, "pattern_backoff", False):  # the same model without the back-off
        detector.set_params(pattern_backoff=False)
        row["without_backoff"] = _scores(dev, detector.predict([d.with_spans(()) for d in dev]))
        detector.set_params(pattern_backoff=True)
    row.update(train_wall_s=round(train_wall, 1), train_cpu_s=round(train_cpu, 1),
               predict_tokens_per_s_cpu=round(tokens / predict_cpu) if predict_cpu else None,
               predict_wall_s=round(predict_wall, 1))
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--detectors", default="crf,svm,tree,rules")
    parser.add_argument("--train", type=Path, default=DATA / "train")
    parser.add_argument("--dev", type=Path, default=DATA / "dev")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--save-dir", type=Path, default=None)
    args = parser.parse_args(argv)
    names = [name.strip() for name in args.detectors.split(",") if name.strip()]
    unknown = [name for name in names if name not in SPECS]
    if unknown:
        parser.error(f"unknown detector {unknown[0]!r}; use some of {', '.join(SPECS)}")
    train = list(read_documents(args.train))
    dev = list(read_documents(args.dev))
    tokens = sum(len(tokenize(doc.text)) for doc in dev)
    result: dict[str, Any] = {
        "benchmark": "meddocan_detectors",
        "train": {"path": str(args.train), "documents": len(train)},
        "dev": {"path": str(args.dev), "documents": len(dev), "tokens": tokens},
        "cpus": os.cpu_count(),
        "detectors": {},
    }
    for name in names:
        result["detectors"][name] = measure(name, train, dev, tokens, args.save_dir)
        print(f"[{name}] {json.dumps(result['detectors'][name])}", file=sys.stderr)
    text = json.dumps(result, indent=2)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
