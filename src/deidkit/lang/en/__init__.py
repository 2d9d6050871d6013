"""English."""

from __future__ import annotations

from deidkit.lang.base import Language

LANGUAGE = Language(code="en", name="English", day_first=False)
