"""Errors of the annotation app, each with the HTTP status the web app answers with.

Messages name ids, offsets, labels and user names, never note text.
"""

from __future__ import annotations

from deidkit.errors import DeidkitError


class AnnotateError(DeidkitError):
    """Base class: a request the app refuses, with its HTTP status."""

    code = "E600"
    status = 400


class BadRequest(AnnotateError):
    """Malformed or invalid values (offsets outside the text, unknown label, bad role)."""

    code = "E601"
    status = 400


class NotAuthenticated(AnnotateError):
    """No valid session: log in first."""

    code = "E602"
    status = 401


class Forbidden(AnnotateError):
    """The user's role or assignments do not allow this action."""

    code = "E603"
    status = 403


class NotFound(AnnotateError):
    """No such document, span, user or project."""

    code = "E604"
    status = 404


class Conflict(AnnotateError):
    """The change clashes with the stored state (overlapping spans, duplicate user)."""

    code = "E605"
    status = 409
