"""MeSH (Medical Subject Headings) descriptors: terms -> tree numbers -> categories.

The SVM paper's "MeSH ID" feature marks a token whose noun phrase maps to a MeSH category
(Anatomy, Diseases, Chemicals and Drugs, ...): such tokens are rarely PHI. MeSH is not
shipped with deidkit; users download NLM's descriptor file themselves and load it here:

- the ASCII file ``d20XX.bin`` (records start with ``*NEWRECORD``; ``MH = `` heading,
  ``ENTRY = `` / ``PRINT ENTRY = `` entry terms with ``|``-separated extra fields, ``MN = ``
  tree numbers, ``UI = `` descriptor id),
- the XML file ``desc20XX.xml`` (``DescriptorRecord`` elements),
- either one gzip-compressed, or
- the compact file written by ``MeshVocabulary.save`` / ``deidkit resources mesh``.

Terms are casefolded. An inverted entry term with one comma (``Cancer, Breast``) is also
indexed in natural order (``breast cancer``). Supplementary concept records (``c20XX.bin``)
and qualifiers are not read.
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import IO, TYPE_CHECKING, BinaryIO, cast

from deidkit.errors import InputError
from deidkit.resources.files import write_gzip_lines

if TYPE_CHECKING:
    import xml.etree.ElementTree as ET

MAGIC = "#deidkit-mesh"
FORMAT_VERSION = "1"

CATEGORIES: Mapping[str, str] = MappingProxyType({
    "A": "Anatomy",
    "B": "Organisms",
    "C": "Diseases",
    "D": "Chemicals and Drugs",
    "E": "Analytical, Diagnostic and Therapeutic Techniques, and Equipment",
    "F": "Psychiatry and Psychology",
    "G": "Phenomena and Processes",
    "H": "Disciplines and Occupations",
    "I": "Anthropology, Education, Sociology, and Social Phenomena",
    "J": "Technology, Industry, and Agriculture",
    "K": "Humanities",
    "L": "Information Science",
    "M": "Named Groups",
    "N": "Health Care",
    "V": "Publication Characteristics",
    "Z": "Geographicals",
})
"""MeSH's top-level tree categories (the first letter of a tree number)."""

_TREE_NUMBER = re.compile(r"[A-Z]\d{2}(?:\.\d{3})*")


@dataclass(frozen=True, slots=True)
class MeshDescriptor:
    """One descriptor: its id, heading, tree numbers and entry terms (heading included)."""

    ui: str
    heading: str
    tree_numbers: tuple[str, ...]
    terms: tuple[str, ...]


def category_of(tree_number: str, depth: int = 1) -> str:
    """``C04.557.470`` -> ``C`` (depth 1), ``C04`` (depth 2), ``C04.557`` (depth 3)."""
    if depth < 1:
        raise ValueError("depth must be at least 1")
    if depth == 1:
        return tree_number[:1]
    return ".".join(tree_number.split(".")[: depth - 1])


def natural_order(term: str) -> str | None:
    """``Cancer, Breast`` -> ``Breast Cancer``; None when the term is not a simple inversion."""
    parts = term.split(", ")
    if len(parts) != 2 or not all(parts) or any(c in term for c in "()[];"):
        return None
    return f"{parts[1]} {parts[0]}"


