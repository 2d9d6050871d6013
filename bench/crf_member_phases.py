"""Benchmark: CPU time a note of each part of the CRF member, inside the English default's detect.

Not a test. ``bench/crf_matrices.py`` times the member's parts alone, hot; here the adjusted
English default (``deidkit.models.adjust.adjusted``, as ``deidkit detect`` runs it) detects
``en_speed``'s notes (notes seen, heap settled) while the member's parts are timed where they
run, between the rules member's work: each part's function is wrapped with
``time.process_time`` (a wrapper costs ~1 µs a call, a few calls a chunk). CPU microseconds a
note, the median and the minimum over ``--repeats`` passes. The parts:

- ``member``: the CRF member's ``_predict_batch`` (all of the below);
- ``tokenize``: its tokens (it asks first, so it pays the tokenizer for the ensemble);
- ``matrices``: ``FeatureExtractor.chunk_rows``, of which ``patterns`` is the PHI patterns'
  ``find_patterns`` inside the regex class (asked first here too: the rules member finds them
  cached);
- ``product``: the emissions' product (``_emissions`` less ``matrices``);
- ``marginals``: forward-backward (``crf_marginals.posteriors``);
- ``spans``: the spans off the tag numbers, ``backoff`` the pattern back-off;
- ``other``: what is left of ``member`` (the tags at the operating point, the calls between).

A part whose function a tree does not have is left out. No text is printed.

    .venv/bin/python bench/crf_member_phases.py [--notes 120] [--repeats 7]
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _timed(owner: Any, name: str, spent: dict[str, float], part: str) -> None:
    """Wrap ``owner.name`` so that its CPU time adds to ``spent[part]`` (nothing if absent)."""
    function: Callable[..., Any] | None = getattr(owner, name, None)
    if function is None:
        return

    @functools.wraps(function)
    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent[part] = spent.get(part, 0.0) + time.process_time() - started

    setattr(owner, name, timed)


def measure(count: int, repeats: int) -> dict[str, Any]:
    """Median and minimum CPU µs a note of each part, and of detect."""
    sys.path.insert(0, str(ROOT / "bench"))
    from en_speed import settle_heap, speed_notes

    from deidkit.features import regex
    from deidkit.models import crf, crf_marginals, load_model
    from deidkit.models.adjust import adjusted
    from deidkit.models.ensemble import EnsembleDetector

    ensemble = load_model("en")
    assert isinstance(ensemble, EnsembleDetector)  # the English default: rules + CRF
    member = next(d for d in ensemble.detectors_ if isinstance(d, crf.CRFDetector))
    model = adjusted(ensemble, lang=ensemble.lang)
    notes = speed_notes(count)
    spent: dict[str, float] = {}
    _timed(member, "_predict_batch", spent, "member")
    _timed(crf, "tokenize", spent, "tokenize")
    _timed(member.extractor, "chunk_rows", spent, "matrices")
    _timed(regex, "find_patterns", spent, "patterns")
    _timed(member, "_emissions", spent, "emissions")
    _timed(crf_marginals, "posteriors", spent, "marginals")
    _timed(crf, "spans_from_tag_numbers", spent, "spans")
    _timed(crf, "with_pattern_backoff", spent, "backoff")

    model.predict(notes)
    model.predict(notes)
    settle_heap()
    passes: list[dict[str, float]] = []
    for _ in range(repeats):
        spent.clear()
        started = time.process_time()
        model.predict(notes)
        found = dict(spent, detect=time.process_time() - started)
        if "emissions" in found and "matrices" in found:
            found["product"] = found.pop("emissions") - found["matrices"]
        named = ("tokenize", "matrices", "product", "marginals", "spans", "backoff")
        found["other"] = found.get("member", 0.0) - sum(found.get(part, 0.0) for part in named)
        passes.append(found)
    result: dict[str, Any] = {}
    for part in passes[0]:
        times = [1e6 * found[part] / len(notes) for found in passes]
        result[part] = {"median_us": round(statistics.median(times), 1),
                        "min_us": round(min(times), 1)}
    return {"parts": result, "notes": len(notes), "repeats": repeats}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notes", type=int, default=120)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.notes, args.repeats)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
