"""The ensemble detector: rules and statistical detectors combined, for recall.

``members`` lists the detectors (default: rules and a CRF, in the ensemble's language). For
each PHI category (NAME, LOCATION, DATE, ...) ``policy`` says whose spans count:

- ``union``: every member's spans (overlapping spans of the category are merged into one
  span covering them all, labelled by the preferred member);
- ``vote``: spans found by a majority of the members (both, with two; overlap counts as
  agreement);
- a member's name (``crf``, ``rules``): that member only.

Categories not in ``policy`` use ``default_policy``. The default favours recall: union for
names, IDs, contacts, dates and ages; the statistical member alone for the rest. Where
spans of different categories overlap, the member listed first in ``members`` with a
statistical model wins (then the longer span), and the winner grows to cover the text of a
losing span of a ``union`` category: what any member found there stays PHI (recall first:
"Botetourt" taken for a name by the CRF keeps the rules' "Botetourt Family Medicine").

Each member decides at its own operating point (the threshold saved with it);
``set_threshold`` on the ensemble (or a threshold in the ensemble's metadata) puts every
member with a confidence at that one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from deidkit.errors import ConfigError, ModelError
from deidkit.labels import Category, category_of
from deidkit.models import store
from deidkit.models.base import BaseDetector
from deidkit.models.operating import check_categories, check_threshold
from deidkit.models.registry import build_detector, detector_class
from deidkit.models.spans import resolve_overlaps
from deidkit.types import Document, Span

POLICIES = ("union", "vote")
_CHUNK = 8
"""Documents passed through all members at a time: the text caches' size (tokens and PHI
patterns of the last 8 texts), so the second member finds each document's there; the CRF
decodes them together (``deidkit.models.crf.DOCUMENTS_AT_ONCE``)."""
DEFAULT_POLICY: dict[str, str] = {
    "NAME": "union",
    "ID": "union",
    "CONTACT": "union",
    "DATE": "union",
    "AGE": "union",
}


class EnsembleDetector(BaseDetector):
    """Rules plus statistical detectors, combined per PHI category."""

    name = "ensemble"
    has_confidence = True
    description = "rules + statistical detectors combined per category (union or vote)"

    def __init__(
        self,
        *,
        lang: str = "en",
        members: Sequence[Mapping[str, Any]] | None = None,
        policy: Mapping[str, str] | None = None,
        default_policy: str = "",
    ) -> None:
        self.lang = lang
        self.members = members
        self.policy = policy
        self.default_policy = default_policy

    def _specs(self) -> list[dict[str, Any]]:
        specs = self.members or [{"detector": "rules"}, {"detector": "crf"}]
        result = []
        for spec in specs:
            if not isinstance(spec, Mapping) or not isinstance(spec.get("detector"), str):
                raise ConfigError(
                    "ensemble: each member is a mapping with a 'detector' name and optional "
                    "'params'"
                )
            params = dict(spec.get("params") or {})
            params.setdefault("lang", self.lang)
            result.append({"detector": spec["detector"], "params": params})
        names = [spec["detector"] for spec in result]
        if len(set(names)) != len(names) or "ensemble" in names:
            raise ConfigError("ensemble: members must be different detectors (not ensembles)")
        return result

    def _policies(self, names: Sequence[str]) -> tuple[dict[str, str], str]:
        statistical = [n for n in names if n != "rules"]
        default = self.default_policy or (statistical[0] if statistical else "union")
        policy = dict(DEFAULT_POLICY if self.policy is None else self.policy)
        for category, rule in [*policy.items(), ("*", default)]:
            if category != "*" and category not in Category.__members__:
                raise ConfigError(
                    f"ensemble: unknown category {category!r}; use: {', '.join(Category)}"
                )
            if rule not in POLICIES and rule not in names:
                raise ConfigError(
                    f"ensemble: policy {rule!r} must be union, vote or a member "
                    f"({', '.join(names)})"
                )
        return policy, default

    def _fit(self, documents: list[Document]) -> None:
        specs = self._specs()
        self._policies([spec["detector"] for spec in specs])
        detectors = []
        for spec in specs:
            detector = build_detector(spec["detector"], spec["params"])
            detector.progress = getattr(self, "progress", None)  # type: ignore[attr-defined]
            detectors.append(detector.fit(documents))
        self.detectors_ = detectors

    @property
    def is_fitted(self) -> bool:
        return hasattr(self, "detectors_")

    def set_threshold(
        self, threshold: float | None, categories: Mapping[str, float] | None = None
    ) -> EnsembleDetector:
        """Put every member with a confidence at operating point ``threshold`` (None: each
        member back to argmax), with ``categories``' thresholds per PHI category; the rules
        member is unchanged."""
        threshold = check_threshold(threshold)
        checked = check_categories(categories)
        members = [d for d in getattr(self, "detectors_", []) if d.has_confidence]
        if threshold is not None and not members:
            raise ConfigError(
                "ensemble: no member has a confidence to set a threshold on; drop --threshold"
            )
        for member in members:
            member.set_threshold(threshold, checked)
        self.decision_threshold = threshold
        self.category_thresholds = MappingProxyType(checked)
        return self

    def _order(self) -> list[str]:
        names = [d.name for d in self.detectors_]
        return [n for n in names if n != "rules"] + [n for n in names if n == "rules"]

    def _predict_many(self, documents: list[Document]) -> list[list[Span]]:
        names = [d.name for d in self.detectors_]
        policy, default = self._policies(names)
        result: list[list[Span]] = []
        # A few documents at a time through every member, so the members' shared caches
        # (tokens, pattern matches of the last few notes) serve the second member too.
        for first in range(0, len(documents), _CHUNK):
            chunk = documents[first : first + _CHUNK]
            outputs = [detector.predict(chunk) for detector in self.detectors_]
            result.extend(
                self.combine([list(output[i].spans) for output in outputs], names, policy, default)
                for i in range(len(chunk))
            )
        return result

    def combine(
        self,
        member_spans: Sequence[Sequence[Span]],
        names: Sequence[str],
        policy: Mapping[str, str],
        default: str,
    ) -> list[Span]:
        """One document's spans from each member's spans."""
        order = self._order()
        rank = {name: order.index(name) for name in names}
        # each member's spans by category (in their order), sorted out once
        grouped: list[dict[Category, list[Span]]] = []
        for spans in member_spans:
            groups: dict[Category, list[Span]] = {}
            for span in spans:
                groups.setdefault(category_of(span.label), []).append(span)
            grouped.append(groups)
        candidates: list[Span] = []
        unioned: list[Span] = []
        for category in Category:
            rule = policy.get(category.value, default)
            by_member = [groups.get(category, []) for groups in grouped]
            if rule in names:
                candidates.extend(by_member[names.index(rule)])
            elif rule == "union":
                merged = _merge([s for spans in by_member for s in spans], rank)
                candidates.extend(merged)
                unioned.extend(merged)
            else:
                candidates.extend(_agreed(by_member, names, rank))
        return _covering(resolve_overlaps(candidates, prefer=order), unioned)

    def _write_files(self, folder: Path) -> None:
        for index, detector in enumerate(self.detectors_):
            detector.save(folder / f"member-{index}-{detector.name}")

    def _extra_config(self) -> dict[str, Any]:
        return {"member_folders": [f"member-{i}-{d.name}" for i, d in enumerate(self.detectors_)]}

    def _read_files(self, saved: store.SavedModel) -> None:
        folders = saved.config.get("member_folders")
        if not isinstance(folders, list) or not folders:
            raise ModelError(f"model folder {saved.path}: the ensemble lists no members")
        detectors = []
        for folder in folders:
            member = saved.sub_model(str(folder))
            detectors.append(detector_class(member.detector).from_saved(member))
        self.detectors_ = detectors


def _merge(spans: Sequence[Span], rank: Mapping[str, int]) -> list[Span]:
    """Overlapping spans merged into one covering span, labelled by the best-ranked source.

    One pass over the spans in (start, end) order, each run's end kept as it grows; a span
    that overlaps nothing comes out as it is unless the merged span would differ from it
    (its corpus label and id are not carried over)."""
    result: list[Span] = []
    group: list[Span] = []
    end = 0
    for span in sorted(spans, key=_start_end):
        if group and span.start < end:
            group.append(span)
            end = max(end, span.end)
            continue
        if group:
            result.append(_merged(group, end, rank))
        group, end = [span], span.end
    if group:
        result.append(_merged(group, end, rank))
    return result


def _start_end(span: Span) -> tuple[int, int]:
    return (span.start, span.end)


def _merged(group: list[Span], end: int, rank: Mapping[str, int]) -> Span:
    """One run of overlapping spans (in start order, ``end`` the furthest) as one span."""
    best = group[0] if len(group) == 1 else min(
        group, key=lambda s: (rank.get(s.source or "", 99), s.start - s.end)
    )
    start = group[0].start
    if (start, end) == (best.start, best.end) and best.source_label is None and best.id is None:
        return best  # the span the merge would make: the same fields
    return Span(start, end, best.label, source=best.source, score=best.score)


def _covering(kept: list[Span], unioned: Sequence[Span]) -> list[Span]:
    """``kept`` (sorted, not overlapping), each grown over the union-category spans that
    overlap it, so that no text a union member found is left out; kept spans that such a span
    bridges become one (labelled by the first)."""
    if not unioned:
        return kept
    items = sorted(
        [(span.start, span.end, 0, span) for span in kept]
        + [(span.start, span.end, 1, None) for span in unioned],
        key=lambda item: item[:3],
    )
    groups: list[tuple[int, int, Span | None]] = []  # overlapping runs: extent, first kept
    for start, end, _, span in items:
        if groups and start < groups[-1][1]:
            first_start, first_end, first = groups[-1]
            groups[-1] = (first_start, max(first_end, end), first or span)
        else:
            groups.append((start, end, span))
    return [
        first if (first.start, first.end) == (start, end)
        else Span(start, end, first.label, source=first.source, score=first.score)
        for start, end, first in groups
        if first is not None
    ]


def _agreed(
    by_member: Sequence[Sequence[Span]], names: Sequence[str], rank: Mapping[str, int]
) -> list[Span]:
    """Spans that a majority of the members found (overlapping spans agree)."""
    needed = len(names) // 2 + 1
    result = []
    for index, spans in enumerate(by_member):
        for span in spans:
            votes = 1 + sum(
                any(other.overlaps(span) for other in others)
                for j, others in enumerate(by_member)
                if j != index
            )
            if votes >= needed:
                result.append(span)
    return resolve_overlaps(result, prefer=sorted(names, key=lambda n: rank.get(n, 99)))
