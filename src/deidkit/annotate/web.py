"""Server-rendered pages: login, home, annotator and adjudication views, report, admin."""

from __future__ import annotations

import hmac
import re
import secrets
import shutil
import tempfile
import zipfile
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, File, Form, Query, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from deidkit.annotate import accounts, adjudication, annotator, project
from deidkit.annotate.accounts import Role, Session
from deidkit.annotate.agreement import ALL, load_report, report_csv
from deidkit.annotate.db import Database
from deidkit.annotate.deps import (
    LOGIN_CSRF_COOKIE,
    MAX_UPLOAD_BYTES,
    SESSION_COOKIE,
    CheckedSession,
    CurrentSession,
    MaybeSession,
    ProjectDb,
    labels_payload,
    require_role,
)
from deidkit.annotate.errors import BadRequest, Forbidden
from deidkit.annotate.export import ExportChoice, export_archive, export_documents
from deidkit.errors import DeidkitError
from deidkit.io import FORMATS, read_documents

router = APIRouter()
NOTICES = {
    "imported": "Imported {n} document(s).",
    "assigned": "Made {n} new assignment(s).",
    "unassigned": "Removed {n} assignment(s).",
    "preannotated": "Pre-annotated {n} document(s).",
    "user_created": "User created.",
    "user_updated": "User updated.",
}


FAVICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" '
    'rx="3" fill="#111827"/><rect x="3" y="6" width="10" height="4" rx="1" fill="#fbd5dc"/></svg>'
)


@router.get("/favicon.svg")
def favicon() -> Response:
    return Response(FAVICON, media_type="image/svg+xml")


def render(
    request: Request,
    name: str,
    session: Session | None,
    status_code: int = 200,
    **context: Any,
) -> HTMLResponse:
    templates = request.app.state.templates
    notice = NOTICES.get(request.query_params.get("notice", ""))
    count = request.query_params.get("n", "")
    base = {
        "user": session.user if session else None,
        "csrf_token": session.csrf_token if session else "",
        "project_name": request.app.state.project_name,
        "notice": notice.format(n=count if count.isdigit() else "?") if notice else None,
        "Role": Role,
    }
    base.update(context)
    response: HTMLResponse = templates.TemplateResponse(
        request, name, base, status_code=status_code
    )
    return response


def _safe_next(target: str | None) -> str:
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return "/"


@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request, session: MaybeSession, next: str = "/") -> Response:
    if session is not None:
        return RedirectResponse(_safe_next(next), 303)
    token = secrets.token_urlsafe(24)
    response = render(request, "login.html", None, login_csrf=token, next=_safe_next(next))
    response.set_cookie(
        LOGIN_CSRF_COOKIE,
        token,
        httponly=True,
        samesite="strict",
        secure=request.app.state.secure_cookies,
    )
    return response


@router.post("/login")
def login(
    request: Request,
    username: Annotated[str, Form()],
    password: Annotated[str, Form()],
    csrf_token: Annotated[str, Form()],
    db: ProjectDb,
    next: Annotated[str, Form()] = "/",
) -> Response:
    cookie = request.cookies.get(LOGIN_CSRF_COOKIE, "")
    if not cookie or not hmac.compare_digest(cookie.encode(), csrf_token.encode()):
        raise Forbidden("the login form expired; reload the page and log in again")
    throttle = request.app.state.throttle
    if throttle.blocked(username):
        return _login_failed(request, next, "Too many failed attempts; wait 15 minutes.", 429)
    with db.write() as conn:
        user = accounts.authenticate(conn, username, password)
        tokens = accounts.start_session(conn, user) if user else None
    if user is None or tokens is None:
        throttle.failed(username)
        return _login_failed(request, next, "Wrong user name or password.", 401)
    throttle.succeeded(username)
    response = RedirectResponse(_safe_next(next), 303)
    response.set_cookie(
        SESSION_COOKIE,
        tokens[0],
        httponly=True,
        samesite="strict",
        secure=request.app.state.secure_cookies,
        max_age=accounts.SESSION_MAX_SECONDS,
    )
    response.delete_cookie(LOGIN_CSRF_COOKIE)
    return response


