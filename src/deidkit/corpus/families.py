"""The registry of template families, explicit and in a stable order.

Each family id (``dc-dictated``, ``nurse-systems``, ...) is written into every note's
``metadata["template"]`` so that experiments can train on some families and measure on others.
"""

from __future__ import annotations

from deidkit.corpus.notes import (
    broad,
    chat,
    discharge,
    elsewhere,
    encounters,
    letters,
    more,
    nursing,
    printouts,
    reports,
    spoken,
)
from deidkit.corpus.notes.base import (
    CONSULT,
    DISCHARGE,
    ED,
    INSTRUCTIONS,
    LETTER,
    NOTE_TYPES,
    NURSING,
    OPERATIVE,
    PATHOLOGY,
    PROGRESS,
    RADIOLOGY,
    SOCIAL_WORK,
    TELEPHONE,
    Family,
)

FAMILIES: tuple[Family, ...] = (
    *discharge.FAMILIES,
    *nursing.FAMILIES,
    *reports.FAMILIES,
    *encounters.FAMILIES,
    *letters.FAMILIES,
    *more.FAMILIES,
    *elsewhere.FAMILIES,
    *broad.FAMILIES,
    *spoken.FAMILIES,
    *chat.FAMILIES,
    *printouts.FAMILIES,
)

FAMILIES_BY_ID: dict[str, Family] = {family.id: family for family in FAMILIES}

NOTE_TYPE_WEIGHTS: dict[str, float] = {
    DISCHARGE: 14.0, NURSING: 22.0, RADIOLOGY: 10.0, PATHOLOGY: 4.0, LETTER: 6.0, ED: 10.0,
    TELEPHONE: 6.0, OPERATIVE: 5.0, SOCIAL_WORK: 4.0, PROGRESS: 14.0, CONSULT: 5.0,
    INSTRUCTIONS: 3.0,
}
"""How often each note type is drawn (before dividing among its families)."""

__all__ = ["FAMILIES", "FAMILIES_BY_ID", "NOTE_TYPES", "NOTE_TYPE_WEIGHTS", "Family"]
