"""Accuracy script: choosing the English default model (issue 7) by measurement.

Every candidate (rules, CRFs with different features and regularisation, an SVM, ensembles of
rules and a CRF under per-category policies) is trained on ``deidkit synth`` notes from the
template families of a fold's *training* side (plain, ambiguous and out-of-dictionary variants
mixed unless the candidate says otherwise) and measured on:

- ``seen``: new notes (another seed: other patients, names, dates) from the same families;
- ``held-out``: notes from the fold's held-out families, which the model never saw, in each
  variant (``held-plain``, ``held-ambiguous``, ``held-ood``);
- ``examples``: the ten hand-written notes of examples/notes.gold.jsonl (written
  independently of the generator: the closest thing here to notes by other people).

Two folds hold out two disjoint sets of eleven families (one of most note types each, so
every held-out family has siblings of its note type in training). Scores: entity strict and
span P/R/F1, token-level PHI P/R/F1 and the leak rate (share of NAME and ID instances with any
token missed), all from ``deidkit.evaluate``. Speed: CPU time of ``predict`` and of redaction
(surrogates) on ~600-token notes (the throughput benchmark's corpus), model size and load time.

Each (candidate, fold) result is written to ``--out-dir`` as JSON as soon as it is done, and
skipped when present, so runs resume. ``--summary`` prints the comparison table.

    .venv/bin/python bench/english_model.py --candidates rules,crf-lean --folds A,B \\
        --out-dir out/english-model [--jobs 2] [--train-notes 400] [--test-notes 200]
    .venv/bin/python bench/english_model.py --out-dir out/english-model --summary
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from deidkit.corpus.synth import generate
from deidkit.evaluate import ALL, PHI, evaluate
from deidkit.io import read_documents
from deidkit.models import build_detector, load_model
from deidkit.models.ensemble import EnsembleDetector
from deidkit.models.store import folder_size
from deidkit.text import tokenize
from deidkit.types import Document

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "notes.gold.jsonl"
VARIANTS = ("plain", "ambiguous", "out-of-dictionary")
SHORT = {"plain": "plain", "ambiguous": "ambiguous", "out-of-dictionary": "ood"}

FOLDS: dict[str, tuple[str, ...]] = {
    "A": ("dc-dictated", "nurse-terse", "rad-formal", "path-brief", "ed-triage", "tel-portal",
          "letter-doctor", "sw-dispo", "op-brief", "consult-psych", "progress-hp"),
    "B": ("dc-structured", "nurse-narrative", "nurse-sbar", "rad-echo", "path-surgical",
          "ed-physician", "tel-message", "letter-patient", "sw-assessment", "op-full",
          "progress-soap"),
}
"""Held-out template families of each fold (disjoint)."""

ALL_CLASSES = ["word", "orthography", "regex", "affix", "context", "pos", "section", "medical",
               "dictionary", "frequency"]
LEAN = ["word", "orthography", "regex", "affix", "context", "section", "medical", "dictionary",
        "frequency"]
FEATURES: dict[str, dict[str, Any]] = {
    "full": {},  # the English default feature set (every class but syntax, window 4)
    "lean": {"classes": LEAN, "window": 2},  # no part of speech, window 2: faster
    "lean-noword": {"classes": [c for c in LEAN if c != "word"], "window": 2},
    "lean-noaffix": {"classes": [c for c in LEAN if c != "affix"], "window": 2},
    "lean-w3": {"classes": LEAN, "window": 3},
    "lean-nodict": {"classes": [c for c in LEAN if c != "dictionary"], "window": 2},
    "lean-w1": {"classes": LEAN, "window": 1},
    "lean-a2": {"classes": LEAN, "window": 2, "affix_max": 2},
}
REG = {"c1": 0.05, "c2": 0.05}

CANDIDATES: dict[str, dict[str, Any]] = {
    "rules": {"detector": "rules"},
    "svm": {"detector": "svm", "features": "lean"},
    "crf-full": {"detector": "crf", "params": REG, "features": "full"},
    "crf-lean": {"detector": "crf", "params": REG, "features": "lean"},
    "crf-lean-plain": {"detector": "crf", "params": REG, "features": "lean",
                       "variants": ["plain"]},
    "crf-lean-noword": {"detector": "crf", "params": REG, "features": "lean-noword"},
    "crf-lean-noaffix": {"detector": "crf", "params": REG, "features": "lean-noaffix"},
    "crf-lean-nodict": {"detector": "crf", "params": REG, "features": "lean-nodict"},
    "crf-lean-w3": {"detector": "crf", "params": REG, "features": "lean-w3"},
    "crf-lean-l2": {"detector": "crf", "params": {"c1": 0.0, "c2": 1.0}, "features": "lean"},
    "crf-lean-l1": {"detector": "crf", "params": {"c1": 0.5, "c2": 0.01}, "features": "lean"},
    "crf-lean-sampled": {"detector": "crf", "features": "lean",
                         "params": {**REG, "sampling": "random", "sampling_p": 0.3}},
    "crf-lean-it100": {"detector": "crf", "params": {**REG, "max_iterations": 100},
                       "features": "lean"},
    "crf-lean-sampled-it100": {"detector": "crf", "features": "lean", "params": {
        **REG, "sampling": "random", "sampling_p": 0.3, "max_iterations": 100}},
    "crf-lean-big": {"detector": "crf", "params": REG, "features": "lean", "notes": 2.0},
    "crf-lean-w1": {"detector": "crf", "params": REG, "features": "lean-w1"},
    "crf-lean-a2": {"detector": "crf", "params": REG, "features": "lean-a2"},
}
"""Trained candidates. Ensembles are built from a trained CRF candidate and the rules."""

POLICIES: dict[str, dict[str, str]] = {
    "union-name-id": {"NAME": "union", "ID": "union", "CONTACT": "union"},
    "union-default": {"NAME": "union", "ID": "union", "CONTACT": "union", "DATE": "union",
                      "AGE": "union"},
    "union-all": {category: "union" for category in
                  ("NAME", "PROFESSION", "LOCATION", "AGE", "DATE", "CONTACT", "ID", "OTHER")},
}
"""Ensemble policies (categories not listed: the CRF alone)."""


def ensemble_names() -> list[str]:
    return [f"ens-{crf}-{policy}" for crf in CANDIDATES if crf.startswith("crf-")
            for policy in POLICIES]


# --- corpora ----------------------------------------------------------------------------------


def training_corpus(fold: str, notes: int, variants: Sequence[str], seed: int) -> list[Document]:
    held = FOLDS[fold] if fold != "all" else ()
    docs: list[Document] = []
    for variant in variants:
        docs += generate(notes, seed=seed, variant=variant, exclude=held or None)
    return docs


def test_sets(fold: str, notes: int, seed: int) -> dict[str, list[Document]]:
    held = FOLDS[fold]
    sets: dict[str, list[Document]] = {}
    for variant in VARIANTS:
        sets[f"seen-{SHORT[variant]}"] = list(
            generate(notes, seed=seed, variant=variant, exclude=held))
        sets[f"held-{SHORT[variant]}"] = list(
            generate(notes, seed=seed, variant=variant, families=held))
    sets["examples"] = list(read_documents(EXAMPLES))
    return sets


def speed_notes(count: int = 120) -> list[Document]:
    sys.path.insert(0, str(ROOT / "bench"))
    from throughput import english_notes  # the throughput benchmark's ~600-token notes

    return english_notes(count)


# --- measuring --------------------------------------------------------------------------------


def scores(gold: Sequence[Document], pred: Sequence[Document]) -> dict[str, Any]:
    result = evaluate(gold, pred, bootstrap=0)
    row: dict[str, Any] = {}
    for key, group in (("strict", ("entity-strict", "all", ALL)),
                       ("span", ("entity-span", "all", ALL)),
                       ("token", ("token", "binary", PHI))):
        counts = result.counts(group)
        row[key] = {"p": _round(counts.precision), "r": _round(counts.recall),
                    "f1": _round(counts.f1)}
    row["leak"] = _round(result.leak_rate)
    row["gold_entities"] = result.counts(("entity-strict", "all", ALL)).gold
    return row


def _round(value: float) -> float | None:
    return None if value is None or math.isnan(value) else round(value, 4)


def speed(detector: Any, notes: Sequence[Document]) -> dict[str, Any]:
    """CPU milliseconds per note for predict and for redaction (surrogates), one process."""
    from deidkit.redact import deidentify

    bare = [doc.with_spans(()) for doc in notes]
    detector.predict(bare[:20])  # warm caches
    started = time.process_time()
    predicted = detector.predict(bare[20:])
    detect_ms = 1000 * (time.process_time() - started) / (len(bare) - 20)
    started = time.process_time()
    deidentify(predicted, key="english-model-benchmark-key-0123456789")
    redact_ms = 1000 * (time.process_time() - started) / (len(bare) - 20)
    tokens = sum(len(tokenize(doc.text)) for doc in notes) / len(notes)
    return {"detect_ms_per_note": round(detect_ms, 2), "redact_ms_per_note": round(redact_ms, 2),
            "tokens_per_note": round(tokens), "end_to_end_notes_per_cpu_s":
            round(1000 / (detect_ms + redact_ms), 1)}


def build(name: str, seed: int) -> Any:
    spec = CANDIDATES[name]
    params = dict(spec.get("params", {}))
    if spec["detector"] in ("crf", "svm"):
        params.setdefault("seed", seed)
    features = FEATURES[spec["features"]] if "features" in spec else None
    return build_detector(spec["detector"], {"lang": "en", **params}, features=features)


def run_trained(name: str, fold: str, args: argparse.Namespace) -> dict[str, Any]:
    """Train one candidate on a fold, measure it and the ensembles built on it."""
    spec = CANDIDATES[name]
    detector = build(name, args.seed)
    detector.progress = lambda message: print(f"[{name}/{fold}] {message}", file=sys.stderr) \
        if not message.startswith(("crf: iteration", "features:")) else None
    notes = round(args.train_notes * spec.get("notes", 1.0))
    train = training_corpus(fold, notes, spec.get("variants", VARIANTS), args.seed)
    wall, cpu = time.perf_counter(), time.process_time()
    detector.fit(train)
    training = {"documents": len(train), "wall_s": round(time.perf_counter() - wall, 1),
                "cpu_s": round(time.process_time() - cpu, 1),
                **{k: v for k, v in detector.training_.items()
                   if k in ("iterations", "trained_tokens", "tokens")}}
    return measure_all(name, fold, detector, training, args)


def measure_all(name: str, fold: str, detector: Any, training: dict[str, Any],
                args: argparse.Namespace) -> dict[str, Any]:
    tests = test_sets(fold, args.test_notes, args.seed + 1)
    notes = speed_notes()
    results = {name: measure_one(detector, tests, notes, training)}
    if name.startswith("crf-"):
        rules = build_detector("rules", {"lang": "en"}).fit([])
        for policy_name, policy in POLICIES.items():
            ensemble = build_detector("ensemble", {"lang": "en", "policy": policy})
            assert isinstance(ensemble, EnsembleDetector)
            ensemble.detectors_ = [detector, rules]  # the trained members
            ensemble.training_ = {}
            results[f"ens-{name}-{policy_name}"] = measure_one(ensemble, tests, notes, training)
    return results


def measure_one(detector: Any, tests: dict[str, list[Document]], notes: Sequence[Document],
                training: dict[str, Any]) -> dict[str, Any]:
    row: dict[str, Any] = {"training": training, "scores": {}}
    for test_name, gold in tests.items():
        predicted = detector.predict([doc.with_spans(()) for doc in gold])
        row["scores"][test_name] = scores(gold, predicted)
    row["speed"] = speed(detector, notes)
    with tempfile.TemporaryDirectory() as tmp:
        path = detector.save(Path(tmp) / "model")
        row["size_mb"] = round(folder_size(path) / 1e6, 2)
        started = time.perf_counter()
        load_model(path)
        row["load_s"] = round(time.perf_counter() - started, 2)
    return row


def job(task: tuple[str, str, argparse.Namespace]) -> str:
    name, fold, args = task
    target = args.out_dir / f"{name}.{fold}.json"
    if target.exists():
        return f"{name}/{fold}: done before"
    started = time.perf_counter()
    if name == "rules":
        detector = build_detector("rules", {"lang": "en"}).fit([])
        results = {"rules": measure_one(detector, test_sets(fold, args.test_notes,
                                                            args.seed + 1), speed_notes(), {})}
    else:
        results = run_trained(name, fold, args)
    payload = {"candidate": name, "fold": fold, "held_out": list(FOLDS[fold]),
               "train_notes_per_variant": args.train_notes, "test_notes": args.test_notes,
               "seed": args.seed, "results": results}
    target.write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
    return f"{name}/{fold}: {time.perf_counter() - started:.0f} s"


# --- summary ----------------------------------------------------------------------------------


def summary(out_dir: Path) -> dict[str, dict[str, Any]]:
    """Per system: each test set's scores averaged over the folds present, speed, size."""
    rows: dict[str, list[dict[str, Any]]] = {}
    for path in sorted(out_dir.glob("*.json")):
        payload = json.loads(path.read_text(encoding="utf-8"))
        if "results" not in payload:
            continue
        for system, row in payload["results"].items():
            rows.setdefault(system, []).append({**row, "fold": payload["fold"]})
    table: dict[str, dict[str, Any]] = {}
    for system, runs in rows.items():
        merged: dict[str, Any] = {"folds": sorted(r["fold"] for r in runs)}
        for test in runs[0]["scores"]:
            merged[test] = {
                "strict_f1": _mean([r["scores"][test]["strict"]["f1"] for r in runs]),
                "span_f1": _mean([r["scores"][test]["span"]["f1"] for r in runs]),
                "token_p": _mean([r["scores"][test]["token"]["p"] for r in runs]),
                "token_r": _mean([r["scores"][test]["token"]["r"] for r in runs]),
                "leak": _mean([r["scores"][test]["leak"] for r in runs]),
            }
        for key in ("detect_ms_per_note", "redact_ms_per_note", "end_to_end_notes_per_cpu_s"):
            merged[key] = _mean([r["speed"][key] for r in runs])
        merged["size_mb"] = max(r["size_mb"] for r in runs)
        merged["load_s"] = max(r["load_s"] for r in runs)
        merged["train_cpu_s"] = _mean([r["training"].get("cpu_s", 0.0) for r in runs])
        table[system] = merged
    return table


