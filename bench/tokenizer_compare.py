"""Benchmark: the tokenizer of this tree against another's: the same tokens, and CPU time.

Not a test. ``--baseline SRC`` names the other tree's ``src`` folder (e.g. from ``git archive
<commit> | tar -x -C /tmp/old``). Equality: ``tokenize``, ``token_spans`` and ``token_texts``
of every hand-written note (``bench/data/handwritten-en*/notes.jsonl``), of MEDDOCAN dev
(``--meddocan``, by default ``../shared/data/meddocan/dev``, where present) and of
``--synth`` ``deidkit synth`` notes (seed 12), each tree in its own process; only a digest of
each document's tokens leaves a process (no note text is printed). Speed (``--repeats``):
``tokenize`` of ``en_speed``'s notes (``--notes``), each note's result cache emptied first
(the cache of repeated chunks holds these notes', as in a stream), this tree's tokenizer and the
other's (its ``text/tokenizer.py`` loaded beside this tree's package) taking turns in one
process: CPU µs a note, the median and the minimum. Exit code 1 if any document's tokens
differ.

    .venv/bin/python bench/tokenizer_compare.py --baseline /tmp/old/src [--synth 600]
        [--meddocan DIR] [--notes 120] [--repeats 15]
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MEDDOCAN_DEV = ROOT.parent / "shared" / "data" / "meddocan" / "dev"


def corpora(synth: int, meddocan: Path = MEDDOCAN_DEV) -> dict[str, list[str]]:
    """The texts compared, by corpus."""
    from deidkit.corpus.synth import generate
    from deidkit.io import read_documents

    found = {
        "handwritten": [
            document.text
            for path in sorted(ROOT.glob("bench/data/handwritten-en*/notes.jsonl"))
            for document in read_documents(path)
        ],
        "synth": [document.text for document in generate(synth, seed=12)],
    }
    if meddocan.is_dir():
        found["meddocan_dev"] = [
            path.read_bytes().decode("utf-8") for path in sorted(meddocan.glob("*.txt"))
        ]
    return found


def digests(synth: int, meddocan: Path) -> dict[str, list[str]]:
    """Each document's digest of its tokens, spans and texts, by corpus (this process's
    ``deidkit``)."""
    from deidkit.text import token_spans, token_texts, tokenize

    result = {}
    for name, texts in corpora(synth, meddocan).items():
        result[name] = [
            hashlib.sha256(repr((
                [(token.text, token.start, token.end) for token in tokenize(text)],
                token_spans(text),
                token_texts(text),
            )).encode("utf-8", "surrogatepass")).hexdigest()
            for text in texts
        ]
    return result


def baseline_digests(source: Path, synth: int, meddocan: Path) -> dict[str, list[str]]:
    env = {**os.environ, "PYTHONPATH": str(source)}
    output = subprocess.run(
        [sys.executable, __file__, "--digests-only", "--synth", str(synth),
         "--meddocan", str(meddocan)],
        env=env, check=True, capture_output=True, text=True,
    ).stdout
    found: dict[str, list[str]] = json.loads(output)
    return found


def reported(ours: dict[str, list[str]], theirs: dict[str, list[str]], what: str) -> int:
    """Print, by corpus, whether the two trees' digests are the same (``what`` names them:
    "tokens", "matches"); 1 if any document's differ, else 0."""
    status = 0
    for name, values in ours.items():
        differing = sum(a != b for a, b in zip(values, theirs.get(name, []), strict=False))
        same = len(values) == len(theirs.get(name, [])) and not differing
        status |= not same
        print(json.dumps({"corpus": name, "documents": len(values),
                          what: "IDENTICAL" if same else f"DIFFERENT ({differing} differ)"}))
    return status


def baseline_tokenizer(source: Path) -> Any:
    """The other tree's ``text/tokenizer.py`` as a module beside this tree's package."""
    spec = importlib.util.spec_from_file_location(
        "baseline_tokenizer", source / "deidkit" / "text" / "tokenizer.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def timings(source: Path, count: int, repeats: int) -> dict[str, Any]:
    sys.path.insert(0, str(ROOT / "bench"))
    from en_speed import speed_notes

    from deidkit.text import tokenizer

    texts = [note.text for note in speed_notes(count)]
    sides = {"current": tokenizer, "baseline": baseline_tokenizer(source)}

    def one_pass(module: Any) -> float:
        recent, tokenize = module._RECENT, module.tokenize
        started = time.process_time()
        for text in texts:
            recent.clear()
            tokenize(text)
        return 1e6 * (time.process_time() - started) / len(texts)

    times: dict[str, list[float]] = {name: [] for name in sides}
    for module in sides.values():
        module.clear_cache()  # the equality check's chunks gone: both caches alike
        one_pass(module)  # and filled with these notes' chunks
    for _ in range(repeats):
        for name, module in sides.items():
            times[name].append(one_pass(module))
    return {
        f"{name}_tokenize_us_per_note": {
            "median": round(statistics.median(values), 1), "min": round(min(values), 1)
        }
        for name, values in times.items()
    } | {"notes": len(texts), "repeats": repeats}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", type=Path)
    parser.add_argument("--synth", type=int, default=600)
    parser.add_argument("--meddocan", type=Path, default=MEDDOCAN_DEV)
    parser.add_argument("--notes", type=int, default=120)
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--digests-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.digests_only:
        print(json.dumps(digests(args.synth, args.meddocan)))
        return 0
    if args.baseline is None:
        parser.error("--baseline SRC is needed")
    ours = digests(args.synth, args.meddocan)
    theirs = baseline_digests(args.baseline, args.synth, args.meddocan)
    status = reported(ours, theirs, "tokens")
    if args.repeats:
        print(json.dumps(timings(args.baseline, args.notes, args.repeats)))
    return status


if __name__ == "__main__":
    raise SystemExit(main())
