"""Re-identification: each placeholder style becomes an annotated surrogate of the right type."""

from __future__ import annotations

import re

import pytest

from deidkit.corpus.reidentify import (
    Placeholder,
    Reidentifier,
    find_placeholders,
    infer_label,
    reidentify,
    reidentify_text,
)
from deidkit.errors import ConfigError
from deidkit.types import Document, Span

LEFTOVER = re.compile(r"\[REMOVED\]|\[\*\*|\*\*\]|\*\*\*|<[A-Z_]+>|\[[A-Z]{3,}\]")


def _labels(text: str, **kwargs: object) -> list[tuple[str, str]]:
    document = reidentify_text(text, **kwargs)  # type: ignore[arg-type]
    assert not LEFTOVER.search(document.text), "a placeholder was left in the text"
    return [(span.label, document.text[span.start : span.end]) for span in document.spans]


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("Seen by Dr. [REMOVED] today.", "DOCTOR"),
        ("Mrs. [REMOVED] was admitted.", "PATIENT"),
        ("Her daughter [REMOVED] called.", "RELATIVE"),
        ("Admitted on [REMOVED] with chest pain.", "DATE"),
        ("Has one daughter living in [REMOVED].", "CITY"),
        ("MRN: [REMOVED]", "MEDICALRECORD"),
        ("Please call her at [REMOVED] tomorrow.", "PHONE"),
        ("Fax [REMOVED] to the clinic.", "FAX"),
        ("She is a [REMOVED] year old woman.", "AGE"),
        ("He works at [REMOVED] as a driver.", "ORGANIZATION"),
        ("Transferred from [REMOVED] for cath.", "HOSPITAL"),
        ("[REMOVED] is a pleasant man.", "PATIENT"),
    ],
)
def test_removed_type_from_context(text: str, label: str) -> None:
    found = _labels(text)
    assert [item[0] for item in found] == [label]


def test_removed_institution_absorbs_its_suffix() -> None:
    document = reidentify_text("Walk-in at the [REMOVED] Health Center on [REMOVED]. Sent to "
                               "the [REMOVED] Unit.")
    labels = [(s.label, document.text[s.start : s.end]) for s in document.spans]
    assert labels[0][0] == "HOSPITAL" and labels[0][1].endswith(" Health Center")
    assert labels[1][0] == "DATE"
    assert labels[2][0] == "DEPARTMENT" and labels[2][1].endswith(" Unit")
    assert document.text.count("Health Center") == 1


def test_mimic_placeholders_with_hints_and_values() -> None:
    text = ("Admission Date: [**2151-7-16**]  Discharge Date: [**2151-8-4**]\n"
            "Date of Birth: [**2079-8-9**]\n"
            "Attending: [**First Name3 (LF) 2195**]\n"
            "Mr. [**Known lastname 1234**] was seen at [**Hospital1 18**] by Dr. "
            "[**Last Name (STitle) 9**] in [**Month (only) 116**]. His wife "
            "[**Name (NI) 2110**] called [**Telephone/Fax (1) 2111**]. He is [**Age over 90 **] "
            "years old. MRN [**Medical Record Number 77**], [**Hospital Unit Name 153**].")
    document = reidentify_text(text)
    found = [(s.label, document.text[s.start : s.end], s.source_label) for s in document.spans]
    labels = [item[0] for item in found]
    assert labels == ["DATE", "DATE", "DATE", "DOCTOR", "PATIENT", "HOSPITAL", "DOCTOR", "DATE",
                      "RELATIVE", "PHONE", "AGE", "MEDICALRECORD", "DEPARTMENT"]
    admit, discharge, birth = (item[1] for item in found[:3])
    # MIMIC's 22nd-century years come back to realistic ones, one shift per patient
    assert all(re.fullmatch(r"\d{4}-\d{1,2}-\d{1,2}", v) for v in (admit, discharge, birth))
    assert 1990 <= int(admit[:4]) <= 2030 and int(birth[:4]) < int(admit[:4])
    assert int(found[10][1]) >= 90
    assert found[4][2] == "Known lastname 1234"  # the hint is kept as the source label
    assert not LEFTOVER.search(document.text)


