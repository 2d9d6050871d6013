"""Label schemes on the way in and out: user label maps, unknown labels, output schemes.

- A **label map** (``--label-map FILE``) says what a corpus's own labels mean: each maps to a
  canonical label or to ``ignore`` (the span is dropped on reading). JSON (an object), YAML
  (when PyYAML is installed) or text lines ``LABEL = CANONICAL`` (``#`` starts a comment).
- While a corpus is read (``read_documents(..., label_map=..., unknown_labels=...)``) the
  readers ask ``map_label`` first; a label neither the map nor deidkit knows is an error
  (``unknown_labels="error"``) or the span is dropped (``"drop"``: commands that do not use
  the input spans, such as model-based ``detect``).
- An **output scheme** (``--labels canonical|meddocan|i2b2-2006|i2b2-2014|physionet|FILE``)
  chooses the labels written: ``relabel`` sets each span's ``source_label`` to its name in
  the scheme (the span's own corpus label when it belongs to the scheme, else the scheme's
  name for the canonical label, else the documented nearest one, announced once per run).

Messages never quote a label read from a file (labels are content): they name the file,
line or entry and the option that fixes it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from deidkit.errors import ConfigError
from deidkit.labels import (
    I2B2_2006,
    I2B2_2014,
    LABELS,
    MEDDOCAN,
    PHYSIONET,
    PREFERRED_NAMES,
    Category,
)
from deidkit.types import Document, Span

IGNORE = "ignore"
"""A label map target: spans with this corpus label are dropped on reading."""

UNKNOWN_LABEL_POLICIES = ("error", "drop")
LABEL_READ_OPTIONS = ("label_map", "unknown_labels")
"""Reader options every format takes (``read_documents`` handles them)."""
LABEL_WRITE_OPTIONS = ("labels",)
"""Writer options every format takes (``write_documents`` handles them)."""

SCHEME_NAMES = ("canonical", "meddocan", "i2b2-2006", "i2b2-2014", "physionet")
"""Named output schemes; ``--labels`` also takes a label map file."""

_log = logging.getLogger("deidkit.labels")


# --- label maps -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LabelMap:
    """Corpus label -> canonical label or ``ignore``; ``name`` is the file it came from."""

    entries: tuple[tuple[str, str], ...]
    name: str = ""

    def get(self, label: str) -> str | None:
        for key, target in self.entries:
            if key == label:
                return target
        return None

    def as_dict(self) -> dict[str, str]:
        return dict(self.entries)

    def inverse(self) -> dict[str, str]:
        """The first corpus label of each canonical label (``ignore`` entries left out)."""
        result: dict[str, str] = {}
        for key, target in self.entries:
            if target != IGNORE:
                result.setdefault(target, key)
        return result

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, name: str = "label map") -> LabelMap:
        """A checked map; a bad entry is a ConfigError naming its position, not its value."""
        entries: list[tuple[str, str]] = []
        for number, (key, target) in enumerate(data.items(), 1):
            if not isinstance(key, str) or not key.strip() or any(c.isspace() for c in key):
                raise ConfigError(
                    f"{name}, entry {number}: a corpus label must be a non-empty word; fix it"
                )
            target = _canonical_target(target)
            if target is None:
                raise ConfigError(
                    f"{name}, entry {number}: the target is not a canonical label; map each "
                    f"label to one of {', '.join(LABELS)} or '{IGNORE}'"
                )
            entries.append((key, target))
        return cls(tuple(entries), name)


def _canonical_target(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    value = value.strip()
    if value.casefold() == IGNORE:
        return IGNORE
    upper = value.upper().replace("-", "_")
    return upper if upper in LABELS else None


def load_label_map(path: str | Path) -> LabelMap:
    """Read a label map file: JSON, YAML (``.yaml``/``.yml``, needs PyYAML) or ``A = B`` lines."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        raise ConfigError(
            f"{path}: cannot read the label map; give a UTF-8 JSON, YAML or text file"
        ) from None
    suffix = path.suffix.lower()
    stripped = text.lstrip()
    if suffix == ".json" or stripped.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ConfigError(
                f"{path}, line {error.lineno}: not valid JSON; write an object "
                '{"CORPUS_LABEL": "CANONICAL", ...}'
            ) from None
    elif suffix in (".yaml", ".yml"):
        data = _load_yaml(path, text)
    else:
        data = _load_lines(path, text)
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: a label map is a table of CORPUS_LABEL: CANONICAL entries")
    return LabelMap.from_dict(data, name=str(path))


