"""The CRF detector's saved arrays: written with the model file, read in its place when they
are that file's, the file parsed when they are absent or another file's."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import numpy as np
import pytest

from deidkit.errors import ModelError
from deidkit.models import build_detector, crfsuite_file, load_model, store
from deidkit.models.crf import MODEL_FILE, CRFDetector
from deidkit.models.crf_decode import LinearChain, Posterior
from deidkit.types import Document


@pytest.fixture(scope="module")
def trained(train_notes: list[Document]) -> CRFDetector:
    detector = build_detector("crf", {"c1": 0.05, "c2": 0.05, "max_iterations": 30})
    assert isinstance(detector, CRFDetector)
    return detector.fit(train_notes[:20])  # type: ignore[return-value]


@pytest.fixture()
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the model files parsed from here on."""
    calls: list[int] = []
    read = crfsuite_file.read_weights

    def counting(model: bytes) -> crfsuite_file.Weights:
        calls.append(len(model))
        return read(model)

    monkeypatch.setattr(crfsuite_file, "read_weights", counting)
    return calls


def _arrays_folder(folder: Path) -> Path:
    checksum = hashlib.sha256((folder / MODEL_FILE).read_bytes()).hexdigest()
    return folder / crfsuite_file.arrays_folder(checksum)


def _same_chain(found: LinearChain, expected: LinearChain) -> bool:
    return (
        found.labels == expected.labels
        and list(found.vocabulary.items()) == list(expected.vocabulary.items())
        and np.array_equal(found.state, expected.state)
        and np.array_equal(found.transitions, expected.transitions)
    )


def test_a_saved_crf_is_loaded_from_its_arrays_without_parsing_its_file(
    trained: CRFDetector, test_notes: list[Document], tmp_path: Path, parsed: list[int]
) -> None:
    folder = trained.save(tmp_path / "crf")
    arrays = _arrays_folder(folder)
    checksums = store.read_model(folder).checksums
    assert sorted(p.name for p in arrays.iterdir()) == sorted(
        f"{name}.npy" for name in crfsuite_file.read_weights(trained.model_).arrays()
    )
    assert all(f"{arrays.name}/{p.name}" in checksums for p in arrays.iterdir())
    expected = LinearChain.from_crfsuite(trained.model_)
    parsed.clear()
    loaded = load_model(folder)
    assert isinstance(loaded, CRFDetector) and not parsed
    assert _same_chain(loaded.chain_, expected)
    assert [d.spans for d in loaded.predict(test_notes)] == [
        d.spans for d in trained.predict(test_notes)
    ]
    assert loaded.model_ == trained.model_ and not parsed  # read, verified, when asked for
    saved_again = store.read_model(loaded.save(tmp_path / "again")).checksums
    del saved_again["metadata.json"], checksums["metadata.json"]  # a new date
    assert saved_again == checksums  # the same file, the same arrays


def test_a_folder_without_arrays_is_read_from_its_file(
    trained: CRFDetector, test_notes: list[Document], tmp_path: Path, parsed: list[int]
) -> None:
    folder = trained.save(tmp_path / "crf")
    shutil.rmtree(_arrays_folder(folder))  # as an older deidkit saved it
    store.list_checksums(folder)
    parsed.clear()
    loaded = load_model(folder)
    assert isinstance(loaded, CRFDetector) and len(parsed) == 1
    assert _same_chain(loaded.chain_, trained.chain_)
    assert [d.spans for d in loaded.predict(test_notes)] == [
        d.spans for d in trained.predict(test_notes)
    ]


def test_arrays_of_another_file_are_not_read(trained: CRFDetector, tmp_path: Path,
                                             parsed: list[int]) -> None:
    folder = trained.save(tmp_path / "crf")
    arrays = _arrays_folder(folder)
    arrays.rename(folder / crfsuite_file.arrays_folder("0" * 64))  # another model file's
    store.list_checksums(folder)
    parsed.clear()
    loaded = load_model(folder)
    assert isinstance(loaded, CRFDetector) and len(parsed) == 1
    assert _same_chain(loaded.chain_, trained.chain_)


def test_arrays_that_do_not_fit_are_refused(trained: CRFDetector, tmp_path: Path) -> None:
    folder = trained.save(tmp_path / "crf")
    np.save(_arrays_folder(folder) / "transitions.npy", np.zeros((2, 3)))
    store.list_checksums(folder)  # listed: damaged as saved, not changed after
    with pytest.raises(ModelError, match="arrays"):
        load_model(folder)


def test_an_unfitted_crf_has_no_model_file() -> None:
    assert not hasattr(build_detector("crf"), "model_")


@pytest.mark.parametrize("name", ["en", "es"])
def test_a_shipped_crf_loads_from_its_arrays_the_weights_of_its_file(
    name: str, parsed: list[int]
) -> None:
    # the arrays stored with a shipped model are what this code derives from its file (a
    # change to Weights.arrays without raising ARRAYS_VERSION fails here)
    model = load_model(name)
    crf = next(d for d in getattr(model, "detectors_", None) or [model]
               if isinstance(d, CRFDetector))
    assert not parsed
    assert _same_chain(crf.chain_, LinearChain.from_crfsuite(crf.model_))


@pytest.mark.parametrize("labels", [("O", "B-DATE", "DATE", "I-DATE"), ("DATE", "O", "CITY"),
                                    ("DATE", "CITY"), ("O",)])
def test_the_threshold_path_looks_for_a_tag_only_where_o_is_below_the_threshold(
    labels: tuple[str, ...],
) -> None:
    rng = np.random.default_rng(7)
    detector = CRFDetector()
    detector.labels_ = labels
    marginals = rng.dirichlet(np.full(len(labels), 0.3), size=200)
    marginals[:20] = marginals[20:40].round(1)  # ties
    for threshold in (0.0, 0.5, 0.95, 1.0):
        found = detector._threshold_path(Posterior(marginals, 0.0), threshold)
        # the old way: every token's most probable PHI tag, kept where O is below threshold
        phi = [number for number, label in enumerate(labels) if label != "O"]
        outside = labels.index("O") if "O" in labels else -1
        p_out = marginals[:, outside] if outside >= 0 else np.zeros(len(marginals))
        expected = (np.full(len(marginals), outside) if not phi else np.where(
            p_out < threshold, np.asarray(phi)[marginals[:, phi].argmax(axis=1)], outside))
        assert found.dtype == expected.dtype and np.array_equal(found, expected)
