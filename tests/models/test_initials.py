"""A name takes the initial written before it (deidkit.models.initials)."""

from __future__ import annotations

import pytest

from deidkit.models.initials import with_initials
from deidkit.types import Document, Span


@pytest.mark.parametrize(
    ("text", "name", "label", "kept"),
    [
        ('favor NSCLC" per F. Nazarov at bedside', "Nazarov", "DOCTOR", "F. Nazarov"),
        ("Forensic Photographer L. Yazzie (27 images)", "Yazzie", "DOCTOR", "L. Yazzie"),
        # a title, two initials, litres, a line break, another label: no initial
        ("seen by Dr. Nazarov", "Nazarov", "DOCTOR", "Nazarov"),
        ("signed A.B. Nazarov", "Nazarov", "DOCTOR", "Nazarov"),
        ("net negative 3 L. Ziad's main concern", "Ziad", "PATIENT", "Ziad"),
        ("plan A.\nNazarov called", "Nazarov", "DOCTOR", "Nazarov"),
        ("Route B. Shelbyville", "Shelbyville", "CITY", "Shelbyville"),
        # a name ending in an initial takes its full stop; a word or a place does not
        ("clinic on 8/6. -Sunniva H.\n\nContacts", "Sunniva H", "DOCTOR", "Sunniva H."),
        ("per F. Nazarov K. Seen", "F. Nazarov K", "DOCTOR", "F. Nazarov K."),
        ("seen by Nazarov.", "Nazarov", "DOCTOR", "Nazarov"),
        ("left Boston MA.", "Boston MA", "CITY", "Boston MA"),
        ("seen by Dr. Nazarov AB.", "Nazarov AB", "DOCTOR", "Nazarov AB"),
        ("Registered as NAZAROV, BOY A. To Team A.", "NAZAROV, BOY A", "PATIENT",
         "NAZAROV, BOY A"),
        ("Paul: M I N G O.", "M I N G O", "PATIENT", "M I N G O"),
        # initials all the way take their full stop
        ("014-S-033 | R.O'S. | 79", "R.O'S", "PATIENT", "R.O'S."),
        # a lone letter and its full stop after a name, of its case
        ("writer: cormac d., care coordinator", "cormac", "DOCTOR", "cormac d."),
        ("with Anna B. today", "Anna", "RELATIVE", "Anna B."),
        ("with Anna b. today", "Anna", "RELATIVE", "Anna"),
        # a family name's initial after a comma, before a field's end or capitals
        ("12:15  Tamsworth, K: arc 2 delivered", "Tamsworth", "PATIENT", "Tamsworth, K"),
        ("13:30  QUILLBERG, E BID #2: deferred", "QUILLBERG", "DOCTOR", "QUILLBERG, E"),
        ("cosign: Ostrander, P.\nNext", "Ostrander", "DOCTOR", "Ostrander, P."),
        ("per Ostrander, I.", "Ostrander", "DOCTOR", "Ostrander, I."),
        ("8/7  0400  QUILLBERG, K (0094790)  levetiracetam", "QUILLBERG", "PATIENT",
         "QUILLBERG, K"),
        # ... not a word after the comma, nor a name of two words
        ("seen by Dr. Ostrander, A 45-year-old", "Ostrander", "DOCTOR", "Ostrander"),
        ("OSTRANDER, I SAW HIM", "OSTRANDER", "DOCTOR", "OSTRANDER"),
        ("Ostrander, K is here", "Ostrander", "DOCTOR", "Ostrander"),
        # a hyphenated family name too; a side before a procedure is no initial
        ("Attending: QUORBIT-OSEI, V\nFrequency: q1h", "QUORBIT-OSEI", "DOCTOR",
         "QUORBIT-OSEI, V"),
        ("form for Dr.\nQuorbit-Hale, L TKA 4/21", "Quorbit-Hale", "DOCTOR", "Quorbit-Hale"),
        ("Lena Ostrander, K: notes", "Lena Ostrander", "DOCTOR", "Lena Ostrander"),
        # an initial found alone takes the capitalised words after it, up to a month's name
        ("cc: W. Spotted Bear, CHR; H. Solberg", "W.", "DOCTOR", "W. Spotted Bear"),
        ("Reviewed: G. Runs Above Quill Hill, CHR", "G", "DOCTOR", "G. Runs Above Quill"),
        ("check with Dr V Sept 3", "V", "DOCTOR", "V"),
        ("Thank you, Doctor O. God bless.", "O", "DOCTOR", "O"),
        ("CHR W. to check BG log", "W.", "DOCTOR", "W."),
    ],
)
def test_a_name_takes_its_initial(text: str, name: str, label: str, kept: str) -> None:
    start = text.index(name)
    document = Document(id="a", text=text, spans=(Span(start, start + len(name), label),))
    (done,) = with_initials([document])
    assert [text[s.start : s.end] for s in done.spans] == [kept]


def test_an_initial_already_in_another_span_is_left_to_it() -> None:
    text = "per F. Nazarov"
    spans = (Span(4, 6, "DOCTOR"), Span(7, 14, "DOCTOR"))
    (done,) = with_initials([Document(id="a", text=text, spans=spans)])
    assert done.spans == spans


def test_a_full_stop_already_in_another_span_is_left_to_it() -> None:
    text = "per Nazarov K. Seen"
    spans = (Span(4, 13, "DOCTOR"), Span(13, 14, "PATIENT"))
    (done,) = with_initials([Document(id="a", text=text, spans=spans)])
    assert done.spans == spans