def _load_yaml(path: Path, text: str) -> Any:
    try:
        import yaml  # lazy: optional; JSON and text maps need nothing
    except ImportError:
        raise ConfigError(
            f"{path}: reading YAML needs PyYAML (pip install pyyaml); or write the map as "
            "JSON or as LABEL = CANONICAL lines"
        ) from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f", line {mark.line + 1}" if mark is not None else ""
        raise ConfigError(f"{path}{where}: not valid YAML; write CORPUS_LABEL: CANONICAL") from None


def _load_lines(path: Path, text: str) -> dict[str, str]:
    data: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition("=")
        if not sep:
            key, sep, value = line.partition(":")
        if not sep or not key.strip() or not value.strip():
            raise ConfigError(f"{path}, line {number}: write CORPUS_LABEL = CANONICAL")
        if key.strip() in data:
            raise ConfigError(f"{path}, line {number}: this label is mapped twice; keep one")
        data[key.strip()] = value.strip()
    return data


def as_label_map(value: LabelMap | str | Path | Mapping[str, str] | None) -> LabelMap | None:
    """A LabelMap from a map, a file path or a plain dict (None stays None)."""
    if value is None or isinstance(value, LabelMap):
        return value
    if isinstance(value, Mapping):
        return LabelMap.from_dict(value)
    return load_label_map(value)


# --- reading ----------------------------------------------------------------------------------


@dataclass(slots=True)
class _Reading:
    label_map: LabelMap | None
    drop_unknown: bool
    dropped: set[str] = field(default_factory=set)


_READING: ContextVar[_Reading | None] = ContextVar("deidkit_label_reading", default=None)


def map_label(label: str, *, ignore_case: bool = False) -> str | None:
    """What the label map of the corpus being read says ``label`` means: a canonical label,
    ``"OTHER"`` for a label to drop (``ignore``; the span is left out of the document), or
    None when the map does not name it (``ignore_case``: in any case, for inline tags)."""
    reading = _READING.get()
    if reading is None or reading.label_map is None:
        return None
    target = reading.label_map.get(label)
    if target is None and ignore_case:
        folded = label.casefold()
        target = next(
            (t for key, t in reading.label_map.entries if key.casefold() == folded), None
        )
    if target == IGNORE:
        reading.dropped.add(label)
        return "OTHER"
    return target


def drop_unknown(label: str) -> str | None:
    """``"OTHER"`` (the span is dropped after reading) when unknown labels are dropped in
    this read, else None (the caller raises its unknown-label error)."""
    reading = _READING.get()
    if reading is None or not reading.drop_unknown:
        return None
    reading.dropped.add(label)
    return "OTHER"


def has_label_map() -> bool:
    reading = _READING.get()
    return reading is not None and reading.label_map is not None


def mapped_name(name: str) -> bool:
    """True if the active label map names ``name`` (case-insensitively, for inline tags)."""
    reading = _READING.get()
    if reading is None or reading.label_map is None:
        return False
    folded = name.casefold()
    return any(key.casefold() == folded for key, _ in reading.label_map.entries)


