"""Accuracy check: where the spans of some rules of the rules detector fall against gold PHI.

Not a test. Runs each named rule alone (``deidkit.models.rules.registry.RULES``) over
annotated notes and counts its spans that lie wholly on gold PHI characters and the others,
so that a new rule's precision is seen before it joins the ensemble. The notes are the
hand-written development batches of ``bench/data`` (never the test set) or, with
``--synthetic N``, ``N`` notes of each ``deidkit synth`` variant. Counts only: no note text
is printed.

    .venv/bin/python bench/rule_spans.py --rules chat_speakers,nicknames [--batches 1-12]
    .venv/bin/python bench/rule_spans.py --rules chat_speakers --synthetic 150 [--seed 4242]
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable, Iterator
from pathlib import Path

from deidkit.io import read_documents
from deidkit.models.rules import RULES, Rule, Scan, run_rules
from deidkit.models.rules.lexicons import lexicons
from deidkit.models.rules.note import Note
from deidkit.types import Document

DATA = Path(__file__).resolve().parent / "data"
SWITCHES = frozenset({"names", "places", "hospitals"})
"""Every rule switched on, as the English default runs them."""


def batch_paths(spec: str) -> list[Path]:
    """The development batches ``spec`` names ("1-12", "3,5"): handwritten-en-dev, -dev2, ..."""
    numbers: list[int] = []
    for part in spec.split(","):
        first, _, last = part.partition("-")
        numbers.extend(range(int(first), int(last or first) + 1))
    return [DATA / ("handwritten-en-dev" + (str(n) if n > 1 else "")) / "notes.jsonl"
            for n in numbers]


def synthetic(count: int, seed: int) -> Iterator[Document]:
    """``count`` notes of each variant of ``deidkit synth``."""
    from deidkit.corpus.synth import VARIANTS, generate

    for variant in VARIANTS:
        yield from generate(count, seed=seed, variant=variant)


def spans_on_gold(rules: Iterable[Rule], documents: Iterable[Document]) -> dict[str, list[int]]:
    """Each rule's spans wholly on gold PHI (blanks aside) and the others: name -> [on, off]."""
    lex = lexicons("en")
    counts = {rule.name: [0, 0] for rule in rules}
    chosen = [rule for rule in RULES if rule.name in counts]
    for document in documents:
        gold = {i for span in document.spans for i in range(span.start, span.end)}
        scan = Scan(Note.of(document.text), lex, "en")
        for rule in chosen:
            for span in run_rules((rule,), scan, SWITCHES):
                chars = [i for i in range(span.start, span.end) if not document.text[i].isspace()]
                counts[rule.name][0 if all(i in gold for i in chars) else 1] += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", required=True, help="rule names, comma-separated")
    parser.add_argument("--batches", default="1-12", help="development batches: 1-12, 3,5")
    parser.add_argument("--synthetic", type=int, metavar="N",
                        help="N synthetic notes of each variant instead of the batches")
    parser.add_argument("--seed", type=int, default=4242)
    args = parser.parse_args(argv)
    names = args.rules.split(",")
    rules = [rule for rule in RULES if rule.name in names]
    unknown = set(names) - {rule.name for rule in rules}
    if unknown:
        parser.error(f"unknown rules: {', '.join(sorted(unknown))}")
    documents: Iterable[Document] = (
        synthetic(args.synthetic, args.seed) if args.synthetic else
        (document for path in batch_paths(args.batches) for document in read_documents(path))
    )
    counts = spans_on_gold(rules, documents)
    print(json.dumps({name: {"on_gold": on, "off_gold": off}
                      for name, (on, off) in counts.items()}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
