"""Between spans and tokens: token labels and BIO tags for training, spans back from
predicted tags for decoding.

A token takes the label of the span it overlaps (the first one if a token straddles two): its
canonical label, or ``LABEL=CORPUS_LABEL`` (``deidkit.labels.corpus_tag``) for a corpus label
that shares its canonical label with another, so that a model learns and predicts it.
Decoding snaps spans to token boundaries: a span runs from its first token's start to its
last token's end.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from deidkit.labels import LABELS, corpus_tag, split_corpus_tag
from deidkit.overlaps import resolve_overlaps as _resolve
from deidkit.types import Span, Token

if TYPE_CHECKING:
    import numpy as np

OUTSIDE = "O"


def token_labels(tokens: Sequence[Token], spans: Sequence[Span]) -> list[str]:
    """The label of each token: its span's label, or ``"O"``."""
    return [label for label, _ in _token_span_index(tokens, spans)]


def bio_tags(tokens: Sequence[Token], spans: Sequence[Span]) -> list[str]:
    """BIO tags: ``B-LABEL`` on the first token of a span, ``I-LABEL`` after, ``O`` outside."""
    tags: list[str] = []
    previous: int | None = None
    for label, index in _token_span_index(tokens, spans):
        if index is None:
            tags.append(OUTSIDE)
        else:
            tags.append(("I-" if index == previous else "B-") + label)
        previous = index
    return tags


def _token_span_index(
    tokens: Sequence[Token], spans: Sequence[Span]
) -> list[tuple[str, int | None]]:
    ordered = sorted(spans, key=lambda s: (s.start, s.end))
    starts = [s.start for s in ordered]
    result: list[tuple[str, int | None]] = []
    for token in tokens:
        index = bisect.bisect_right(starts, token.start) - 1
        found: int | None = None
        for candidate in (index, index + 1):
            if 0 <= candidate < len(ordered):
                span = ordered[candidate]
                if span.start < token.end and token.start < span.end:
                    found = candidate
                    break
        result.append(
            (corpus_tag(ordered[found].label, ordered[found].source_label), found)
            if found is not None
            else (OUTSIDE, None)
        )
    return result


def split_tag(tag: str) -> tuple[str, str]:
    """Prefix and label: ``B-DATE`` -> (B, DATE), ``O`` -> (O, ""), ``DATE`` -> (B, DATE)."""
    if tag == OUTSIDE:
        return OUTSIDE, ""
    if len(tag) > 2 and tag[1] == "-" and tag[0] in "BI":
        return tag[0], tag[2:]
    return "B", tag


def spans_from_bio(
    tokens: Sequence[Token],
    tags: Sequence[str],
    *,
    source: str,
    scores: Sequence[float] | None = None,
) -> list[Span]:
    """Spans from BIO tags. An ``I-`` tag continues the open span only if its label matches
    (and the token before it has a tag); otherwise it opens a new one (CRFs rarely produce
    that, taggers without transitions do). A span's score is the lowest of its tokens'
    scores."""
    spans: list[Span] = []
    open_label: str | None = None
    first = last = 0
    low = 1.0
    for index in _tagged(tags):  # an ``O`` between two tags closes the open span
        prefix, label = split_tag(tags[index])
        if prefix == "I" and label == open_label and index == last + 1:
            last = index
            if scores is not None:
                low = min(low, scores[index])
            continue
        if open_label is not None:
            spans.append(_span(tokens, first, last, open_label, source, scores, low))
        if split_corpus_tag(label)[0] not in LABELS:
            open_label = None
            continue
        open_label, first, last = label, index, index
        low = scores[index] if scores is not None else 1.0
    if open_label is not None:
        spans.append(_span(tokens, first, last, open_label, source, scores, low))
    return spans


def with_prefixes(tokens: Sequence[Token], tags: Sequence[str], text: str | None) -> list[str]:
    """BIO tags from tags that may be bare labels (IO tagging): a bare label continues the
    token before it (``I-``) if that one has the same label and, when ``text`` is given, no
    line break is between them; otherwise it begins a span (``B-``). ``B-``/``I-`` tags and
    ``O`` stay."""
    result = list(tags)
    previous, previous_index = "", -2  # the label of the last tagged token, and its index
    for index in _tagged(tags):
        tag = tags[index]
        if len(tag) > 2 and tag[1] == "-" and tag[0] in "BI":
            previous, previous_index = tag[2:], index
            continue
        joined = (
            tag == previous
            and previous_index == index - 1
            and (text is None or "\n" not in text[tokens[index - 1].end : tokens[index].start])
        )
        result[index] = ("I-" if joined else "B-") + tag
        previous, previous_index = tag, index
    return result


