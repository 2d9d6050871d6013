"""The public API's static types, as mypy sees them from user code, and its one name for the
model (``model=``, with ``detector=`` as a deprecated alias)."""

from __future__ import annotations

import gc
from collections.abc import Sequence
from pathlib import Path

import pytest
from mypy import api as mypy_api

import deidkit
from deidkit import api
from deidkit.batch import RunSettings, run_deidentify
from deidkit.detector import Detector, Predictor
from deidkit.errors import ConfigError
from deidkit.io import read_documents, write_documents
from deidkit.types import Document, Span

USER_CODE = """
import deidkit
from deidkit.types import Document
reveal_type(deidkit.detect("x"))
reveal_type(deidkit.detect(Document("a", "x")))
reveal_type(deidkit.detect([Document("a", "x")]))
reveal_type(deidkit.load_model())
reveal_type(deidkit.deidentify("x"))
reveal_type(deidkit.deidentify([Document("a", "x")]))
"""


def test_user_code_sees_precise_types() -> None:
    thresholds = gc.get_threshold()
    try:
        out, err, _ = mypy_api.run(["--no-error-summary", "-c", USER_CODE])
    finally:  # mypy raises the collector's thresholds in this process and leaves them so
        gc.set_threshold(*thresholds)
    revealed = [line.split('Revealed type is "')[1].rstrip('"') for line in out.splitlines()
                if "Revealed type" in line]  # fmt: skip
    assert revealed == [
        "deidkit.types.Document",
        "deidkit.types.Document",
        "list[deidkit.types.Document]",
        "deidkit.detector.Detector",
        "deidkit.redact.TextResult",
        "deidkit.redact.CorpusResult",
    ], out + err


def test_models_follow_the_one_protocol() -> None:
    detector = deidkit.load_model("en")
    assert isinstance(detector, Detector) and isinstance(detector, Predictor)
    shared = api.shared_model("en")
    assert isinstance(shared, api.LockedDetector) and isinstance(shared, Predictor)
    assert shared.detector is api.cached_model("en")
    assert not isinstance(shared, Detector)  # predict only: no fit, save or load


class DateFinder:
    def predict(self, documents: Sequence[Document]) -> list[Document]:
        return [d.with_spans([Span(d.text.index("3/14"), d.text.index("3/14") + 9, "DATE")])
                for d in documents]  # fmt: skip


def test_batch_runs_take_model_and_the_old_name_with_a_warning(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    write_documents([Document("n1", "Seen 3/14/2012.")], source, "jsonl")
    settings = RunSettings(progress=False)
    run_deidentify(source, tmp_path / "a.jsonl", model=DateFinder(), settings=settings)
    with pytest.warns(DeprecationWarning, match="model="):
        run_deidentify(source, tmp_path / "b.jsonl", detector=DateFinder(), settings=settings)
    with pytest.raises(ConfigError, match="not both"):
        run_deidentify(source, tmp_path / "c.jsonl", model=DateFinder(), detector=DateFinder())
    (a,), (b,) = read_documents(tmp_path / "a.jsonl"), read_documents(tmp_path / "b.jsonl")
    assert "3/14/2012" not in a.text and [s.label for s in a.spans] == ["DATE"]
    assert [s.label for s in b.spans] == ["DATE"]
