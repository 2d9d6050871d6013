"""The ensemble's union merge: one pass, the same spans as the merge it replaced."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from deidkit.models.ensemble import _merge
from deidkit.types import Span

RANK = {"crf": 0, "rules": 1}


def _old_merge(spans: Sequence[Span], rank: Mapping[str, int]) -> list[Span]:
    """The merge as it was (a new span for every run, the run's end found again per span)."""
    merged: list[list[Span]] = []
    for span in sorted(spans, key=lambda s: (s.start, s.end)):
        if merged and span.start < max(s.end for s in merged[-1]):
            merged[-1].append(span)
        else:
            merged.append([span])
    result = []
    for group in merged:
        best = min(group, key=lambda s: (rank.get(s.source or "", 99), s.start - s.end))
        start = min(s.start for s in group)
        end = max(s.end for s in group)
        result.append(Span(start, end, best.label, source=best.source, score=best.score))
    return result


@st.composite
def _spans(draw: st.DrawFn) -> list[Span]:
    spans = []
    for _ in range(draw(st.integers(0, 12))):
        start = draw(st.integers(0, 40))
        spans.append(Span(
            start,
            start + draw(st.integers(1, 8)),
            draw(st.sampled_from(["DOCTOR", "PATIENT", "IDNUM"])),
            draw(st.sampled_from([None, "NAME"])),
            draw(st.sampled_from([None, "crf", "rules", "other"])),
            draw(st.sampled_from([None, 0.25, 1.0])),
            draw(st.sampled_from([None, "T1"])),
        ))
    return spans


@settings(max_examples=400, deadline=None)
@given(_spans())
def test_merge_gives_the_old_merge_spans(spans: list[Span]) -> None:
    assert _merge(spans, RANK) == _old_merge(spans, RANK)


def test_a_lone_span_without_corpus_label_or_id_comes_out_as_it_is() -> None:
    alone = Span(3, 9, "DOCTOR", source="crf", score=0.5)
    labelled = Span(12, 15, "DOCTOR", "NAME", source="rules")
    merged = _merge([labelled, alone], RANK)
    assert merged[0] is alone
    assert merged[1] == Span(12, 15, "DOCTOR", source="rules")
