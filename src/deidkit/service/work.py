"""What the endpoints do: requests in, deidkit documents out (no HTTP here)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from deidkit.detector import Predictor
from deidkit.errors import DeidkitError
from deidkit.io.schemes import detector_scheme
from deidkit.models.adjust import adjusted, saved_propagate
from deidkit.pieces import DEFAULT_BATCH_SIZE, PiecewisePredictor
from deidkit.redact import deidentify, detect
from deidkit.redact.engine import MappingEntry, RedactOptions
from deidkit.redact.keys import SecretKey
from deidkit.service.models import ModelCatalog, TooLarge
from deidkit.service.schemas import DeidentifyRequest, DetectRequest, DocumentIn
from deidkit.service.settings import ServiceSettings
from deidkit.types import Document, Span

ANNOTATIONS = "annotations"
KeySource = Literal["request", "server", "random"]
Check = Callable[[], None]
"""Called between documents and pieces of a note: raises to stop the work."""


class Busy(DeidkitError):
    """Too many requests at work in this process (answered 503)."""

    code = "E503"


class OverBudget(DeidkitError):
    """The request ran out of its time budget (answered 504)."""

    code = "E504"


class Stopped(DeidkitError):
    """The client has gone or the server is stopping: the work is dropped."""

    code = "E499"


def _no_check() -> None:
    return None


@dataclass(frozen=True, slots=True)
class Deidentified:
    model: str
    key_source: KeySource
    documents: tuple[Document, ...]
    mapping: tuple[MappingEntry, ...]


def _documents(
    body: DetectRequest | DeidentifyRequest, settings: ServiceSettings, *, spans: bool
) -> list[Document]:
    if body.text is not None:
        return [Document("text", body.text)]
    items: list[DocumentIn] = body.documents or []
    if len(items) > settings.max_documents:
        raise TooLarge(
            f"{len(items)} documents in one request; send at most {settings.max_documents}"
        )
    seen: set[str] = set()
    documents = []
    for number, item in enumerate(items, 1):
        if item.id in seen:
            raise DeidkitError(
                f"documents[{number - 1}] repeats an earlier document's id; give each document "
                "its own id",
                code="E400",
            )
        seen.add(item.id)
        documents.append(
            Document(
                id=item.id,
                text=item.text,
                spans=tuple(Span(s.start, s.end, s.label.upper()) for s in item.spans or ())
                if spans
                else (),
                patient_id=item.patient_id,
                note_date=item.note_date,
            )
        )
    return documents


def detect_request(
    body: DetectRequest, catalog: ModelCatalog, settings: ServiceSettings, check: Check = _no_check
) -> tuple[str, list[Document]]:
    name, lang = catalog.resolve(body.model, body.lang)
    documents = _documents(body, settings, spans=False)
    return name, detect(documents, _predictor(body, catalog, name, lang, check))


def _predictor(
    body: DetectRequest | DeidentifyRequest, catalog: ModelCatalog, name: str, lang: str,
    check: Check,
) -> Predictor:
    """The request's model at its operating point, with its age rule and propagation; the
    request's documents go to it ``DEFAULT_BATCH_SIZE`` at a time, with the time budget and
    the client checked between batches (a request fails whole: nothing is returned for
    any of its documents when one cannot be processed)."""
    model = catalog.detector(name, lang, threshold=body.threshold)
    propagate = saved_propagate(model) if body.propagate is None else body.propagate
    pieces = PiecewisePredictor(model, check=check, batch_size=DEFAULT_BATCH_SIZE)
    return adjusted(pieces, ages=body.ages, propagate=propagate, lang=lang)


def deidentify_request(
    body: DeidentifyRequest,
    catalog: ModelCatalog,
    settings: ServiceSettings,
    default_key: SecretKey | None,
    check: Check = _no_check,
) -> Deidentified:
    annotated = body.model == ANNOTATIONS
    if annotated and body.text is not None:
        raise DeidkitError('"model": "annotations" needs documents with spans', code="E400")
    if annotated:
        name, lang = ANNOTATIONS, body.lang or settings.default_lang
    else:
        name, lang = catalog.resolve(body.model, body.lang)
    options = RedactOptions(
        mode=body.mode, lang=lang, **(body.settings.given() if body.settings else {})
    )
    source: KeySource
    if body.key is not None:
        key, source = SecretKey(body.key.encode("utf-8")), "request"
    elif default_key is not None:
        key, source = default_key, "server"
    else:
        key, source = SecretKey.random(), "random"
    documents = _documents(body, settings, spans=annotated)
    predictor = None if annotated else _predictor(body, catalog, name, lang, check)
    if options.labels is None and predictor is not None and options.mode == "tag":
        options = replace(options, labels=detector_scheme(predictor))  # the model's own
    result = deidentify(
        documents,
        key=key,
        model=predictor,
        options=options,
        with_mapping=body.with_mapping,
    )
    return Deidentified(name, source, result.documents, result.mapping)
