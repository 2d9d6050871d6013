"""Benchmark: our CRF decoding against CRFsuite's on whole corpora (tags, marginals, ties).

Not a test (``tests/models/test_crf_decode.py`` checks a sample). For each shipped model
(the CRF of ``en``, and ``es``) over all of MEDDOCAN dev (``../shared/data/meddocan/dev``,
CC BY 4.0; skipped if absent) and ``--synth`` synthetic English notes
(``deidkit.corpus.synth``, seed 5): documents and tokens whose Viterbi tags differ from
CRFsuite's ``Tagger.tag``, the largest difference between our marginals and
``Tagger.marginal`` (every label of every token), and the ties on the best path: tokens
whose best predecessor (or the last token's best label) was tied exactly, or within 1e-9
(where rounding could decide), found by a plain Viterbi over all labels. JSON on stdout.

    .venv/bin/python bench/crf_decode.py [--synth 500] [--models en es] [--limit N]
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pycrfsuite

from deidkit.corpus.synth import generate
from deidkit.models import load_model
from deidkit.models.crf import CRFDetector
from deidkit.text import tokenize
from deidkit.types import Document

MEDDOCAN_DEV = Path(__file__).resolve().parents[2] / "shared" / "data" / "meddocan" / "dev"
NEAR = 1e-9


def crf_of(model: Any) -> CRFDetector:
    if isinstance(model, CRFDetector):
        return model
    return next(d for d in model.detectors_ if isinstance(d, CRFDetector))


def ties(emissions: np.ndarray, transitions: np.ndarray, path: Sequence[int]) -> tuple[int, int]:
    """(exact ties, ties within ``NEAR``) on ``path``'s choices in a full Viterbi."""
    delta = emissions[0].copy()
    exact = near = 0
    for t in range(1, len(emissions)):
        scores = delta[:, None] + transitions
        chosen = scores[:, path[t]]
        best = chosen.max()
        exact += int((chosen == best).sum() > 1)
        near += int((chosen >= best - NEAR).sum() > 1)
        delta = scores.max(axis=0) + emissions[t]
    exact += int((delta == delta.max()).sum() > 1)
    near += int((delta >= delta.max() - NEAR).sum() > 1)
    return exact, near


def compare(crf: CRFDetector, documents: Sequence[Document]) -> dict[str, Any]:
    tagger = pycrfsuite.Tagger()
    tagger.open_inmemory(crf.model_)
    chain, labels = crf.chain_, crf.chain_.labels
    row: dict[str, Any] = {"documents": len(documents), "tokens": 0, "documents_differing": 0,
                           "tokens_differing": 0, "max_marginal_difference": 0.0,
                           "ties_exact": 0, "ties_within_1e-9": 0}
    for doc in documents:
        tokens = tokenize(doc.text)
        if not tokens:
            continue
        items = crf.extractor.token_features(doc, tokens)
        emissions = chain.emissions(crf.extractor.document_rows(doc, tokens, crf.columns_))
        posterior = chain.posteriors([emissions])[0]
        ours = chain.best_paths([emissions], [posterior])[0]
        theirs = tagger.tag(items)
        differing = sum(labels[i] != tag for i, tag in zip(ours, theirs, strict=True))
        row["tokens"] += len(tokens)
        row["tokens_differing"] += differing
        row["documents_differing"] += int(differing > 0)
        marginals = np.array(
            [[tagger.marginal(label, t) for label in labels] for t in range(len(tokens))]
        )
        row["max_marginal_difference"] = max(
            row["max_marginal_difference"], float(np.abs(marginals - posterior.marginals).max())
        )
        exact, near = ties(emissions, chain.transitions, [labels.index(t) for t in theirs])
        row["ties_exact"] += exact
        row["ties_within_1e-9"] += near
    row["max_marginal_difference"] = float(f"{row['max_marginal_difference']:.3g}")
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--synth", type=int, default=500)
    parser.add_argument("--models", nargs="+", default=["en", "es"])
    parser.add_argument("--limit", type=int, default=0, help="at most this many dev documents")
    args = parser.parse_args(argv)
    corpora: dict[str, list[Document]] = {
        "synth": [doc.with_spans(()) for doc in generate(args.synth, seed=5)]
    }
    if MEDDOCAN_DEV.is_dir():
        paths = sorted(MEDDOCAN_DEV.glob("*.txt"))[: args.limit or None]
        corpora["meddocan_dev"] = [Document(p.stem, p.read_text(encoding="utf-8")) for p in paths]
    results = []
    for name in args.models:
        crf = crf_of(load_model(name))
        for corpus, documents in corpora.items():
            started = time.process_time()
            row = {"model": name, "corpus": corpus, **compare(crf, documents)}
            row["cpu_s"] = round(time.process_time() - started, 1)
            results.append(row)
            print(json.dumps(row), flush=True)
    same = all(r["tokens_differing"] == 0 and r["max_marginal_difference"] < 1e-6 for r in results)
    print(json.dumps({"all_equal": same}))
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
