"""Build ``notes.jsonl`` (deidkit JSONL with PHI spans) from the hand-annotated sources.

The notes are written in ``source/*.txt`` with inline markup, one note after a header line::

    @@@ id=hw-01 patient=H01 type=telephone_message date=2024-03-02
    Called [[R:Ines Osei]] (daughter) at [[PH:413-555-0166]] on [[DT:4/2]].

``[[ALIAS:text]]`` marks ``text`` as PHI with the canonical label of ``ALIAS`` (``ALIASES``
below, or a canonical label written out). The note text is everything after the header up
to the next header, with leading and trailing blank lines removed and one final newline.

    .venv/bin/python bench/data/handwritten-en/build.py            # write notes.jsonl
    .venv/bin/python bench/data/handwritten-en/build.py --check    # fail if it is stale
    .venv/bin/python bench/data/handwritten-en/build.py --roundtrip
        # also import into a throw-away `deidkit annotate` project, annotate and adjudicate
        # every span there, export, and check that the export is identical
    .venv/bin/python bench/data/handwritten-en/build.py --set bench/data/handwritten-en-dev
        # the same for another set written the same way (its source/ and notes.jsonl)

Every span is checked against docs/annotation-guideline.md's mechanical rules: a canonical
label, non-empty and stripped text, token-aligned boundaries, no overlaps.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

from deidkit.errors import InputError
from deidkit.io import read_documents, write_documents
from deidkit.labels import LABELS
from deidkit.text import tokenize
from deidkit.types import Document, Span

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "source"
OUTPUT = HERE / "notes.jsonl"

ALIASES: dict[str, str] = {
    "P": "PATIENT",
    "D": "DOCTOR",
    "R": "RELATIVE",
    "U": "USERNAME",
    "PR": "PROFESSION",
    "H": "HOSPITAL",
    "O": "ORGANIZATION",
    "DEP": "DEPARTMENT",
    "RM": "ROOM",
    "ST": "STREET",
    "C": "CITY",
    "S": "STATE",
    "Z": "ZIP",
    "CO": "COUNTRY",
    "L": "LOCATION_OTHER",
    "A": "AGE",
    "DT": "DATE",
    "PH": "PHONE",
    "FX": "FAX",
    "E": "EMAIL",
    "URL": "URL",
    "IP": "IPADDR",
    "SSN": "SSN",
    "MRN": "MEDICALRECORD",
    "HP": "HEALTHPLAN",
    "ACCT": "ACCOUNT",
    "LIC": "LICENSE",
    "VEH": "VEHICLE",
    "DEV": "DEVICE",
    "ID": "IDNUM",
}
"""Short markup names of the canonical labels (a canonical label written out works too)."""

_HEADER = re.compile(r"^@@@ (?P<fields>.*)$")
_MARK = re.compile(r"\[\[(?P<alias>[A-Z_]+):(?P<text>[^\[\]]+?)\]\]")


def parse_markup(marked: str, where: str) -> tuple[str, list[Span]]:
    """Plain text and spans of a marked-up note."""
    parts: list[str] = []
    spans: list[Span] = []
    length = 0
    last = 0
    for match in _MARK.finditer(marked):
        before = marked[last : match.start()]
        parts.append(before)
        length += len(before)
        alias, value = match.group("alias"), match.group("text")
        label = ALIASES.get(alias, alias)
        if label not in LABELS:
            raise InputError(
                f"{where}: unknown label alias at offset {match.start()}; "
                f"use one of {', '.join(ALIASES)}"
            )
        spans.append(Span(length, length + len(value), label, source="handwritten"))
        parts.append(value)
        length += len(value)
        last = match.end()
    parts.append(marked[last:])
    text = "".join(parts)
    if "[[" in text or "]]" in text:
        raise InputError(f"{where}: unbalanced [[ ]] markup; close every [[LABEL:text]]")
    return text, spans


def problems(document: Document) -> list[str]:
    """What breaks the guideline's mechanical rules in one document (empty when fine)."""
    found: list[str] = []
    tokens = tokenize(document.text)
    starts = {t.start for t in tokens}
    ends = {t.end for t in tokens}
    previous_end = -1
    for span in document.spans:
        value = document.text[span.start : span.end]
        where = f"{document.id}, span {span.start}-{span.end}"
        if span.label not in LABELS:
            found.append(f"{where}: label is not canonical")
        if not value or value != value.strip():
            found.append(f"{where}: empty or not stripped")
        if span.start not in starts or span.end not in ends:
            found.append(f"{where}: not on token boundaries")
        if span.start < previous_end:
            found.append(f"{where}: overlaps the previous span")
        previous_end = span.end
    return found


