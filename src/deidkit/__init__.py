"""deidkit: find, remove and replace protected health information in clinical notes."""

from __future__ import annotations

__version__ = "0.1.0"

from typing import TYPE_CHECKING, Any

from deidkit.errors import DeidkitError, InputError
from deidkit.labels import LABELS, Category
from deidkit.types import Document, Span, Token

if TYPE_CHECKING:
    from deidkit.api import deidentify, detect, load_model

_API = frozenset({"deidentify", "detect", "load_model"})


def __getattr__(name: str) -> Any:
    """``deidkit.deidentify``, ``deidkit.detect`` and ``deidkit.load_model`` (deidkit.api),
    imported on first use so that ``import deidkit`` stays fast."""
    if name in _API:
        from deidkit import api  # lazy: keeps `import deidkit` fast

        return getattr(api, name)
    raise AttributeError(f"module 'deidkit' has no attribute {name!r}")


__all__ = [
    "LABELS",
    "Category",
    "DeidkitError",
    "Document",
    "InputError",
    "Span",
    "Token",
    "__version__",
    "deidentify",
    "detect",
    "load_model",
]
