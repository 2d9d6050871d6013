"""The public API: deidkit.load_model, deidkit.detect, deidkit.deidentify."""

from __future__ import annotations

import doctest
import subprocess
import sys

import pytest

import deidkit
from deidkit import api
from deidkit.errors import ConfigError
from deidkit.redact import CorpusResult, TextResult
from deidkit.types import Document, Span

NOTE = "Seen by Dr. Alice Wong on 3/14/2012 at Mercy Hospital. Call 617-555-0199."
KEY = b"api-key-0123456789abcdef"


def test_the_module_examples_run() -> None:
    assert doctest.testmod(api).failed == 0


def test_import_stays_light_until_the_api_is_used() -> None:
    code = (
        "import sys, deidkit; heavy = [m for m in ('deidkit.api', 'deidkit.models', "
        "'deidkit.redact') if m in sys.modules]; print(heavy); deidkit.detect; "
        "print('deidkit.api' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == ["[]", "True"]


def test_load_model_is_the_models_loader() -> None:
    from deidkit.models import load_model

    assert type(deidkit.load_model()) is type(load_model(None))
    assert api.cached_model("en") is api.cached_model("en")
    assert {"model": "en", "lang": "en"} in api.loaded_models()


def test_detect_a_string_a_document_and_many() -> None:
    found = deidkit.detect(NOTE)
    assert isinstance(found, Document)
    assert {(found.span_text(s), s.label) for s in found.spans} >= {
        ("Alice Wong", "DOCTOR"), ("3/14/2012", "DATE"), ("617-555-0199", "PHONE")
    }  # fmt: skip
    one = deidkit.detect(Document("n1", NOTE, (Span(0, 4, "OTHER"),)))
    assert one.id == "n1" and one.spans == found.spans
    many = deidkit.detect([Document("a", NOTE), Document("b", "Nothing here.")])
    assert [d.id for d in many] == ["a", "b"] and many[1].spans == ()
    with pytest.raises(ConfigError):
        deidkit.detect(NOTE, model="annotations")


def test_deidentify_a_string_in_each_way() -> None:
    tagged = deidkit.deidentify(NOTE, mode="tag")
    assert isinstance(tagged, TextResult)
    assert "[**DOCTOR**]" in tagged.text and "Alice" not in tagged.text
    first = deidkit.deidentify(NOTE, key=KEY)
    again = deidkit.deidentify(NOTE, key=KEY, with_mapping=True)
    assert first.text == again.text and "3/14/2012" not in first.text
    assert {entry.original for entry in again.mapping} >= {"Alice Wong", "3/14/2012"}
    given = deidkit.deidentify("Call 617-555-0199.", spans=[Span(5, 17, "PHONE")], mode="remove")
    assert given.text == "Call NULL."


def test_deidentify_documents_with_a_model_or_their_annotations() -> None:
    documents = [
        Document("n1", "Mr. Wong seen 3/14/2012.", (Span(4, 8, "PATIENT"), Span(14, 23, "DATE")),
                 patient_id="p1"),
        Document("n2", "Wong called.", (Span(0, 4, "PATIENT"),), patient_id="p1"),
    ]  # fmt: skip
    own = deidkit.deidentify(documents, model="annotations", key=KEY)
    assert isinstance(own, CorpusResult)
    first, second = (doc.text for doc in own.documents)
    surrogate = first[4 : first.index(" seen")]
    assert surrogate != "Wong" and second.startswith(surrogate)  # one patient, one surrogate
    detected = deidkit.deidentify(documents, mode="placeholder")
    assert "3/14/2012" not in detected.documents[0].text
    with pytest.raises(ConfigError):
        deidkit.deidentify(NOTE, model="annotations")
