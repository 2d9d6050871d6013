"""Identifier extraction and data linking: documents with PHI spans -> one record per person.

HIDE's first two components (Gardner and Xiong): the quasi-identifiers found in each note are
read into values (``hierarchies``), notes are linked to people, and each person gets one value
per quasi-identifier (the most frequent; for dates of care the first note's date, else the
earliest date in the notes), with the conflicts
(two different birth dates) reported rather than merged: a mention whose value conflicts with
its person's value is redacted, not generalized.

Linking: notes with the same patient id are one person; across ids (and for notes without
one) notes are joined when they share a medical record number, or the same patient name (two
words or more) with the same birth date. Every join by an identifier is reported (document
ids and the reason, never the value).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from deidkit.anonymize.attributes import QUASI_IDENTIFIERS, attribute_of
from deidkit.anonymize.hierarchies import MISSING, Path, city_path, parse_date
from deidkit.errors import ConfigError, InputError
from deidkit.redact import SecretKey
from deidkit.types import Document

LINK_REASONS: tuple[str, ...] = ("patient_id", "mrn", "name_birth_date")
"""How notes may be linked to one person (``link_by``)."""


@dataclass(frozen=True, slots=True)
class Mention:
    """A quasi-identifier mention: the span's index in its document, attribute and value."""

    span_index: int
    attribute: str
    leaf: Path


@dataclass(frozen=True, slots=True)
class NoteFacts:
    """What one note says about its person (no text is kept)."""

    document: str
    patient_id: str | None
    sensitive: str | None
    counts: Mapping[str, Counter[Path]]
    link_keys: tuple[tuple[str, str], ...]
    note_date: Path | None = None


@dataclass(frozen=True, slots=True)
class Person:
    """One row of the identifier view: a pseudonym, the notes, a leaf per quasi-identifier."""

    id: str
    documents: tuple[str, ...]
    values: Mapping[str, Path]
    sensitive: str | None


@dataclass(frozen=True, slots=True)
class Link:
    """Two notes joined into one person by an identifier they share."""

    person: str
    documents: tuple[str, str]
    reason: str


@dataclass(frozen=True, slots=True)
class Conflict:
    """A person whose notes give several distinct values of one quasi-identifier."""

    person: str
    attribute: str
    distinct_values: int
    mentions: int


@dataclass(frozen=True, slots=True)
class IdentifierView:
    """The person-centric identifier view of a corpus, with its linking report."""

    quasi: tuple[str, ...]
    sensitive: str | None
    persons: tuple[Person, ...]
    person_of: Mapping[str, int]
    links: tuple[Link, ...]
    link_counts: Mapping[str, int]
    conflicts: tuple[Conflict, ...] = field(default=())
    spans: int = 0


def context_year(document: Document) -> int | None:
    """The year of the note's date (for dates written without a year)."""
    if document.note_date:
        leaf = parse_date(document.note_date, None)
        if leaf is not None:
            return int(leaf[1])
    return None


def note_mentions(document: Document, quasi: tuple[str, ...]) -> list[Mention]:
    """The quasi-identifier mentions of a note (spans whose value cannot be read are left out:
    they are redacted)."""
    year = context_year(document)
    found = []
    text = document.text
    for index, span in enumerate(document.spans):
        name = attribute_of(span.label, text, span.start, quasi)
        if name is None:
            continue
        leaf = QUASI_IDENTIFIERS[name].hierarchy.parse(text[span.start : span.end], year)
        if leaf is not None:
            found.append(Mention(index, name, leaf))
    return found


def sensitive_value(document: Document, sensitive: str | None) -> str | None:
    if sensitive is None:
        return None
    if sensitive == "note_type":
        return document.note_type
    return document.metadata.get(sensitive.removeprefix("metadata."))


_WORDS = re.compile(r"[^\W\d_]+")


def _name_key(text: str) -> str | None:
    words = sorted({word.casefold() for word in _WORDS.findall(text) if len(word) > 1})
    return " ".join(words) if len(words) >= 2 else None


def note_facts(
    document: Document, quasi: tuple[str, ...], sensitive: str | None,
    link_by: tuple[str, ...] = LINK_REASONS,
) -> NoteFacts:
    """The values, sensitive value and linking keys of one note."""
    counts: dict[str, Counter[Path]] = {}
    for mention in note_mentions(document, quasi):
        counts.setdefault(mention.attribute, Counter())[mention.leaf] += 1
    note_date = parse_date(document.note_date, None) if document.note_date else None
    if "sex" in quasi and document.metadata.get("sex"):
        leaf = QUASI_IDENTIFIERS["sex"].hierarchy.parse(document.metadata["sex"], None)
        if leaf is not None:
            counts.setdefault("sex", Counter())[leaf] += 1
    keys: set[tuple[str, str]] = set()
    text = document.text
    if "mrn" in link_by:
        for span in document.spans:
            if span.label == "MEDICALRECORD":
                value = re.sub(r"[\W_]", "", text[span.start : span.end]).upper()
                if len(value) >= 4:
                    keys.add(("mrn", value))
    if "name_birth_date" in link_by:
        year = context_year(document)
        births = {
            leaf for span in document.spans if span.label == "DATE"
            and attribute_of("DATE", text, span.start, ("birth_date",)) == "birth_date"
            and (leaf := parse_date(text[span.start : span.end], year)) is not None
            and len(leaf) == 5
        }
        names = {key for span in document.spans if span.label == "PATIENT"
                 and (key := _name_key(text[span.start : span.end])) is not None}
        keys.update(("name_birth_date", f"{name}|{birth[-1]}")
                    for name in names for birth in births)
    return NoteFacts(document.id, document.patient_id, sensitive_value(document, sensitive),
                     counts, tuple(sorted(keys)), note_date)


