"""Redacting documents: spans in, new documents with moved spans (and a mapping) out."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

from deidkit.errors import ConfigError
from deidkit.io.schemes import OutputScheme, output_scheme
from deidkit.labels import LABELS
from deidkit.lang import is_language, language_codes
from deidkit.redact.core import OffsetMap, apply_replacements
from deidkit.redact.keys import SecretKey
from deidkit.redact.modes import (
    MODES,
    Mode,
    check_mode,
    check_replacement,
    mask,
    render_tag,
    tag_template,
)
from deidkit.types import Document, Span

if TYPE_CHECKING:
    from deidkit.redact.surrogates.ages import AgePolicy


@dataclass(frozen=True, slots=True)
class RedactOptions:
    """Everything about how PHI is replaced (the key is passed separately).

    ``keep_labels`` are left as they are in every mode (e.g. ``{"STATE", "COUNTRY"}``, which
    Safe Harbor allows). In surrogate mode ages of 89 or less, times of day and weekday names
    are kept (they identify no one and the whole-week date shift keeps weekdays true).
    ``labels`` is the label scheme tag mode writes (``canonical``, ``meddocan``,
    ``i2b2-2006``, ``i2b2-2014``, ``physionet``, a label map file or a map as JSON; see
    ``deidkit.io.schemes``): ``{label}`` and ``{source_label}`` are then the span's name in
    it (the nearest one where it has none). None: the canonical label.
    """

    mode: Mode = "surrogate"
    lang: str = "en"
    null_marker: str = "NULL"
    placeholder: str = "[REMOVED]"
    tag: str = "brackets"
    mask_char: str = "*"
    date_shift_min: int = 28
    date_shift_max: int = 365
    age_policy: AgePolicy = "bucket"
    age_bucket: str = "90+"
    keep_labels: frozenset[str] = frozenset()
    pseudonymize_ids: bool = False
    labels: str | None = None

    def __post_init__(self) -> None:
        check_mode(self.mode)
        if not is_language(self.lang):
            raise ConfigError(
                f"unknown language {self.lang!r}; use one of: {', '.join(language_codes())}"
            )
        if len(self.mask_char) != 1:
            raise ConfigError("the mask character must be exactly one character, e.g. '*'")
        if not 7 <= self.date_shift_max <= 36500 or not self.date_shift_min >= 0:
            raise ConfigError(
                "the date shift range must be between 7 and 36500 days (whole weeks are used)"
            )
        if self.date_shift_min > self.date_shift_max:
            raise ConfigError("the smallest date shift is larger than the largest one")
        if self.age_policy not in ("bucket", "surrogate"):
            raise ConfigError("the age policy must be 'bucket' or 'surrogate'")
        unknown = set(self.keep_labels) - set(LABELS)
        if unknown:
            raise ConfigError(
                f"{len(unknown)} unknown label(s) to keep; use labels from: {', '.join(LABELS)}"
            )
        object.__setattr__(self, "keep_labels", frozenset(self.keep_labels))
        tag_template(self.tag)
        if self.labels is not None:
            output_scheme(self.labels)  # a bad scheme or map fails here, not mid-run
        check_replacement(self.placeholder, "placeholder")
        check_replacement(self.null_marker, "null marker")


@dataclass(frozen=True, slots=True)
class MappingEntry:
    """One replacement, for the honest broker: where, what it was, what it became."""

    document: str
    patient: str | None
    label: str
    start: int
    end: int
    original: str
    new_start: int
    new_end: int
    replacement: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "document": self.document,
            "patient": self.patient,
            "label": self.label,
            "start": self.start,
            "end": self.end,
            "original": self.original,
            "new_start": self.new_start,
            "new_end": self.new_end,
            "replacement": self.replacement,
        }


@dataclass(frozen=True, slots=True)
class Redacted:
    """A redacted document, its offset map and the replacements made."""

    document: Document
    offsets: OffsetMap
    mapping: tuple[MappingEntry, ...]


@dataclass
class _Numbers:
    """Numbers distinct values per patient and label for ``{n}`` in tags. Names are numbered
    by their words, so "John Smith", "Smith" and "Mr. Smith" share a number."""

    by_value: dict[tuple[str, str, str], int] = field(default_factory=dict)
    counts: dict[tuple[str, str], int] = field(default_factory=dict)

    def number(self, patient: str, label: str, value: str) -> int:
        from deidkit.redact.surrogates import NAME_LABELS  # lazy: as in Deidentifier
        from deidkit.redact.surrogates.names import fold, name_words

        key = (patient, label, fold(value.strip()))
        if key in self.by_value:
            return self.by_value[key]
        words = [fold(w) for w in name_words(value)] if label in NAME_LABELS else []
        known = [
            self.by_value[(patient, label, "word:" + w)]
            for w in reversed(words)
            if (patient, label, "word:" + w) in self.by_value
        ]
        if known:
            number = known[0]
        else:
            number = self.counts.get((patient, label), 0) + 1
            self.counts[(patient, label)] = number
        self.by_value[key] = number
        for word in words:
            self.by_value.setdefault((patient, label, "word:" + word), number)
        return number


def _mapping(
    document: Document, replacements: list[str], offsets: OffsetMap
) -> tuple[MappingEntry, ...]:
    """One mapping entry per span of the document (in span order)."""
    return tuple(
        MappingEntry(
            document=document.id,
            patient=document.patient_id,
            label=span.label,
            start=span.start,
            end=span.end,
            original=document.span_text(span),
            new_start=edit.new_start,
            new_end=edit.new_end,
            replacement=new,
        )
        for span, new, edit in zip(document.spans, replacements, offsets.edits, strict=True)
    )


def patient_of(document: Document) -> str:
    """The patient a document belongs to (a document without a patient id is its own)."""
    return document.patient_id if document.patient_id else f"document:{document.id}"


class Deidentifier:
    """Redacts documents one at a time with one key and one set of options.

    Call ``observe`` on every document of a patient before ``redact``-ing the first one to
    guarantee, across the patient's documents, that no surrogate (and no shifted date) reads
    as one of the patient's original PHI values; ``redact_all`` does this for you.
    """

    def __init__(
        self, options: RedactOptions | None = None, *, key: SecretKey | bytes | str | None = None
    ) -> None:
        # lazy: detection imports this module and draws no surrogate (~20 ms of imports)
        from deidkit.redact.surrogates import SurrogateGenerator, SurrogateSettings

        self.options = options or RedactOptions()
        self.key = SecretKey.coerce(key)
        self.surrogates = SurrogateGenerator(
            self.key,
            SurrogateSettings(
                lang=self.options.lang,
                date_shift_min=self.options.date_shift_min,
                date_shift_max=self.options.date_shift_max,
                age_policy=self.options.age_policy,
                age_bucket=self.options.age_bucket,
            ),
        )
        self._template = tag_template(self.options.tag)
        self._numbers = _Numbers()
        self.scheme: OutputScheme | None = (
            None if self.options.labels is None else output_scheme(self.options.labels)
        )
        self.fallbacks: dict[str, str] = {}
        """Canonical labels tag mode wrote as the scheme's nearest label, with that label
        (the caller announces them: once per run)."""

    def observe(self, document: Document) -> None:
        """Record a document's original PHI values (no output; observing twice is harmless)."""
        patient = patient_of(document)
        for span in document.spans:
            self.surrogates.observe(
                patient, span.label, document.span_text(span), document.note_date
            )
        if not document.spans:
            self.surrogates.patient(patient)
        if document.note_date:
            self.surrogates.observe(patient, "DATE", document.note_date, document.note_date)

    def redact(
        self, document: Document, *, with_mapping: bool = True, observed: bool = False
    ) -> Redacted:
        """The document with every span replaced according to the mode (the mapping is
        left empty with ``with_mapping=False``); ``observed=True`` skips observing a
        document the caller has already passed to ``observe``."""
        if not observed:
            self.observe(document)
        patient = patient_of(document)
        replacements = [self._replacement(document, span, patient) for span in document.spans]
        result = apply_replacements(document.text, document.spans, replacements)
        mapping = _mapping(document, replacements, result.offsets) if with_mapping else ()
        spans, scheme = result.spans, self.scheme
        if scheme is not None and self.options.mode == "tag":  # spans name what tags say
            spans = tuple(replace(s, source_label=self._scheme_label(scheme, s)) for s in spans)
        new_document = replace(
            document,
            text=result.text,
            spans=spans,
            patient_id=self._pseudonym("patient", document.patient_id),
            note_id=self._pseudonym("note", document.note_id),
            note_date=self._note_date(document, patient),
        )
        return Redacted(new_document, result.offsets, mapping)

    def redact_all(
        self, documents: Iterable[Document], *, with_mapping: bool = True
    ) -> list[Redacted]:
        """Observe every document, then redact each."""
        items = list(documents)
        for document in items:
            self.observe(document)
        return [
            self.redact(document, with_mapping=with_mapping, observed=True) for document in items
        ]

    def _replacement(self, document: Document, span: Span, patient: str) -> str:
        original = document.span_text(span)
        if span.label in self.options.keep_labels:
            return original
        mode = self.options.mode
        if mode == "surrogate":
            return self.surrogates.replace(original, span.label, patient)
        if mode == "tag":
            number = self._numbers.number(patient, span.label, original)
            if self.scheme is None:
                return render_tag(self._template, span.label, span.source_label, number)
            name = self._scheme_label(self.scheme, span)
            return render_tag(self._template, span.label, name, number, shown=name)
        if mode == "placeholder":
            return self.options.placeholder
        if mode == "remove":
            return self.options.null_marker
        return mask(original, self.options.mask_char)

    def _scheme_label(self, scheme: OutputScheme, span: Span) -> str:
        """The span's label in the tag scheme; a nearest-label fallback is remembered."""
        name, fallback = scheme.label_for(span)
        if fallback:
            self.fallbacks.setdefault(span.label, name)
        return name

    def _pseudonym(self, kind: str, value: str | None) -> str | None:
        if value is None or not self.options.pseudonymize_ids:
            return value
        digest = hashlib.sha256(self.key.digest("pseudonym", kind, value)).hexdigest()
        return f"{kind[0].upper()}-{digest[:12]}"

    def _note_date(self, document: Document, patient: str) -> str | None:
        """The note date shifted with the patient's dates in surrogate mode, else dropped."""
        if document.note_date is None or "DATE" in self.options.keep_labels:
            return document.note_date
        if self.options.mode != "surrogate":
            return None
        offset = self.surrogates.date_offset(patient)
        try:
            value = date.fromisoformat(document.note_date.strip())
        except ValueError:
            from deidkit.redact.surrogates.dates import DateShifter  # lazy: as in __init__

            shifter = DateShifter(offset, lang=self.options.lang)
            rng = self.key.rng("note-date", patient, document.note_date)
            return shifter.surrogate(document.note_date, rng)
        return (value + timedelta(days=offset)).isoformat()


__all__ = [
    "MODES",
    "Deidentifier",
    "MappingEntry",
    "RedactOptions",
    "Redacted",
    "patient_of",
]
