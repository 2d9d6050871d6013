"""Property-based tests of redaction over generated synthetic notes (hypothesis).

For every annotated span: the original no longer occurs at its place, no replacement is an
original PHI value of the patient, output spans point at their replacements and the text
around them is untouched; all dates of a patient move by one whole-week offset and keep their
format; the same key gives the same output and another key a different one.
"""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from deidkit.redact import MODES, CorpusResult, RedactOptions, deidentify
from deidkit.redact.surrogates.case import fold
from deidkit.redact.surrogates.dates import parse_date
from deidkit.redact.surrogates.names import name_words
from deidkit.types import Document, Span

FIRST = ["John", "Mary", "Wei", "Olga", "Ahmed", "Linda", "Carlos", "Priya"]
LAST = ["Smith", "Garcia", "Okafor", "Nguyen", "Kowalski", "O'Brien", "Schmidt", "Haddad"]
NAME_FORMS = [
    "{f} {l}", "{l}", "Mr. {l}", "{F} {L}", "{l}, {f} Q.", "{f0}. {l}", "Dr. {l}", "{f} {l}-Lee",
]  # fmt: skip
DATE_FORMS = {
    "mdy": lambda d: f"{d.month}/{d.day}/{d.year}",
    "iso": lambda d: d.isoformat(),
    "long": lambda d: f"{d:%B} {d.day}, {d.year}",
    "dth": lambda d: f"{d.day}th of {d:%B}, {d.year}" if d.day in (4, 5, 6, 7, 8, 9) else None,
    "mon": lambda d: f"{d:%b} {d.day} {d.year}",
}
FILLER = [
    "Pt seen in clinic.", "BP 132/84, HR 78.", "Foley catheter in place.", "2/6 murmur.",
    "Plan: follow up.", "Lasix 40 mg PO daily.", "No acute distress.", "Called family.",
]  # fmt: skip


@st.composite
def names(draw: st.DrawFn) -> str:
    first, last = draw(st.sampled_from(FIRST)), draw(st.sampled_from(LAST))
    form = draw(st.sampled_from(NAME_FORMS))
    return form.format(f=first, l=last, F=first.upper(), L=last.upper(), f0=first[0])


@st.composite
def dates(draw: st.DrawFn) -> str:
    day = draw(st.dates(min_value=date(1990, 1, 1), max_value=date(2025, 12, 31)))
    fmt = draw(st.sampled_from(sorted(DATE_FORMS)))
    text = DATE_FORMS[fmt](day)
    return text if text and not (fmt == "mon" and day.month == 5) else day.isoformat()


PHI = {
    "PATIENT": names(),
    "DOCTOR": names(),
    "DATE": dates(),
    "MEDICALRECORD": st.from_regex(r"\A\d{6,9}\Z"),
    "PHONE": st.from_regex(r"\A\(\d{3}\) \d{3}-\d{4}\Z"),
    "SSN": st.from_regex(r"\A\d{3}-\d{2}-\d{4}\Z"),
    "CITY": st.sampled_from(["Boston", "Springfield", "Toledo", "Fresno", "Duluth"]),
    "HOSPITAL": st.sampled_from(["Mercy Hospital", "St. Luke's Medical Center", "Bayview Clinic"]),
    "STREET": st.from_regex(r"\A\d{2,4} (Oak|Elm|Maple|Cedar) (Street|Ave|Road)\Z"),
    "ZIP": st.from_regex(r"\A\d{5}\Z"),
    "EMAIL": st.from_regex(r"\A[a-z]{3,8}\d{0,2}@(gmail|bigcorp|acme)\.com\Z"),
    "AGE": st.integers(min_value=90, max_value=110).map(str),
}


@st.composite
def documents(draw: st.DrawFn, patient: str, count: int) -> list[Document]:
    out = []
    for index in range(count):
        pieces: list[tuple[str | None, str]] = []
        for _ in range(draw(st.integers(min_value=1, max_value=8))):
            if draw(st.booleans()):
                pieces.append((None, draw(st.sampled_from(FILLER))))
            label = draw(st.sampled_from(sorted(PHI)))
            pieces.append((label, draw(PHI[label])))
        text, spans = "", []
        for label, value in pieces:
            if text:
                text += " "
            if label is not None:
                spans.append(Span(len(text), len(text) + len(value), label))
            text += value
        out.append(Document(f"{patient}-{index}", text + ".", tuple(spans), patient_id=patient))
    return out


def corpus() -> st.SearchStrategy[list[Document]]:
    return st.tuples(documents("p1", 2), documents("p2", 1)).map(lambda pair: pair[0] + pair[1])


def _run(docs: list[Document], key: bytes, mode: str = "surrogate") -> CorpusResult:
    result = deidentify(docs, mode=mode, key=key, with_mapping=True)  # type: ignore[arg-type]
    assert isinstance(result, CorpusResult)
    return result


PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(corpus())
def test_no_original_phi_survives_and_spans_point_at_replacements(docs: list[Document]) -> None:
    result = _run(docs, b"property-key-0123456789")
    originals: dict[str, set[str]] = {}
    name_parts: dict[str, set[str]] = {}
    for doc in docs:
        for span in doc.spans:
            originals.setdefault(doc.patient_id or "", set()).add(fold(doc.span_text(span)))
            if span.label in ("PATIENT", "DOCTOR"):
                name_parts.setdefault(doc.patient_id or "", set()).update(
                    fold(w) for w in name_words(doc.span_text(span))
                )
    for before, after in zip(docs, result.documents, strict=True):
        assert [s.label for s in after.spans] == [s.label for s in before.spans]
        gaps_before = _gaps(before)
        gaps_after = _gaps(after)
        assert gaps_before == gaps_after  # the text around PHI is untouched
        patient = before.patient_id or ""
        for old, new in zip(before.spans, after.spans, strict=True):
            original, replacement = before.span_text(old), after.span_text(new)
            assert fold(replacement) != fold(original)
            assert fold(replacement) not in originals[patient]
            if old.label in ("PATIENT", "DOCTOR"):
                assert not {fold(w) for w in name_words(replacement)} & name_parts[patient]
    entries = {(e.document, e.start): e for e in result.mapping}
    for before, after in zip(docs, result.documents, strict=True):
        for old, new in zip(before.spans, after.spans, strict=True):
            entry = entries[(before.id, old.start)]
            assert entry.original == before.span_text(old)
            assert entry.replacement == after.span_text(new)
            assert (entry.new_start, entry.new_end) == (new.start, new.end)


def _gaps(doc: Document) -> list[str]:
    gaps, cursor = [], 0
    for span in doc.spans:
        gaps.append(doc.text[cursor : span.start])
        cursor = span.end
    gaps.append(doc.text[cursor:])
    return gaps


@PROPERTY
@given(corpus())
def test_dates_of_a_patient_move_together_keeping_weekday_and_format(
    docs: list[Document],
) -> None:
    result = _run(docs, b"property-key-0123456789")
    offsets: dict[str, set[int]] = {}
    for before, after in zip(docs, result.documents, strict=True):
        for old, new in zip(before.spans, after.spans, strict=True):
            if old.label != "DATE":
                continue
            a = parse_date(before.span_text(old))
            b = parse_date(after.span_text(new))
            assert a is not None and b is not None
            offset = (b.value - a.value).days
            assert offset % 7 == 0 and 7 <= abs(offset) <= 365
            assert a.value.weekday() == b.value.weekday()
            may = 5 in (a.value.month, b.value.month)  # "May" reads as full name and abbreviation
            assert [(f.kind, bool(f.name) if may else f.name) for f in a.fields] == [
                (f.kind, bool(f.name) if may else f.name) for f in b.fields
            ]
            offsets.setdefault(before.patient_id or "", set()).add(offset)
    assert all(len(values) == 1 for values in offsets.values())


@PROPERTY
@given(corpus())
def test_same_original_same_surrogate_everywhere_within_a_patient(docs: list[Document]) -> None:
    result = _run(docs, b"property-key-0123456789")
    seen: dict[tuple[str, str, str], str] = {}
    for before, after in zip(docs, result.documents, strict=True):
        for old, new in zip(before.spans, after.spans, strict=True):
            key = (before.patient_id or "", old.label, before.span_text(old))
            replacement = after.span_text(new)
            assert seen.setdefault(key, replacement) == replacement


@settings(max_examples=25, deadline=None)
@given(corpus())
def test_the_key_decides_the_output(docs: list[Document]) -> None:
    assume(any(span.label != "AGE" for doc in docs for span in doc.spans))  # "90+" has no key
    first = _run(docs, b"key-number-one-0123456789")
    again = _run(docs, b"key-number-one-0123456789")
    other = _run(docs, b"key-number-two-0123456789")
    assert [d.text for d in first.documents] == [d.text for d in again.documents]
    assert [d.text for d in first.documents] != [d.text for d in other.documents]


@settings(max_examples=25, deadline=None)
@given(corpus(), st.sampled_from([m for m in MODES if m != "surrogate"]))
def test_every_mode_removes_the_phi_and_keeps_spans_on_the_replacements(
    docs: list[Document], mode: str
) -> None:
    result = _run(docs, b"property-key-0123456789", mode=mode)
    options = RedactOptions()
    for before, after in zip(docs, result.documents, strict=True):
        assert len(after.spans) == len(before.spans)
        for old, new in zip(before.spans, after.spans, strict=True):
            replacement = after.span_text(new)
            if mode == "mask":
                assert len(replacement) == len(old) and set(replacement) <= {"*", " "}
            elif mode == "placeholder":
                assert replacement == options.placeholder
            elif mode == "remove":
                assert replacement == options.null_marker
            else:
                assert replacement == f"[**{old.label}**]"


def test_a_shifted_date_never_reads_as_another_original_date_of_the_patient() -> None:
    # dates exactly a plausible offset apart: the chosen offset must not map one onto another
    start = date(2012, 3, 14)
    values = [start + timedelta(days=7 * k) for k in range(0, 53)]
    text = " ".join(f"{d.month}/{d.day}/{d.year}" for d in values)
    spans, cursor = [], 0
    for d in values:
        value = f"{d.month}/{d.day}/{d.year}"
        spans.append(Span(cursor, cursor + len(value), "DATE"))
        cursor += len(value) + 1
    doc = Document("weekly", text, tuple(spans), patient_id="p")
    for key in (b"a" * 20, b"b" * 20, b"c" * 20):
        out = _run([doc], key).documents[0]
        originals = {doc.span_text(s) for s in doc.spans}
        assert not {out.span_text(s) for s in out.spans} & originals
