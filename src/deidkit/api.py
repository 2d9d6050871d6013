"""The public Python API: ``deidkit.load_model``, ``deidkit.detect``, ``deidkit.deidentify``.

>>> import deidkit
>>> found = deidkit.detect("Seen by Dr. Alice Wong on 3/14/2012.")
>>> [(found.span_text(s), s.label) for s in found.spans]
[('Alice Wong', 'DOCTOR'), ('3/14/2012', 'DATE')]
>>> deidkit.deidentify("Seen by Dr. Alice Wong on 3/14/2012.", mode="tag").text
'Seen by Dr. [**DOCTOR**] on [**DATE**].'

These are the objects the command line uses: ``load_model`` is ``deidkit.models.load_model``
(a detector with ``predict(documents)``), ``deidentify`` wraps ``deidkit.redact.deidentify``
and returns its ``TextResult`` / ``CorpusResult``. Models named by ``model=`` are loaded once
per process and kept (``cached_model``); a model is used by one thread at a time. For files
and folders at scale use ``deidkit.batch.run_deidentify`` / ``run_detect`` (docs/scale.md).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, overload

from deidkit.detector import Detector, Predictor
from deidkit.detector import detect as _detect
from deidkit.errors import ConfigError
from deidkit.models import load_model as _load_model
from deidkit.types import Document, Span

if TYPE_CHECKING:
    from deidkit.redact import CorpusResult, TextResult
    from deidkit.redact.engine import RedactOptions
    from deidkit.redact.keys import SecretKey
    from deidkit.redact.modes import Mode

ANNOTATIONS = "annotations"
"""``model=ANNOTATIONS``: use the spans the documents already carry (no detection)."""
CACHE_SIZE = 8
_cache: OrderedDict[tuple[str, str, float | None], tuple[Detector, threading.Lock]] = (
    OrderedDict()
)
_cache_lock = threading.Lock()

Model = str | Path | Predictor | None
"""What ``model=`` takes: a shipped model name, a model folder, a detector object (anything
with ``predict(documents)``), or None for the language's default model."""


def load_model(
    name_or_path: str | Path | None = None, lang: str = "en", *, threshold: float | None = None
) -> Detector:
    """A trained detector: a shipped model name (``"en"``, ``"es"``), a model folder, or None
    for the default model of ``lang``. Same as ``deidkit.models.load_model``; ``threshold``
    sets its operating point (``deidkit.models.operating``; None: the one saved with it)."""
    detector = _load_model(name_or_path, lang=lang)
    if threshold is not None:
        from deidkit.models.adjust import apply_threshold  # lazy: as in _detector

        apply_threshold(detector, threshold)
    return detector


def cached_model(
    name_or_path: str | Path | None = None, lang: str = "en", *, threshold: float | None = None
) -> Detector:
    """``load_model``, loaded once per process (the last ``CACHE_SIZE`` models are kept)."""
    return _cached(name_or_path, lang, threshold)[0]


def shared_model(
    name_or_path: str | Path | None = None, lang: str = "en", *, threshold: float | None = None
) -> LockedDetector:
    """``cached_model`` behind its lock: safe to call ``predict`` from several threads (one
    prediction at a time per model). What ``model=`` of ``detect``/``deidentify`` and the
    service use."""
    return LockedDetector(*_cached(name_or_path, lang, threshold))


def _cached(
    name_or_path: str | Path | None, lang: str, threshold: float | None = None
) -> tuple[Detector, threading.Lock]:
    key = (str(name_or_path) if name_or_path is not None else "default", lang, threshold)
    with _cache_lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    # outside the lock: loading may take a while
    detector = load_model(name_or_path, lang, threshold=threshold)
    with _cache_lock:
        entry = _cache.setdefault(key, (detector, threading.Lock()))
        _cache.move_to_end(key)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return entry


def loaded_models() -> list[dict[str, str]]:
    """The models this process holds (name or path, language)."""
    with _cache_lock:
        return [{"model": name, "lang": lang} for name, lang, _ in _cache]


class LockedDetector:
    """A cached detector used by one thread at a time (detectors need not be thread-safe)."""

    def __init__(self, detector: Detector, lock: threading.Lock) -> None:
        self.detector = detector
        self.lock = lock

    def predict(self, documents: Sequence[Document]) -> list[Document]:
        with self.lock:
            return self.detector.predict(documents)


def _detector(
    model: Model,
    lang: str,
    *,
    threshold: float | None = None,
    ages: str = "all",
    propagate: bool | None = None,
) -> Predictor | None:
    # lazy: the passes after detection (and the corpus formats, the redaction engine below)
    # load only when a call detects or redacts; load_model alone needs none of them
    from deidkit.models.adjust import adjusted, apply_threshold

    if model == ANNOTATIONS:
        return None
    if model is None or isinstance(model, str | Path):
        found: Predictor = shared_model(model, lang, threshold=threshold)
    elif not callable(getattr(model, "predict", None)):
        raise ConfigError("model= takes a model name, a model folder or a detector object")
    else:
        found = model
        apply_threshold(model, threshold)  # a detector object is put at that point itself
    return adjusted(found, ages=ages, propagate=propagate, lang=lang)


@overload
def detect(
    text_or_documents: str | Document,
    *,
    model: Model = None,
    lang: str = "en",
    threshold: float | None = None,
    ages: str = "all",
    propagate: bool | None = None,
) -> Document: ...