class MeshVocabulary:
    """Casefolded MeSH terms mapped to the tree numbers of their descriptors."""

    __slots__ = ("_index", "descriptors", "source")

    def __init__(self, descriptors: Iterable[MeshDescriptor], *, source: str = "") -> None:
        self.descriptors: tuple[MeshDescriptor, ...] = tuple(descriptors)
        self.source = source
        index: dict[str, list[str]] = {}
        for descriptor in self.descriptors:
            for term in descriptor.terms:
                variants = [term]
                natural = natural_order(term)
                if natural:
                    variants.append(natural)
                for variant in variants:
                    bucket = index.setdefault(" ".join(variant.casefold().split()), [])
                    bucket.extend(n for n in descriptor.tree_numbers if n not in bucket)
        self._index: Mapping[str, tuple[str, ...]] = MappingProxyType(
            {term: tuple(numbers) for term, numbers in index.items()}
        )

    # -- look-ups -------------------------------------------------------------------------
    def tree_numbers(self, term: str) -> tuple[str, ...]:
        """Tree numbers of a term (any case, white space normalised); () if unknown."""
        return self._index.get(" ".join(term.casefold().split()), ())

    def categories(self, term: str, depth: int = 1) -> tuple[str, ...]:
        """The distinct categories of a term at a depth (1: ``C``; 2: ``C04``), sorted."""
        return tuple(sorted({category_of(n, depth) for n in self.tree_numbers(term)}))

    def __contains__(self, term: object) -> bool:
        return isinstance(term, str) and bool(self.tree_numbers(term))

    def __len__(self) -> int:
        return len(self._index)

    def terms(self) -> Iterator[str]:
        """Every casefolded term (for building a phrase automaton)."""
        return iter(self._index)

    def __repr__(self) -> str:
        return (
            f"MeshVocabulary({len(self.descriptors)} descriptors, {len(self)} terms, "
            f"source={self.source!r})"
        )

    # -- files ----------------------------------------------------------------------------
    def save(self, path: Path) -> None:
        """Write the compact form (gzip TSV: ui, heading, tree numbers, terms)."""
        source = " ".join(self.source.split())
        lines = [f"{MAGIC}\t{FORMAT_VERSION}\tsource={source}", "ui\theading\ttree_numbers\tterms"]
        for d in self.descriptors:
            lines.append(
                "\t".join([d.ui, d.heading, "|".join(d.tree_numbers), "|".join(d.terms)])
            )
        write_gzip_lines(Path(path), lines)

    @classmethod
    def load(cls, path: str | Path) -> MeshVocabulary:
        """Read NLM's ASCII or XML descriptor file (optionally gzipped) or a compact file."""
        path = Path(path)
        first = _first_line(path)
        if first.startswith(MAGIC):
            descriptors = _parse_compact(_text_lines(path), path)
        elif first == "*NEWRECORD":
            descriptors = list(parse_ascii(_text_lines(path), path))
        elif first.startswith("<"):
            with _open_binary(path) as stream:
                descriptors = list(parse_xml(stream, path))
        else:
            raise InputError(
                "not a MeSH descriptor file",
                path=path,
                line=1,
                fix="give NLM's d20XX.bin (ASCII) or desc20XX.xml, or a file written by "
                "'deidkit resources mesh'",
            )
        if not descriptors:
            raise InputError(
                "no MeSH descriptors (RECTYPE = D records) found",
                path=path,
                fix="give the descriptor file d20XX.bin, not the qualifier or supplementary file",
            )
        return cls(descriptors, source=path.name)


def _open_binary(path: Path) -> BinaryIO:
    """The file's bytes, decompressed when it is gzip."""
    try:
        with path.open("rb") as probe:
            magic = probe.read(2)
        if magic == b"\x1f\x8b":
            return cast(BinaryIO, gzip.open(path, "rb"))
        return path.open("rb")
    except FileNotFoundError:
        raise InputError("MeSH file not found", path=path, fix="check the path") from None
    except IsADirectoryError:
        raise InputError("expected a file, found a folder", path=path) from None
    except OSError as error:
        raise InputError(f"cannot read MeSH file ({error.strerror})", path=path) from None


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _first_line(path: Path) -> str:
    with _open_binary(path) as stream:
        try:
            head = stream.read(4096)
        except (OSError, EOFError):
            raise InputError("damaged gzip file", path=path, fix="download it again") from None
    for line in _decode(head).lstrip("\ufeff").splitlines():
        if line.strip():
            return line.strip()
    return ""


def _text_lines(path: Path) -> list[str]:
    with _open_binary(path) as stream:
        try:
            data = stream.read()
        except (OSError, EOFError):
            raise InputError("damaged gzip file", path=path, fix="download it again") from None
    return _decode(data).lstrip("\ufeff").splitlines()


