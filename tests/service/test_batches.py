"""The service hands a request's documents to the detector in batches of
``DEFAULT_BATCH_SIZE``, checking its time budget and the client between batches."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

pytest.importorskip("fastapi")

from deidkit.pieces import DEFAULT_BATCH_SIZE
from deidkit.service.models import ModelCatalog
from deidkit.service.schemas import DetectRequest
from deidkit.service.settings import ServiceSettings
from deidkit.service.work import OverBudget, detect_request
from deidkit.types import Document, Span


class Counting:
    """Marks every 'Zorblax' as a patient name and records the size of each call."""

    def __init__(self) -> None:
        self.calls: list[int] = []

    def predict(self, documents: Sequence[Document]) -> list[Document]:
        self.calls.append(len(documents))
        return [
            doc.with_spans(tuple(Span(i, i + 7, "PATIENT") for i in _found(doc.text)))
            for doc in documents
        ]


def _found(text: str) -> list[int]:
    return [i for i in range(len(text)) if text.startswith("Zorblax", i)]


def _request(count: int) -> DetectRequest:
    documents = [{"id": f"d{n}", "text": f"Note {n} of Zorblax."} for n in range(count)]
    return DetectRequest.model_validate({"documents": documents})


def _counting(monkeypatch: pytest.MonkeyPatch) -> Counting:
    """The catalog's models replaced by one Counting detector."""
    counting = Counting()
    monkeypatch.setattr(ModelCatalog, "detector", lambda self, *a, **k: counting)
    return counting


def test_a_large_request_is_detected_in_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = ServiceSettings(max_documents=200)
    counting = _counting(monkeypatch)
    checks: list[int] = []
    count = 2 * DEFAULT_BATCH_SIZE + 3
    _, found = detect_request(_request(count), ModelCatalog(settings), settings,
                              check=lambda: checks.append(1))
    assert counting.calls == [DEFAULT_BATCH_SIZE, DEFAULT_BATCH_SIZE, 3]
    assert len(checks) == 3
    assert [doc.id for doc in found] == [f"d{n}" for n in range(count)]
    assert all(len(doc.spans) == 1 for doc in found)


def test_the_budget_stops_between_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = ServiceSettings(max_documents=200)
    counting = _counting(monkeypatch)

    def check() -> None:
        if len(counting.calls) >= 1:
            raise OverBudget("the request ran out of its time budget")

    with pytest.raises(OverBudget):
        detect_request(_request(3 * DEFAULT_BATCH_SIZE), ModelCatalog(settings), settings,
                       check=check)
    assert counting.calls == [DEFAULT_BATCH_SIZE]  # stopped after one batch, nothing returned
