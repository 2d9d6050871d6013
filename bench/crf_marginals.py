"""Benchmark: the English default CRF member's marginals (forward-backward), one process.

Not a test. The member's emissions of ``en_speed``'s ~540-token notes are worked out once,
in chunks of ``deidkit.models.crf.DOCUMENTS_AT_ONCE`` as the member decodes them; then the
chunks' marginals are timed (CPU µs a note, ``time.process_time``): the median and the
minimum over ``--repeats`` passes. ``--baseline SRC`` also times the
``LinearChain.posteriors`` of another tree (``SRC`` is its ``src`` folder, e.g. from ``git
archive <commit> | tar -x -C /tmp/old``; its ``models/crf_decode.py`` and ``crf_marginals.py``
are loaded beside this tree's package), the two taking turns pass by pass in this process,
and reports the largest relative difference between their marginals and log partition
functions.

    .venv/bin/python bench/crf_marginals.py [--notes 120] [--repeats 9] [--baseline /tmp/old/src]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]


def chunks_of_emissions(count: int) -> tuple[Any, list[list[np.ndarray]]]:
    """The English default's CRF chain and its emissions of ``count`` notes, chunk by chunk."""
    sys.path.insert(0, str(ROOT / "bench"))
    from en_speed import speed_notes

    from deidkit.models import crf, load_model
    from deidkit.models.ensemble import EnsembleDetector
    from deidkit.text import tokenize

    model = load_model("en")
    assert isinstance(model, EnsembleDetector)  # the English default: rules + CRF
    member = next(d for d in model.detectors_ if isinstance(d, crf.CRFDetector))
    notes = speed_notes(count)
    found = []
    for first in range(0, len(notes), crf.DOCUMENTS_AT_ONCE):
        chunk = notes[first : first + crf.DOCUMENTS_AT_ONCE]
        emissions = member._emissions(chunk, [tokenize(note.text) for note in chunk])
        found.append([np.array(scores) for scores in emissions])
    return member.chain_, found


def _module(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def baseline_chain(source: Path, chain: Any) -> Any:
    """``chain`` as the other tree's ``LinearChain``: its ``crf_decode.py`` (and its
    ``crf_marginals.py``, where it has one), over this tree's other modules."""
    from deidkit import models

    folder = source / "deidkit" / "models"
    ours = models.crf_marginals
    if (folder / "crf_marginals.py").is_file():  # the baseline's decoding imports its own
        models.crf_marginals = sys.modules["deidkit.models.crf_marginals"] = _module(
            "baseline_crf_marginals", folder / "crf_marginals.py"
        )
    try:
        module = _module("baseline_crf_decode", folder / "crf_decode.py")
    finally:
        models.crf_marginals = sys.modules["deidkit.models.crf_marginals"] = ours
    return module.LinearChain(chain.labels, chain.state, chain.transitions, chain.vocabulary)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notes", type=int, default=120)
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--baseline", type=Path, help="another tree's src folder")
    args = parser.parse_args(argv)
    chain, chunks = chunks_of_emissions(args.notes)
    sides = {"current": chain}
    if args.baseline:
        sides["baseline"] = baseline_chain(args.baseline, chain)

    def one_pass(side: Any) -> float:
        started = time.process_time()
        for emissions in chunks:
            side.posteriors(emissions)
        return 1e6 * (time.process_time() - started) / args.notes

    times: dict[str, list[float]] = {name: [] for name in sides}
    for side in sides.values():
        one_pass(side)  # warm-up
    for _ in range(args.repeats):
        for name, side in sides.items():
            times[name].append(one_pass(side))
    row: dict[str, Any] = {
        name: {"median_us": round(statistics.median(found), 1), "min_us": round(min(found), 1)}
        for name, found in times.items()
    }
    if args.baseline:
        marginal = log_z = 0.0
        for emissions in chunks:
            ours = chain.posteriors(emissions)
            theirs = sides["baseline"].posteriors(emissions)
            for new, old in zip(ours, theirs, strict=True):
                marginal = max(marginal, float(
                    (np.abs(new.marginals - old.marginals) / old.marginals).max(initial=0.0)))
                log_z = max(log_z, abs(new.log_z - old.log_z) / max(abs(old.log_z), 1e-300))
        row["largest_relative_difference"] = {"marginals": marginal, "log_z": log_z}
    print(json.dumps(row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
