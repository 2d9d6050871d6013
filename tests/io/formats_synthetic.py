"""Synthetic clinical notes for the format tests: realistic-looking, entirely invented.

Notes are written as parts: plain strings, or (text, label) pairs that become gold spans.
They exercise what breaks formats: XML specials, ``]]>``, quotes, CRLF line ends, a span
across a line break, non-ASCII letters and adjacent spans.
"""

from __future__ import annotations

from deidkit.types import Document, Span

Part = str | tuple[str, str]


def note(doc_id: str, parts: list[Part], **fields: str) -> Document:
    """A document from parts; (text, label) parts become spans."""
    text = ""
    spans: list[Span] = []
    for part in parts:
        if isinstance(part, tuple):
            piece, label = part
            spans.append(Span(len(text), len(text) + len(piece), label))
            text += piece
        else:
            text += part
    return Document(id=doc_id, text=text, spans=tuple(spans), **fields)  # type: ignore[arg-type]


NOTES: list[list[Part]] = [
    [
        "DISCHARGE SUMMARY\nPatient: ",
        ("Maribel Quintero-Oakes", "PATIENT"),
        "   MRN: ",
        ("4417-2290", "MEDICALRECORD"),
        "\nAdmitted: ",
        ("2087-03-14", "DATE"),
        "  Discharged: ",
        ("3/19/2087", "DATE"),
        "\nAttending: Dr. ",
        ("Osric Penhallow", "DOCTOR"),
        ", ",
        ("Larkspur Valley Medical Center", "HOSPITAL"),
        "\n\nHPI: ",
        ("93", "AGE"),
        " y/o woman with BP 150/90 & HR > 100 (dose <5 mg>), seen in clinic.\n"
        'Daughter "Wren" (',
        ("Wren Quintero", "RELATIVE"),
        ") at bedside; call ",
        ("(617) 555-0142", "PHONE"),
        " or fax ",
        ("617-555-0199", "FAX"),
        ".\n",
    ],
    [
        "Nursing note\r\nPt resting, NAD. Lives at ",
        ("48 Tamarack Lane\r\nApt 3", "STREET"),
        ", ",
        ("Fennimore", "CITY"),
        ", ",
        ("WI", "STATE"),
        " ",
        ("53809", "ZIP"),
        ".\r\nWorks as a ",
        ("welder", "PROFESSION"),
        " for ",
        ("Northgate Fabrication", "ORGANIZATION"),
        ". Email ",
        ("w.harrow@examplemail.org", "EMAIL"),
        "\r\nCDATA-like text ]]> and <![CDATA[ stays text.\r\n",
    ],
    [
        "Informe clínico. Paciente: ",
        ("Begoña Ruiz Ibáñez", "PATIENT"),
        ", ",
        ("varón", "SEX"),
        ", natural de ",
        ("Peñíscola", "LOCATION_OTHER"),
        " (",
        ("España", "COUNTRY"),
        "). NHC ",
        ("2094331", "MEDICALRECORD"),
        ("/B", "IDNUM"),
        "; seguro ",
        ("HP-77120-Z", "HEALTHPLAN"),
        ". Web ",
        ("http://example.org/~ruiz?a=1&b=2", "URL"),
        ", IP ",
        ("10.24.6.118", "IPADDR"),
        ", unidad ",
        ("5B Oeste", "DEPARTMENT"),
        ", cama ",
        ("512", "ROOM"),
        ".\nOtro dato: ",
        ("tatuaje de ancla", "OTHER"),
        "\n",
    ],
    [
        "ED triage ",
        ("09/02", "DATE"),
        ": acct ",
        ("AC-55102", "ACCOUNT"),
        ", lic ",
        ("MA-RN 77612", "LICENSE"),
        ", plate ",
        ("7KQ-4410", "VEHICLE"),
        ", pacer s/n ",
        ("PM88213X", "DEVICE"),
        ", user ",
        ("jdoe7", "USERNAME"),
        ", SSN ",
        ("078-05-1120", "SSN"),
        ". No PHI after this point; tabs\tand 'quotes' \"both\".",
    ],
]


def documents() -> list[Document]:
    """The synthetic corpus (ids sort in corpus order; patient/note numbers are numeric)."""
    return [
        note(f"note-{index:02d}", parts, patient_id=str(100 + index // 2), note_id=str(index + 1))
        for index, parts in enumerate(NOTES)
    ]


def span_texts(document: Document) -> tuple[str, tuple[str, ...]]:
    """What every conversion must keep: the text and the text of each span, in order."""
    return document.text, tuple(document.span_text(span) for span in document.spans)
