"""The JSON API used by the annotator and adjudication views.

Every write runs in one transaction and answers with the document's new state, so the page
always shows what is stored. Writes need the session's CSRF token in ``X-CSRF-Token``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from deidkit.annotate import adjudication, annotator
from deidkit.annotate.accounts import Role
from deidkit.annotate.agreement import load_report
from deidkit.annotate.consensus import Mode
from deidkit.annotate.deps import CheckedSession, CurrentSession, ProjectDb
from deidkit.annotate.errors import Forbidden

router = APIRouter(prefix="/api")


class NewSpan(BaseModel):
    start: int
    end: int
    label: str
    replace: list[int] = Field(default_factory=list)


class SpanChange(BaseModel):
    label: str | None = None
    start: int | None = None
    end: int | None = None


class SuggestionDecision(BaseModel):
    decision: annotator.Decision
    label: str | None = None
    replace: list[int] = Field(default_factory=list)


class AnnotatorStatus(BaseModel):
    status: annotator.Status


class StartAdjudication(BaseModel):
    mode: Mode = Mode.MAJORITY
    reset: bool = False


class Region(BaseModel):
    start: int
    end: int
    spans: list[tuple[int, int, str]]


class GoldChange(BaseModel):
    label: str


class AdjudicatorStatus(BaseModel):
    status: adjudication.AdjudicationStatus


@router.get("/session")
def session_info(session: CurrentSession) -> dict[str, Any]:
    """Who is logged in, their role and the CSRF token for writes."""
    return {
        "user": session.user.username,
        "role": session.user.role.value,
        "csrf_token": session.csrf_token,
    }


@router.get("/documents")
def my_documents(session: CurrentSession, db: ProjectDb) -> list[dict[str, Any]]:
    with db.read() as conn:
        return annotator.my_documents(conn, session.user)


@router.get("/documents/{key}")
def document_state(key: int, session: CurrentSession, db: ProjectDb) -> dict[str, Any]:
    with db.read() as conn:
        return annotator.annotator_state(conn, key, session.user)


@router.post("/documents/{key}/spans", status_code=201)
def add_span(
    key: int,
    body: NewSpan,
    session: CheckedSession,
    db: ProjectDb,
) -> dict[str, Any]:
    with db.write() as conn:
        span = annotator.add_span(
            conn, key, session.user, body.start, body.end, body.label, replace=body.replace
        )
        return {"span": span.to_json(), **annotator.annotator_state(conn, key, session.user)}


@router.patch("/documents/{key}/spans/{span_id}")
def change_span(
    key: int,
    span_id: int,
    body: SpanChange,
    session: CheckedSession,
    db: ProjectDb,
) -> dict[str, Any]:
    with db.write() as conn:
        annotator.update_span(
            conn, key, session.user, span_id, label=body.label, start=body.start, end=body.end
        )
        return annotator.annotator_state(conn, key, session.user)


@router.delete("/documents/{key}/spans/{span_id}")
def delete_span(
    key: int,
    span_id: int,
    session: CheckedSession,
    db: ProjectDb,
) -> dict[str, Any]:
    with db.write() as conn:
        annotator.delete_span(conn, key, session.user, span_id)
        return annotator.annotator_state(conn, key, session.user)


@router.post("/documents/{key}/suggestions/{suggestion_id}")
def decide_suggestion(
    key: int,
    suggestion_id: int,
    body: SuggestionDecision,
    session: CheckedSession,
    db: ProjectDb,
) -> dict[str, Any]:
    with db.write() as conn:
        annotator.decide_suggestion(
            conn,
            key,
            session.user,
            suggestion_id,
            body.decision,
            label=body.label,
            replace=body.replace,
        )
        return annotator.annotator_state(conn, key, session.user)


@router.post("/documents/{key}/status")
def annotator_status(
    key: int,
    body: AnnotatorStatus,
    session: CheckedSession,
    db: ProjectDb,
) -> dict[str, Any]:
    with db.write() as conn:
        annotator.set_status(conn, key, session.user, body.status)
        return annotator.annotator_state(conn, key, session.user)


@router.get("/adjudication")
def adjudication_overview(session: CurrentSession, db: ProjectDb) -> list[dict[str, Any]]:
    adjudication.require_adjudicator(session.user)
    with db.read() as conn:
        return adjudication.adjudication_overview(conn)


@router.get("/adjudication/{key}")
def adjudication_state(
    key: int,
    session: CurrentSession,
    db: ProjectDb,
    mode: Annotated[Mode, Query()] = Mode.MAJORITY,
) -> dict[str, Any]:
    adjudication.require_adjudicator(session.user)
    with db.read() as conn:
        return adjudication.adjudication_state(conn, key, session.user, mode)


@router.post("/adjudication/{key}/start")
def start_adjudication(
    key: int,
    body: StartAdjudication,
    session: CheckedSession,
    db: ProjectDb,
) -> dict[str, Any]:
    with db.write() as conn:
        adjudication.start(conn, key, session.user, body.mode, reset=body.reset)
        return adjudication.adjudication_state(conn, key, session.user, body.mode)


@router.put("/adjudication/{key}/region")
def set_region(
    key: int,
    body: Region,
    session: CheckedSession,
    db: ProjectDb,
) -> dict[str, Any]:
    with db.write() as conn:
        adjudication.set_region(conn, key, session.user, body.start, body.end, body.spans)
        return adjudication.adjudication_state(conn, key, session.user)


@router.post("/adjudication/{key}/gold", status_code=201)
def add_gold(
    key: int,
    body: NewSpan,
    session: CheckedSession,
    db: ProjectDb,
) -> dict[str, Any]:
    with db.write() as conn:
        adjudication.add_gold(
            conn, key, session.user, body.start, body.end, body.label, replace=body.replace
        )
        return adjudication.adjudication_state(conn, key, session.user)


@router.patch("/adjudication/{key}/gold/{gold_id}")
def change_gold(
    key: int,
    gold_id: int,
    body: GoldChange,
    session: CheckedSession,
    db: ProjectDb,
) -> dict[str, Any]:
    with db.write() as conn:
        adjudication.update_gold(conn, key, session.user, gold_id, body.label)
        return adjudication.adjudication_state(conn, key, session.user)


@router.delete("/adjudication/{key}/gold/{gold_id}")
def delete_gold(
    key: int,
    gold_id: int,
    session: CheckedSession,
    db: ProjectDb,
) -> dict[str, Any]:
    with db.write() as conn:
        adjudication.delete_gold(conn, key, session.user, gold_id)
        return adjudication.adjudication_state(conn, key, session.user)


@router.post("/adjudication/{key}/status")
def adjudicator_status(
    key: int,
    body: AdjudicatorStatus,
    session: CheckedSession,
    db: ProjectDb,
) -> dict[str, Any]:
    with db.write() as conn:
        adjudication.set_status(conn, key, session.user, body.status)
        return adjudication.adjudication_state(conn, key, session.user)


@router.get("/report")
def report(session: CurrentSession, db: ProjectDb) -> dict[str, Any]:
    """The agreement report as JSON (adjudicators and admins)."""
    if not session.user.can(Role.ADJUDICATOR):
        raise Forbidden(f"user {session.user.username!r} may not see the agreement report")
    with db.read() as conn:
        result = load_report(conn)
    return {
        "adjudicated": result.adjudicated,
        "annotators": [_score(s) for s in result.annotators],
        "models": [_score(s) for s in result.models],
        "groups": [
            {
                "size": g.size,
                "groups": g.groups,
                "documents": g.documents,
                "sensitivity": g.sensitivity,
                "ppv": g.ppv,
            }
            for g in result.groups
        ],
        "pairs": [
            {
                "first": p.first,
                "second": p.second,
                "label": p.label,
                "documents": p.documents,
                "tokens": p.tokens,
                "first_count": p.first_count,
                "second_count": p.second_count,
                "both": p.both,
                "f1": p.f1,
                "kappa": p.kappa,
            }
            for p in result.pairs
        ],
    }


def _score(score: Any) -> dict[str, Any]:
    c = score.counts
    return {
        "subject": score.subject,
        "label": score.label,
        "documents": score.documents,
        "tp": c.tp,
        "fp": c.fp,
        "fn": c.fn,
        "sensitivity": c.sensitivity,
        "ppv": c.ppv,
    }
