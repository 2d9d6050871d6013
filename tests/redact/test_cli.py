"""``deidkit deidentify`` end to end, and the corpus runner behind it (fail closed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deidkit.cli.main import main
from deidkit.errors import DeidkitError
from deidkit.io import read_documents, write_documents
from deidkit.redact import read_mapping
from deidkit.redact.corpus import deidentify_corpus
from deidkit.redact.engine import RedactOptions
from deidkit.redact.keys import SecretKey
from deidkit.types import Document, Span

from .notes import note

KEY_TEXT = "4f9c2b7e1d0a8c3f5e6b9a2d7c1e0f3a"


def corpus(tmp_path: Path) -> Path:
    documents = [
        note("{PATIENT:John Smith} seen {DATE:3/14/2012} at {HOSPITAL:Mercy Hospital}. "
             "Call {PHONE:617-555-1234}.", id="n1", patient_id="p1", note_date="2012-03-14"),
        note("Mr. {PATIENT:Smith} returned {DATE:3/21/2012}.", id="n2", patient_id="p1"),
        note("{PATIENT:Ana Lopez}, {AGE:94}, MRN {MEDICALRECORD:7781234}.", id="n3"),
    ]  # fmt: skip
    path = tmp_path / "in.jsonl"
    write_documents(documents, path, "jsonl")
    return path


def key_file(tmp_path: Path) -> Path:
    path = tmp_path / "deid.key"
    path.write_text(KEY_TEXT + "\n")
    return path


def run(*args: object) -> int:
    return main([str(a) for a in args])


def test_surrogates_with_annotations_keep_spans_and_say_where_output_went(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, out = corpus(tmp_path), tmp_path / "out.jsonl"
    mapping = tmp_path / "broker" / "map.csv"
    code = run("deidentify", source, out, "--detector", "annotations",
               "--key-file", key_file(tmp_path), "--mapping", mapping)  # fmt: skip
    captured = capsys.readouterr()
    assert code == 0
    assert str(out) in captured.out and str(mapping) in captured.out
    originals = list(read_documents(source))
    results = list(read_documents(out))
    assert [d.id for d in results] == ["n1", "n2", "n3"]
    for before, after in zip(originals, results, strict=True):
        assert [s.label for s in after.spans] == [s.label for s in before.spans]
        for old, new in zip(before.spans, after.spans, strict=True):
            assert after.span_text(new) != before.span_text(old)
    surname = results[0].span_text(results[0].spans[0]).split()[-1]
    assert results[1].span_text(results[1].spans[0]) == surname  # John Smith ~ Mr. Smith
    assert results[2].span_text(results[2].spans[1]) == "90+"
    entries = read_mapping(mapping)
    assert len(entries) == 9 and entries[0].original == "John Smith"
    # the key shows up nowhere: not in the output, the mapping or the messages
    for path in (out, mapping):
        assert KEY_TEXT not in path.read_text()
    assert KEY_TEXT not in captured.out + captured.err
    # the same key gives the same output
    again = tmp_path / "again.jsonl"
    run("deidentify", source, again, "--detector", "annotations", "--key-file",
        key_file(tmp_path))  # fmt: skip
    assert again.read_text() == out.read_text()


def test_text_folder_output_is_a_folder_of_text_files_with_the_same_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, out = corpus(tmp_path), tmp_path / "texts"
    assert run("deidentify", source, out, "--detector", "annotations", "--to", "text",
               "--mode", "tag") == 0  # fmt: skip
    assert sorted(p.name for p in out.iterdir()) == ["n1.txt", "n2.txt", "n3.txt"]
    assert (out / "n2.txt").read_text() == "Mr. [**PATIENT**] returned [**DATE**]."
    # a folder of text input stays a folder of text by default (with a detector)
    assert "random key" not in capsys.readouterr().err  # tag mode needs no key


def test_without_a_key_a_random_one_is_used_and_the_user_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = corpus(tmp_path)
    assert run("deidentify", source, tmp_path / "a.jsonl", "--detector", "annotations") == 0
    assert "random key" in capsys.readouterr().err
    run("deidentify", source, tmp_path / "b.jsonl", "--detector", "annotations")
    assert (tmp_path / "a.jsonl").read_text() != (tmp_path / "b.jsonl").read_text()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--mode", "scramble"], "unknown mode"),
        (["--lang", "fr"], "unknown language"),
        (["--date-shift-range", "soon"], "--date-shift-range"),
        (["--keep", "NAMEZ"], "unknown label"),
        (["--key-file", "missing.key"], "key file not found"),
        (["--detector", "magic"], "--detector"),
    ],
)
def test_bad_options_give_one_line_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code = run("deidentify", corpus(tmp_path), tmp_path / "o.jsonl", "--detector",
               "annotations", *args)  # fmt: skip
    err = capsys.readouterr().err
    assert code == 1 and message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "o.jsonl").exists()


def test_the_mapping_may_not_go_into_the_output(tmp_path: Path) -> None:
    source, out = corpus(tmp_path), tmp_path / "texts"
    code = run("deidentify", source, out, "--detector", "annotations", "--to", "text",
               "--mapping", out / "map.jsonl")  # fmt: skip
    assert code == 1 and not out.exists()


def test_plain_text_without_spans_needs_a_detector(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "a.txt").write_text("Seen by Dr. Lee.")
    code = run("deidentify", tmp_path / "notes", tmp_path / "out", "--detector", "annotations")
    assert code == 1 and "carries no PHI spans" in capsys.readouterr().err


class ExplodingDetector:
    """Finds dates with a regular expression; fails on one document."""

    def predict(self, documents: list[Document]) -> list[Document]:
        out = []
        for document in documents:
            if "boom" in document.text:
                raise RuntimeError("detector crashed")
            start = document.text.find("3/14/2012")
            spans = (Span(start, start + 9, "DATE"),) if start >= 0 else ()
            out.append(document.with_spans(spans))
        return out


def _text_corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "a.txt").write_text("Seen 3/14/2012.")
    (folder / "b.txt").write_text("boom 3/14/2012")
    (folder / "c.txt").write_text("Again 3/14/2012.")
    return folder


def test_a_document_that_fails_is_never_written_unredacted(tmp_path: Path) -> None:
    source, out = _text_corpus(tmp_path), tmp_path / "out"
    with pytest.raises(DeidkitError, match="nothing was written") as caught:
        deidentify_corpus(source, out, options=RedactOptions(), key=SecretKey.random(),
                          detector=ExplodingDetector())  # fmt: skip
    assert "3/14/2012" not in str(caught.value)
    assert not out.exists()
    report = deidentify_corpus(source, out, options=RedactOptions(), key=SecretKey.random(),
                               detector=ExplodingDetector(), skip_failed=True)  # fmt: skip
    assert report.skipped == ["b"]
    assert sorted(p.name for p in out.iterdir()) == ["a.txt", "c.txt"]
    assert all("3/14/2012" not in p.read_text() for p in out.iterdir())


def test_a_single_text_file_can_be_written_to_a_text_file(tmp_path: Path) -> None:
    source = tmp_path / "note.txt"
    source.write_text("Seen 3/14/2012.")
    target = tmp_path / "clean.txt"
    deidentify_corpus(source, target, options=RedactOptions(mode="tag"),
                      key=SecretKey.random(), detector=ExplodingDetector())  # fmt: skip
    assert target.read_text() == "Seen [**DATE**]."


def test_csv_metadata_columns_are_dropped_unless_kept(tmp_path: Path) -> None:
    source = tmp_path / "notes.csv"
    source.write_text("id,text,patient_name\n1,Seen 3/14/2012.,John Smith\n")
    out = tmp_path / "out.csv"
    report = deidentify_corpus(source, out, options=RedactOptions(mode="tag"),
                               key=SecretKey.random(), detector=ExplodingDetector())  # fmt: skip
    assert report.dropped_metadata == {"patient_name"}
    assert "John Smith" not in out.read_text() and "[**DATE**]" in out.read_text()


def test_model_detector_reports_clearly_when_no_model_is_available(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("deidkit.models", reason="checks the message shown without models")
    code = run("deidentify", corpus(tmp_path), tmp_path / "o.jsonl", "--model",
               str(tmp_path / "no-such-model"))  # fmt: skip
    err = capsys.readouterr().err
    assert code == 1 and err.startswith("deidkit: error: [E3")
    assert json.dumps("John Smith")[1:-1] not in err


def test_patients_can_be_read_from_file_names(tmp_path: Path) -> None:
    folder = tmp_path / "notes"
    folder.mkdir()
    for name in ("01_ed_finnegan", "02_ward_finnegan", "03_ed_nguyen"):
        (folder / f"{name}.txt").write_text("Seen 3/14/2012.")
    out = tmp_path / "out.jsonl"
    deidentify_corpus(folder, out, options=RedactOptions(), key=SecretKey.random(),
                      detector=ExplodingDetector(), to="jsonl",
                      patient_from_id=r"_([a-z]+)$")  # fmt: skip
    documents = {d.id: d for d in read_documents(out)}
    assert [documents[k].patient_id for k in sorted(documents)] == [
        "finnegan", "finnegan", "nguyen",
    ]  # fmt: skip
    assert documents["01_ed_finnegan"].text == documents["02_ward_finnegan"].text  # one shift
    with pytest.raises(DeidkitError, match="invalid regular expression"):
        deidentify_corpus(folder, tmp_path / "x", options=RedactOptions(), key=SecretKey.random(),
                          detector=ExplodingDetector(), patient_from_id="(")  # fmt: skip


def test_the_output_may_not_overwrite_or_sit_inside_the_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "a.txt").write_text("Seen 3/14/2012.")
    for target in (folder, folder / "out"):
        assert run("deidentify", folder, target, "--mode", "tag") == 1
        assert "overwrite or sit inside the input" in capsys.readouterr().err
    assert sorted(p.name for p in folder.iterdir()) == ["a.txt"]


def csv_corpus(tmp_path: Path) -> Path:
    documents = [
        note("{PATIENT:John Smith} seen {DATE:3/14/2012}.", id="n1", patient_id="MRN7781234"),
        note("Mr. {PATIENT:Smith} returned {DATE:3/21/2012}.", id="n2", patient_id="MRN7781234"),
        note("{PATIENT:Ana Lopez} seen {DATE:4/2/2012}.", id="n3", patient_id="MRN5550199"),
    ]  # fmt: skip
    path = tmp_path / "in.csv"
    write_documents(documents, path, "csv")
    return path


def test_csv_patient_ids_are_pseudonymized_by_default_and_kept_on_request(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, key = csv_corpus(tmp_path), key_file(tmp_path)
    assert "MRN7781234" in source.read_text()
    outs = [tmp_path / f"out{i}.csv" for i in range(3)]
    for out in outs[:2]:
        assert run("deidentify", source, out, "--detector", "annotations", "--key-file", key) == 0
        err = capsys.readouterr().err
        assert err.count("keyed pseudonyms") == 1 and "MRN" not in err
    patients = [[d.patient_id for d in read_documents(out)] for out in outs[:2]]
    assert patients[0] == patients[1]  # stable under one key
    assert patients[0][0] == patients[0][1] != patients[0][2]
    assert not any("MRN" in (p or "") for p in patients[0])
    assert "MRN" not in outs[0].read_text()
    assert run("deidentify", source, outs[2], "--detector", "annotations", "--key-file", key,
               "--keep-patient-ids") == 0  # fmt: skip
    assert "keyed pseudonyms" not in capsys.readouterr().err
    assert [d.patient_id for d in read_documents(outs[2])] == [
        "MRN7781234", "MRN7781234", "MRN5550199",
    ]  # fmt: skip
    other = tmp_path / "other.key"
    other.write_text("0" * 32 + "\n")
    run("deidentify", source, tmp_path / "o.csv", "--detector", "annotations", "--key-file", other)
    assert [d.patient_id for d in read_documents(tmp_path / "o.csv")] != patients[0]