@overload
def detect(
    text_or_documents: Iterable[Document],
    *,
    model: Model = None,
    lang: str = "en",
    threshold: float | None = None,
    ages: str = "all",
    propagate: bool | None = None,
) -> list[Document]: ...


def detect(
    text_or_documents: str | Document | Iterable[Document],
    *,
    model: Model = None,
    lang: str = "en",
    threshold: float | None = None,
    ages: str = "all",
    propagate: bool | None = None,
) -> Document | list[Document]:
    """The PHI spans of a string or documents, found by ``model`` (default: the language's
    default model).

    ``threshold``: the operating point (a token is PHI when the model's probability that it
    is outside PHI is below it; None: the model's own). ``ages``: ``all`` (every age, i2b2
    2014) or ``over-89`` (HIPAA: ages under 90 are not PHI). ``propagate``: further
    mentions of the names and IDs found are PHI in the same patient's documents (None: the
    default, ``deidkit.models.adjust.PROPAGATE_DEFAULT``).

    A string or a Document gives a Document (``.spans``; ``.span_text(span)``); an iterable
    of Documents gives a list of Documents. Each returned document has the model's spans in
    place of its own.
    """
    detector = _detector(model, lang, threshold=threshold, ages=ages, propagate=propagate)
    if detector is None:
        raise ConfigError("detect needs a model, not the documents' annotations")
    if isinstance(text_or_documents, str):
        return _detect([Document("text", text_or_documents)], detector)[0]
    if isinstance(text_or_documents, Document):
        return _detect([text_or_documents], detector)[0]
    return _detect(list(text_or_documents), detector)


@overload
def deidentify(
    text_or_documents: str,
    *,
    model: Model = None,
    mode: Mode | None = None,
    key: SecretKey | bytes | str | None = None,
    lang: str | None = None,
    spans: Iterable[Span] | None = None,
    options: RedactOptions | None = None,
    with_mapping: bool = False,
    threshold: float | None = None,
    ages: str = "all",
    propagate: bool | None = None,
    labels: str | Path | None = None,
) -> TextResult: ...


@overload
def deidentify(
    text_or_documents: Document | Iterable[Document],
    *,
    model: Model = None,
    mode: Mode | None = None,
    key: SecretKey | bytes | str | None = None,
    lang: str | None = None,
    spans: Iterable[Span] | None = None,
    options: RedactOptions | None = None,
    with_mapping: bool = False,
    threshold: float | None = None,
    ages: str = "all",
    propagate: bool | None = None,
    labels: str | Path | None = None,
) -> CorpusResult: ...


def deidentify(
    text_or_documents: str | Document | Iterable[Document],
    *,
    model: Model = None,
    mode: Mode | None = None,
    key: SecretKey | bytes | str | None = None,
    lang: str | None = None,
    spans: Iterable[Span] | None = None,
    options: RedactOptions | None = None,
    with_mapping: bool = False,
    threshold: float | None = None,
    ages: str = "all",
    propagate: bool | None = None,
    labels: str | Path | None = None,
) -> TextResult | CorpusResult:
    """Remove or replace the PHI of a string or documents.

    The PHI is found by ``model`` (default: the language's default model), or given:
    ``spans=`` for a string, ``model="annotations"`` for documents that carry their spans.
    ``mode``: ``surrogate`` (default), ``tag``, ``placeholder``, ``remove`` or ``mask``;
    ``options`` (``RedactOptions``) holds every other setting of ``deidkit deidentify``.
    ``key`` (16+ bytes) makes surrogates and date shifts reproducible; without one a random
    key is used and forgotten. A string gives a ``TextResult`` (``.text``, ``.spans``,
    ``.mapping`` with ``with_mapping=True``, ``.offsets``); documents give a
    ``CorpusResult`` (``.documents``, ``.mapping``), where the notes of one patient
    (``patient_id``) share surrogates and one date shift. ``threshold``, ``ages`` and
    ``propagate`` apply to the model's detection, as for ``detect``. ``labels``: the label
    scheme of tag mode's tags (``canonical``, ``meddocan``, ``i2b2-2006``, ``i2b2-2014``,
    ``physionet`` or a label map file; default: ``options.labels``, else the scheme the model
    was trained on, as ``deidkit deidentify`` does: MEDDOCAN's types for the ``es`` model).
    """
    from deidkit.io.schemes import detector_scheme  # lazy: as in _detector
    from deidkit.redact import deidentify as _redact
    from deidkit.redact.engine import RedactOptions

    language = lang or (options.lang if options is not None else "en")
    detector = None if spans is not None else _detector(
        model, language, threshold=threshold, ages=ages, propagate=propagate
    )
    if isinstance(text_or_documents, str) and spans is None and detector is None:
        raise ConfigError('model="annotations" is for documents; give spans= for a string')
    chosen = str(labels) if labels is not None else None
    if chosen is None and (options is None or options.labels is None) and detector is not None:
        chosen = detector_scheme(detector)  # the model's own labels, as the command line
    if chosen is not None:
        options = replace(options or RedactOptions(), labels=chosen)
    return _redact(
        text_or_documents,
        mode=mode,
        key=key,
        model=detector,
        lang=lang,
        spans=spans,
        options=options,
        with_mapping=with_mapping,
    )


__all__ = [
    "ANNOTATIONS",
    "LockedDetector",
    "Model",
    "cached_model",
    "deidentify",
    "detect",
    "load_model",
    "loaded_models",
    "shared_model",
]