def parse_ascii(lines: Iterable[str], path: Path | None = None) -> Iterator[MeshDescriptor]:
    """Descriptors of NLM's ASCII MeSH format; non-descriptor records are skipped."""
    record: dict[str, list[str]] = {}
    start = 0

    def finish() -> MeshDescriptor | None:
        if not record or record.get("RECTYPE", ["D"])[0] != "D":
            return None
        headings = record.get("MH")
        if not headings:
            raise InputError(
                "record without 'MH = ' heading", path=path, line=start,
                fix="check that the file is an unmodified MeSH d20XX.bin",
            )
        heading = headings[0]
        terms = [heading]
        for key in ("ENTRY", "PRINT ENTRY"):
            for value in record.get(key, []):
                term = value.split("|", 1)[0].strip()
                if term and term not in terms:
                    terms.append(term)
        numbers = tuple(n for n in record.get("MN", []) if _TREE_NUMBER.fullmatch(n))
        ui = record.get("UI", [""])[0]
        return MeshDescriptor(ui, heading, numbers, tuple(terms))

    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r\n")
        if line.strip() == "*NEWRECORD":
            done = finish()
            if done is not None:
                yield done
            record = {}
            start = number
            continue
        if not line.strip():
            continue
        key, sep, value = line.partition(" = ")
        if not sep:
            raise InputError(
                "expected 'KEY = value'", path=path, line=number,
                fix="check that the file is an unmodified MeSH d20XX.bin",
            )
        record.setdefault(key.strip(), []).append(value.strip())
    done = finish()
    if done is not None:
        yield done


def parse_xml(stream: IO[bytes], path: Path | None = None) -> Iterator[MeshDescriptor]:
    """Descriptors of NLM's MeSH XML, streamed (``DescriptorRecord`` elements)."""
    import xml.etree.ElementTree as ET  # lazy: only to read NLM's XML

    try:
        for _, element in ET.iterparse(stream, events=("end",)):
            if element.tag != "DescriptorRecord":
                continue
            yield _descriptor_of(element, path)
            element.clear()
    except ET.ParseError as error:
        line, column = error.position
        raise InputError(
            f"invalid XML (column {column})", path=path, line=line,
            fix="give NLM's desc20XX.xml unmodified",
        ) from None


def _descriptor_of(record: ET.Element, path: Path | None) -> MeshDescriptor:
    heading = (record.findtext("DescriptorName/String") or "").strip()
    if not heading:
        raise InputError(
            "DescriptorRecord without DescriptorName", path=path,
            fix="give NLM's desc20XX.xml unmodified",
        )
    terms = [heading]
    for string in record.iterfind("ConceptList/Concept/TermList/Term/String"):
        term = (string.text or "").strip()
        if term and term not in terms:
            terms.append(term)
    numbers = tuple(
        (n.text or "").strip()
        for n in record.iterfind("TreeNumberList/TreeNumber")
        if _TREE_NUMBER.fullmatch((n.text or "").strip())
    )
    ui = (record.findtext("DescriptorUI") or "").strip()
    return MeshDescriptor(ui, heading, numbers, tuple(terms))


def _parse_compact(lines: list[str], path: Path) -> list[MeshDescriptor]:
    header = lines[0].split("\t")
    if len(header) < 2 or header[1] != FORMAT_VERSION:
        raise InputError(
            "unsupported compact MeSH file version", path=path, line=1,
            fix="rebuild it with 'deidkit resources mesh'",
        )
    descriptors = []
    for number, line in enumerate(lines[2:], start=3):
        if not line:
            continue
        fields = line.split("\t")
        if len(fields) != 4:
            raise InputError(
                f"{len(fields)} fields, expected 4", path=path, line=number,
                fix="rebuild it with 'deidkit resources mesh'",
            )
        ui, heading, numbers, terms = fields
        descriptors.append(MeshDescriptor(
            ui, heading, tuple(filter(None, numbers.split("|"))), tuple(terms.split("|"))
        ))
    return descriptors
