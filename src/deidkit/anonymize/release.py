"""From an identifier view to a release: Mondrian's nodes, their quality beside Safe Harbor's,
and the generalized values written back into the notes.

Back in the text, each quasi-identifier mention becomes its person's released node, written
the way notes write it ("age 60-64", "021**", "March 2012", "Massachusetts"); a date of care
is generalized to the same level on its own value. A mention is redacted instead when its
value cannot be read, conflicts with its person's value, its attribute is released as ``*``
or its person is suppressed. Metadata is dropped (it may hold PHI), except the sensitive
attribute's field. Direct identifiers go through ``deidkit.redact``'s modes (in
surrogate mode a redacted quasi-identifier becomes a tag: a fake age or date would read as a
real released value). Spans stay on the replacements, as in every deidentify output.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path as FilePath
from typing import Any

from deidkit.anonymize.attributes import QUASI_IDENTIFIERS
from deidkit.anonymize.hierarchies import (
    MISSING,
    ROOT,
    Path,
    parse_date,
    split_range,
    view_label,
    within,
)
from deidkit.anonymize.metrics import Quality, measure, safe_harbor
from deidkit.anonymize.mondrian import PrivacyModel, Record, mondrian
from deidkit.anonymize.view import IdentifierView, Mention, note_mentions
from deidkit.errors import InputError
from deidkit.io.atomic import atomic_file
from deidkit.redact import Deidentifier, RedactOptions, apply_replacements
from deidkit.redact.modes import render_tag, tag_template
from deidkit.types import Document, Span


@dataclass(frozen=True, slots=True)
class Release:
    """An anonymized identifier view: a node per quasi-identifier per person (None for a
    suppressed person) and the quality of this release, of Safe Harbor's and of the
    original values, on the same people."""

    view: IdentifierView
    model: PrivacyModel
    nodes: tuple[Record | None, ...]
    quality: Quality
    safe_harbor: Quality
    original: Quality

    def node(self, document_id: str, attribute: str) -> Path | None:
        """The released node of a document's person for one attribute (None: suppressed)."""
        nodes = self.nodes[self.view.person_of[document_id]]
        if nodes is None:
            return None
        return nodes[self.view.quasi.index(attribute)]

    def rows(self) -> Iterator[dict[str, str]]:
        """The anonymized view: one row per released (not suppressed) person."""
        for person, nodes in zip(self.view.persons, self.nodes, strict=True):
            if nodes is None:
                continue
            row = {"person": person.id}
            for name, node in zip(self.view.quasi, nodes, strict=True):
                row[name] = view_label(QUASI_IDENTIFIERS[name].hierarchy, node)
            if self.view.sensitive is not None:
                row[self.view.sensitive] = person.sensitive or "-"
            yield row

    def write_view(self, path: FilePath) -> None:
        """The anonymized view as CSV (``person``, one column per quasi-identifier, the
        sensitive attribute's column if any)."""
        columns = ["person", *self.view.quasi]
        if self.view.sensitive is not None:
            columns.append(self.view.sensitive)
        with atomic_file(path) as handle:
            writer = csv.DictWriter(handle, fieldnames=columns, lineterminator="\n")
            writer.writeheader()
            writer.writerows(self.rows())

    def report(self) -> dict[str, Any]:
        """k, l, suppressed persons, information loss, Safe Harbor beside it, the linking
        report and the conflicts (ids, counts and reasons only: no values)."""
        view = self.view
        levels: dict[str, dict[str, int]] = {}
        for a, name in enumerate(view.quasi):
            names = QUASI_IDENTIFIERS[name].hierarchy.levels
            tally: dict[str, int] = {}
            for nodes in self.nodes:
                if nodes is not None:
                    node = nodes[a]
                    level = ("*" if node == ROOT else "no value" if node == MISSING
                             else names[min(len(node), len(names)) - 1])
                    if split_range(node) is not None:
                        level += " range"
                    tally[level] = tally.get(level, 0) + 1
            levels[name] = dict(sorted(tally.items()))
        return {
            "model": {"k": self.model.k, "l": self.model.l, "diversity": self.model.diversity,
                      "sensitive": view.sensitive, "max_suppression": self.model.max_suppression},
            "quasi_identifiers": list(view.quasi),
            "persons": len(view.persons),
            "documents": len(view.person_of),
            "suppressed_persons": [p.id for p, n in zip(view.persons, self.nodes, strict=True)
                                   if n is None],
            "anonymized": self.quality.to_dict(),
            "safe_harbor": self.safe_harbor.to_dict(),
            "original": self.original.to_dict(),
            "released_levels": levels,
            "linking": {
                "joins": dict(view.link_counts),
                "links": [{"person": link.person, "documents": list(link.documents),
                           "reason": link.reason} for link in view.links
                          if link.reason != "patient_id"],
            },
            "conflicts": [{"person": c.person, "attribute": c.attribute,
                           "distinct_values": c.distinct_values, "mentions": c.mentions}
                          for c in view.conflicts],
        }


