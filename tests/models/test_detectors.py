"""Every detector: train, predict, save/load round trip, tampering refused, crafted notes."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from deidkit.errors import ConfigError, InputError, NotFittedError
from deidkit.labels import Category, category_of
from deidkit.models import TamperedModelError, build_detector, load_model
from deidkit.models.base import BaseDetector
from deidkit.types import Document

SPECS = {
    "crf": ("crf", {}),
    "crf-window": ("crf", {"sampling": "window", "sampling_window": 3}),
    "crf-io": ("crf", {"tagging": "io"}),
    "crf-io-bio-names": ("crf", {"tagging": "io-bio-names"}),
    "svm-linear": ("svm", {}),
    "svm-quadratic-binary": ("svm", {"kernel": "quadratic", "mode": "binary",
                                     "max_samples": 600}),
    "svm-gaussian": ("svm", {"kernel": "gaussian", "max_samples": 600, "C": 10.0}),
    "tree": ("tree", {"min_count": 1}),
    "ensemble": ("ensemble", {"members": [{"detector": "rules"},
                                          {"detector": "svm", "params": {"C": 0.5}}]}),
}


def strict_f1(gold: list[Document], pred: list[Document], *, typed: bool = True) -> float:
    tp = fp = fn = 0
    for g, p in zip(gold, pred, strict=True):
        want = {s.key if typed else (s.start, s.end) for s in g.spans}
        got = {s.key if typed else (s.start, s.end) for s in p.spans}
        tp, fp, fn = tp + len(want & got), fp + len(got - want), fn + len(want - got)
    return 2 * tp / (2 * tp + fp + fn) if tp else 0.0


@pytest.fixture(scope="module")
def trained(train_notes: list[Document]) -> dict[str, BaseDetector]:
    return {key: build_detector(name, params).fit(train_notes)
            for key, (name, params) in SPECS.items()}


@pytest.mark.parametrize("key", list(SPECS))
def test_detector_learns_the_corpus(key: str, trained: dict[str, BaseDetector],
                                    test_notes: list[Document]) -> None:
    detector = trained[key]
    predicted = detector.predict(test_notes)
    assert [d.id for d in predicted] == [d.id for d in test_notes]
    for gold, doc in zip(test_notes, predicted, strict=True):
        assert doc.text == gold.text
        assert all(0 <= s.start < s.end <= len(doc.text) for s in doc.spans)
        assert all(s.source in {detector.name, "rules", "svm"} for s in doc.spans)
    floor = {"svm-quadratic-binary": 0.6, "svm-gaussian": 0.5, "tree": 0.5}.get(key, 0.75)
    assert strict_f1(test_notes, predicted, typed=key != "svm-quadratic-binary") >= floor


@pytest.mark.parametrize("key", list(SPECS))
def test_save_load_round_trip_is_identical(key: str, trained: dict[str, BaseDetector],
                                           test_notes: list[Document], tmp_path: Path) -> None:
    detector = trained[key]
    folder = detector.save(tmp_path / key, metadata={"corpus": "synthetic"})
    loaded = load_model(folder)
    assert type(loaded) is type(detector)
    assert loaded.get_params() == detector.get_params()
    assert [d.spans for d in loaded.predict(test_notes)] == [
        d.spans for d in detector.predict(test_notes)
    ]
    metadata = json.loads((folder / "metadata.json").read_text())
    assert metadata["corpus"] == "synthetic" and metadata["training"]["documents"] == 40


@pytest.mark.parametrize("key", ["crf", "svm-linear", "tree", "ensemble"])
def test_tampered_model_file_is_refused(key: str, trained: dict[str, BaseDetector],
                                        tmp_path: Path) -> None:
    folder = trained[key].save(tmp_path / key)
    victim = max((p for p in folder.rglob("*") if (p.is_file() and p.suffix != ".json")
                  or p.name == "vocabulary.json"), key=lambda p: p.stat().st_size)
    data = bytearray(victim.read_bytes())
    data[len(data) // 2] ^= 0xFF
    victim.write_bytes(bytes(data))
    with pytest.raises(TamperedModelError, match="does not match its checksum"):
        load_model(folder)


def test_crf_scores_are_probabilities(trained: dict[str, BaseDetector],
                                      test_notes: list[Document]) -> None:
    spans = [s for d in trained["crf"].predict(test_notes) for s in d.spans]
    assert spans and all(s.score is not None and 0.0 < s.score <= 1.0 for s in spans)


def test_out_of_dictionary_names_are_found_from_context(
    trained: dict[str, BaseDetector], test_notes: list[Document]
) -> None:
    odd = [d for d in test_notes if any(w in d.text for w in ("Zyqlo", "Quorbit", "Ixtlan",
                                                              "Vandermoot", "Brevork",
                                                              "Ulmsted", "Kadrow", "Pellix"))]
    for key in ("crf", "svm-linear"):
        predicted = trained[key].predict(odd)
        doctors = [(g, p) for g, p in zip(odd, predicted, strict=True)]
        found = sum(
            any(s.label == "DOCTOR" and g.text[s.start:s.end] == g.text[t.start:t.end]
                for s in p.spans)
            for g, p in doctors for t in g.spans if t.label == "DOCTOR"
        )
        assert found >= len(odd) - 1, key


def test_ambiguous_words_stay_non_phi(trained: dict[str, BaseDetector]) -> None:
    note = Document(id="x", text="Brown stool noted, no melena. Foley catheter in place. "
                                  "May need a repeat chest x-ray tomorrow.")
    for key in ("crf", "svm-linear", "ensemble"):
        assert trained[key].predict([note])[0].spans == (), key


def test_tree_walk_matches_scikit_learn(trained: dict[str, BaseDetector],
                                        test_notes: list[Document]) -> None:
    tree = trained["tree"]
    _, features = tree.featurize(test_notes[0])  # type: ignore[attr-defined]
    matrix = tree.to_matrix(features)  # type: ignore[attr-defined]
    best, _ = tree.predict_tokens(matrix)  # type: ignore[attr-defined]
    expected = tree.booster_.predict(matrix)  # type: ignore[attr-defined]
    assert [tree.classes_[i] for i in best] == list(expected)  # type: ignore[attr-defined]


def test_tree_filter_drops_tokens_far_from_phi(trained: dict[str, BaseDetector],
                                               test_notes: list[Document]) -> None:
    tree = trained["tree"]
    _, features = tree.featurize(test_notes[0])  # type: ignore[attr-defined]
    matrix = tree.to_matrix(features)  # type: ignore[attr-defined]
    rows = np.arange(matrix.shape[0])
    kept = tree._drop_lonely_phi(matrix, rows)  # type: ignore[attr-defined]
    assert 0 < len(kept) < len(rows)


def test_svm_matrices_have_int32_indices(trained: dict[str, BaseDetector],
                                         test_notes: list[Document]) -> None:
    svm = trained["svm-linear"]
    matrix = svm.to_matrix(svm.featurize(test_notes[0])[1])  # type: ignore[attr-defined]
    assert matrix.indices.dtype == np.int32 and matrix.indptr.dtype == np.int32


@pytest.mark.parametrize("name", ["svm-linear", "svm-gaussian", "tree"])
def test_predicting_takes_the_matrix_training_makes(trained: dict[str, BaseDetector],
                                                    test_notes: list[Document],
                                                    name: str) -> None:
    # prediction's numeric path (document_matrix) against the feature dicts' matrix
    detector = trained[name]
    for note in test_notes[:6]:
        tokens, matrix = detector.document_matrix(note)  # type: ignore[attr-defined]
        expected = detector.to_matrix(detector.featurize(note)[1])  # type: ignore[attr-defined]
        assert len(tokens) == matrix.shape[0] and matrix.shape == expected.shape
        assert matrix.indices.dtype == np.int32 and matrix.indptr.dtype == np.int32
        assert np.array_equal(matrix.indptr, expected.indptr)
        assert np.array_equal(matrix.indices, expected.indices)
        assert np.array_equal(matrix.data, expected.data)


def test_errors_before_fit_and_without_annotations() -> None:
    with pytest.raises(NotFittedError, match="not trained"):
        build_detector("crf").predict([Document(id="a", text="x")])
    with pytest.raises(InputError, match="no PHI annotations"):
        build_detector("svm").fit([Document(id="a", text="no phi here")])
    with pytest.raises(InputError, match="no training documents"):
        build_detector("tree").fit([])
    with pytest.raises(ConfigError, match="kernel"):
        build_detector("svm", {"kernel": "cubic"})._check_params()  # type: ignore[attr-defined]
    with pytest.raises(ConfigError, match="no parameter 'depth'"):
        build_detector("tree", {"depth": "3"})
    with pytest.raises(ConfigError, match="must be an integer"):
        build_detector("tree", {"rounds": "many"})


def test_pattern_backoff_adds_what_the_model_missed(trained: dict[str, BaseDetector]) -> None:
    note = Document(id="x", text="Results sent to jdoe@example.org on 2011-04-05.")
    crf = trained["crf"]
    with_backoff = {(note.text[s.start:s.end], s.label) for s in crf.predict([note])[0].spans}
    assert ("jdoe@example.org", "EMAIL") in with_backoff
    crf.set_params(pattern_backoff=False)
    try:
        without = {note.text[s.start:s.end] for s in crf.predict([note])[0].spans}
    finally:
        crf.set_params(pattern_backoff=True)
    assert "jdoe@example.org" not in without


def test_backoff_widens_partial_spans_of_its_label_and_never_overlaps_others() -> None:
    from deidkit.models.statistical import with_pattern_backoff
    from deidkit.types import Span

    text = "Seen 3/5/2010 and 4/6/2011."
    mine = [Span(5, 9, "DATE", source="crf", source_label="FECHA")]  # a partial date
    spans = with_pattern_backoff(text, "en", mine, "crf")
    assert [(text[s.start:s.end], s.label, s.source_label) for s in spans] == [
        ("3/5/2010", "DATE", "FECHA"), ("4/6/2011", "DATE", None)]
    # a model span of another label is kept as it is, and nothing overlaps it
    other = [Span(5, 9, "IDNUM", source="crf")]
    spans = with_pattern_backoff(text, "en", other, "crf")
    assert [(text[s.start:s.end], s.label) for s in spans] == [("3/5/", "IDNUM"),
                                                               ("4/6/2011", "DATE")]
    # the day of a Spanish date the model cut off is covered ("3 de [marzo de 2019]")
    text = "Ingresa el 3 de marzo de 2019 en urgencias."
    cut = [Span(text.index("marzo"), text.index(" en urg"), "DATE", source="crf")]
    spans = with_pattern_backoff(text, "es", cut, "crf")
    assert [text[s.start:s.end] for s in spans] == ["3 de marzo de 2019"]


@pytest.mark.parametrize("key", ["crf", "svm-linear", "tree", "ensemble"])
def test_empty_and_blank_documents(key: str, trained: dict[str, BaseDetector]) -> None:
    blank = [Document(id="a", text=""), Document(id="b", text="  \n\n "),
             Document(id="c", text=".")]
    assert [d.spans for d in trained[key].predict(blank)] == [(), (), ()]


def test_ensemble_policies_union_vote_and_member() -> None:
    from deidkit.models.ensemble import EnsembleDetector
    from deidkit.types import Span

    rules = [Span(0, 4, "PATIENT", source="rules"), Span(10, 14, "CITY", source="rules"),
             Span(20, 24, "DATE", source="rules")]
    crf = [Span(0, 9, "PATIENT", source="crf"), Span(30, 34, "CITY", source="crf")]
    names = ["rules", "crf"]
    ensemble = EnsembleDetector()
    ensemble.detectors_ = [build_detector("rules"), build_detector("crf")]
    union = ensemble.combine([rules, crf], names, {"NAME": "union"}, "union")
    assert [(s.start, s.end, s.label, s.source) for s in union] == [
        (0, 9, "PATIENT", "crf"), (10, 14, "CITY", "rules"), (20, 24, "DATE", "rules"),
        (30, 34, "CITY", "crf")]
    voted = ensemble.combine([rules, crf], names, {}, "vote")
    assert [(s.start, s.end) for s in voted] == [(0, 9)]
    only_crf = ensemble.combine([rules, crf], names, {"DATE": "rules"}, "crf")
    assert [(s.start, s.end, s.label) for s in only_crf] == [
        (0, 9, "PATIENT"), (20, 24, "DATE"), (30, 34, "CITY")]
    with pytest.raises(ConfigError, match="policy"):
        EnsembleDetector(policy={"NAME": "majority"})._policies(names)
    with pytest.raises(ConfigError, match="unknown category"):
        EnsembleDetector(policy={"PEOPLE": "union"})._policies(names)


def test_ensemble_keeps_the_text_a_union_member_found_where_another_category_wins() -> None:
    """The CRF's name (preferred) overlaps the rules' longer hospital: the name grows to cover
    it; a union span bridging two kept spans joins them; a non-union loser is just dropped."""
    from deidkit.models.ensemble import EnsembleDetector
    from deidkit.types import Span

    names = ["rules", "crf"]
    ensemble = EnsembleDetector()
    ensemble.detectors_ = [build_detector("rules"), build_detector("crf")]
    rules = [Span(0, 25, "HOSPITAL", source="rules"), Span(30, 42, "IDNUM", source="rules"),
             Span(50, 60, "PROFESSION", source="rules")]
    crf = [Span(0, 9, "DOCTOR", source="crf"), Span(30, 35, "DATE", source="crf"),
           Span(38, 42, "PHONE", source="crf"), Span(50, 55, "DOCTOR", source="crf")]
    policy = {"LOCATION": "union", "ID": "union", "NAME": "union", "CONTACT": "union",
              "DATE": "crf", "PROFESSION": "crf"}
    combined = ensemble.combine([rules, crf], names, policy, "crf")
    assert [(s.start, s.end, s.label, s.source) for s in combined] == [
        (0, 25, "DOCTOR", "crf"), (30, 42, "DATE", "crf"), (50, 55, "DOCTOR", "crf")]


def test_ensemble_in_chunks_equals_members_on_the_whole_batch(
    trained: dict[str, BaseDetector], test_notes: list[Document]
) -> None:
    ensemble = trained["ensemble"]
    docs = [doc.with_spans(()) for doc in test_notes[:11]]  # more than one chunk of 4
    names = [d.name for d in ensemble.detectors_]
    policy, default = ensemble._policies(names)
    outputs = [member.predict(docs) for member in ensemble.detectors_]
    expected = [ensemble.combine([list(o[i].spans) for o in outputs], names, policy, default)
                for i in range(len(docs))]
    assert [list(d.spans) for d in ensemble.predict(docs)] == expected


def test_crf_tag_schemes(
    trained: dict[str, BaseDetector], train_notes: list[Document]
) -> None:
    def prefixed(key: str) -> set[str]:
        return {tag[2:] for tag in trained[key].labels_ if tag[1:2] == "-"}

    def bare(key: str) -> set[str]:
        return {tag for tag in trained[key].labels_ if tag[1:2] != "-" and tag != "O"}

    assert bare("crf") == set() and {"DOCTOR", "DATE"} <= prefixed("crf")
    assert prefixed("crf-io") == set() and {"DOCTOR", "DATE"} <= bare("crf-io")
    names = {label for label in prefixed("crf") if category_of(label) is Category.NAME}
    assert names and prefixed("crf-io-bio-names") == names
    assert bare("crf-io-bio-names") == prefixed("crf") - names
    with pytest.raises(ConfigError, match="tagging"):
        build_detector("crf", {"tagging": "bilou"}).fit(train_notes[:2])
