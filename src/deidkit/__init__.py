"""deidkit: find, remove and replace protected health information in clinical notes."""

from __future__ import annotations

__version__ = "0.1.0"

from deidkit.errors import DeidkitError, InputError
from deidkit.labels import LABELS, Category
from deidkit.types import Document, Span, Token

__all__ = [
    "LABELS",
    "Category",
    "DeidkitError",
    "Document",
    "InputError",
    "Span",
    "Token",
    "__version__",
]