def test_other_styles_and_context_refinement() -> None:
    found = _labels("PATIENT ***NAME*** SEEN BY ***NAME*** ON ***DATE***.\n"
                    "<PERSON> lives in <LOCATION>; called <PHONE_NUMBER>. [DATE] [NAME] "
                    "***** was here.")
    assert [item[0] for item in found] == ["PATIENT", "DOCTOR", "DATE", "PATIENT", "CITY",
                                           "PHONE", "DATE", "PATIENT", "PATIENT"]
    names = [value for label, value in found if label == "PATIENT"]
    assert len(set(names)) == len(names)  # unnumbered placeholders are different people


def test_user_pattern_with_type_group() -> None:
    found = _labels("Pt XXNAMEXX seen on XXDATEXX by XXDOCTORXX.",
                    patterns=[r"XX(?P<type>[A-Z]+)XX"])
    assert [item[0] for item in found] == ["PATIENT", "DATE", "DOCTOR"]
    untyped = _labels("Dr. @@@ saw @@@ on @@@.", patterns=[r"@@@"])
    assert [item[0] for item in untyped] == ["DOCTOR", "PATIENT", "DATE"]


def test_numbered_placeholders_repeat_their_surrogate() -> None:
    document = reidentify_text("[**Known lastname 55**] ... later [**Known lastname 55**] and "
                               "[**Known lastname 56**].")
    values = [document.text[s.start : s.end] for s in document.spans]
    assert values[0] == values[1] != values[2]


def test_case_follows_the_line() -> None:
    document = reidentify_text("PT SEEN BY DR. [REMOVED] FOR FOLLOW UP TODAY\n"
                               "pt seen by dr. [REMOVED] for follow up today")
    first, second = (document.text[s.start : s.end] for s in document.spans)
    assert first.isupper() and second.islower()


def test_spans_given_on_placeholders_win() -> None:
    text = "Contact [REMOVED] soon."
    document = Document("d1", text, (Span(8, 17, "EMAIL"),))
    (result,) = list(reidentify([document], seed=1))
    (span,) = result.spans
    assert span.label == "EMAIL" and "@" in result.text[span.start : span.end]


def test_deterministic_per_seed() -> None:
    text = "Dr. [REMOVED] saw [**First Name 3**] on [REMOVED] at [**Hospital1 7**]."
    assert reidentify_text(text, seed=3).text == reidentify_text(text, seed=3).text
    assert reidentify_text(text, seed=3).text != reidentify_text(text, seed=4).text


def test_placeholder_finder_ignores_ordinary_brackets() -> None:
    assert find_placeholders("see [ok] and [1] and <b> and **bold**") == []
    found = find_placeholders("[**Doctor Last Name **] [REMOVED] ***** <DATE_TIME>")
    assert [p.style for p in found] == ["mimic", "removed", "masked", "angle"]


def test_infer_label_default_is_a_name() -> None:
    text = "xyz [REMOVED] abc"
    assert infer_label(text, Placeholder(4, 13, "removed", "REMOVED")) == "PATIENT"


def test_bad_user_pattern() -> None:
    with pytest.raises(ConfigError, match="not a valid regular expression"):
        Reidentifier(0, ["(unclosed"])
    with pytest.raises(ConfigError, match="empty string"):
        Reidentifier(0, ["x*"])


def test_other_input_spans_are_kept_and_moved() -> None:
    text = "Dr. [REMOVED] saw Mary Jones on 3/4."
    kept = [Span(18, 28, "PATIENT"), Span(32, 35, "DATE")]
    (result,) = list(reidentify([Document("d2", text, tuple(kept))], seed=2))
    labels = [(s.label, result.text[s.start : s.end]) for s in result.spans]
    assert labels[0][0] == "DOCTOR"
    assert labels[1:] == [("PATIENT", "Mary Jones"), ("DATE", "3/4")]
