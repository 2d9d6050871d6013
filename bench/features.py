"""Benchmark: feature extraction speed (overall and per class) and memory when streaming.

Corpus: synthetic English notes from ``deidkit.corpus.synth`` (``--documents``, ``--seed``)
and, when present, the MEDDOCAN training set (Spanish profile). Times are CPU seconds of
this process (``time.process_time``), so other work on the machine disturbs them less; each
measurement is the best of ``--repeat`` runs, every run starting with empty per-word caches
(the first pass over a corpus: the honest streaming case).

Measured:
- ``default``: the default English feature set (all classes but syntax), tokens/s;
- ``classes``: each class alone (tokens/s, and its cost in microseconds per token above an
  extractor with no class), and the saving of switching it off from the default set;
- ``syntax``: the optional Link Grammar class on a subset, tokens/s (null when not installed);
- ``spanish``: the Spanish default set on MEDDOCAN train;
- ``memory``: peak traced memory while streaming a quarter of the corpus and all of it
  (close when memory does not grow with the corpus: only the bounded per-word caches grow),
  and the size of the per-word cache;
- ``tokenizer`` and ``matrix`` (vocabulary fit and CSR build) throughput.

    .venv/bin/python bench/features.py [--documents 1000] [--repeat 3] [--out result.json]

Prints one JSON object (and writes it to ``--out``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
import tracemalloc
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path

from deidkit.corpus.synth import generate
from deidkit.features import FeatureConfig, FeatureExtractor, FeatureUnavailableWarning
from deidkit.features.extractor import WORD_CACHE_LIMIT
from deidkit.io import read_documents
from deidkit.text import linkgrammar, tokenize
from deidkit.text import tokenizer as tokenizer_module
from deidkit.types import Document, Token

MEDDOCAN = Path(__file__).resolve().parents[2] / "shared" / "data" / "meddocan" / "train"

Corpus = list[tuple[Document, list[Token]]]


def cpu_seconds(run: Callable[[], object], repeat: int, before: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeat):
        before()
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def stream(extractor: FeatureExtractor, corpus: Corpus) -> int:
    features = 0
    for document, tokens in corpus:
        features += sum(len(item) for item in extractor.token_features(document, tokens))
    return features


def throughput(extractor: FeatureExtractor, corpus: Corpus, tokens: int, repeat: int) -> float:
    seconds = cpu_seconds(lambda: stream(extractor, corpus), repeat, extractor.clear_caches)
    return tokens / seconds


def build(config: FeatureConfig) -> FeatureExtractor:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FeatureUnavailableWarning)
        return FeatureExtractor(config)


def load_corpus(documents: Sequence[Document]) -> tuple[Corpus, int]:
    corpus = [(document, tokenize(document.text)) for document in documents]
    return corpus, sum(len(tokens) for _, tokens in corpus)


def memory_peak(config: FeatureConfig, documents: Sequence[Document]) -> float:
    """Peak traced memory (MiB) while streaming ``documents`` (nothing is kept)."""
    extractor = build(config)
    extractor.token_features(documents[0])
    extractor.clear_caches()
    tracemalloc.start()
    tracemalloc.reset_peak()
    for document in documents:
        extractor.token_features(document)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return round(peak / 2**20, 1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=1000, help="synthetic English notes")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (best kept)")
    parser.add_argument("--syntax-documents", type=int, default=40)
    parser.add_argument("--meddocan", type=Path, default=MEDDOCAN)
    parser.add_argument("--out", type=Path, help="also write the JSON result here")
    args = parser.parse_args()

    documents = list(generate(args.documents, seed=args.seed))
    corpus, tokens = load_corpus(documents)
    result: dict[str, object] = {
        "command": " ".join(["bench/features.py", *sys.argv[1:]]),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
        "corpus": {"documents": len(corpus), "tokens": tokens, "source": "deidkit.corpus.synth"},
    }

    seconds = cpu_seconds(
        lambda: [tokenize(d.text) for d in documents], args.repeat, tokenizer_module.clear_cache
    )
    result["tokenizer_tokens_per_second"] = round(tokens / seconds)

    start = time.process_time()
    default = build(FeatureConfig())
    result["default_init_seconds"] = round(time.process_time() - start, 2)
    start = time.process_time()
    default.token_features(corpus[0][0], corpus[0][1])  # loads the tagger lexicon, compiles
    result["default_first_document_seconds"] = round(time.process_time() - start, 2)
    default_rate = throughput(default, corpus, tokens, args.repeat)
    result["default"] = {
        "classes": list(default.active_classes),
        "tokens_per_second": round(default_rate),
        "microseconds_per_token": round(1e6 / default_rate, 2),
        "features_per_token": round(stream(default, corpus) / tokens, 1),
    }

    empty = build(FeatureConfig(classes=()))
    base_cost = 1e6 / throughput(empty, corpus, tokens, args.repeat)
    classes: dict[str, object] = {"base_microseconds_per_token": round(base_cost, 2)}
    for name in default.active_classes:
        alone = build(FeatureConfig().only(name))
        alone.token_features(corpus[0][0], corpus[0][1])
        rate = throughput(alone, corpus, tokens, args.repeat)
        without = build(FeatureConfig().without(name))
        without.token_features(corpus[0][0], corpus[0][1])
        rate_without = throughput(without, corpus, tokens, args.repeat)
        classes[name] = {
            "alone_tokens_per_second": round(rate),
            "alone_microseconds_per_token_above_base": round(1e6 / rate - base_cost, 2),
            "default_without_it_tokens_per_second": round(rate_without),
            "saving_microseconds_per_token": round(1e6 / default_rate - 1e6 / rate_without, 2),
        }
    result["classes"] = classes

    if linkgrammar.unavailable_reason() is None:
        subset = corpus[: args.syntax_documents]
        subset_tokens = sum(len(t) for _, t in subset)
        syntax = build(FeatureConfig(classes=("syntax",)))
        result["syntax"] = {
            "documents": len(subset),
            "tokens_per_second": round(throughput(syntax, subset, subset_tokens, 1)),
            "cached_tokens_per_second": round(
                subset_tokens / cpu_seconds(lambda: stream(syntax, subset), 1, lambda: None)
            ),
        }
    else:
        result["syntax"] = {"unavailable": linkgrammar.unavailable_reason()}

    if args.meddocan.is_dir():
        spanish_corpus, spanish_tokens = load_corpus(list(read_documents(args.meddocan)))
        spanish = build(FeatureConfig(language="es"))
        spanish.token_features(spanish_corpus[0][0], spanish_corpus[0][1])
        rate = throughput(spanish, spanish_corpus, spanish_tokens, args.repeat)
        result["spanish"] = {
            "corpus": f"MEDDOCAN train ({len(spanish_corpus)} documents, {spanish_tokens} tokens)",
            "classes": list(spanish.active_classes),
            "tokens_per_second": round(rate),
        }

    items = [item for document, toks in corpus for item in default.token_features(document, toks)]
    start = time.process_time()
    matrix = default.fit_matrix(items)
    matrix_seconds = time.process_time() - start
    result["matrix"] = {
        "rows": matrix.shape[0],
        "columns": matrix.shape[1],
        "index_dtype": str(matrix.indices.dtype),
        "fit_and_build_rows_per_second": round(matrix.shape[0] / matrix_seconds),
    }
    del items, matrix

    quarter = documents[: max(len(documents) // 4, 1)]
    result["memory"] = {
        "peak_mib_streaming_quarter": memory_peak(FeatureConfig(), quarter),
        "peak_mib_streaming_all": memory_peak(FeatureConfig(), documents),
        "documents_quarter_and_all": [len(quarter), len(documents)],
        "word_cache_entries_after_default_run": default.word_cache_size,
        "word_cache_limit": WORD_CACHE_LIMIT,
    }

    text = json.dumps(result, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
