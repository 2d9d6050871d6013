"""The annotation web app: FastAPI over one project's SQLite database.

``create_app(project_dir)`` builds the app; ``deidkit annotate PROJECT_DIR`` serves it with
uvicorn. Pages are rendered on the server (Jinja2); the annotator and adjudication views use
the JSON API under ``/api`` from a small script shipped in the package (no CDN).

Privacy: no note text is logged or put in an error body; pages and API answers are not cached;
a strict Content-Security-Policy allows only the app's own scripts and styles.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from deidkit.annotate import api, web
from deidkit.annotate.accounts import normalize_username
from deidkit.annotate.db import Database
from deidkit.annotate.deps import MAX_UPLOAD_BYTES
from deidkit.annotate.errors import AnnotateError, Forbidden
from deidkit.asgi_body import BodyTooLarge, LimitedBody
from deidkit.detector import Predictor
from deidkit.errors import DeidkitError
from deidkit.models import load_model

LOG = logging.getLogger("deidkit.annotate")
PACKAGE_DIR = Path(__file__).parent
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
MAX_BODY_BYTES = 2 << 20
"""Largest request body, except corpus uploads."""
UPLOAD_PATH = "/admin/import"
SECURITY_HEADERS = {
    "content-security-policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "same-origin",
    "cache-control": "no-store",
}

ModelLoader = Callable[[str, str], Predictor]


def default_model_loader(name: str, lang: str) -> Predictor:
    """Load a deidkit model by shipped name or path (``deidkit.models.load_model``)."""
    return load_model(name or None, lang=lang)


class LoginThrottle:
    """Refuse logins for a user name after too many failures in a short time."""

    def __init__(self, limit: int = 10, window: float = 900.0) -> None:
        self.limit, self.window = limit, window
        self._failures: dict[str, list[float]] = {}
        self._lock = threading.Lock()

    def blocked(self, username: str) -> bool:
        with self._lock:
            cutoff = time.time() - self.window
            recent = [t for t in self._failures.get(normalize_username(username), []) if t > cutoff]
            self._failures[normalize_username(username)] = recent
            return len(recent) >= self.limit

    def failed(self, username: str) -> None:
        with self._lock:
            self._failures.setdefault(normalize_username(username), []).append(time.time())

    def succeeded(self, username: str) -> None:
        with self._lock:
            self._failures.pop(normalize_username(username), None)


class PrivacyMiddleware:
    """Security headers, a same-origin check on writes, request size limits, and 500s that
    reveal and log no text.

    Starlette's own error middleware re-raises so that the server logs the exception with its
    message, which could quote note text; this one logs only the exception type and location.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False
        limit = MAX_UPLOAD_BYTES if scope.get("path") == UPLOAD_PATH else MAX_BODY_BYTES
        body = LimitedBody(receive, limit)

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if body.exceeded:
                return  # the app's answer to a cut-off body; a 413 is sent instead
            if message["type"] == "http.response.start":
                started = True
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    if name not in headers:
                        headers[name] = value
            await send(message)

        if scope["method"] in UNSAFE_METHODS and not _same_origin(scope):
            response = JSONResponse(
                {"error": "cross-origin request refused", "code": Forbidden.code}, 403
            )
            await response(scope, receive, send_with_headers)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length", b"0")
        too_large = JSONResponse({"error": f"request body over {limit} bytes", "code": "E601"}, 413)
        if not declared.isdigit() or int(declared) > limit:
            await too_large(scope, receive, send_with_headers)
            return
        try:
            await self.app(scope, body.receive, send_with_headers)
        except BodyTooLarge:
            pass
        except Exception as error:
            reference = secrets.token_hex(4)
            frame = traceback.extract_tb(error.__traceback__)[-1:]
            where = f"{frame[0].filename}:{frame[0].lineno}" if frame else "?"
            LOG.error(
                "internal error %s: %s at %s on %s %s",
                reference,
                type(error).__name__,
                where,
                scope["method"],
                scope.get("path", ""),
            )
            if not started:
                response = JSONResponse(
                    {"error": f"internal error (reference {reference}); see the server log"},
                    500,
                )
                await response(scope, receive, send_with_headers)
        if body.exceeded and not started:
            body.exceeded = False
            await too_large(scope, receive, send_with_headers)


def _same_origin(scope: Scope) -> bool:
    headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope.get("headers", [])}
    origin = headers.get("origin")
    if origin is None or origin == "null":
        return origin is None
    host = headers.get("host", "")
    return urlsplit(origin).netloc.lower() == host.lower()


def _error_response(request: Request, error: DeidkitError, status: int) -> Response:
    if request.url.path.startswith("/api/") or (
        request.method in UNSAFE_METHODS
        and ("application/json" in request.headers.get("content-type", ""))
    ):
        return JSONResponse({"error": error.message, "code": error.code}, status)
    if status == 401:
        target = request.url.path
        return RedirectResponse(f"/login?next={target}", 303)
    templates: Jinja2Templates = request.app.state.templates
    return templates.TemplateResponse(
        request,
        "error.html",
        {"message": error.message, "status": status, "user": None},
        status_code=status,
    )


def create_app(
    project_dir: Path,
    *,
    model_loader: ModelLoader | None = None,
    secure_cookies: bool = False,
) -> FastAPI:
    """The web app over the project in ``project_dir`` (created with ``deidkit annotate init``)."""
    db = Database.open(project_dir)
    app = FastAPI(title="deidkit annotate", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.db = db
    app.state.model_loader = model_loader or default_model_loader
    app.state.secure_cookies = secure_cookies
    app.state.throttle = LoginThrottle()
    app.state.templates = Jinja2Templates(directory=str(PACKAGE_DIR / "templates"))
    app.state.project_name = db.meta("name") or project_dir.name

    @app.exception_handler(DeidkitError)
    async def _deidkit_error(request: Request, error: DeidkitError) -> Response:
        status = error.status if isinstance(error, AnnotateError) else 400
        return _error_response(request, error, status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, error: RequestValidationError) -> Response:
        fields = "; ".join(
            f"{'.'.join(str(p) for p in item.get('loc', ()))}: {item.get('msg', 'invalid')}"
            for item in error.errors()[:5]
        )
        return JSONResponse({"error": f"invalid request ({fields})", "code": "E601"}, 422)

    app.mount("/static", StaticFiles(directory=str(PACKAGE_DIR / "static")), name="static")
    app.include_router(api.router)
    app.include_router(web.router)
    app.add_middleware(PrivacyMiddleware)
    return app
