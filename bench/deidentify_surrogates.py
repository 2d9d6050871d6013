"""Benchmark: de-identify an annotated corpus with each redaction mode; speed and leaks.

Reads an annotated corpus (default: MEDDOCAN train, ../shared/data/meddocan/train, BRAT,
Spanish), redacts it from its gold annotations in every mode with a fixed key, and reports:
documents and characters per second (redaction only, reading excluded; best of ``--repeat``
runs, each starting with empty caches, the name lists already loaded); in surrogate mode also
how many replaced spans still read as their original, by label (only what is kept by design
may: ages of 89 or less, kinship words, sexes the coin kept), how many replacements equal
another original PHI value of the same patient (must be 0), and whether every surrogate date
parses and moved by the patient's whole-week offset. Prints one JSON object.

    .venv/bin/python bench/deidentify_surrogates.py [--corpus DIR] [--format brat]
        [--lang es] [--repeat 3] [--out result.json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

from deidkit.io import read_documents
from deidkit.redact import MODES, CorpusResult, RedactOptions, deidentify
from deidkit.redact.surrogates.case import fold
from deidkit.redact.surrogates.dates import ParsedDate, parse_date
from deidkit.types import Document

DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "data" / "meddocan" / "train"


def check_surrogates(before: list[Document], after: tuple[Document, ...], lang: str) -> dict:
    same: Counter[str] = Counter()
    clashes = 0
    originals: dict[str, set[str]] = {}
    for doc in before:
        patient = doc.patient_id or doc.id
        originals.setdefault(patient, set()).update(fold(doc.span_text(s)) for s in doc.spans)
    dates = unreadable = 0
    offsets: dict[str, set[int]] = {}
    for old_doc, new_doc in zip(before, after, strict=True):
        patient = old_doc.patient_id or old_doc.id
        for old, new in zip(old_doc.spans, new_doc.spans, strict=True):
            original, replacement = old_doc.span_text(old), new_doc.span_text(new)
            if fold(replacement) == fold(original):
                same[old.label] += 1
            elif fold(replacement) in originals[patient]:
                clashes += 1
            if old.label == "DATE":
                a = parse_date(original, lang=lang)
                if a is None or a.precision != "day":
                    continue
                b = _parse_same_order(replacement, a, lang)
                dates += 1
                if b is None:
                    unreadable += 1
                    continue
                offsets.setdefault(patient, set()).add((b.value - a.value).days)
    consistent = sum(1 for values in offsets.values() if len(values) == 1)
    return {
        "spans_left_as_original_by_label": dict(same.most_common()),
        "replacements_equal_to_another_original": clashes,
        "full_dates": dates,
        "full_dates_unreadable_after": unreadable,
        "patients_with_one_date_offset": f"{consistent}/{len(offsets)}",
        "offsets_whole_weeks": all(o % 7 == 0 for vs in offsets.values() for o in vs),
    }


def _order(parsed: ParsedDate) -> list[str]:
    return [f.kind for f in parsed.fields]


def _parse_same_order(text: str, like: ParsedDate, lang: str) -> ParsedDate | None:
    """Read a surrogate date with the field order of its original ("03/15/1996" in a Spanish
    note is month-first, and so is its surrogate "12/08/1995")."""
    for reading in (lang, "en" if lang != "en" else "es"):
        parsed = parse_date(text, lang=reading)
        if parsed is not None and _order(parsed) == _order(like):
            return parsed
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--format", default="brat")
    parser.add_argument("--lang", default="es")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    documents = list(read_documents(args.corpus, args.format))
    chars = sum(len(d.text) for d in documents)
    spans = sum(len(d.spans) for d in documents)
    result: dict[str, object] = {
        "corpus": str(args.corpus),
        "documents": len(documents),
        "characters": chars,
        "spans": spans,
        "python": sys.version.split()[0],
        "modes": {},
    }
    for mode in MODES:
        timings = []
        output: CorpusResult | None = None
        for _ in range(args.repeat):
            parse_date.cache_clear()  # no help from an earlier repeat's caches
            fold.cache_clear()
            start = time.perf_counter()
            output = deidentify(
                documents, key=b"benchmark-key-0123456789",
                options=RedactOptions(mode=mode, lang=args.lang),
            )  # fmt: skip
            timings.append(time.perf_counter() - start)
        assert isinstance(output, CorpusResult)
        best = min(timings)
        entry: dict[str, object] = {
            "seconds_best_of_repeats": round(best, 3),
            "documents_per_second": round(len(documents) / best, 1),
            "characters_per_second": round(chars / best),
        }
        if mode == "surrogate":
            entry.update(check_surrogates(documents, output.documents, args.lang))
        result["modes"][mode] = entry  # type: ignore[index]
    text = json.dumps(result, indent=2, ensure_ascii=False)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
