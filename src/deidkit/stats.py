"""Corpus statistics: documents, tokens, PHI spans and PHI tokens per label and category.

``corpus_stats(documents)`` streams over the documents (nothing is kept but counts). Tokens
come from ``deidkit.text.tokenize``; a PHI token is a token that overlaps a PHI span, and it
counts for the label of the first span it overlaps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from deidkit.labels import LABELS, Category, category_of
from deidkit.text import tokenize
from deidkit.types import Document, Span, Token


@dataclass(frozen=True, slots=True)
class Count:
    """Spans and tokens of one label or category."""

    spans: int = 0
    tokens: int = 0

    def to_dict(self) -> dict[str, int]:
        return {"spans": self.spans, "tokens": self.tokens}


@dataclass(frozen=True, slots=True)
class CorpusStats:
    """Counts over a corpus. ``by_source_label`` counts spans per corpus label (``FECHAS``)."""

    documents: int
    characters: int
    tokens: int
    spans: int
    phi_tokens: int
    by_label: dict[str, Count] = field(default_factory=dict)
    by_category: dict[str, Count] = field(default_factory=dict)
    by_source_label: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "documents": self.documents,
            "characters": self.characters,
            "tokens": self.tokens,
            "phi_spans": self.spans,
            "phi_tokens": self.phi_tokens,
            "labels": {name: count.to_dict() for name, count in self.by_label.items()},
            "categories": {name: count.to_dict() for name, count in self.by_category.items()},
            "source_labels": dict(self.by_source_label),
        }


def phi_token_labels(tokens: list[Token], spans: tuple[Span, ...]) -> list[str | None]:
    """For each token, the label of the first span it overlaps (None outside PHI).

    Tokens and spans are sorted and spans do not overlap, so one pass suffices.
    """
    labels: list[str | None] = []
    index = 0
    for token in tokens:
        while index < len(spans) and spans[index].end <= token.start:
            index += 1
        if index < len(spans) and spans[index].start < token.end:
            labels.append(spans[index].label)
        else:
            labels.append(None)
    return labels


def corpus_stats(documents: Iterable[Document]) -> CorpusStats:
    """Count documents, tokens, PHI spans and PHI tokens per label and category."""
    documents_seen = characters = tokens = 0
    span_counts: Counter[str] = Counter()
    token_counts: Counter[str] = Counter()
    source_counts: Counter[str] = Counter()
    for document in documents:
        documents_seen += 1
        characters += len(document.text)
        document_tokens = tokenize(document.text)
        tokens += len(document_tokens)
        for span in document.spans:
            span_counts[span.label] += 1
            if span.source_label is not None:
                source_counts[span.source_label] += 1
        for label in phi_token_labels(document_tokens, document.spans):
            if label is not None:
                token_counts[label] += 1
    by_label = {
        name: Count(span_counts[name], token_counts[name])
        for name in LABELS
        if span_counts[name] or token_counts[name]
    }
    by_category: dict[str, Count] = {}
    for category in Category:
        names = [name for name in by_label if category_of(name) is category]
        if names:
            by_category[category.value] = Count(
                sum(by_label[name].spans for name in names),
                sum(by_label[name].tokens for name in names),
            )
    return CorpusStats(
        documents=documents_seen,
        characters=characters,
        tokens=tokens,
        spans=sum(span_counts.values()),
        phi_tokens=sum(token_counts.values()),
        by_label=by_label,
        by_category=by_category,
        by_source_label=dict(sorted(source_counts.items(), key=lambda item: (-item[1], item[0]))),
    )


def format_stats(stats: CorpusStats) -> str:
    """A plain-text report of corpus statistics."""
    lines = [
        f"{'documents':<16}{stats.documents:>10}",
        f"{'characters':<16}{stats.characters:>10}",
        f"{'tokens':<16}{stats.tokens:>10}",
        f"{'PHI spans':<16}{stats.spans:>10}",
        f"{'PHI tokens':<16}{stats.phi_tokens:>10}",
    ]
    for title, table in (("label", stats.by_label), ("category", stats.by_category)):
        if table:
            lines += ["", f"{title:<16}{'spans':>10}{'tokens':>10}"]
            lines += [
                f"{name:<16}{count.spans:>10}{count.tokens:>10}" for name, count in table.items()
            ]
    if stats.by_source_label:
        width = max(16, *(len(name) + 2 for name in stats.by_source_label))
        lines += ["", f"{'source label':<{width}}{'spans':>10}"]
        lines += [f"{name:<{width}}{count:>10}" for name, count in stats.by_source_label.items()]
    return "\n".join(lines)