def read_sources(folder: Path = SOURCE, name: str = HERE.name) -> Iterator[Document]:
    """The annotated notes of every ``source/*.txt`` file, in file and note order."""
    for path in sorted(folder.glob("*.txt")):
        header: dict[str, str] | None = None
        body: list[str] = []
        line_number = 0
        for line_number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = _HEADER.match(line)
            if match is None:
                body.append(line)
                continue
            if header is not None:
                yield _document(header, body, f"{path.name}, line {line_number}", name)
            elif any(part.strip() for part in body):
                raise InputError(
                    f"{path.name}, line {line_number}: text before the first "
                    "@@@ header; start the file with a header"
                )
            header = dict(field.split("=", 1) for field in match.group("fields").split())
            body = []
        if header is not None:
            yield _document(header, body, f"{path.name}, line {line_number}", name)


def _document(header: dict[str, str], body: list[str], where: str, name: str) -> Document:
    for key in ("id", "patient", "type", "date"):
        if key not in header:
            raise InputError(f"{where}: header lacks {key}=; write id=, patient=, type=, date=")
    while body and not body[0].strip():
        body.pop(0)
    while body and not body[-1].strip():
        body.pop()
    text, spans = parse_markup("\n".join(body) + "\n", f"{where} (note {header['id']})")
    return Document(
        id=header["id"],
        text=text,
        spans=tuple(spans),
        patient_id=header["patient"],
        note_type=header["type"],
        note_date=header["date"],
        metadata={"set": name, "style": header.get("style", "")},
    )


def build(folder: Path = SOURCE, name: str = HERE.name) -> list[Document]:
    """Every note, checked; InputError naming the note and span when a rule is broken."""
    documents = list(read_sources(folder, name))
    ids = [d.id for d in documents]
    if len(set(ids)) != len(ids):
        raise InputError("source: duplicate note id; give every note its own id=")
    found = [problem for document in documents for problem in problems(document)]
    if found:
        raise InputError(f"{len(found)} problem(s): " + "; ".join(found))
    return documents


def _keys(documents: Sequence[Document]) -> list[tuple[str, str, tuple[tuple[int, int, str], ...]]]:
    return [(d.id, d.text, tuple((s.start, s.end, s.label) for s in d.spans)) for d in documents]


def roundtrip(documents: Sequence[Document]) -> list[Document]:
    """The documents after import, annotation, adjudication and export in `deidkit annotate`."""
    from deidkit.annotate import accounts, adjudication, annotator
    from deidkit.annotate.accounts import Role
    from deidkit.annotate.consensus import Mode
    from deidkit.annotate.db import Database
    from deidkit.annotate.project import assign, document_key
    from deidkit.cli.main import main as cli

    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "notes.jsonl"
        write_documents([d.with_spans(()) for d in documents], source, "jsonl")
        project = Path(tmp) / "project"
        db = Database.create(project, "handwritten-en")
        with db.write() as conn:
            user = accounts.create_user(conn, "annotator", "roundtrip-password", Role.ANNOTATOR)
            judge = accounts.create_user(conn, "judge", "roundtrip-password", Role.ADJUDICATOR)
        if cli(["annotate", "import", str(project), str(source)]) != 0:
            raise InputError("annotate import failed")
        with db.write() as conn:
            keys = [document_key(conn, d.id) for d in documents]
            assign(conn, keys, [user.id])
            for key, document in zip(keys, documents, strict=True):
                for span in document.spans:
                    annotator.add_span(conn, key, user, span.start, span.end, span.label)
                annotator.set_status(conn, key, user, annotator.Status.DONE)
                adjudication.start(conn, key, judge, Mode.MAJORITY)
                adjudication.set_status(
                    conn, key, judge, adjudication.AdjudicationStatus.ADJUDICATED
                )
        exported = Path(tmp) / "gold.jsonl"
        if cli(["annotate", "export", str(project), str(exported)]) != 0:
            raise InputError("annotate export failed")
        return list(read_documents(exported))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if notes.jsonl is stale")
    parser.add_argument(
        "--roundtrip",
        action="store_true",
        help="check the annotation survives deidkit annotate import/export",
    )
    parser.add_argument(
        "--set",
        type=Path,
        default=HERE,
        help="the set's folder (its source/ is read, its notes.jsonl written); default this one",
    )
    args = parser.parse_args(argv)
    folder = args.set.resolve()
    output = folder / OUTPUT.name
    documents = build(folder / SOURCE.name, folder.name)
    if args.roundtrip:
        back = roundtrip(documents)
        order = {d.id: i for i, d in enumerate(documents)}
        if _keys(sorted(back, key=lambda d: order.get(d.id, -1))) != _keys(documents):
            print("round trip through deidkit annotate changed the annotation", file=sys.stderr)
            return 1
        print(
            f"round trip: {len(back)} notes, {sum(len(d.spans) for d in back)} spans unchanged",
            file=sys.stderr,
        )
    if args.check:
        stored = list(read_documents(output))
        if [d.to_dict() for d in stored] != [d.to_dict() for d in documents]:
            print("notes.jsonl is stale: run build.py", file=sys.stderr)
            return 1
        return 0
    write_documents(documents, output, "jsonl")
    spans = sum(len(d.spans) for d in documents)
    patients = len({d.patient_id for d in documents})
    print(
        f"{output}: {len(documents)} notes, {patients} patients, {spans} spans",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