def _login_failed(request: Request, next: str, message: str, status: int) -> Response:
    token = secrets.token_urlsafe(24)
    response = render(
        request,
        "login.html",
        None,
        status_code=status,
        login_csrf=token,
        next=_safe_next(next),
        error=message,
    )
    response.set_cookie(
        LOGIN_CSRF_COOKIE,
        token,
        httponly=True,
        samesite="strict",
        secure=request.app.state.secure_cookies,
    )
    return response


@router.post("/logout")
def logout(request: Request, session: CheckedSession, db: ProjectDb) -> Response:
    with db.write() as conn:
        accounts.end_session(conn, request.cookies.get(SESSION_COOKIE, ""))
    response = RedirectResponse("/login", 303)
    response.delete_cookie(SESSION_COOKIE)
    return response


@router.get("/", response_class=HTMLResponse)
def home(request: Request, session: CurrentSession, db: ProjectDb) -> Response:
    with db.read() as conn:
        documents = annotator.my_documents(conn, session.user)
        overview = (
            adjudication.adjudication_overview(conn) if session.user.can(Role.ADJUDICATOR) else []
        )
    counts = {
        status: sum(1 for d in overview if d["status"] == status)
        for status in ("not_started", "in_progress", "adjudicated")
    }
    return render(request, "home.html", session, documents=documents, counts=counts)


@router.get("/documents/{key}", response_class=HTMLResponse)
def annotate_page(
    request: Request,
    key: int,
    session: CurrentSession,
    db: ProjectDb,
) -> Response:
    with db.read() as conn:
        annotator.assignment_status(conn, key, session.user)
        doc_id = project.get_document(conn, key).doc_id
    return render(
        request, "annotate.html", session, key=key, doc_id=doc_id, labels=labels_payload()
    )


@router.get("/adjudicate", response_class=HTMLResponse)
def adjudicate_list(request: Request, session: CurrentSession, db: ProjectDb) -> Response:
    require_role(session, Role.ADJUDICATOR)
    with db.read() as conn:
        documents = adjudication.adjudication_overview(conn)
    return render(request, "adjudicate_list.html", session, documents=documents)


@router.get("/adjudicate/{key}", response_class=HTMLResponse)
def adjudicate_page(
    request: Request,
    key: int,
    session: CurrentSession,
    db: ProjectDb,
) -> Response:
    require_role(session, Role.ADJUDICATOR)
    with db.read() as conn:
        doc_id = project.get_document(conn, key).doc_id
    return render(
        request, "adjudicate.html", session, key=key, doc_id=doc_id, labels=labels_payload()
    )


@router.get("/report", response_class=HTMLResponse)
def report_page(request: Request, session: CurrentSession, db: ProjectDb) -> Response:
    require_role(session, Role.ADJUDICATOR)
    with db.read() as conn:
        report = load_report(conn)
    return render(request, "report.html", session, report=report, ALL=ALL)


@router.get("/report.csv")
def report_download(session: CurrentSession, db: ProjectDb) -> Response:
    require_role(session, Role.ADJUDICATOR)
    with db.read() as conn:
        text = report_csv(load_report(conn))
    return Response(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"content-disposition": 'attachment; filename="agreement.csv"'},
    )


def _admin_context(db: Database) -> dict[str, Any]:
    with db.read() as conn:
        return {
            "documents": project.document_overview(conn),
            "users": accounts.list_users(conn),
            "readers": list(FORMATS),
            "writers": list(FORMATS),
            "modes": [m.value for m in project.ExportMode],
        }


@router.get("/admin", response_class=HTMLResponse)
def admin_page(request: Request, session: CurrentSession, db: ProjectDb) -> Response:
    require_role(session, Role.ADJUDICATOR)
    return render(request, "admin.html", session, **_admin_context(db))


def _admin_error(request: Request, session: Session, db: Database, error: DeidkitError) -> Response:
    return render(
        request, "admin.html", session, status_code=400, error=error.message, **_admin_context(db)
    )


