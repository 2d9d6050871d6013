"""Property tests: the token metrics agree with a simple independent implementation."""

from __future__ import annotations

from collections import Counter

from eval_synthetic import whitespace_tokenize
from hypothesis import given, settings
from hypothesis import strategies as st

from deidkit.evaluate import ALL, PHI, evaluate
from deidkit.labels import category_of
from deidkit.types import Document, Span

LABEL_POOL = ("PATIENT", "DOCTOR", "DATE", "CITY", "IDNUM", "PHONE")


@st.composite
def documents(draw):
    """Random text, with gold and predicted spans placed anywhere (even inside words)."""
    words = draw(st.lists(st.text("abcXY1-", min_size=1, max_size=6), min_size=0, max_size=25))
    gaps = draw(
        st.lists(
            st.sampled_from([" ", "  ", "\n", " \t "]), min_size=len(words), max_size=len(words)
        )
    )
    text = "".join(w + g for w, g in zip(words, gaps, strict=True))

    def spans() -> tuple[Span, ...]:
        if not text:
            return ()
        cuts = sorted(set(draw(st.lists(st.integers(0, len(text)), max_size=12))))
        result = []
        for start, end in zip(cuts[::2], cuts[1::2], strict=False):
            if end > start:
                result.append(Span(start, end, draw(st.sampled_from(LABEL_POOL))))
        return tuple(result)

    return Document("doc", text, spans()), Document("doc", text, spans())


def reference_token_labels(document: Document) -> list[str]:
    """Per character, the index of the span covering it; a token takes its most-covering span."""
    owner = [-1] * len(document.text)
    for index, span in enumerate(document.spans):
        for position in range(span.start, span.end):
            owner[position] = index
    labels = []
    for token in whitespace_tokenize(document.text):
        cover = Counter(owner[p] for p in range(token.start, token.end) if owner[p] >= 0)
        if not cover:
            labels.append("O")
            continue
        best = max(cover.values())
        first = min(index for index, count in cover.items() if count == best)
        labels.append(document.spans[first].label)
    return labels


@settings(max_examples=150, deadline=None)
@given(documents())
def test_token_counts_match_reference(pair):
    gold, pred = pair
    ev = evaluate([gold], [pred], tokenizer=whitespace_tokenize, bootstrap=0)
    g, p = reference_token_labels(gold), reference_token_labels(pred)
    binary = ev.counts(("token", "binary", PHI))
    assert binary.tp == sum(a != "O" and b != "O" for a, b in zip(g, p, strict=True))
    assert binary.fp == sum(a == "O" and b != "O" for a, b in zip(g, p, strict=True))
    assert binary.fn == sum(a != "O" and b == "O" for a, b in zip(g, p, strict=True))
    assert binary.tn == sum(a == "O" and b == "O" for a, b in zip(g, p, strict=True))
    for label in LABEL_POOL:
        counts = ev.counts(("token", "label", label))
        assert counts.tp == sum(a == b == label for a, b in zip(g, p, strict=True))
        assert counts.fp == sum(b == label != a for a, b in zip(g, p, strict=True))
        assert counts.fn == sum(a == label != b for a, b in zip(g, p, strict=True))
    cat = [str(category_of(x)) if x != "O" else "O" for x in g]
    cat_p = [str(category_of(x)) if x != "O" else "O" for x in p]
    name = ev.counts(("token", "category", "NAME"))
    assert name.tp == sum(a == b == "NAME" for a, b in zip(cat, cat_p, strict=True))
    hide = ev.counts(("token", "hide", "excluding-tn"))
    assert hide.tp == sum(a == b != "O" for a, b in zip(g, p, strict=True))
    assert hide.fp == sum(b != "O" and a != b for a, b in zip(g, p, strict=True))


@settings(max_examples=150, deadline=None)
@given(documents())
def test_entity_counts_match_reference(pair):
    gold, pred = pair
    ev = evaluate([gold], [pred], tokenizer=whitespace_tokenize, bootstrap=0)
    strict = ev.counts(("entity-strict", "all", ALL))
    hits = len({s.key for s in gold.spans} & {s.key for s in pred.spans})
    assert (strict.tp, strict.fp, strict.fn) == (
        hits,
        len(pred.spans) - hits,
        len(gold.spans) - hits,
    )
    overlap = ev.counts(("entity-overlap", "all", ALL))
    assert overlap.tp == sum(any(g.overlaps(q) for q in pred.spans) for g in gold.spans)
    assert overlap.matched_pred == sum(any(q.overlaps(g) for g in gold.spans) for q in pred.spans)
    # an instance is found when every token it touches has a predicted character
    predicted_chars = {i for s in pred.spans for i in range(s.start, s.end)}
    tokens = whitespace_tokenize(gold.text)
    found = 0
    for span in gold.spans:
        touched = [t for t in tokens if t.start < span.end and span.start < t.end]
        if touched:
            found += all(predicted_chars & set(range(t.start, t.end)) for t in touched)
        else:
            found += any(span.overlaps(q) for q in pred.spans)
    assert ev.counts(("instance", "all", ALL)).tp == found