def _mean(values: Sequence[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return round(sum(present) / len(present), 4) if present else None


def print_summary(table: dict[str, dict[str, Any]]) -> None:
    def avg(row: dict[str, Any], prefix: str, key: str) -> float:
        values = [row[t][key] for t in row if t.startswith(prefix) and isinstance(row[t], dict)
                  and row[t].get(key) is not None]
        return sum(values) / len(values) if values else float("nan")

    head = (f"{'system':<44}{'folds':>6} | {'seen F1':>7} {'held F1':>7} {'gap':>6} | "
            f"{'held R':>6} {'held P':>6} {'leak':>6} | {'amb F1':>6} {'ood F1':>6} | "
            f"{'ex F1':>6} {'ex R':>6} {'ex P':>6} {'ex leak':>7} | {'n/s':>5} {'MB':>5}")
    print(head)
    print("-" * len(head))
    for system, row in sorted(table.items(), key=lambda item: -avg(item[1], "held", "strict_f1")):
        seen, held = avg(row, "seen", "strict_f1"), avg(row, "held", "strict_f1")
        ex = row["examples"]
        print(f"{system:<44}{''.join(row['folds']):>6} | {seen:7.3f} {held:7.3f} "
              f"{seen - held:6.3f} | {avg(row, 'held', 'token_r'):6.3f} "
              f"{avg(row, 'held', 'token_p'):6.3f} {avg(row, 'held', 'leak'):6.3f} | "
              f"{row['held-ambiguous']['strict_f1']:6.3f} {row['held-ood']['strict_f1']:6.3f} | "
              f"{ex['strict_f1']:6.3f} {ex['token_r']:6.3f} {ex['token_p']:6.3f} "
              f"{ex['leak']:7.3f} | {row['end_to_end_notes_per_cpu_s']:5.0f} "
              f"{row['size_mb']:5.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidates", default="rules,crf-lean")
    parser.add_argument("--folds", default="A,B")
    parser.add_argument("--out-dir", type=Path, default=Path("out/english-model"))
    parser.add_argument("--train-notes", type=int, default=400, help="per variant")
    parser.add_argument("--test-notes", type=int, default=200, help="per test set")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--summary", action="store_true", help="print the table and stop")
    args = parser.parse_args(argv)
    args.out_dir.mkdir(parents=True, exist_ok=True)
    if args.summary:
        table = summary(args.out_dir)
        print_summary(table)
        (args.out_dir / "summary.json").write_text(json.dumps(table, indent=1) + "\n",
                                                   encoding="utf-8")
        return 0
    names = [n.strip() for n in args.candidates.split(",") if n.strip()]
    unknown = [n for n in names if n not in CANDIDATES]
    if unknown:
        parser.error(f"unknown candidate {unknown[0]!r}; use some of {', '.join(CANDIDATES)}")
    folds = [f.strip() for f in args.folds.split(",") if f.strip()]
    tasks = [(name, fold, args) for name in names for fold in folds]
    if args.jobs > 1:
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            for message in pool.imap_unordered(job, tasks):
                print(message, file=sys.stderr, flush=True)
    else:
        for task in tasks:
            print(job(task), file=sys.stderr, flush=True)
    print(f"load average {os.getloadavg()[0]:.1f}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
