"""Identifiers as whole codes (deidkit.models.codes)."""

from __future__ import annotations

import itertools

from deidkit.models.codes import whole_identifiers
from deidkit.types import Document, Span


def _spans(text: str, parts: list[tuple[str, str]]) -> tuple[Span, ...]:
    spans = []
    for value, label in parts:
        start = text.index(value)
        spans.append(Span(start, start + len(value), label))
    return tuple(spans)


def test_an_identifier_grows_over_the_code_glued_to_it_and_nothing_else() -> None:
    text = ("card HI-NBS-2501-77841; interpreter (ID IN-2041); MRN 12345. ref 45-92266- today; "
            "Dr Lee-2041 K and 7731-A lot")
    spans = _spans(text, [("2501-77841", "IDNUM"), ("2041)", "IDNUM"), ("12345", "MEDICALRECORD"),
                          ("45-92266", "IDNUM"), ("Lee", "DOCTOR")])
    spans = tuple(Span(s.start, s.end - (1 if text[s.end - 1] == ")" else 0), s.label)
                  for s in spans)
    (done,) = whole_identifiers([Document(id="a", text=text, spans=spans)])
    assert [text[s.start : s.end] for s in done.spans] == [
        "HI-NBS-2501-77841", "IN-2041", "12345", "45-92266", "Lee"]


def test_an_identifier_never_grows_into_the_next_span() -> None:
    text = "acct AB-1234-KL"
    spans = (Span(5, 12, "ACCOUNT"), Span(13, 15, "DOCTOR"))
    (done,) = whole_identifiers([Document(id="a", text=text, spans=spans)])
    assert [(s.start, s.end, s.label) for s in done.spans] == [
        (5, 12, "ACCOUNT"), (13, 15, "DOCTOR")]



def test_two_pieces_of_one_code_never_grow_over_each_other() -> None:
    # a model at a high threshold may find "PUN" and "-9381" of one code, "PVT" between them
    text = "unit code: MH-PUN-PVT-9381\nnext"
    start = text.index("PUN")
    spans = (Span(start, start + 3, "IDNUM"), Span(start + 7, start + 12, "IDNUM"))
    (done,) = whole_identifiers([Document(id="a", text=text, spans=spans)])
    assert all(a.end <= b.start for a, b in itertools.pairwise(done.spans))
    assert "".join(text[s.start : s.end] for s in done.spans) == "MH-PUN-PVT-9381"

class _Found:
    """A stand-in detector that finds the digits of a code."""

    name = "fake"

    def predict(self, documents: list[Document]) -> list[Document]:
        return [d.with_spans((Span(d.text.index("2041"), d.text.index("2041") + 4, "IDNUM"),))
                for d in documents]


def test_whole_codes_apply_to_english_predictions_only() -> None:
    from deidkit.models.adjust import Adjusted

    note = [Document(id="a", text="ID IN-2041 used")]
    english = Adjusted(_Found(), lang="en").predict(note)[0]
    spanish = Adjusted(_Found(), lang="es").predict(note)[0]
    assert [note[0].text[s.start : s.end] for s in english.spans] == ["IN-2041"]
    assert [note[0].text[s.start : s.end] for s in spanish.spans] == ["2041"]


def test_an_identifier_takes_in_a_span_found_inside_its_code() -> None:
    # "PH" of a photo number taken for a hospital, its digits for an identifier
    text = "photo SD-PH-88411  none"
    start = text.index("SD")
    spans = (Span(start + 3, start + 5, "HOSPITAL"), Span(start + 6, start + 11, "IDNUM"))
    (done,) = whole_identifiers([Document(id="a", text=text, spans=spans)])
    assert [(text[s.start : s.end], s.label) for s in done.spans] == [("SD-PH-88411", "IDNUM")]


def test_a_date_or_an_age_inside_a_code_of_letters_and_numbers_is_its_identifier() -> None:
    text = ("units MFMC-BB-26-0412, plan BLS-204-77815-01 ref PA-7719-0342 age 45-A-1 on "
            "12-JAN-2026, a 101-year-old and 2026-03-14 NDC 0409-4888-02, IL-6 93")
    spans = _spans(text, [("MFMC", "HOSPITAL"), ("26", "DATE"), ("204-77815-01", "DATE"),
                          ("7719-0342", "DATE"), ("45", "AGE"), ("12-JAN-2026", "DATE"),
                          ("101", "AGE"), ("2026-03-14", "DATE"), ("4888-02", "DATE"),
                          ("93", "AGE")])
    spans = tuple(sorted(spans, key=lambda span: span.start))
    (done,) = whole_identifiers([Document(id="a", text=text, spans=spans)])
    assert [(text[s.start : s.end], s.label) for s in done.spans] == [
        ("MFMC-BB-26-0412", "IDNUM"), ("BLS-204-77815-01", "IDNUM"), ("PA-7719-0342", "IDNUM"),
        # no three digits in a row; a month; lower case; no letters; no code around it
        ("45", "AGE"), ("12-JAN-2026", "DATE"), ("101", "AGE"), ("2026-03-14", "DATE"),
        ("4888-02", "DATE"), ("93", "AGE")]


def test_a_device_identifier_in_gs1_form_is_one_device_span() -> None:
    # the device number, an expiry taken for an age, a lot: one UDI
    text = "UDI (01)00889024411281(17)290630(10)K24L8845\nnext"
    udi = "(01)00889024411281(17)290630(10)K24L8845"
    start = text.index(udi)
    spans = (Span(start + 1, start + 3, "AGE"), Span(start + 4, start + 18, "MEDICALRECORD"),
             Span(start + 32, start + 40, "DEVICE"))
    (done,) = whole_identifiers([Document(id="a", text=text, spans=spans)])
    assert [(text[s.start : s.end], s.label) for s in done.spans] == [(udi, "DEVICE")]
    (none,) = whole_identifiers([Document(id="b", text="lot (01)12 only")])
    assert none.spans == ()
