"""De-identified output: remove, tag, mask or replace PHI with realistic surrogates.

>>> from deidkit.redact import deidentify
>>> from deidkit.types import Span
>>> result = deidentify("Seen 3/14/2012.", spans=[Span(5, 14, "DATE")], mode="tag")
>>> result.text
'Seen [**DATE**].'
>>> result.spans[0].start, result.spans[0].end
(5, 15)

Detection and redaction are separate: ``deidentify`` takes spans (a document's own, ``spans=``
for a plain string, or those of a ``detector``) and replaces them; the core
(``core.apply_replacements``) is a pure function of text and spans. In surrogate mode the
surrogates come from a secret key (``key=``; a random one when omitted) so the same key gives
the same output, and every value of a patient maps to the same surrogate in all of the
patient's documents.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, overload

from deidkit.detector import (  # detection's steps, shared with batch runs
    Detector,
    Predictor,
    detect,
    load_detector,
    model_argument,
    resolve_detector,
)
from deidkit.errors import ConfigError
from deidkit.io.schemes import announce_fallback
from deidkit.redact.core import Edit, OffsetMap, Replaced, apply_replacements
from deidkit.redact.engine import (
    Deidentifier,
    MappingEntry,
    Redacted,
    RedactOptions,
    patient_of,
)
from deidkit.redact.keys import SecretKey
from deidkit.redact.mapping import read_mapping, write_mapping
from deidkit.redact.modes import MODES, TAG_STYLES, Mode
from deidkit.types import Document, Span


@dataclass(frozen=True, slots=True)
class TextResult:
    """A de-identified string: the text, spans on the replacements, the mapping if asked."""

    text: str
    spans: tuple[Span, ...]
    mapping: tuple[MappingEntry, ...]
    offsets: OffsetMap


@dataclass(frozen=True, slots=True)
class CorpusResult:
    """De-identified documents (spans on the replacements) and the mapping if asked."""

    documents: tuple[Document, ...]
    mapping: tuple[MappingEntry, ...]


def _options(options: RedactOptions | None, mode: str | None, lang: str | None) -> RedactOptions:
    options = options or RedactOptions()
    changes: dict[str, Any] = {}
    if mode is not None:
        changes["mode"] = mode
    if lang is not None:
        changes["lang"] = lang
    return replace(options, **changes) if changes else options


@overload
def deidentify(
    text_or_documents: str,
    *,
    mode: Mode | None = None,
    key: SecretKey | bytes | str | None = None,
    model: Predictor | str | None = None,
    lang: str | None = None,
    spans: Iterable[Span] | None = None,
    options: RedactOptions | None = None,
    with_mapping: bool = False,
    detector: Predictor | str | None = None,
) -> TextResult: ...


@overload
def deidentify(
    text_or_documents: Document | Iterable[Document],
    *,
    mode: Mode | None = None,
    key: SecretKey | bytes | str | None = None,
    model: Predictor | str | None = None,
    lang: str | None = None,
    spans: Iterable[Span] | None = None,
    options: RedactOptions | None = None,
    with_mapping: bool = False,
    detector: Predictor | str | None = None,
) -> CorpusResult: ...


def deidentify(
    text_or_documents: str | Document | Iterable[Document],
    *,
    mode: Mode | None = None,
    key: SecretKey | bytes | str | None = None,
    model: Predictor | str | None = None,
    lang: str | None = None,
    spans: Iterable[Span] | None = None,
    options: RedactOptions | None = None,
    with_mapping: bool = False,
    detector: Predictor | str | None = None,
) -> TextResult | CorpusResult:
    """De-identify a string or documents.

    - A string: its PHI is given by ``spans=``, else found by ``model`` (default: the
      language's default model). Returns a ``TextResult`` (``.text``, ``.spans``,
      ``.mapping``).
    - Documents: their own spans are used unless a ``model`` is given. Returns a
      ``CorpusResult`` (``.documents``, ``.mapping``); documents of one patient (same
      ``patient_id``) share surrogates and one date shift.

    ``mode`` is one of ``surrogate`` (default), ``tag``, ``placeholder``, ``remove``, ``mask``;
    ``options`` holds the rest (``RedactOptions``; its ``labels`` names the label scheme tag
    mode writes, a nearest-label fallback announced once per call as a log warning).
    ``key`` (bytes, str or ``SecretKey``) makes surrogates reproducible; without one a random
    key is used and forgotten. The mapping (original text of every replacement) is only
    returned with ``with_mapping=True``.
    ``model`` is a model name, a model folder or an object with ``predict(documents)``
    (``detector=`` is its deprecated old name).
    """
    model = model_argument(model, detector)
    settings = _options(options, mode, lang)
    deidentifier = Deidentifier(settings, key=key)
    if isinstance(text_or_documents, str):
        document = Document("text", text_or_documents, tuple(spans or ()))
        if spans is None:
            found = resolve_detector(model if model is not None else "default", settings.lang)
            if found is not None:
                document = detect([document], found)[0]
        elif model is not None:
            raise ConfigError("give either spans= or model=, not both")
        redacted = deidentifier.redact(document, with_mapping=with_mapping)
        _announce(deidentifier)
        return TextResult(
            redacted.document.text,
            redacted.document.spans,
            redacted.mapping if with_mapping else (),
            redacted.offsets,
        )
    if spans is not None:
        raise ConfigError("spans= is for a plain string; documents carry their own spans")
    documents = (
        [text_or_documents] if isinstance(text_or_documents, Document) else list(text_or_documents)
    )
    found = resolve_detector(model, settings.lang)
    if found is not None:
        documents = detect(documents, found)
    results = deidentifier.redact_all(documents, with_mapping=with_mapping)
    _announce(deidentifier)
    mapping = tuple(entry for item in results for entry in item.mapping) if with_mapping else ()
    return CorpusResult(tuple(item.document for item in results), mapping)


def _announce(deidentifier: Deidentifier) -> None:
    """Say once per call which labels tag mode wrote as the scheme's nearest label."""
    if deidentifier.scheme is not None:
        announced: set[tuple[str, str]] = set()
        for label, name in deidentifier.fallbacks.items():
            announce_fallback(deidentifier.scheme.name, label, name, announced)


__all__ = [
    "MODES",
    "TAG_STYLES",
    "CorpusResult",
    "Deidentifier",
    "Detector",
    "Edit",
    "MappingEntry",
    "Mode",
    "OffsetMap",
    "Predictor",
    "RedactOptions",
    "Redacted",
    "Replaced",
    "SecretKey",
    "TextResult",
    "apply_replacements",
    "deidentify",
    "detect",
    "load_detector",
    "patient_of",
    "read_mapping",
    "resolve_detector",
    "write_mapping",
]
