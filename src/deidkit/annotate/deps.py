"""What the app, its JSON API and its pages share: cookie names, the upload limit, and the
FastAPI dependencies (the project database, the session, the CSRF check, roles)."""

from __future__ import annotations

import hmac
from typing import Annotated

from fastapi import Depends, Request

from deidkit.annotate.accounts import Role, Session, load_session, touch_session
from deidkit.annotate.db import Database
from deidkit.annotate.errors import Forbidden, NotAuthenticated
from deidkit.labels import LABELS

SESSION_COOKIE = "deidkit_session"
LOGIN_CSRF_COOKIE = "deidkit_login_csrf"
MAX_UPLOAD_BYTES = 1 << 30
"""Largest corpus upload (``/admin/import``); import bigger corpora with the CLI."""


def database(request: Request) -> Database:
    db: Database = request.app.state.db
    return db


def optional_session(request: Request) -> Session | None:
    token = request.cookies.get(SESSION_COOKIE)
    if not token:
        return None
    db = database(request)
    with db.read() as conn:
        found = load_session(conn, token)
    if found is None:
        return None
    session, stale = found
    if stale:
        with db.write() as conn:
            touch_session(conn, token)
    return session


def require_session(session: Annotated[Session | None, Depends(optional_session)]) -> Session:
    if session is None:
        raise NotAuthenticated("not logged in; log in first")
    return session


async def require_csrf(
    request: Request, session: Annotated[Session, Depends(require_session)]
) -> Session:
    """The session, after checking the request's CSRF token (header or form field)."""
    sent = request.headers.get("x-csrf-token")
    if sent is None and request.headers.get("content-type", "").startswith(
        ("application/x-www-form-urlencoded", "multipart/form-data")
    ):
        form = await request.form()
        value = form.get("csrf_token")
        sent = value if isinstance(value, str) else None
    if not sent or not hmac.compare_digest(sent.encode(), session.csrf_token.encode()):
        raise Forbidden("missing or wrong CSRF token; reload the page and try again")
    return session


CurrentSession = Annotated[Session, Depends(require_session)]
"""A logged-in user's session (reads)."""
CheckedSession = Annotated[Session, Depends(require_csrf)]
"""A logged-in user's session whose request carried the right CSRF token (writes)."""
MaybeSession = Annotated[Session | None, Depends(optional_session)]
ProjectDb = Annotated[Database, Depends(database)]


def require_role(session: Session, needed: Role) -> None:
    if not session.user.can(needed):
        raise Forbidden(
            f"user {session.user.username!r} ({session.user.role.value}) may not do this"
        )


def labels_payload() -> list[dict[str, str]]:
    return [
        {"name": info.name, "category": info.category.value, "description": info.description}
        for info in LABELS.values()
    ]
