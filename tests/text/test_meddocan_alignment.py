"""Gold PHI spans of MEDDOCAN (CC BY 4.0) start and end on token boundaries."""

from __future__ import annotations

from pathlib import Path

import pytest

from deidkit.io import read_documents
from deidkit.text import tokenize

MEDDOCAN = Path(__file__).resolve().parents[3] / "shared" / "data" / "meddocan"


@pytest.mark.skipif(not MEDDOCAN.is_dir(), reason="MEDDOCAN is not in ../shared/data")
def test_meddocan_spans_fall_on_token_boundaries() -> None:
    misaligned = total = 0
    for split in ("train", "dev"):
        for document in read_documents(MEDDOCAN / split):
            tokens = tokenize(document.text)
            starts = {token.start for token in tokens}
            ends = {token.end for token in tokens}
            for span in document.spans:
                total += 1
                misaligned += span.start not in starts or span.end not in ends
    assert total == 17134
    # The 6 left: 4 annotation slips (a span ending inside a word: "una niet[a]") and 2
    # words glued in the source text ("añosingresó", "IzaNºCol").
    assert misaligned <= 6