class LabelReading:
    """The label options of one read (a label map, the unknown-label policy), made active
    around each document read with ``active()``."""

    def __init__(self, label_map: LabelMap | None, unknown_labels: str = "error") -> None:
        if unknown_labels not in UNKNOWN_LABEL_POLICIES:
            raise ConfigError(
                f"unknown_labels must be one of: {', '.join(UNKNOWN_LABEL_POLICIES)}"
            )
        self._reading = _Reading(label_map, unknown_labels == "drop")

    @contextmanager
    def active(self) -> Iterator[None]:
        token = _READING.set(self._reading)
        try:
            yield
        finally:
            _READING.reset(token)

    def kept(self, document: Document) -> Document:
        """``document`` without spans whose corpus label was dropped (a reader that built
        it outside ``active()``)."""
        dropped = self._reading.dropped
        if dropped and any(_dropped(span, dropped) for span in document.spans):
            kept = tuple(span for span in document.spans if not _dropped(span, dropped))
            document = replace(document, spans=kept)
        return document


def label_reading(options: Mapping[str, str]) -> LabelReading | None:
    """The ``LabelReading`` of reader options (``label_map``: a file; ``unknown_labels``),
    or None when they name neither."""
    label_map = options.get("label_map")
    unknown_labels = options.get("unknown_labels", "error")
    if label_map is None and unknown_labels == "error":
        return None
    return LabelReading(as_label_map(label_map), unknown_labels)


def read_with_labels(
    documents: Iterator[Document], label_map: LabelMap | None, unknown_labels: str
) -> Iterator[Document]:
    """Stream ``documents`` with the label map active while each one is read; spans whose
    corpus label is ignored (or unknown, with ``unknown_labels="drop"``) are removed (the
    readers leave them out before a document's overlap check: ``without_dropped``)."""
    reading = LabelReading(label_map, unknown_labels)
    while True:
        with reading.active():
            try:
                document = next(documents)
            except StopIteration:
                return
        yield reading.kept(document)


def is_dropped(label: str) -> bool:
    """True if the read in progress drops spans with the corpus label ``label`` (the map
    says ``ignore``, or it is unknown and unknown labels are dropped)."""
    reading = _READING.get()
    return reading is not None and label in reading.dropped


def without_dropped(spans: Iterable[Span]) -> list[Span]:
    """``spans`` minus those whose corpus label the read in progress drops, so that an
    ignored span overlapping a kept one is no overlap error."""
    reading = _READING.get()
    if reading is None or not reading.dropped:
        return list(spans)
    return [span for span in spans if not _dropped(span, reading.dropped)]


def _dropped(span: Span, dropped: set[str]) -> bool:
    source = span.source_label
    if source is None:
        return False
    return source in dropped or source.rpartition(":")[2] in dropped


# --- output schemes ---------------------------------------------------------------------------

_I2B2_2014_TYPES: dict[str, str] = {type_: canonical for (_, type_), canonical in I2B2_2014.items()}

SCHEME_TABLES: dict[str, dict[str, str]] = {
    "canonical": {name: name for name in LABELS},
    "meddocan": MEDDOCAN,
    "i2b2-2006": I2B2_2006,
    "i2b2-2014": _I2B2_2014_TYPES,
    "physionet": PHYSIONET,
}
"""Scheme label -> canonical label, per named scheme (i2b2 2014: its TYPE values)."""

PREFERRED = PREFERRED_NAMES
"""The scheme label written for a canonical label that several scheme labels map to, when
the span carries none of them (e.g. a model trained on canonical labels)."""

NEAREST: dict[str, dict[str, str]] = {
    "meddocan": {
        "USERNAME": "NOMBRE_PERSONAL_SANITARIO",
        "DEPARTMENT": "HOSPITAL",
        "ROOM": "OTROS_SUJETO_ASISTENCIA",
        "CITY": "TERRITORIO",
        "STATE": "TERRITORIO",
        "ZIP": "TERRITORIO",
        "SSN": "ID_ASEGURAMIENTO",
    },
    "i2b2-2006": {
        "RELATIVE": "PATIENT",
        "USERNAME": "DOCTOR",
        "DEPARTMENT": "LOCATION",
        "ROOM": "LOCATION",
        "STREET": "LOCATION",
        "CITY": "LOCATION",
        "STATE": "LOCATION",
        "ZIP": "LOCATION",
        "COUNTRY": "LOCATION",
        "ORGANIZATION": "LOCATION",
        "FAX": "PHONE",
    },
    "i2b2-2014": {"RELATIVE": "PATIENT"},
    "physionet": {"FAX": "Phone", "USERNAME": "HCPName"},
}
"""Documented nearest labels (docs/formats.md) for canonical labels a scheme has no name
for. Beyond these: i2b2 2006 writes ``ID`` for every ID label, PhysioNet ``Location`` for
places and ``Other`` for the rest; anything else keeps its canonical name."""

