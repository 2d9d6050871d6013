"""Benchmark: CPU time per note of the CRF member's matrices and emissions, steady state.

Not a test. The English default's CRF member builds its token x attribute matrices
(``FeatureExtractor.chunk_rows``) and their emissions for the notes it decodes together
(``deidkit.models.crf.DOCUMENTS_AT_ONCE`` at a time), after their tokens and PHI patterns were
found, as the ensemble finds them first; every word type known (a warm-up over the same
notes). ``--small`` times 7-token notes instead of the throughput benchmark's ~500-token ones
(the fixed cost a document). CPU microseconds a note (``time.process_time``): the median and
the minimum over ``--repeats`` passes, in one process. ``--unseen`` gives each pass notes new
to the process (the throughput notes after the last pass's), so that each meets new word
types (~45 a note) as a stream of new notes does; the mean over the passes (``mean_us``) is a
stream's cost, which includes the type table's refills once it is full (~1,400 notes in:
``--unseen --repeats 30``). ``--decode`` times what follows the
emissions instead: the marginals, the tags (at the member's operating point, else Viterbi)
and the spans.

``--baseline SRC`` also runs the same in another tree (``SRC`` is its ``src`` folder, e.g. from
``git archive <commit> | tar -x -C /tmp/old``), a fresh process a round, the two trees taking
turns for ``--rounds`` rounds; a tree whose CRF member builds one document's matrix at a time
(before ``chunk_rows``) is timed that way.

    .venv/bin/python bench/crf_matrices.py [--notes 120] [--repeats 7] [--small | --unseen]
        [--decode] [--baseline /tmp/old/src] [--rounds 4]
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def measure(
    count: int, repeats: int, small: bool, unseen: bool = False, decode: bool = False
) -> dict[str, Any]:
    """Median and minimum CPU µs a note of the current interpreter's deidkit."""
    sys.path.insert(0, str(ROOT / "bench"))
    from en_speed import settle_heap, speed_notes

    from deidkit.models import crf, load_model
    from deidkit.models.ensemble import EnsembleDetector
    from deidkit.patterns import find_patterns
    from deidkit.text import tokenize
    from deidkit.types import Document

    model = load_model("en")
    assert isinstance(model, EnsembleDetector)  # the English default: rules + CRF
    member = next(d for d in model.detectors_ if isinstance(d, crf.CRFDetector))
    unseen = unseen and not small
    if small:
        notes = [Document(str(n), f"Seen by Dr. Smith{n % 50} on 3/4/2020.") for n in range(count)]
    else:
        notes = speed_notes(count * (repeats + 2) if unseen else count)
    chunked = "documents" in inspect.signature(member._emissions).parameters
    one_document: Any = member._emissions  # an older tree's: (document, tokens)
    at_once = crf.DOCUMENTS_AT_ONCE

    def decoding(chunk: list[Document], tokens: list[Any]) -> float:
        """CPU seconds of a chunk's marginals, tags and spans (as ``_predict_batch``)."""
        chain, threshold = member.chain_, member.decision_threshold
        emissions = member._emissions(chunk, tokens)
        started = time.process_time()
        posteriors = chain.posteriors(emissions)
        if threshold is None:
            paths = chain.best_paths(emissions, posteriors)
        else:
            paths = [member._threshold_path(posterior, threshold) for posterior in posteriors]
        for note, words, path, posterior in zip(chunk, tokens, paths, posteriors, strict=True):
            member._spans(note, words, path, posterior)
        return time.process_time() - started

    def one_pass(number: int) -> float:
        part = notes[number * count : (number + 1) * count] if unseen else notes
        spent = 0.0
        for first in range(0, len(part), at_once):
            chunk = part[first : first + at_once]
            tokens = [tokenize(note.text) for note in chunk]
            for note in chunk:
                find_patterns(note.text, member.lang_)
            if decode:
                spent += decoding(chunk, tokens)
                continue
            started = time.process_time()
            if chunked:
                member._emissions(chunk, tokens)
            else:  # one document's matrix at a time
                for note, words in zip(chunk, tokens, strict=True):
                    one_document(note, words)
            spent += time.process_time() - started
        return 1e6 * spent / len(part)

    one_pass(0)
    one_pass(1)
    settle_heap()
    times = [one_pass(number) for number in range(2, repeats + 2)]
    return {"median_us": round(statistics.median(times), 1), "min_us": round(min(times), 1),
            "mean_us": round(statistics.fmean(times), 1), "chunked": chunked}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notes", type=int, default=120)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--small", action="store_true", help="7-token notes")
    parser.add_argument("--unseen", action="store_true", help="notes new to the process")
    parser.add_argument("--decode", action="store_true",
                        help="time the marginals, tags and spans instead")
    parser.add_argument("--baseline", type=Path, help="another tree's src folder")
    parser.add_argument("--rounds", type=int, default=4, help="processes a tree (--baseline)")
    args = parser.parse_args(argv)
    if not args.baseline:
        print(json.dumps(measure(args.notes, args.repeats, args.small, args.unseen, args.decode)))
        return 0
    command = [sys.executable, __file__, "--notes", str(args.notes),
               "--repeats", str(args.repeats), *(["--small"] if args.small else []),
               *(["--unseen"] if args.unseen else []), *(["--decode"] if args.decode else [])]
    runs: dict[str, list[dict[str, Any]]] = {"baseline": [], "current": []}
    for _ in range(args.rounds):
        for side, src in (("baseline", args.baseline), ("current", ROOT / "src")):
            environment = {**os.environ, "PYTHONPATH": str(src)}
            done = subprocess.run(command, env=environment, check=True, capture_output=True,
                                  text=True)
            runs[side].append(json.loads(done.stdout))
    print(json.dumps({
        side: {"median_of_medians_us": statistics.median(run["median_us"] for run in found),
               "min_us": min(run["min_us"] for run in found),
               "means_us": [run["mean_us"] for run in found], "runs": len(found)}
        for side, found in runs.items()
    }))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