def _safe_extract(archive: Path, target: Path) -> Path:
    with zipfile.ZipFile(archive) as bundle:
        for member in bundle.infolist():
            destination = (target / member.filename).resolve()
            if not destination.is_relative_to(target.resolve()):
                raise BadRequest("the zip file has paths outside its folder; it was not imported")
        bundle.extractall(target)
    entries = [p for p in target.iterdir() if not p.name.startswith(("__MACOSX", "."))]
    return entries[0] if len(entries) == 1 and entries[0].is_dir() else target


def _save_upload(upload: UploadFile, folder: Path) -> Path:
    name = re.sub(r"[^\w.-]", "_", Path(upload.filename or "upload").name) or "upload"
    target = folder / name
    size = 0
    with target.open("wb") as out:
        while chunk := upload.file.read(1 << 20):
            size += len(chunk)
            if size > MAX_UPLOAD_BYTES:
                raise BadRequest("the file is larger than 1 GB; import it with the CLI instead")
            out.write(chunk)
    if name.lower().endswith(".zip"):
        if not zipfile.is_zipfile(target):
            raise BadRequest(f"{name} is not a valid zip file")
        return _safe_extract(target, folder / "corpus")
    return target


@router.post("/admin/import")
def admin_import(
    request: Request,
    corpus: Annotated[UploadFile, File()],
    session: CheckedSession,
    db: ProjectDb,
    format: Annotated[str, Form()] = "",
    spans: Annotated[str, Form()] = "ignore",
) -> Response:
    require_role(session, Role.ADMIN)
    folder = Path(tempfile.mkdtemp(prefix="deidkit-import-"))
    try:
        path = _save_upload(corpus, folder)
        try:
            policy = project.SpanPolicy(spans)
        except ValueError:
            raise BadRequest("spans must be 'ignore' or 'suggest'") from None
        documents = list(read_documents(path, format or None))
        with db.write() as conn:
            result = project.import_documents(conn, documents, spans=policy)
    except DeidkitError as error:
        return _admin_error(request, session, db, error)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return RedirectResponse(f"/admin?notice=imported&n={result.added}", 303)


def _document_keys(conn: Any, which: str, doc_ids: str) -> list[int]:
    if which == "all":
        return [d.key for d in project.document_overview(conn)]
    if which == "unassigned":
        return [d.key for d in project.document_overview(conn) if not d.assignments]
    if which == "listed":
        ids = [part for part in re.split(r"[\s,]+", doc_ids) if part]
        if not ids:
            raise BadRequest("list the document ids to assign, separated by commas or spaces")
        return [project.document_key(conn, doc_id) for doc_id in ids]
    raise BadRequest("documents must be 'all', 'unassigned' or 'listed'")


@router.post("/admin/assign")
def admin_assign(
    request: Request,
    session: CheckedSession,
    db: ProjectDb,
    users: Annotated[list[int] | None, Form()] = None,
    documents: Annotated[str, Form()] = "unassigned",
    doc_ids: Annotated[str, Form()] = "",
    per_document: Annotated[str, Form()] = "",
) -> Response:
    require_role(session, Role.ADMIN)
    try:
        per = int(per_document) if per_document.strip() else None
    except ValueError:
        return _admin_error(request, session, db, BadRequest("annotators per document: a number"))
    try:
        with db.write() as conn:
            keys = _document_keys(conn, documents, doc_ids)
            made = project.assign(conn, keys, users or [], per_document=per)
    except DeidkitError as error:
        return _admin_error(request, session, db, error)
    return RedirectResponse(f"/admin?notice=assigned&n={made}", 303)


