"""--timeout is per document, not per batch of documents (issue 18, item 9)."""

from __future__ import annotations

import time
from collections.abc import Sequence

from deidkit.batch.job import Job, detect_documents
from deidkit.types import Document


class SlowOnMarker:
    """A detector that takes 4 s on a note holding SLOW, no time on the others."""

    def predict(self, documents: Sequence[Document]) -> list[Document]:
        if any("SLOW" in document.text for document in documents):
            time.sleep(4)
        return [Document(d.id, d.text) for d in documents]


def test_one_slow_note_in_a_batch_times_out_after_the_per_document_limit():
    documents = [Document(f"n{i}", "SLOW" if i == 5 else "fine") for i in range(32)]
    job = Job(kind="detect", fmt="jsonl", detector=SlowOnMarker(), timeout=1.0)
    started = time.monotonic()
    results = detect_documents(job, documents, ["in.jsonl"] * 32)
    elapsed = time.monotonic() - started
    assert [type(r).__name__ for r in results].count("Failure") == 1
    assert not isinstance(results[5], Document)
    assert elapsed < 3.5  # the batch gets 1 s, the slow note alone 1 s (was 32 s for the batch)