@dataclass(frozen=True, slots=True, eq=False)
class TagSet:
    """A tagger's tags as arrays, to read spans off tag numbers (``spans_from_tag_numbers``):
    each tag's label number (-1 for ``O``; tags of one label share it), whether it is an
    ``I-`` tag or a bare label, whether its label opens a span (a PHI label), and the
    (canonical, corpus) labels of the spans it opens."""

    tags: tuple[str, ...]
    label: np.ndarray
    inside: np.ndarray
    bare: np.ndarray
    opens: np.ndarray
    span_labels: tuple[tuple[str, str | None], ...]

    @classmethod
    def of(cls, tags: Sequence[str]) -> TagSet:
        import numpy as np  # lazy: spans from tag strings need no numpy

        split = [split_tag(tag) for tag in tags]
        labels = {label: number for number, label in enumerate(dict.fromkeys(
            label for _, label in split if label))}
        return cls(
            tuple(tags),
            np.array([labels.get(label, -1) for _, label in split], dtype=np.intp),
            np.array([prefix == "I" for prefix, _ in split], dtype=bool),
            np.array([tag != OUTSIDE and tag[:2] not in ("B-", "I-") for tag in tags], bool),
            np.array([bool(label) and split_corpus_tag(label)[0] in LABELS
                      for _, label in split], dtype=bool),
            tuple(split_corpus_tag(label) for _, label in split),
        )


def spans_from_tag_numbers(
    tokens: Sequence[Token],
    path: np.ndarray,
    tags: TagSet,
    *,
    source: str,
    scores: np.ndarray,
    text: str | None = None,
) -> list[Span]:
    """``spans_from_bio(tokens, with_prefixes(tokens, tag strings, text), ...)`` of the tags
    numbered ``path`` (``tags.tags[path[i]]`` is token ``i``'s), with arrays: the same spans
    (a span's score the lowest of its tokens' ``scores``, rounded), read without a look at
    the tokens outside them. A token continues the span of the token before it when that
    one has its label, its tag is ``I-`` or a bare label (then no line break between them
    when ``text`` is given), and its label is a PHI label."""
    import numpy as np  # lazy: spans from tag strings need no numpy

    label = tags.label[path]
    same = np.zeros(len(path), dtype=bool)
    same[1:] = (label[1:] == label[:-1]) & (label[1:] >= 0)
    joins = tags.inside[path] & same
    bare = np.flatnonzero(tags.bare[path] & same).tolist()
    if text is not None:
        bare = [i for i in bare if "\n" not in text[tokens[i - 1].end : tokens[i].start]]
    joins[bare] = True
    opens = tags.opens[path]
    joins &= opens
    firsts = np.flatnonzero(opens & ~joins)
    lasts = np.flatnonzero(opens & ~np.append(joins[1:], False))
    bounds = np.stack([firsts, lasts + 1], axis=1).ravel()
    lows = np.minimum.reduceat(np.append(scores, 1.0), bounds)[::2] if len(bounds) else bounds
    span_labels = tags.span_labels
    return [
        Span(tokens[first].start, tokens[last].end, span_labels[tag][0], span_labels[tag][1],
             source, round(low, 6))
        for first, last, tag, low in zip(
            firsts.tolist(), lasts.tolist(), path[firsts].tolist(), lows.tolist(), strict=True
        )
    ]


def _tagged(tags: Sequence[str]) -> Iterator[int]:
    """The indices of the tags other than ``O``, in order (the only ones needing work)."""
    return itertools.compress(range(len(tags)), map(OUTSIDE.__ne__, tags))


def spans_from_labels(
    tokens: Sequence[Token],
    labels: Sequence[str],
    *,
    source: str,
    text: str | None = None,
    scores: Sequence[float] | None = None,
) -> list[Span]:
    """Spans from per-token labels: consecutive tokens with the same label are merged into one
    span (when ``text`` is given, not across a line break). Scores: the lowest token score."""
    return spans_from_bio(tokens, with_prefixes(tokens, labels, text), source=source, scores=scores)


def _span(
    tokens: Sequence[Token],
    first: int,
    last: int,
    label: str,
    source: str,
    scores: Sequence[float] | None,
    low: float,
) -> Span:
    score = round(float(low), 6) if scores is not None else None
    canonical, corpus_label = split_corpus_tag(label)
    return Span(tokens[first].start, tokens[last].end, canonical, corpus_label, source=source,
                score=score)


def resolve_overlaps(spans: Sequence[Span], *, prefer: Sequence[str] = ()) -> list[Span]:
    """Non-overlapping spans: where spans overlap keep the one whose source comes first in
    ``prefer``, then the longer, then the higher-scored, then the earlier (the ensemble's
    policy on the shared resolver, :func:`deidkit.overlaps.resolve_overlaps`)."""
    rank = {source: index for index, source in enumerate(prefer)}
    return _resolve(
        spans,
        rank=lambda span: rank.get(span.source or "", len(rank)),
        tie=lambda span: -(span.score if span.score is not None else 1.0),
    )
