"""Benchmark: throughput of batch runs and of the service (not a test; writes JSON).

For each shipped model and the corpus of its language, ``deidkit detect`` and ``deidkit
deidentify`` (surrogates, the default) run end to end through ``deidkit.batch`` (read,
detect, redact, write) on 1 and 2 worker processes; each run is a fresh process, so its peak
memory (driver and the largest worker) is its own. Reported: documents/s, tokens/s,
documents/s per process, documents per CPU-second (the runs' own CPU time, driver and
workers, so other load on the machine does not count), peak memory; also peak memory of
the same run on a corpus 4 times larger (memory must not grow with the input), and the
English default's deidentify rate on that larger corpus (the process's start-up, about a
second, then weighs a quarter as much). Then the
service (``deidkit serve``) answers a bounded closed-loop load (a fixed number of concurrent
clients): requests/s and latency percentiles.

Corpora: English notes of realistic length (about 500 tokens: consecutive ``deidkit synth``
notes joined) and MEDDOCAN dev (../shared/data/meddocan/dev, CC BY 4.0, (c) 2019 SEAD). A
corpus with no shipped model of its language is run with its gold annotations
(``--detector annotations``, i.e. redaction only) and marked so.

    .venv/bin/python bench/throughput.py [--notes 1000] [--jobs 1,2] [--requests 300]
        [--concurrency 4] [--out throughput.json]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from deidkit.corpus.synth import generate
from deidkit.io import read_documents, write_documents
from deidkit.text import tokenize
from deidkit.types import Document, Span

MEDDOCAN_DEV = Path(__file__).resolve().parents[2] / "shared" / "data" / "meddocan" / "dev"
KEY = "throughput-benchmark-key-0123456789"
TARGET_PER_CORE = 100.0
"""Notes of ~500 tokens per second per core, end to end, for the English default."""


# --- corpora ---------------------------------------------------------------------------------


def english_notes(count: int, *, tokens: int = 500, seed: int = 7) -> list[Document]:
    """``count`` notes of about ``tokens`` tokens (``deidkit.text.tokenize``; each note as close
    to ``tokens`` as whole synthetic notes allow, 530 on average for 500): consecutive
    synthetic notes (mostly of one patient) joined with a blank line, their PHI spans kept."""
    source = generate(count * 6, seed=seed)
    notes: list[Document] = []
    parts: list[Document] = []
    size = 0
    for document in source:
        length = len(tokenize(document.text))
        if parts and size + length - tokens > tokens - size:  # closer to ``tokens`` as is
            notes.append(_join(parts, len(notes)))
            parts, size = [], 0
            if len(notes) == count:
                break
        parts.append(document)
        size += length
    return notes


def _join(parts: list[Document], number: int) -> Document:
    text = ""
    spans: list[Span] = []
    for part in parts:
        if text:
            text += "\n\n"
        spans.extend(span.shifted(len(text)) for span in part.spans)
        text += part.text
    first = parts[0]
    return replace(first, id=f"note-{number:06d}", text=text, spans=tuple(spans),
                   note_id=None, metadata={})  # fmt: skip


def corpus_facts(path: Path, fmt: str | None) -> dict[str, Any]:
    documents = list(read_documents(path, fmt))
    tokens = [len(tokenize(document.text)) for document in documents]
    words = sum(len(document.text.split()) for document in documents)
    return {"documents": len(documents), "tokens": sum(tokens),
            "mean_tokens": round(sum(tokens) / len(tokens), 1),
            "mean_words": round(words / len(documents), 1),
            "spans": sum(len(document.spans) for document in documents)}  # fmt: skip


# --- one batch run in a fresh process --------------------------------------------------------


def run_once(spec: dict[str, Any]) -> dict[str, Any]:
    """Run one job (in this process) and measure it."""
    from deidkit.batch import RunSettings, run_deidentify, run_detect
    from deidkit.redact.keys import SecretKey

    settings = RunSettings(jobs=spec["jobs"], progress=False)
    source, target = Path(spec["source"]), Path(spec["target"])
    cpu_before = _cpu_seconds()
    started = time.perf_counter()
    if spec["task"] == "detect":
        report = run_detect(source, target, detector=spec["model"], lang=spec["lang"],
                            to="jsonl", settings=settings)  # fmt: skip
    else:
        from deidkit.redact.engine import RedactOptions

        report = run_deidentify(
            source, target, detector=spec["model"], key=SecretKey(KEY.encode()),
            options=RedactOptions(lang=spec["lang"]), to="jsonl", settings=settings,
        )  # fmt: skip
    seconds = time.perf_counter() - started
    return {
        "seconds": round(seconds, 3),
        "cpu_seconds": round(_cpu_seconds() - cpu_before, 3),
        "documents": report.documents,
        "failures": len(report.failures),
        "driver_peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "worker_peak_mb": round(
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1
        ),
    }


def _cpu_seconds() -> float:
    """CPU time of this process and its finished children (the worker processes)."""
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


def measure(spec: dict[str, Any]) -> dict[str, Any]:
    output = subprocess.run(
        [sys.executable, __file__, "--one", json.dumps(spec)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if output.returncode != 0:
        raise SystemExit(f"run failed: {spec}\n{output.stderr[-2000:]}")
    return dict(json.loads(output.stdout.strip().splitlines()[-1]))


# --- the service ------------------------------------------------------------------------------


def service_load(notes: list[Document], *, workers: int, requests: int,
                 concurrency: int) -> dict[str, Any]:  # fmt: skip
    """Requests/s and latency of ``/deidentify`` and ``/detect`` (one note per request)
    under ``concurrency`` clients that each send their next request when answered."""
    import socket

    import httpx

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-c", "from deidkit.cli.main import run; run()", "serve", "--port",
         str(port), "--workers", str(workers), "--preload", "en", "--log-level", "warning"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    results: dict[str, Any] = {"server_processes": workers, "concurrency": concurrency,
                               "requests": requests}  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("the service did not start")
            time.sleep(0.2)
        for endpoint, extra in (("deidentify", {"key": KEY}), ("detect", {})):
            bodies = [{"text": notes[n % len(notes)].text, **extra} for n in range(requests)]
            with httpx.Client(timeout=120) as warm:  # every server process loads the model
                for body in bodies[: 4 * workers]:
                    warm.post(f"{base}/{endpoint}", json=body)
            results[endpoint] = _closed_loop(f"{base}/{endpoint}", bodies, concurrency)
    finally:
        server.terminate()
        server.wait(timeout=30)
    return results


def _closed_loop(url: str, bodies: list[dict[str, Any]], concurrency: int) -> dict[str, Any]:
    """Send every body with ``concurrency`` clients, each waiting for its answer first."""
    import httpx

    latencies: list[float] = []
    errors = 0
    lock = threading.Lock()
    queue = iter(bodies)

    def client() -> None:
        nonlocal errors
        with httpx.Client(timeout=120) as http:
            while True:
                with lock:
                    body = next(queue, None)
                if body is None:
                    return
                started = time.perf_counter()
                reply = http.post(url, json=body)
                elapsed = time.perf_counter() - started
                with lock:
                    latencies.append(elapsed)
                    errors += reply.status_code != 200

    started = time.perf_counter()
    threads = [threading.Thread(target=client) for _ in range(concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - started
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return {
        "requests_per_s": round(len(ordered) / wall, 1),
        "p50_ms": round(1000 * statistics.median(ordered), 1),
        "p99_ms": round(1000 * p99, 1),
        "errors": errors,
    }


# --- main -------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, default=1000, help="English notes (~500 tokens)")
    parser.add_argument("--jobs", default="1,2", help="worker processes to try")
    parser.add_argument("--meddocan", type=Path, default=MEDDOCAN_DEV)
    parser.add_argument("--requests", type=int, default=300, help="service requests per run")
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--no-service", action="store_true")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(run_once(json.loads(args.one))))
        return 0

    from deidkit.models import SHIPPED_MODELS

    jobs = [int(value) for value in args.jobs.split(",")]
    installed = {name: model.lang for name, model in SHIPPED_MODELS.items()
                 if (model.path / "checksums.json").is_file()}  # fmt: skip
    result: dict[str, Any] = {
        "benchmark": "throughput",
        "cpus": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "load_average_before": round(os.getloadavg()[0], 2),
        "runs": [],
    }
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        larger = english_notes(4 * args.notes)  # distinct notes, the first ``--notes`` of them
        english = larger[: args.notes]
        write_documents(english, folder / "en.jsonl", "jsonl")
        write_documents(larger, folder / "en4.jsonl", "jsonl")
        corpora = {"en": (folder / "en.jsonl", "jsonl", "synthetic English (~500 tokens)")}
        if args.meddocan.is_dir():
            corpora["es"] = (args.meddocan, "brat", "MEDDOCAN dev")
        result["corpora"] = {lang: {"name": name, **corpus_facts(path, fmt)}
                             for lang, (path, fmt, name) in corpora.items()}  # fmt: skip
        for lang, (path, _fmt, name) in corpora.items():
            models = [model for model, model_lang in installed.items() if model_lang == lang]
            for model in models or ["annotations"]:
                facts = result["corpora"][lang]
                for task in ("detect", "deidentify"):
                    if model == "annotations" and task == "detect":
                        continue
                    for count in jobs:
                        spec = {"task": task, "model": model, "lang": lang, "jobs": count,
                                "source": str(path),
                                "target": str(folder / f"out-{lang}-{task}-{count}.jsonl")}
                        run = measure(spec)
                        rate = facts["documents"] / run["seconds"]
                        row = {"corpus": name, "model": model, "task": task, "jobs": count,
                               **run, "documents_per_s": round(rate, 1),
                               "documents_per_s_per_process": round(rate / count, 1),
                               "documents_per_cpu_s": round(
                                   facts["documents"] / run["cpu_seconds"], 1),
                               "tokens_per_s": round(facts["tokens"] / run["seconds"])}
                        result["runs"].append(row)
                        print(_row(row), file=sys.stderr)
        if "en" in installed.values():
            model = next(m for m, lang in installed.items() if lang == "en")
            scaling = {}
            for label, path in (("1x", folder / "en.jsonl"), ("4x", folder / "en4.jsonl")):
                spec = {"task": "detect", "model": model, "lang": "en", "jobs": 1,
                        "source": str(path), "target": str(folder / f"scale-{label}.jsonl")}
                scaling[label] = measure(spec)
            result["memory_scaling_detect_1_process"] = scaling
            print(f"memory 1x/4x: {scaling}", file=sys.stderr)
            spec = {"task": "deidentify", "model": model, "lang": "en", "jobs": 1,
                    "source": str(folder / "en4.jsonl"), "target": str(folder / "long.jsonl")}
            long_run = measure(spec)
            long_run["documents_per_cpu_s"] = round(4 * args.notes / long_run["cpu_seconds"], 1)
            result["long_run_deidentify_1_process"] = long_run
            print(f"deidentify, {4 * args.notes} notes, 1 process: {long_run}", file=sys.stderr)
        if not args.no_service:
            result["service"] = [
                service_load(english, workers=count, requests=args.requests,
                             concurrency=args.concurrency)
                for count in jobs
            ]  # fmt: skip
            for row in result["service"]:
                print(f"service: {row}", file=sys.stderr)
    english_default = [run for run in result["runs"] if run["corpus"].startswith("synthetic")
                       and run["task"] == "deidentify" and run["jobs"] == 1]  # fmt: skip
    if english_default:
        result["target_notes_per_s_per_core"] = TARGET_PER_CORE
        result["english_default_end_to_end_per_core"] = english_default[0][
            "documents_per_s_per_process"]
        result["english_default_end_to_end_per_cpu_s"] = english_default[0][
            "documents_per_cpu_s"]
        if "long_run_deidentify_1_process" in result:
            result["english_default_long_run_per_cpu_s"] = result[
                "long_run_deidentify_1_process"]["documents_per_cpu_s"]
    result["load_average_after"] = round(os.getloadavg()[0], 2)
    text = json.dumps(result, indent=2)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    print(text)
    return 0


def _row(row: dict[str, Any]) -> str:
    return (f"{row['corpus']:<32} {row['model']:<12} {row['task']:<10} jobs {row['jobs']}: "
            f"{row['documents_per_s']:>7.1f} docs/s {row['tokens_per_s']:>8} tokens/s "
            f"{row['documents_per_cpu_s']:>7.1f} docs/cpu-s "
            f"peak {row['driver_peak_mb']}/{row['worker_peak_mb']} MB")  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
