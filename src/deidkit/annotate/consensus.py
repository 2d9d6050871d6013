"""Combining several annotators' spans: union and majority consensus, candidate groups.

Consensus is decided character by character: a character is PHI in ``union`` mode if any
annotator covers it and in ``majority`` mode if more than half of the annotators assigned to
the document do; its label is the one most of them chose (ties go to the label listed first
in ``deidkit.labels.LABELS``). Runs of PHI characters with the same label become spans, so
"John Smith" marked as one span by one annotator and as "John" + "Smith" by two others gives
one union span and two majority spans.

A *candidate* (one row of the adjudication view) is a group of spans from any source
(annotators, models, the consensus, the gold) that overlap or touch each other.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import pairwise
from typing import Any

from deidkit.labels import LABEL_NAMES

SpanKey = tuple[int, int, str]
"""(start, end, label)."""

_LABEL_RANK = {name: index for index, name in enumerate(LABEL_NAMES)}


class Mode(StrEnum):
    """How annotators' spans are combined before (or instead of) adjudication."""

    UNION = "union"
    MAJORITY = "majority"


def consensus(
    text: str,
    annotators: Sequence[Sequence[SpanKey]],
    mode: Mode,
    *,
    voters: int | None = None,
) -> list[SpanKey]:
    """The union or majority consensus of several annotators' spans on one text.

    ``voters`` is the number of annotators the majority counts (default: ``len(annotators)``;
    pass the number assigned so that an annotator with no spans still counts).
    """
    voters = len(annotators) if voters is None else voters
    points = sorted({p for spans in annotators for s, e, _ in spans for p in (s, e)})
    runs: list[list[Any]] = []
    for a, b in pairwise(points):
        votes: Counter[str] = Counter()
        for spans in annotators:
            for s, e, label in spans:
                if s <= a and b <= e:
                    votes[label] += 1
                    break
        total = sum(votes.values())
        if total == 0 or (mode is Mode.MAJORITY and 2 * total <= voters):
            continue
        label = min(votes, key=lambda name: (-votes[name], _LABEL_RANK.get(name, 0)))
        if runs and runs[-1][1] == a and runs[-1][2] == label:
            runs[-1][1] = b
        else:
            runs.append([a, b, label])
    result: list[SpanKey] = []
    for start, end, label in runs:
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if start < end:
            result.append((start, end, label))
    return result


@dataclass(frozen=True, slots=True)
class Option:
    """One distinct way to annotate a candidate, and who chose it."""

    spans: tuple[SpanKey, ...]
    annotators: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    suggested: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "spans": [list(s) for s in self.spans],
            "annotators": list(self.annotators),
            "sources": list(self.sources),
            "suggested": self.suggested,
        }


@dataclass(frozen=True, slots=True)
class Candidate:
    """A group of overlapping spans: what each annotator, model and the consensus chose."""

    start: int
    end: int
    choices: Mapping[str, tuple[SpanKey, ...]]
    models: Mapping[str, tuple[SpanKey, ...]]
    suggested: tuple[SpanKey, ...]
    gold: tuple[SpanKey, ...]
    options: tuple[Option, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {
            "start": self.start,
            "end": self.end,
            "choices": {name: [list(s) for s in spans] for name, spans in self.choices.items()},
            "models": {name: [list(s) for s in spans] for name, spans in self.models.items()},
            "suggested": [list(s) for s in self.suggested],
            "gold": [list(s) for s in self.gold],
            "options": [option.to_json() for option in self.options],
        }


def _inside(spans: Iterable[SpanKey], start: int, end: int) -> tuple[SpanKey, ...]:
    return tuple(sorted(s for s in spans if start <= s[0] and s[1] <= end))


def candidates(
    annotators: Mapping[str, Sequence[SpanKey]],
    models: Mapping[str, Sequence[SpanKey]],
    suggested: Sequence[SpanKey],
    gold: Sequence[SpanKey],
) -> list[Candidate]:
    """Group every span into candidates and list each candidate's distinct options.

    Options are ordered by how many annotators chose them; an annotator who marked nothing
    in a candidate has the empty choice, shown as "not PHI".
    """
    everything: list[tuple[int, int]] = [
        (s, e)
        for spans in (*annotators.values(), *models.values(), suggested, gold)
        for s, e, _ in spans
    ]
    groups: list[list[int]] = []
    for s, e in sorted(everything):
        if groups and s <= groups[-1][1]:
            groups[-1][1] = max(groups[-1][1], e)
        else:
            groups.append([s, e])
    result: list[Candidate] = []
    for start, end in groups:
        choices = {name: _inside(spans, start, end) for name, spans in annotators.items()}
        chosen_by_models = {name: _inside(spans, start, end) for name, spans in models.items()}
        suggestion = _inside(suggested, start, end)
        voters: dict[tuple[SpanKey, ...], list[str]] = {}
        sources: dict[tuple[SpanKey, ...], list[str]] = {}
        for name, spans in choices.items():
            if spans:
                voters.setdefault(spans, []).append(name)
        for name, spans in chosen_by_models.items():
            if spans:
                sources.setdefault(spans, []).append(name)
        distinct = list(voters)
        distinct += [s for s in sources if s not in voters]
        if suggestion and suggestion not in distinct:
            distinct.append(suggestion)
        distinct.sort(key=lambda spans: -len(voters.get(spans, ())))
        options = tuple(
            Option(
                spans=spans,
                annotators=tuple(voters.get(spans, ())),
                sources=tuple(sources.get(spans, ())),
                suggested=spans == suggestion,
            )
            for spans in distinct
        )
        result.append(
            Candidate(
                start=start,
                end=end,
                choices=choices,
                models=chosen_by_models,
                suggested=suggestion,
                gold=_inside(gold, start, end),
                options=options,
            )
        )
    return result
