"""deidkit.stats: counts per label and category on hand-checked synthetic notes."""

from __future__ import annotations

from deidkit.stats import corpus_stats, format_stats, phi_token_labels
from deidkit.text import tokenize
from deidkit.types import Document, Span

TEXT_A = "Seen by Dr. Quill Rook on 2/3/2091 at Harwick General."
TEXT_B = "Daughter Wren called; no other visitors."


def corpus() -> list[Document]:
    return [
        Document(
            "a",
            TEXT_A,
            (
                Span(12, 22, "DOCTOR", source_label="HCPName"),
                Span(26, 34, "DATE", source_label="Date"),
                Span(38, 53, "HOSPITAL"),
            ),
        ),
        Document("b", TEXT_B, (Span(9, 13, "RELATIVE", source_label="RelativeProxyName"),)),
        Document("c", "No PHI."),
    ]


def test_counts_per_label_category_and_source_label() -> None:
    stats = corpus_stats(corpus())
    assert stats.documents == 3
    assert stats.characters == len(TEXT_A) + len(TEXT_B) + len("No PHI.")
    assert stats.tokens == sum(len(tokenize(text)) for text in (TEXT_A, TEXT_B, "No PHI."))
    assert stats.spans == 4
    # Quill, Rook | 2/3/2091 | Harwick, General | Wren
    assert {name: (c.spans, c.tokens) for name, c in stats.by_label.items()} == {
        "DOCTOR": (1, 2),
        "RELATIVE": (1, 1),
        "HOSPITAL": (1, 2),
        "DATE": (1, 1),
    }
    assert stats.phi_tokens == 6
    assert {name: (c.spans, c.tokens) for name, c in stats.by_category.items()} == {
        "NAME": (2, 3),
        "LOCATION": (1, 2),
        "DATE": (1, 1),
    }
    assert stats.by_source_label == {"Date": 1, "HCPName": 1, "RelativeProxyName": 1}


def test_a_token_partly_inside_a_span_counts_once() -> None:
    text = "Mr Rookwood-Hale arrived"
    tokens = tokenize(text)
    labels = phi_token_labels(tokens, (Span(3, 7, "PATIENT"),))
    assert sum(label is not None for label in labels) == 1


def test_report_and_json_agree() -> None:
    stats = corpus_stats(corpus())
    report = format_stats(stats)
    assert "PHI spans                4" in report
    assert "NAME                     2         3" in report
    data = stats.to_dict()
    assert data["phi_spans"] == 4
    assert data["labels"]["DOCTOR"] == {"spans": 1, "tokens": 2}
    assert data["categories"]["NAME"] == {"spans": 2, "tokens": 3}


def test_empty_corpus() -> None:
    stats = corpus_stats([])
    assert (stats.documents, stats.tokens, stats.spans, stats.by_label) == (0, 0, 0, {})