class _Groups:
    """Union-find over note indices."""

    def __init__(self, size: int) -> None:
        self.parent = list(range(size))

    def find(self, item: int) -> int:
        root = item
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[item] != root:
            self.parent[item], item = root, self.parent[item]
        return root

    def join(self, first: int, second: int) -> bool:
        a, b = self.find(first), self.find(second)
        if a == b:
            return False
        if b < a:
            a, b = b, a
        self.parent[b] = a
        return True


def _choose(name: str, counts: Counter[Path]) -> tuple[Path, int]:
    """The person's value of one attribute and how many distinct values conflict with it."""
    attribute = QUASI_IDENTIFIERS[name]
    if attribute.per_note:
        full = [leaf for leaf in counts if len(leaf) == 5]
        return min(full or counts), 0
    chosen = min(counts, key=lambda leaf: (-counts[leaf], leaf))
    others = {leaf for leaf in counts if not attribute.same(leaf, chosen)}
    return chosen, len(others)


def check_link_by(link_by: Iterable[str]) -> tuple[str, ...]:
    chosen = tuple(dict.fromkeys(item.strip() for item in link_by if item.strip()))
    unknown = [item for item in chosen if item not in LINK_REASONS]
    if unknown:
        raise ConfigError(f"unknown way of linking {unknown[0]!r}; use some of: "
                          f"{', '.join(LINK_REASONS)}")
    return chosen


def extract_view(
    documents: Iterable[Document],
    *,
    quasi: tuple[str, ...],
    sensitive: str | None = None,
    key: SecretKey,
    link_by: tuple[str, ...] = LINK_REASONS,
    source: str = "input",
) -> IdentifierView:
    """Read every note, link notes to people and build one view row per person."""
    facts: list[NoteFacts] = []
    seen: set[str] = set()
    spans = 0
    for document in documents:
        spans += len(document.spans)
        if document.id in seen:
            raise InputError(f"document id {document.id} occurs twice", path=source,
                             fix="give every document its own id")
        seen.add(document.id)
        facts.append(note_facts(document, quasi, sensitive, link_by))
    groups = _Groups(len(facts))
    joins: list[tuple[int, int, str]] = []
    first_of: dict[tuple[str, str], int] = {}
    for index, fact in enumerate(facts):
        keys = list(fact.link_keys)
        if fact.patient_id and "patient_id" in link_by:
            keys.insert(0, ("patient_id", fact.patient_id))
        for item in keys:
            other = first_of.setdefault(item, index)
            if other != index and groups.join(other, index):
                joins.append((other, index, item[0]))
    members: dict[int, list[int]] = {}
    for index in range(len(facts)):
        members.setdefault(groups.find(index), []).append(index)
    persons: list[Person] = []
    person_of: dict[str, int] = {}
    conflicts: list[Conflict] = []
    person_of_root: dict[int, str] = {}
    for root, indices in sorted(members.items(), key=lambda item: facts[item[0]].document):
        ids = tuple(facts[i].document for i in indices)
        pid = "P-" + key.digest("anonymize-person", min(ids)).hex()[:12]
        person_of_root[root] = pid
        values: dict[str, Path] = {}
        for name in quasi:
            counts: Counter[Path] = Counter()
            for i in indices:
                counts.update(facts[i].counts.get(name, {}))
            dated = [leaf for i in indices if (leaf := facts[i].note_date) is not None]
            if QUASI_IDENTIFIERS[name].per_note and dated:
                values[name] = min(dated)  # the first note's date, when notes have dates
                continue
            if not counts:
                values[name] = MISSING
                continue
            values[name], conflicting = _choose(name, counts)
            if conflicting:
                conflicts.append(Conflict(pid, name, conflicting + 1, sum(counts.values())))
        if "city" in values and values["city"] != MISSING:
            values["city"] = city_path(values["city"], values.get("state"))
        tally = Counter(facts[i].sensitive or "-" for i in indices)
        chosen_sensitive = (min(tally, key=lambda v: (-tally[v], v))
                            if sensitive is not None else None)
        for document_id in ids:
            person_of[document_id] = len(persons)
        persons.append(Person(pid, ids, values, chosen_sensitive))
    links = tuple(
        Link(person_of_root[groups.find(a)], (facts[a].document, facts[b].document), reason)
        for a, b, reason in joins
    )
    link_counts = Counter(link.reason for link in links)
    return IdentifierView(quasi, sensitive, tuple(persons), person_of, links,
                          {reason: link_counts.get(reason, 0) for reason in LINK_REASONS},
                          tuple(conflicts), spans)
