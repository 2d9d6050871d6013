"""End to end on synthetic notes (``deidkit synth``: patients with several notes): k and l of
the view checked with pycanon, no generalized original left in the text, no direct identifier
left, spans on the output, the same key giving the same output."""

from __future__ import annotations

import functools
import re

import pytest

from deidkit.anonymize import AnonymizeOptions, AnonymizeResult, anonymize
from deidkit.anonymize.attributes import QUASI_IDENTIFIERS
from deidkit.anonymize.view import note_mentions
from deidkit.corpus.synth import generate
from deidkit.redact import RedactOptions
from deidkit.types import Document

from .conftest import frame, pycanon_entropy_l, pycanon_k, pycanon_l

KEY = "anonymize-test-key-0123456789abcdef"
K, L = 4, 2


@functools.cache
def notes() -> tuple[Document, ...]:
    return tuple(generate(600, seed=11))


@functools.cache
def result(mode: str = "tag", diversity: str = "distinct") -> AnonymizeResult:
    options = AnonymizeOptions(k=K, l=L, sensitive="note_type", diversity=diversity,  # type: ignore[arg-type]
                               redact=RedactOptions(mode=mode))  # type: ignore[arg-type]
    return anonymize(notes(), options, KEY)


def test_synthetic_patients_have_several_notes() -> None:
    view = result().release.view
    assert len(view.persons) < len(notes()) / 2
    assert all(link.reason == "patient_id" for link in view.links)


@pytest.mark.parametrize("diversity", ["distinct", "entropy"])
def test_view_is_k_anonymous_and_l_diverse(diversity: str) -> None:
    release = result(diversity=diversity).release
    rows = frame(release.rows())
    quasi = list(release.view.quasi)
    assert list(rows.columns) == ["person", *quasi, "note_type"]
    assert len(rows) == len(release.view.persons) - release.quality.suppressed
    assert len(rows) > 0.9 * len(release.view.persons)
    assert pycanon_k(rows, quasi) >= K
    assert pycanon_l(rows, quasi, "note_type") >= L
    if diversity == "entropy":
        assert release.quality.l_entropy is not None and release.quality.l_entropy >= L - 1e-9
        assert pycanon_entropy_l(rows, quasi, "note_type") >= L - 1
    assert release.quality.k == pycanon_k(rows, quasi)
    # Safe Harbor on the same people leaves many of them unique
    assert release.safe_harbor.k == 1 and release.safe_harbor.unique > len(rows) / 2
    assert release.quality.ncp > release.safe_harbor.ncp


def _word(value: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w/-])" + re.escape(value) + r"(?![\w/-])", re.IGNORECASE)


def _outside_phi(document: Document) -> str:
    """The text with every PHI span blanked out."""
    text = document.text
    for span in document.spans:
        text = text[: span.start] + " " * (span.end - span.start) + text[span.end :]
    return text


def test_generalized_values_leave_no_original_in_the_text() -> None:
    release = result().release
    checked = 0
    for original, output in zip(notes(), result().documents, strict=True):
        assert len(output.spans) == len(original.spans)
        for mention in note_mentions(original, release.view.quasi):
            span = original.spans[mention.span_index]
            value = original.text[span.start : span.end]
            new = output.spans[mention.span_index]
            written = output.text[new.start : new.end]
            assert new.label == span.label
            node = release.node(original.id, mention.attribute)
            if node is not None and node == mention.leaf:
                continue  # released as it is (k reached at the original value)
            if QUASI_IDENTIFIERS[mention.attribute].per_note and node is not None and len(
                    node) >= len(mention.leaf):
                continue  # a date already as coarse as its person's level
            assert written != value
            if len(value) >= 4 and any(c.isdigit() for c in value):
                # the same digits may stand outside PHI too ('at 2000', a time): no more often
                found = len(_word(value).findall(output.text))
                outside = len(_word(value).findall(_outside_phi(original)))
                assert found <= outside, (original.id, mention.attribute)
            checked += 1
    assert checked > 500


def test_direct_identifiers_never_appear() -> None:
    quasi_labels = {label for q in QUASI_IDENTIFIERS.values() for label in q.labels}
    searched = {"PATIENT", "MEDICALRECORD", "PHONE", "SSN", "EMAIL"}
    for mode in ("tag", "surrogate"):
        checked = 0
        for original, output in zip(notes(), result(mode).documents, strict=True):
            for span, new in zip(original.spans, output.spans, strict=True):
                if span.label in quasi_labels:
                    continue
                value = original.text[span.start : span.end]
                # surrogate mode keeps a relative named by relation ("su madre")
                if mode == "tag" or span.label != "RELATIVE":
                    assert output.text[new.start : new.end] != value, (original.id, span.label)
                if len(value) >= 5 and span.label in searched and (
                        span.label != "PATIENT" or len(value.split()) >= 2):
                    assert not _word(value).search(output.text), (original.id, span.label)
                    checked += 1
            assert output.patient_id is not None and output.patient_id.startswith("P-")
            assert output.metadata == {}
        assert checked > 300


def test_output_spans_sit_on_the_replacements() -> None:
    for output in result().documents[:200]:
        for span in output.spans:
            assert 0 <= span.start < span.end <= len(output.text)
        tags = re.findall(r"\[\*\*([A-Z_]+)\*\*\]", output.text)
        assert len(tags) <= len(output.spans)


def test_same_input_and_key_give_the_same_output() -> None:
    options = AnonymizeOptions(k=K, l=L, sensitive="note_type")
    first = anonymize(notes()[:200], options, KEY)
    second = anonymize(notes()[:200], options, KEY)
    other = anonymize(notes()[:200], options, KEY + "x")
    assert [d.text for d in first.documents] == [d.text for d in second.documents]
    assert [d.spans for d in first.documents] == [d.spans for d in second.documents]
    assert list(first.release.rows()) == list(second.release.rows())
    assert first.release.report() == second.release.report()
    assert [d.patient_id for d in first.documents] != [d.patient_id for d in other.documents]