_PHYSIONET_BY_CATEGORY = {Category.LOCATION: "Location"}


@dataclass(frozen=True, slots=True)
class OutputScheme:
    """Where output labels come from: a named scheme or a user label map."""

    name: str
    table: Mapping[str, str]
    preferred: Mapping[str, str]
    nearest: Mapping[str, str]

    def label_for(self, span: Span) -> tuple[str, bool]:
        """(the span's label in this scheme, whether it is a nearest-label fallback)."""
        source = span.source_label
        if source is not None:
            bare = source.rpartition(":")[2] if self.name == "i2b2-2014" else source
            if self.table.get(bare) == span.label:
                return bare, False
        if span.label in self.preferred:
            return self.preferred[span.label], False
        if span.label in self.nearest:
            return self.nearest[span.label], True
        category = LABELS[span.label].category
        if self.name == "i2b2-2006" and category is Category.ID:
            return "ID", True
        if self.name == "physionet":
            return _PHYSIONET_BY_CATEGORY.get(category, "Other"), True
        return span.label, self.name != "canonical"


def output_scheme(value: str | Path | LabelMap) -> OutputScheme:
    """The output scheme ``--labels`` names: a scheme name or a label map file."""
    if isinstance(value, LabelMap):
        label_map = value
    elif isinstance(value, str) and value.startswith("{"):  # a model's saved map, as JSON
        label_map = LabelMap.from_dict(json.loads(value), name="the model's label map")
    elif str(value) in SCHEME_TABLES:
        name = str(value)
        table = SCHEME_TABLES[name]
        preferred = {**_first_names(table), **PREFERRED.get(name, {})}
        return OutputScheme(name, table, preferred, NEAREST.get(name, {}))
    elif Path(value).is_file():
        label_map = load_label_map(value)
    else:
        raise ConfigError(
            f"--labels: use one of {', '.join(SCHEME_NAMES)} or a label map file"
        )
    table = {key: target for key, target in label_map.entries if target != IGNORE}
    return OutputScheme("map", table, label_map.inverse(), {})


def _first_names(table: Mapping[str, str]) -> dict[str, str]:
    result: dict[str, str] = {}
    for name, canonical in table.items():
        result.setdefault(canonical, name)
    return result


_ANNOUNCED: ContextVar[set[tuple[str, str]] | None] = ContextVar(
    "deidkit_fallbacks_announced", default=None
)


@contextmanager
def one_note_per_fallback() -> Iterator[None]:
    """Within this block (a command's run) each nearest-label fallback is announced once,
    whoever writes it (the annotation writer, the tags of tag mode)."""
    token = _ANNOUNCED.set(set())
    try:
        yield
    finally:
        _ANNOUNCED.reset(token)


def announce_fallback(
    scheme: str, label: str, name: str, announced: set[tuple[str, str]] | None = None
) -> None:
    """Say once (a log warning; labels only, never note text) that ``scheme`` has no name
    for the canonical ``label`` and ``name`` is written instead."""
    seen = _ANNOUNCED.get()
    if seen is None:
        seen = announced if announced is not None else set()
    if (scheme, label) in seen:
        return
    seen.add((scheme, label))
    _log.warning(
        "note: the %s labels have no name for %s; written as %s (docs/formats.md)",
        scheme, label, name,
    )


def announce_fallbacks(scheme: OutputScheme, labels: Iterable[str]) -> None:
    """Announce (once each) the canonical ``labels`` that ``scheme`` writes as a nearest
    label: whether a label falls back depends on the canonical label alone."""
    for label in sorted(set(labels)):
        if label in LABELS:
            name, fallback = scheme.label_for(Span(0, 1, label))
            if fallback:
                announce_fallback(scheme.name, label, name)


