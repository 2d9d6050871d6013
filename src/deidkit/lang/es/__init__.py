"""Spanish."""

from __future__ import annotations

from deidkit.lang.base import Language

LANGUAGE = Language(code="es", name="Spanish", day_first=True)
