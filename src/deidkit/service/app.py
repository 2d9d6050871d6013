"""The REST service (``deidkit serve``): detect and de-identify over HTTP.

``POST /detect`` and ``POST /deidentify`` take one ``text`` or a batch of ``documents``, with
the model, mode and key chosen per request; ``GET /health``, ``GET /models``; the OpenAPI
schema is at ``/openapi.json`` (``/docs`` renders it). Models are loaded once per process
and kept (``deidkit.api.cached_model``).

Privacy: no note text in logs or error bodies (logs hold method, path, status, counts and
times; a validation error names the field, never its value; an unexpected error is logged
by type and code location only). Request bodies over ``max_request_bytes`` get a 413. With
API keys configured every endpoint but ``/health`` and the schema needs ``Authorization:
Bearer <key>`` or ``X-API-Key: <key>``. Errors are JSON: ``{"error": {"code", "message"}}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import threading
import time
import traceback
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, TypeVar

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from deidkit import __version__
from deidkit.asgi_body import BodyTooLarge, LimitedBody
from deidkit.errors import DeidkitError
from deidkit.redact import deidentify as deidentify_text
from deidkit.service.models import ModelCatalog, TooLarge, UnknownModel
from deidkit.service.schemas import (
    DeidentifiedDocument,
    DeidentifyRequest,
    DeidentifyResponse,
    DetectedDocument,
    DetectRequest,
    DetectResponse,
    DocumentIn,
    ErrorResponse,
    HealthResponse,
    MappingEntryOut,
    ModelInfo,
    ModelsResponse,
    RedactSettings,
    SpanIn,
    SpanOut,
)
from deidkit.service.settings import ServiceSettings
from deidkit.service.work import (
    Busy,
    Check,
    OverBudget,
    Stopped,
    deidentify_request,
    detect_request,
)

T = TypeVar("T")

LOG = logging.getLogger("deidkit.service")
OPEN_PATHS = frozenset({"/health", "/openapi.json", "/docs", "/docs/oauth2-redirect", "/redoc"})
ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorResponse, "description": text}
    for status, text in (
        (400, "Bad request (e.g. an option or span the request gives is invalid)"),
        (401, "Missing or wrong API key"),
        (404, "Unknown model"),
        (413, "Request or response too large"),
        (422, "Malformed request body"),
        (503, "Too many requests at work; retry in a moment"),
        (504, "The request ran out of its time budget"),
    )
}


def error_response(status: int, code: str, message: str, **extra: Any) -> JSONResponse:
    body: dict[str, Any] = {"code": code, "message": message}
    body.update(extra)
    return JSONResponse({"error": body}, status_code=status)


class ServiceMiddleware:
    """API keys, request size limits, one log line per request, and internal errors that
    neither reveal nor log text."""

    def __init__(self, app: ASGIApp, settings: ServiceSettings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = {"code": 0, "sent": False}
        body = LimitedBody(receive, self.settings.max_request_bytes)

        held: list[Message] = []  # the response's start, until its size is known

        async def send_logged(message: Message) -> None:
            if body.exceeded:
                return
            if message["type"] == "http.response.start":
                held.append(message)
                return
            if message["type"] == "http.response.body" and held:
                bound = max(
                    self.settings.min_response_bound,
                    self.settings.max_response_factor * body.received,
                )
                if not message.get("more_body") and len(message.get("body", b"")) > bound:
                    held.clear()
                    refused = error_response(
                        413, "E413", f"the response would be over {bound} bytes "
                        f"({self.settings.max_response_factor} times the request); send "
                        "fewer or shorter documents, or ask for no mapping",
                    )  # fmt: skip
                    await refused(scope, receive, send_logged)
                    return
                start = held.pop()
                status["code"] = start["status"]
                status["sent"] = True
                await send(start)
            await send(message)

        try:
            refusal = self._refusal(scope)
            if refusal is not None:
                await refusal(scope, receive, send_logged)
                return
            with contextlib.suppress(BodyTooLarge):
                await self.app(scope, body.receive, send_logged)
            if body.exceeded:  # the app's answer to the cut-off body was dropped: a 413 instead
                body.exceeded = False
                await _too_large(body.limit)(scope, receive, send_logged)
        except Exception as error:
            reference = secrets.token_hex(4)
            frames = traceback.extract_tb(error.__traceback__)[-3:]
            where = " < ".join(f"{Path(f.filename).name}:{f.lineno}" for f in reversed(frames))
            LOG.error("internal error %s: %s at %s", reference, type(error).__name__, where)
            if not status["sent"]:
                response = error_response(
                    500, "E500", f"internal error (reference {reference}); nothing was kept"
                )
                await response(scope, receive, send_logged)
        finally:
            LOG.info(
                "%s %s %s %.1f ms",
                scope.get("method", ""),
                scope.get("path", ""),
                status["code"] or "-",
                (time.perf_counter() - started) * 1000,
            )

    def _refusal(self, scope: Scope) -> JSONResponse | None:
        headers = {name.lower(): value for name, value in scope.get("headers", [])}
        if (
            self.settings.authenticated
            and scope.get("path") not in OPEN_PATHS
            and not self.settings.accepts(_api_key(headers))
        ):
            response = error_response(401, "E401", "missing or wrong API key")
            response.headers["WWW-Authenticate"] = "Bearer"
            return response
        declared = headers.get(b"content-length")
        if declared is not None and (
            not declared.isdigit() or int(declared) > self.settings.max_request_bytes
        ):
            return _too_large(self.settings.max_request_bytes)
        return None


def _too_large(limit: int) -> JSONResponse:
    return error_response(
        413, "E413", f"request body over {limit} bytes; send fewer or shorter documents"
    )


def _api_key(headers: dict[bytes, bytes]) -> str | None:
    value = headers.get(b"x-api-key")
    if value:
        return value.decode("latin-1").strip()
    authorization = headers.get(b"authorization", b"").decode("latin-1")
    scheme, _, token = authorization.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def create_app(settings: ServiceSettings | None = None) -> FastAPI:
    """The service's ASGI app (``uvicorn 'deidkit.service:create_app' --factory`` works)."""
    settings = settings or ServiceSettings.from_env()
    catalog = ModelCatalog(settings)
    default_key = catalog.default_key()
    app = FastAPI(
        title="deidkit",
        version=__version__,
        description="Find, remove and replace protected health information (PHI) in clinical "
        "notes. Errors are JSON {\"error\": {\"code\", \"message\"}}; no note text is logged.",
        responses=ERRORS,
    )
    app.add_middleware(ServiceMiddleware, settings=settings)
    slots = threading.BoundedSemaphore(settings.max_concurrent)
    stopping = threading.Event()

    @contextlib.asynccontextmanager
    async def lifespan_stop(_: FastAPI) -> AsyncIterator[None]:
        yield
        stopping.set()  # the server is shutting down: work still running stops at its next check

    app.router.lifespan_context = lifespan_stop

    async def guarded(request: Request, work: Callable[[Check], T]) -> T:
        """Run ``work`` in a thread within the request's time budget and the concurrency limit;
        it stops at its next check once the budget is spent, the client has gone or the server
        is stopping."""
        if not slots.acquire(blocking=False):
            raise Busy(
                f"the service is busy ({settings.max_concurrent} requests at work); retry in a "
                "moment"
            )
        try:
            gone = threading.Event()
            deadline = time.monotonic() + settings.request_seconds

            def check() -> None:
                if gone.is_set() or stopping.is_set():
                    raise Stopped("the client has gone or the server is stopping")
                if time.monotonic() > deadline:
                    raise OverBudget(
                        f"the request ran out of its {settings.request_seconds:g} s budget; "
                        "send fewer or shorter documents"
                    )

            future = asyncio.get_running_loop().run_in_executor(None, work, check)
            while True:
                done, _ = await asyncio.wait({future}, timeout=0.25)
                if done:
                    return future.result()
                if not gone.is_set() and await request.is_disconnected():
                    gone.set()
        finally:
            slots.release()

    for name in settings.preload:
        _, lang = catalog.resolve(name, None)
        catalog.detector(name, lang)
        deidentify_text("warm up", spans=[], lang=lang)  # loads the surrogate lists too

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        details = [
            {"field": ".".join(_field_part(part) for part in item.get("loc", ())),
             "problem": item.get("msg", "invalid"), "type": item.get("type", "")}
            for item in error.errors()
        ]  # fmt: skip
        return error_response(422, "E422", "malformed request body", details=details)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        message = error.detail if isinstance(error.detail, str) else "request refused"
        return error_response(error.status_code, f"E{error.status_code}", message)

    @app.exception_handler(DeidkitError)
    async def deidkit_error(request: Request, error: DeidkitError) -> JSONResponse:
        status = {UnknownModel: 404, TooLarge: 413, Busy: 503, OverBudget: 504, Stopped: 499}.get(
            type(error), 400
        )
        return error_response(status, error.code, error.message)

    @app.get("/health", response_model=HealthResponse, tags=["service"])
    def health() -> HealthResponse:
        """Liveness: the service answers (no authentication needed)."""
        return HealthResponse(status="ok", version=__version__, models_loaded=catalog.loaded())

    @app.get("/models", response_model=ModelsResponse, tags=["service"])
    def models() -> ModelsResponse:
        """The models a request may name (shipped ones and those of --model-dir)."""
        return ModelsResponse(models=[ModelInfo(**row) for row in catalog.rows()])

    @app.post("/detect", response_model=DetectResponse, response_model_exclude_none=True,
              tags=["phi"])  # fmt: skip
    async def detect(body: DetectRequest, request: Request) -> DetectResponse:
        """Find the PHI spans of one text or a batch of documents."""
        _refuse_lone_surrogates(body)
        name, documents = await guarded(
            request, lambda check: detect_request(body, catalog, settings, check)
        )
        if body.text is not None:
            return DetectResponse(model=name, spans=_spans(documents[0].spans))
        return DetectResponse(
            model=name,
            documents=[DetectedDocument(id=d.id, spans=_spans(d.spans)) for d in documents],
        )

    @app.post("/deidentify", response_model=DeidentifyResponse,
              response_model_exclude_none=True, tags=["phi"])  # fmt: skip
    async def deidentify(body: DeidentifyRequest, request: Request) -> DeidentifyResponse:
        """Remove or replace the PHI of one text or a batch of documents (the notes of one
        patient_id share surrogates and one date shift)."""
        _refuse_lone_surrogates(body)
        result = await guarded(
            request, lambda check: deidentify_request(body, catalog, settings, default_key, check)
        )
        response = DeidentifyResponse(model=result.model, mode=body.mode, key=result.key_source)
        if body.text is not None:
            response.text = result.documents[0].text
            response.spans = _spans(result.documents[0].spans)
        else:
            response.documents = [
                DeidentifiedDocument(
                    id=d.id, text=d.text, spans=_spans(d.spans), patient_id=d.patient_id,
                    note_date=d.note_date,
                )
                for d in result.documents
            ]  # fmt: skip
        if body.with_mapping:
            response.mapping = [
                MappingEntryOut(
                    document=e.document, label=e.label, start=e.start, end=e.end,
                    original=e.original, new_start=e.new_start, new_end=e.new_end,
                    replacement=e.replacement,
                )
                for e in result.mapping
            ]  # fmt: skip
        return response

    return app