def portable_labels(value: str | Path) -> str:
    """A ``--labels`` value that needs no file: a label map file becomes its map as JSON
    (what ``output_scheme`` reads back), so workers elsewhere can use it."""
    text = str(value)
    if text in SCHEME_TABLES or text.startswith("{"):
        return text
    output_scheme(value)  # a bad value is the --labels error
    return json.dumps(load_label_map(value).as_dict())


def relabel(documents: Iterator[Document] | Any, scheme: OutputScheme) -> Iterator[Document]:
    """``documents`` with each span's ``source_label`` set to its label in ``scheme``; each
    canonical label written as a nearest label is announced once (a log warning)."""
    announced: set[tuple[str, str]] = set()
    for document in documents:
        spans = []
        for span in document.spans:
            name, fallback = scheme.label_for(span)
            if fallback:
                announce_fallback(scheme.name, span.label, name, announced)
            spans.append(span if span.source_label == name else replace(span, source_label=name))
        yield replace(document, spans=tuple(spans))


def model_scheme(metadata: Any) -> str | None:
    """The output labels a model's metadata names: its ``label_scheme`` when that is a named
    scheme other than ``canonical``, its saved user label map as JSON (``map``), else None."""
    if not isinstance(metadata, Mapping):
        return None
    scheme = metadata.get("label_scheme")
    if scheme == "map" and isinstance(metadata.get("label_map"), dict):
        return json.dumps(metadata["label_map"])
    if isinstance(scheme, str) and scheme in SCHEME_NAMES and scheme != "canonical":
        return scheme
    return None


def detector_scheme(detector: Any) -> str | None:
    """``model_scheme`` of a detector object's ``metadata_``, looking through the wrappers
    that hold it (``.detector``, ``.predictor``: locked, adjusted, piecewise)."""
    candidate = detector
    for _ in range(6):
        if candidate is None:
            return None
        metadata = getattr(candidate, "metadata_", None)
        if isinstance(metadata, Mapping):
            return model_scheme(metadata)
        candidate = getattr(candidate, "detector", None) or getattr(candidate, "predictor", None)
    return None


# --- writing ----------------------------------------------------------------------------------

_WRITING: ContextVar[str | None] = ContextVar("deidkit_label_writing", default=None)


def writing_scheme() -> str | None:
    """The ``--labels`` scheme of the write in progress (its labels are in ``source_label``)."""
    return _WRITING.get()


def set_writing_scheme(name: str | None) -> Any:
    return _WRITING.set(name)


def reset_writing_scheme(token: Any) -> None:
    _WRITING.reset(token)


def scheme_of_labels(source_labels: set[str]) -> str | None:
    """The named scheme whose labels include all of ``source_labels`` (None if none does);
    canonical names first, so a corpus labelled ``HOSPITAL`` alone is not MEDDOCAN's."""
    if not source_labels:
        return None
    for name in ("canonical", "meddocan", "physionet", "i2b2-2006", "i2b2-2014"):
        table = SCHEME_TABLES[name]
        if all(label.rpartition(":")[2] in table for label in source_labels):
            return name
    return None


def label_metadata(documents: list[Document], label_map: LabelMap | None) -> dict[str, Any]:
    """What a trained model's metadata says about its labels: ``label_scheme`` (a named
    scheme, ``map`` for a user label map, or ``canonical``), ``labels`` (the corpus labels
    it learned, each with its canonical label) and ``label_map`` (the user's map, if any)."""
    pairs: dict[str, str] = {}
    for document in documents:
        for span in document.spans:
            pairs.setdefault(span.source_label or span.label, span.label)
    if label_map is not None:
        scheme = "map"
    else:
        scheme = scheme_of_labels({s.source_label for d in documents for s in d.spans
                                   if s.source_label is not None} or set()) or "canonical"
    data: dict[str, Any] = {"label_scheme": scheme, "labels": dict(sorted(pairs.items()))}
    if label_map is not None:
        data["label_map"] = label_map.as_dict()
    return data
