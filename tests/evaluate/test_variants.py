"""Stat De-id's variants experiment and the recall on PHI not in the dictionaries (Table 13)."""

from __future__ import annotations

import pytest

from deidkit.cli.main import main
from deidkit.corpus.synth import generate
from deidkit.errors import InputError
from deidkit.evaluate.dictionary_recall import DictionaryRecall, dictionary_recall
from deidkit.evaluate.experiments import EXPERIMENTS, DetectorSpec, ExperimentInput, RunSettings
from deidkit.evaluate.results import Results, ResultsWriter
from deidkit.io import write_documents
from deidkit.types import Document, Span

TEXT = "Seen by Dr Xqzvtor Smith in Boston on 12/03/2020 with a Swan-Ganz catheter."
#       0123456789012345678901234567890123456789012345678901234567890
GOLD = Document(
    "d1",
    TEXT,
    spans=(
        Span(11, 24, "DOCTOR"),  # Xqzvtor (no list) Smith (last names)
        Span(28, 34, "CITY"),  # Boston (US cities)
        Span(38, 48, "DATE"),  # not a name or place: not counted
    ),
)


def test_recall_in_and_not_in_the_dictionaries_hand_computed():
    only_smith = GOLD.with_spans((Span(19, 24, "PATIENT"), Span(38, 48, "DATE")))
    counts = dictionary_recall([GOLD], [only_smith], language="en")
    assert counts == DictionaryRecall(
        not_in_dictionary=1, not_in_dictionary_found=0, in_dictionary=2, in_dictionary_found=1
    )
    assert counts.recall_not_in_dictionary == 0.0
    assert counts.recall_in_dictionary == 0.5
    # a prediction over the unknown name only (wrong label: still found, as token PHI recall)
    unknown = GOLD.with_spans((Span(11, 18, "CITY"),))
    counts = dictionary_recall([GOLD, GOLD], [unknown, GOLD], language="en")
    assert (counts.not_in_dictionary, counts.not_in_dictionary_found) == (2, 2)
    assert (counts.in_dictionary, counts.in_dictionary_found) == (4, 2)
    assert counts.row()["ood_recall"] == 1.0


def test_no_gold_names_means_undefined_recall():
    empty = GOLD.with_spans(())
    counts = dictionary_recall([empty], [GOLD], language="en")
    assert counts.recall_not_in_dictionary is None and counts.recall_in_dictionary is None


def test_documents_must_pair():
    other = Document("d2", TEXT)
    with pytest.raises(InputError):
        dictionary_recall([GOLD], [other], language="en")
    with pytest.raises(InputError):
        dictionary_recall([GOLD], [], language="en")


@pytest.fixture(scope="module")
def variant_corpora():
    return {
        variant: (
            list(generate(12, seed=5, variant=variant)),
            list(generate(8, seed=6, variant=variant)),
        )
        for variant in ("plain", "out-of-dictionary")
    }


def test_variants_experiment_with_the_rules(tmp_path, variant_corpora):
    settings = RunSettings(bootstrap=0, seed=1, jobs=1, progress=False)
    train = [d for pair in variant_corpora.values() for d in pair[0]]
    data = ExperimentInput(train, None, settings)
    writer = ResultsWriter(tmp_path / "variants", kind="variants", title="variants")
    results = EXPERIMENTS["variants"].run(
        data, writer, detectors=[DetectorSpec("rules", {"lang": "en"})], variants=variant_corpora
    )
    writer.finish()
    assert [r.key for r in results] == ["plain/rules", "out-of-dictionary/rules"]
    assert all(r.ok for r in results)
    saved = Results.load(tmp_path / "variants")
    table = next(t for t in saved.tables if t["name"] == "dictionary")
    rows = {row["variant"]: row for row in table["rows"]}
    # plain names come from the dictionaries, out-of-dictionary names from none of them
    assert rows["plain"]["in_dict_tokens"] > rows["plain"]["ood_tokens"]
    assert rows["out-of-dictionary"]["ood_tokens"] > rows["out-of-dictionary"]["in_dict_tokens"]
    # the measure is the one computed directly from the run's predictions
    rules = results[1]
    assert rules.extra["ood_tokens"] == rows["out-of-dictionary"]["ood_tokens"]
    tokens = next(t for t in saved.tables if t["name"] == "tokens")
    assert len(tokens["rows"]) == 4  # 2 variants x 1 detector x PHI/non-PHI
    assert {p["name"] for p in saved.plots} == {"variants_phi_f1", "variants_ood_recall"}


def test_variants_from_the_command_line(tmp_path, variant_corpora):
    for side, index in (("train", 0), ("test", 1)):
        for variant, pair in variant_corpora.items():
            write_documents(pair[index], tmp_path / side / f"{variant}.jsonl", "jsonl")
    out = tmp_path / "results"
    args = ["experiment", "variants", "--train", str(tmp_path / "train")]
    args += ["--test", str(tmp_path / "test"), "--detectors", "rules", "--set", "lang=en"]
    args += ["--variants", "out-of-dictionary", "--bootstrap", "0", "--quiet", "--out", str(out)]
    assert main(args) == 0
    saved = Results.load(out)
    assert [row["variant"] for row in saved.tables[0]["rows"]] == ["out-of-dictionary"]
    assert saved.parameters["variants"]["out-of-dictionary"]["test_documents"] == 8
    assert main([*args[:-1], str(tmp_path / "bad"), "--variants", "missing"]) != 0