def release_view(view: IdentifierView, model: PrivacyModel) -> Release:
    """Run Mondrian on the view and measure it beside Safe Harbor and the original values."""
    leaves: list[Record] = [tuple(person.values[name] for name in view.quasi)
                            for person in view.persons]
    sensitive = ([person.sensitive or "-" for person in view.persons]
                 if view.sensitive is not None else None)
    ordered = [QUASI_IDENTIFIERS[name].hierarchy.ordered for name in view.quasi]
    result = mondrian(leaves, sensitive, model, ordered)
    return Release(
        view=view,
        model=model,
        nodes=result.released,
        quality=measure(view.quasi, leaves, result.released, sensitive, model.k),
        safe_harbor=measure(view.quasi, leaves, safe_harbor(view.quasi, leaves), sensitive,
                            model.k),
        original=measure(view.quasi, leaves, leaves, sensitive, model.k),
    )


@dataclass
class RewriteTally:
    """Counts of what happened to the mentions (no text)."""

    generalized: int = 0
    kept: int = 0
    redacted_quasi: int = 0
    direct: int = 0
    by_attribute: dict[str, int] = field(default_factory=dict)


def render_mention(mention: Mention, original: str, person_leaf: Path,
                   node: Path | None) -> str | None:
    """The text a quasi-identifier mention becomes, or None when it must be redacted."""
    if node is None or node in (ROOT, MISSING):
        return None
    attribute = QUASI_IDENTIFIERS[mention.attribute]
    hierarchy = attribute.hierarchy
    if attribute.per_note and not within(mention.leaf, node):
        return hierarchy.render(mention.leaf[: len(node)], mention.leaf, original)
    if attribute.per_note:
        return hierarchy.render(node, mention.leaf, original)
    if not attribute.same(mention.leaf, person_leaf):
        return None
    return hierarchy.render(node, person_leaf, original)


class Rewriter:
    """Writes a release back into its documents, one document at a time."""

    def __init__(self, release: Release, options: RedactOptions, key: Any) -> None:
        self.release = release
        self.options = options
        self.deidentifier = Deidentifier(options, key=key)
        self.tally = RewriteTally()
        self._tag = tag_template(options.tag)

    def _redacted_quasi_text(self, span: Span) -> str | None:
        """Surrogate mode: a tag; other modes: None (the mode applies)."""
        if self.options.mode != "surrogate":
            return None
        return render_tag(self._tag, span.label, span.source_label, 1)

    def rewrite(self, document: Document) -> Document:
        release = self.release
        view = release.view
        person_index = view.person_of.get(document.id)
        if person_index is None:
            raise InputError(f"document {document.id} was not in the view's pass",
                             fix="rewrite the same documents that were planned")
        person = view.persons[person_index]
        nodes = release.nodes[person_index]
        mentions = {m.span_index: m for m in note_mentions(document, view.quasi)}
        quasi_labels = {label for name in view.quasi for label in QUASI_IDENTIFIERS[name].labels}
        to_redact: list[Span] = []
        rewritten: list[tuple[Span, str]] = []
        for index, span in enumerate(document.spans):
            mention = mentions.get(index)
            if mention is not None:
                a = view.quasi.index(mention.attribute)
                node = None if nodes is None else nodes[a]
                original = document.text[span.start : span.end]
                text = render_mention(mention, original, person.values[mention.attribute], node)
                if text is not None:
                    rewritten.append((span, text))
                    if text == original:
                        self.tally.kept += 1
                    else:
                        self.tally.generalized += 1
                        self.tally.by_attribute[mention.attribute] = (
                            self.tally.by_attribute.get(mention.attribute, 0) + 1)
                    continue
            if span.label in quasi_labels or mention is not None:
                self.tally.redacted_quasi += 1
                tag = self._redacted_quasi_text(span)
                if tag is not None:
                    rewritten.append((span, tag))
                    continue
            else:
                self.tally.direct += 1
            to_redact.append(span)
        own = replace(document, spans=tuple(to_redact), patient_id=person.id)
        redacted = self.deidentifier.redact(own, with_mapping=False)
        first = redacted.document
        moved = [(Span(redacted.offsets.to_new(span.start),
                                 redacted.offsets.to_new(span.end), span.label,
                                 span.source_label, span.source, span.score, span.id), text)
                 for span, text in rewritten]
        spans = [*first.spans, *(span for span, _ in moved)]
        texts = [*(first.text[s.start : s.end] for s in first.spans), *(t for _, t in moved)]
        done = apply_replacements(first.text, spans, texts)
        sensitive = (view.sensitive or "").removeprefix("metadata.")
        return replace(first, text=done.text, spans=done.spans, patient_id=person.id,
                       note_date=self._note_date(document, nodes),
                       metadata={k: v for k, v in first.metadata.items() if k == sensitive})

    def _note_date(self, document: Document, nodes: Record | None) -> str | None:
        """The note date generalized like the person's first date of care (else dropped)."""
        if not document.note_date or "visit_date" not in self.release.view.quasi:
            return None
        leaf = parse_date(document.note_date, None)
        node = None if nodes is None else nodes[self.release.view.quasi.index("visit_date")]
        if leaf is None or node is None or node in (ROOT, MISSING):
            return None
        hierarchy = QUASI_IDENTIFIERS["visit_date"].hierarchy
        if within(leaf, node):
            return view_label(hierarchy, node)
        return leaf[min(len(node), len(leaf)) - 1]

    def rewrite_all(self, documents: Iterable[Document]) -> Iterator[Document]:
        for document in documents:
            yield self.rewrite(document)