_FIELD_NAMES = frozenset(
    {"body", "query", "path", "header"}
    | {
        name
        for model in (DetectRequest, DeidentifyRequest, RedactSettings, DocumentIn, SpanIn)
        for name in model.model_fields
    }
)


def _field_part(part: object) -> str:
    """A part of a validation error's location: a list index or a field of the schema; a
    key the request made up (e.g. an extra key) is not repeated back."""
    if isinstance(part, int) or part in _FIELD_NAMES:
        return str(part)
    return "(an unknown key)"


_SURROGATE = re.compile("[\ud800-\udfff]")


def _refuse_lone_surrogates(body: DetectRequest | DeidentifyRequest) -> None:
    """A 400 for a lone surrogate (``"\\ud800"`` in the JSON) in a request's strings: no
    answer holding it could be encoded."""
    values = [body.text, body.model, body.lang]
    if isinstance(body, DeidentifyRequest):
        values.append(body.key)
        if body.settings is not None:
            values.extend(str(value) for value in body.settings.model_dump().values())
    for document in body.documents or ():
        values += [document.id, document.text, document.patient_id, document.note_date]
        values += [span.label for span in document.spans or ()]
    if any(value is not None and _SURROGATE.search(value) for value in values):
        raise DeidkitError(
            "a string of the request holds a lone surrogate (\\ud800-\\udfff without its "
            "pair); send valid Unicode text",
            code="E400",
        )


def _spans(spans: Any) -> list[SpanOut]:
    return [SpanOut(start=s.start, end=s.end, label=s.label, score=s.score) for s in spans]
