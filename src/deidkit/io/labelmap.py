"""Corpus labels <-> canonical labels, for readers and writers.

Readers map a file's label to a canonical one (``deidkit.labels``) and keep the original in
``Span.source_label``; an unknown label is an InputError naming the file, the line and
``--label-map`` (never the label: labels read from a file are content), unless the active
label map (``deidkit.io.schemes``) names it or the read drops unknown labels.
Writers that target a corpus scheme write ``Span.source_label`` when it belongs to that
scheme and still means the span's label, or when deidkit does not know it (a user map's
label, written back as read), else the scheme's inverse table, else a documented fallback
(the nearest scheme label, or the canonical name when the scheme has none).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from deidkit.errors import InputError
from deidkit.io.schemes import (
    announce_fallback,
    drop_unknown,
    is_dropped,
    map_label,
    mapped_name,
    output_scheme,
    writing_scheme,
)
from deidkit.labels import (
    I2B2_2006,
    I2B2_2014,
    LABELS,
    MEDDOCAN,
    PHYSIONET,
    SCHEMES,
    i2b2_2014_pair,
    to_canonical,
)
from deidkit.types import Document, Span

_I2B2_2014_TYPES: dict[str, tuple[str, str]] = {pair[1]: pair for pair in I2B2_2014}
"""i2b2 2014 TYPE -> its (TAG, TYPE) pair; every TYPE occurs under one TAG only."""

_ANY_LABEL: dict[str, str] = {}
for _table in (I2B2_2006, PHYSIONET, MEDDOCAN):
    for _name, _canonical in _table.items():
        _ANY_LABEL.setdefault(_name.casefold(), _canonical)
for _type, _pair in _I2B2_2014_TYPES.items():
    _ANY_LABEL.setdefault(_type.casefold(), I2B2_2014[_pair])
for _name in LABELS:
    _ANY_LABEL[_name.casefold()] = _name
"""Every label deidkit knows, case-insensitively (canonical names win)."""


def _unknown(
    label: str, path: Path, line: int | None, record: str | None, known: str
) -> InputError:
    return InputError(
        f"unknown label (one of {len(label)} characters; labels from the file are not quoted)",
        path=path,
        record=record,
        line=line,
        fix=f"map it with --label-map FILE (CORPUS_LABEL = CANONICAL or ignore; "
        f"docs/formats.md), or use one of: {known}, or a canonical deidkit label",
    )


def read_scheme_label(
    label: str, scheme: str, *, path: Path, line: int | None = None, record: str | None = None
) -> str:
    """The canonical label for ``label`` of a flat scheme (``i2b2-2006``, ``physionet``,
    ``meddocan``); canonical names and ``LOCATION-OTHER`` are accepted too."""
    table = SCHEMES[scheme]
    mapped = map_label(label)
    if mapped is not None:
        return mapped
    if label in table:
        return table[label]
    canonical = "LOCATION_OTHER" if label == "LOCATION-OTHER" else label
    if canonical in LABELS:
        return canonical
    dropped = drop_unknown(label)
    if dropped is not None:
        return dropped
    raise _unknown(label, path, line, record, ", ".join(table))


def read_any_label(
    label: str,
    *,
    path: Path,
    line: int | None = None,
    record: str | None = None,
    ignore_case: bool = False,
) -> str:
    """The canonical label for a label of any known scheme (BRAT, inline tags)."""
    canonical = map_label(label, ignore_case=ignore_case) or to_canonical(label)
    if canonical is None and ignore_case:
        canonical = _ANY_LABEL.get(label.casefold())
    if canonical is None:
        canonical = drop_unknown(label)
    if canonical is None:
        raise _unknown(label, path, line, record, "the labels of docs/formats.md")
    return canonical


def read_span_items(
    items: Any, *, path: Path, line: int | None = None, record: str | None = None
) -> tuple[Span, ...]:
    """The spans of a JSON list of span objects (a JSON Lines ``spans`` field, a CSV spans
    cell). Each ``label`` is read as a BRAT label is (the label map first, then any label
    deidkit knows); a label that is not canonical is kept as the span's ``source_label``
    (unless the item gives one), and spans whose label the map ignores are left out.
    A malformed item raises TypeError, KeyError or ValueError (the caller words it)."""
    if not isinstance(items, list):
        raise TypeError("not a list")
    spans: list[Span] = []
    for item in items:
        if not isinstance(item, Mapping):
            raise TypeError("a span is not an object")
        label = item["label"]
        if not isinstance(label, str):
            raise TypeError("a label is not a string")
        canonical = read_any_label(label, path=path, line=line, record=record)
        if is_dropped(label):
            continue
        source = item.get("source_label")
        if source is None and label != canonical:
            source = label
        spans.append(Span.from_dict({**item, "label": canonical, "source_label": source}))
    return tuple(spans)


def read_i2b2_2014_label(
    tag: str, type_: str, *, path: Path, line: int | None = None, record: str | None = None
) -> tuple[str, str]:
    """(canonical label, source label) for an i2b2 2014 standoff tag.

    The source label is the TYPE (``PATIENT``), or ``TAG:TYPE`` when the tag is not the
    TYPE's usual one (the 2014 data has a few ``<PHI TYPE="PATIENT">`` tags).
    """
    mapped = map_label(type_)
    if mapped is not None:
        if is_dropped(type_) or tag == i2b2_2014_pair(mapped)[0]:
            return mapped, type_
        return mapped, f"{tag}:{type_}"  # written back under its own TAG
    if (tag, type_) in I2B2_2014:
        return I2B2_2014[(tag, type_)], type_
    pair = _I2B2_2014_TYPES.get(type_)
    if pair is not None:
        return I2B2_2014[pair], f"{tag}:{type_}"
    dropped = drop_unknown(type_)
    if dropped is not None:
        return dropped, type_
    raise InputError(
        "unknown pair of tag and TYPE (values from the file are not quoted)",
        path=path,
        record=record,
        line=line,
        fix="use an i2b2 2014 TYPE such as PATIENT, DOCTOR, HOSPITAL, DATE, PHONE, IDNUM, "
        "or map the TYPE with --label-map FILE (docs/formats.md)",
    )


_SCHEMES = {name: output_scheme(name) for name in ("i2b2-2006", "physionet")}


def user_label(span: Span) -> str | None:
    """The span's corpus label when deidkit does not know it (it came through a user label
    map) and no ``--labels`` scheme is being written: a format of its own scheme (i2b2,
    PhysioNet) writes it back as it was read, so the corpus round-trips unchanged."""
    source = span.source_label
    if not source or writing_scheme() is not None:
        return None
    return None if source.rpartition(":")[2].casefold() in _ANY_LABEL else source


def write_i2b2_2006_label(span: Span) -> str:
    """The i2b2 2006 TYPE for a span: a user map's label as read, else its label in the
    ``i2b2-2006`` output scheme (the same names and nearest labels as ``--labels``)."""
    user = user_label(span)
    return user if user is not None else _SCHEMES["i2b2-2006"].label_for(span)[0]


def write_physionet_label(span: Span) -> str:
    """The PhysioNet deid category for a span (as ``write_i2b2_2006_label``)."""
    user = user_label(span)
    return user if user is not None else _SCHEMES["physionet"].label_for(span)[0]


def write_i2b2_2014_pair(span: Span) -> tuple[str, str]:
    """The i2b2 2014 (TAG, TYPE) pair for a span."""
    source = span.source_label
    if source:
        tag, _, type_ = source.rpartition(":")
        pair = _I2B2_2014_TYPES.get(type_)
        if pair is not None and I2B2_2014[pair] == span.label:
            return (tag or pair[0], type_)
        if user_label(span) is not None:
            return (tag or i2b2_2014_pair(span.label)[0], type_)
    return i2b2_2014_pair(span.label)


def write_any_label(span: Span) -> str:
    """The label to write for a span in a scheme-free format (BRAT): the ``--labels`` scheme's
    label (set by ``relabel``), else its source label when that still means the span's label
    or is a label deidkit does not know (it came through a user label map), else the
    canonical name."""
    source = span.source_label
    if source and (
        writing_scheme() is not None
        or to_canonical(source) == span.label
        or source.casefold() not in _ANY_LABEL
    ):
        return source
    return span.label


def write_tag_name(span: Span) -> str:
    """The inline tag name for a span: its source label when that still means the span's
    label (case-insensitively), else the lower-cased canonical name."""
    source = span.source_label
    if source and (
        writing_scheme() is not None or _ANY_LABEL.get(source.casefold()) in (span.label, None)
    ):
        return source
    return span.label.lower()


def is_tag_name(name: str) -> bool:
    """True if ``name`` is a label deidkit knows (any scheme, any case)."""
    return name.casefold() in _ANY_LABEL or mapped_name(name)


def noting_fallbacks(documents: Iterable[Document], scheme: str) -> Iterator[Document]:
    """``documents`` unchanged, announcing (once each, per write or run) the labels that a
    format of its own ``scheme`` (i2b2 2006/2014, PhysioNet) writes as a nearest label."""
    table = output_scheme(scheme)
    announced: set[tuple[str, str]] = set()
    for document in documents:
        for span in document.spans:
            if user_label(span) is None:
                name, fallback = table.label_for(span)
                if fallback:
                    announce_fallback(scheme, span.label, name, announced)
        yield document
