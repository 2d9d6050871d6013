"""The Python API: strings, documents, detectors, patients, ids and note dates."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from deidkit.cli.main import main
from deidkit.errors import ConfigError, ModelError
from deidkit.io import read_documents, write_documents
from deidkit.redact import CorpusResult, RedactOptions, TextResult, deidentify
from deidkit.types import Document, Span

from .notes import note, span_texts

KEY = b"api-test-key-0123456789"


class DateFinder:
    """A stand-in detector: every M/D/YYYY date."""

    def predict(self, documents: list[Document]) -> list[Document]:
        import re

        return [
            d.with_spans(Span(m.start(), m.end(), "DATE")
                         for m in re.finditer(r"\d{1,2}/\d{1,2}/\d{4}", d.text))
            for d in documents
        ]  # fmt: skip


def test_a_string_with_a_detector_object() -> None:
    result = deidentify("Seen 3/14/2012 and 3/21/2012.", model=DateFinder(), mode="tag")
    assert isinstance(result, TextResult)
    assert result.text == "Seen [**DATE**] and [**DATE**]."


def test_documents_use_their_own_spans_unless_a_detector_is_given() -> None:
    doc = note("Seen {DATE:3/14/2012} by Lee.")
    own = deidentify([doc], mode="tag")
    assert isinstance(own, CorpusResult) and own.documents[0].text == "Seen [**DATE**] by Lee."
    single = deidentify(doc, mode="tag")
    assert isinstance(single, CorpusResult) and len(single.documents) == 1


def test_a_detector_that_changes_the_text_is_refused() -> None:
    class Bad:
        def predict(self, documents: list[Document]) -> list[Document]:
            return [Document(d.id, d.text + "!", ()) for d in documents]

    with pytest.raises(ModelError, match="changed the document"):
        deidentify([note("Seen {DATE:3/14/2012}.")], model=Bad())


def test_spans_and_detector_together_are_refused() -> None:
    with pytest.raises(ConfigError, match="spans= or model="):
        deidentify("x 3/14/2012", spans=[Span(2, 11, "DATE")], model=DateFinder())


def test_detector_is_a_deprecated_name_of_model() -> None:
    with pytest.warns(DeprecationWarning, match="model="):
        result = deidentify("Seen 3/14/2012.", detector=DateFinder(), mode="tag")
    assert result.text == "Seen [**DATE**]."
    with pytest.raises(ConfigError, match="not both"):
        deidentify("Seen 3/14/2012.", detector=DateFinder(), model=DateFinder())


def test_patients_share_surrogates_and_one_date_shift() -> None:
    docs = [
        note("{PATIENT:Ann Lee} {DATE:3/14/2012}", id="a", patient_id="p1"),
        note("{PATIENT:Ann Lee} {DATE:3/21/2012}", id="b", patient_id="p1"),
        note("{PATIENT:Ann Lee} {DATE:3/14/2012}", id="c"),  # no patient id: its own patient
    ]
    result = deidentify(docs, key=KEY)
    assert isinstance(result, CorpusResult)
    (n1, d1), (n2, d2) = ([t for _, t in span_texts(doc)] for doc in result.documents[:2])
    assert n1 == n2
    gap = date(2012, 3, 21) - date(2012, 3, 14)
    parse = [int(x) for x in d1.split("/")], [int(x) for x in d2.split("/")]
    first, second = (date(y, m, d) for m, d, y in parse)
    assert second - first == gap
    assert span_texts(result.documents[2]) != span_texts(result.documents[0])


def test_note_dates_shift_with_the_patient_and_ids_can_be_pseudonymised() -> None:
    doc = note("Seen {DATE:2012-03-14}.", patient_id="MRN-0042", note_date="2012-03-14")
    doc = Document(doc.id, doc.text, doc.spans, patient_id="MRN-0042", note_id="N-7",
                   note_date="2012-03-14")  # fmt: skip
    result = deidentify([doc], key=KEY, options=RedactOptions(pseudonymize_ids=True))
    assert isinstance(result, CorpusResult)
    out = result.documents[0]
    assert out.note_date == out.span_text(out.spans[0])  # moved with the patient's dates
    assert out.patient_id and out.patient_id.startswith("P-") and "0042" not in out.patient_id
    assert out.note_id and out.note_id.startswith("N-") and out.note_id != "N-7"
    tagged = deidentify([doc], mode="tag")
    assert isinstance(tagged, CorpusResult) and tagged.documents[0].note_date is None


def test_brat_in_brat_out_keeps_annotations_on_the_surrogates(tmp_path: Path) -> None:
    docs = [
        note("Paciente {PATIENT:Ana Pérez López}, {AGE:93 años}, ingresó el "
             "{DATE:14 de marzo de 2012} en {LOCATION_OTHER:Madrid} ({LOCATION_OTHER:28036}).",
             id="caso1"),
    ]  # fmt: skip
    source = tmp_path / "in"
    write_documents(docs, source, "brat")
    key = tmp_path / "k"
    key.write_text("0123456789abcdef0123456789abcdef")
    code = main(["deidentify", str(source), str(tmp_path / "out"), "--lang", "es",
                 "--detector", "annotations", "--key-file", str(key)])  # fmt: skip
    assert code == 0
    (out,) = read_documents(tmp_path / "out", "brat")
    labels = [label for label, _ in span_texts(out)]
    assert labels == ["PATIENT", "AGE", "DATE", "LOCATION_OTHER", "LOCATION_OTHER"]
    texts = dict(zip(["name", "age", "date", "city", "zip"], [t for _, t in span_texts(out)],
                     strict=True))  # fmt: skip
    assert texts["age"] == "90+ años" and " de " in texts["date"]
    assert texts["name"] != "Ana Pérez López" and texts["zip"] != "28036"


def test_the_default_model_end_to_end_on_a_folder_of_text(tmp_path: Path) -> None:
    pytest.importorskip("deidkit.models")
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "note1.txt").write_text("Seen on 3/14/2012. Call 617-555-1234.\n")
    code = main(["deidentify", str(folder), str(tmp_path / "out"), "--mode", "placeholder"])
    assert code == 0
    assert (tmp_path / "out" / "note1.txt").read_text() == ("Seen on [REMOVED]. Call [REMOVED].\n")


def test_redact_of_an_observed_document_matches_redact() -> None:
    from deidkit.redact.engine import Deidentifier

    text = "Mary Smith seen 3/14/2012 by Dr. Jones; Mary called 3/21/2012."
    spans = [Span(0, 10, "PATIENT"), Span(16, 25, "DATE"), Span(33, 38, "DOCTOR"),
             Span(40, 44, "PATIENT"), Span(52, 61, "DATE")]  # fmt: skip
    documents = [Document(id=f"n{i}", text=text, spans=spans, patient_id="p1") for i in (1, 2)]
    plain = Deidentifier(key=KEY)
    expected = [plain.redact(document) for document in documents]
    observed = Deidentifier(key=KEY)
    for document in documents:
        observed.observe(document)
    got = [observed.redact(document, observed=True) for document in documents]
    assert [r.document.text for r in got] == [r.document.text for r in expected]
    assert "Mary" not in got[0].document.text and "3/14/2012" not in got[0].document.text
