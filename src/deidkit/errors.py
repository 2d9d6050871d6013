"""deidkit's user-facing errors.

Every error carries a stable code and a one-line message that says what went wrong, where
(file, record, line, offset) and how to fix it. Messages never contain note text: note text
is protected health information. Build them from paths, ids, offsets and labels only.
"""

from __future__ import annotations

from pathlib import Path


class DeidkitError(Exception):
    """Base class of every error deidkit reports to a user."""

    code: str = "E000"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        if code is not None:
            self.code = code
        super().__init__(message)

    @property
    def message(self) -> str:
        return str(self.args[0])

    def __str__(self) -> str:
        return f"[{self.code}] {self.args[0]}"


class InputError(DeidkitError):
    """Bad input data: a file that cannot be read, parsed or trusted.

    ``where`` locates the problem (``file.xml``, ``record 12``, ``line 40``, ``offset 301``)
    and ``fix`` tells the user what to do.
    """

    code = "E100"

    def __init__(
        self,
        problem: str,
        *,
        path: str | Path | None = None,
        record: str | None = None,
        line: int | None = None,
        offset: int | None = None,
        fix: str | None = None,
        code: str | None = None,
    ) -> None:
        self.path = str(path) if path is not None else None
        self.record = record
        self.line = line
        self.offset = offset
        self.problem = problem
        self.fix = fix
        where = [part for part in self._where() if part]
        text = (": ".join([", ".join(where), problem]) if where else problem).rstrip(".")
        if fix:
            text = f"{text}; {fix}"
        super().__init__(text, code=code)

    def _where(self) -> list[str]:
        parts = [self.path or ""]
        if self.record is not None:
            parts.append(f"record {self.record}")
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.offset is not None:
            parts.append(f"offset {self.offset}")
        return parts


class FormatError(InputError):
    """The input's format could not be determined or is not supported."""

    code = "E110"


class SpanError(DeidkitError, ValueError):
    """A span or token with invalid offsets or label."""

    code = "E120"


class ConfigError(DeidkitError):
    """An invalid configuration value or command-line option."""

    code = "E200"


class ModelError(DeidkitError):
    """A model that cannot be found, loaded, trusted or used."""

    code = "E300"


class NotFittedError(ModelError):
    """A trainable component used before ``fit``."""

    code = "E301"


class ResourceError(DeidkitError):
    """A missing or damaged bundled resource (dictionary, model, optional bundle)."""

    code = "E400"


class OutputError(DeidkitError):
    """An output that cannot be written (exists, not writable, ...)."""

    code = "E500"
