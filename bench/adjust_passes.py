"""Benchmark: CPU time of each English pass after detection, per note (issue 20).

Not a test. One process, CPU time (``time.process_time``): the shipped model predicts
``en_speed``'s ~500-token notes once, then each pass of ``deidkit.models.adjust`` that looks
at layouts (readings, joined names, whole codes) runs over those predictions ``--repeats``
times and the best repeat is reported, in microseconds a note, as JSON.

    .venv/bin/python bench/adjust_passes.py [--notes 120] [--repeats 5]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from deidkit.models import load_model
from deidkit.models.codes import whole_identifiers
from deidkit.models.measurements import without_readings
from deidkit.models.name_joins import with_joined_names
from deidkit.types import Document

PASSES: dict[str, Callable[[Sequence[Document]], list[Document]]] = {
    "measurements": without_readings,
    "name_joins": lambda documents: with_joined_names(documents, "en"),
    "codes": whole_identifiers,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notes", type=int, default=120)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from en_speed import speed_notes  # the end-to-end benchmark's notes

    predicted = load_model("en", lang="en").predict(speed_notes(args.notes))
    result: dict[str, float] = {}
    for name, run in PASSES.items():
        best = float("inf")
        for _ in range(args.repeats):
            start = time.process_time()
            run(predicted)
            best = min(best, time.process_time() - start)
        result[f"{name}_us_per_note"] = round(best / len(predicted) * 1e6, 1)
    print(json.dumps({"notes": len(predicted), **result}))


if __name__ == "__main__":
    main()