@router.post("/admin/unassign")
def admin_unassign(
    request: Request,
    session: CheckedSession,
    db: ProjectDb,
    users: Annotated[list[int] | None, Form()] = None,
    documents: Annotated[str, Form()] = "listed",
    doc_ids: Annotated[str, Form()] = "",
) -> Response:
    require_role(session, Role.ADMIN)
    try:
        if not users:
            raise BadRequest("choose at least one annotator")
        with db.write() as conn:
            removed = project.unassign(conn, _document_keys(conn, documents, doc_ids), users)
    except DeidkitError as error:
        return _admin_error(request, session, db, error)
    return RedirectResponse(f"/admin?notice=unassigned&n={removed}", 303)


@router.post("/admin/preannotate")
def admin_preannotate(
    request: Request,
    session: CheckedSession,
    db: ProjectDb,
    model: Annotated[str, Form()] = "",
    lang: Annotated[str, Form()] = "en",
    source: Annotated[str, Form()] = "",
    replace: Annotated[bool, Form()] = False,
) -> Response:
    require_role(session, Role.ADMIN)
    try:
        detector = request.app.state.model_loader(model.strip(), lang.strip() or "en")
        name = source.strip() or f"model:{Path(model.strip()).name or 'default'}"
        with db.write() as conn:
            done = project.preannotate(conn, detector, source=name, replace=replace)
    except DeidkitError as error:
        return _admin_error(request, session, db, error)
    return RedirectResponse(f"/admin?notice=preannotated&n={done}", 303)


@router.get("/admin/export")
def admin_export(
    session: CurrentSession,
    db: ProjectDb,
    format: Annotated[str, Query()] = "jsonl",
    mode: Annotated[str, Query()] = "adjudicated",
    annotator: Annotated[str, Query()] = "",
    include_unfinished: Annotated[bool, Query()] = False,
) -> Response:
    require_role(session, Role.ADJUDICATOR)
    try:
        export_mode = project.ExportMode(mode)
    except ValueError:
        raise BadRequest(f"unknown export mode {mode!r}") from None
    choice = ExportChoice(export_mode, annotator.strip() or None, include_unfinished)
    with db.read() as conn:
        documents = export_documents(conn, choice)
    name = f"{choice.source.replace(':', '-')}"
    data, filename = export_archive(documents, format, name)
    return Response(
        data,
        media_type="application/octet-stream",
        headers={"content-disposition": f'attachment; filename="{filename}"'},
    )


@router.get("/admin/users", response_class=HTMLResponse)
def users_page(request: Request, session: CurrentSession, db: ProjectDb) -> Response:
    require_role(session, Role.ADMIN)
    with db.read() as conn:
        users = accounts.list_users(conn)
    return render(request, "users.html", session, users=users, roles=[r.value for r in Role])


def _users_error(request: Request, session: Session, db: Database, error: DeidkitError) -> Response:
    with db.read() as conn:
        users = accounts.list_users(conn)
    return render(
        request,
        "users.html",
        session,
        status_code=400,
        users=users,
        roles=[r.value for r in Role],
        error=error.message,
    )


@router.post("/admin/users")
def create_user(
    request: Request,
    username: Annotated[str, Form()],
    password: Annotated[str, Form()],
    session: CheckedSession,
    db: ProjectDb,
    role: Annotated[str, Form()] = "annotator",
) -> Response:
    require_role(session, Role.ADMIN)
    try:
        with db.write() as conn:
            accounts.create_user(conn, username, password, accounts.parse_role(role))
    except DeidkitError as error:
        return _users_error(request, session, db, error)
    return RedirectResponse("/admin/users?notice=user_created", 303)


@router.post("/admin/users/{user_id}")
def update_user(
    request: Request,
    user_id: int,
    session: CheckedSession,
    db: ProjectDb,
    role: Annotated[str, Form()] = "",
    active: Annotated[str, Form()] = "",
    password: Annotated[str, Form()] = "",
) -> Response:
    require_role(session, Role.ADMIN)
    try:
        with db.write() as conn:
            accounts.update_user(
                conn,
                user_id,
                role=accounts.parse_role(role) if role else None,
                active={"1": True, "0": False}.get(active),
                password=password or None,
            )
    except DeidkitError as error:
        return _users_error(request, session, db, error)
    return RedirectResponse("/admin/users?notice=user_updated", 303)
