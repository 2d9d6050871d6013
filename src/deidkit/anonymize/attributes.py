"""The quasi-identifiers an identifier view can hold, and what counts as a direct identifier.

Each quasi-identifier names the PHI labels its mentions carry and its generalization
hierarchy (``hierarchies.HIERARCHIES``). Dates split in two by their context: a date right
after "DOB", "date of birth", "born" is a birth date, any other date is a date of care.
Every PHI label that no chosen quasi-identifier claims is a direct identifier: it is handled
by a redaction mode (``deidkit.redact``), never generalized.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from deidkit.anonymize.hierarchies import HIERARCHIES, Hierarchy, Path
from deidkit.errors import ConfigError


@dataclass(frozen=True, slots=True)
class QuasiIdentifier:
    """A quasi-identifier of the view.

    ``labels``: the PHI labels of its mentions. ``hierarchy``: a key of ``HIERARCHIES``.
    ``per_note``: a value per note rather than per person (dates of care): the person's
    value is the earliest, and each mention is generalized to the person's level on its own
    value. ``tolerance``: two values this close are the same (an age one year apart, written
    in notes a year apart); farther values are a conflict.
    """

    name: str
    labels: frozenset[str]
    hierarchy_name: str
    description: str
    per_note: bool = False
    tolerance: int = 0

    @property
    def hierarchy(self) -> Hierarchy:
        return HIERARCHIES[self.hierarchy_name]

    def same(self, first: Path, second: Path) -> bool:
        """Whether two leaves are one value (within the tolerance)."""
        if first == second:
            return True
        if self.tolerance and first[-1].isdigit() and second[-1].isdigit():
            return abs(int(first[-1]) - int(second[-1])) <= self.tolerance
        if self.hierarchy_name == "city":
            return first[-1].casefold() == second[-1].casefold()
        return False


QUASI_IDENTIFIERS: dict[str, QuasiIdentifier] = {
    item.name: item
    for item in (
        QuasiIdentifier("age", frozenset({"AGE"}), "age",
                        "age in years: bands of 20, 10 and 5 years; 90 and over is 90+",
                        tolerance=1),
        QuasiIdentifier("sex", frozenset({"SEX"}), "sex",
                        "sex (SEX spans, or a 'sex' metadata field)"),
        QuasiIdentifier("zip", frozenset({"ZIP"}), "zip", "ZIP code: prefixes of 4 to 1 digits"),
        QuasiIdentifier("city", frozenset({"CITY"}), "city", "city -> state -> region"),
        QuasiIdentifier("state", frozenset({"STATE"}), "state", "state -> region"),
        QuasiIdentifier("profession", frozenset({"PROFESSION"}), "profession",
                        "occupation -> occupation group"),
        QuasiIdentifier("birth_date", frozenset({"DATE"}), "date",
                        "birth date -> month -> quarter -> year"),
        QuasiIdentifier("visit_date", frozenset({"DATE"}), "date",
                        "first date of care (note dates and other dates in the notes) -> "
                        "month -> quarter -> year", per_note=True),
    )
}
"""Every quasi-identifier by name, in the view's column order."""

DEFAULT_QUASI: tuple[str, ...] = ("age", "sex", "zip", "city", "state", "profession",
                                  "birth_date", "visit_date")

_BIRTH_CONTEXT = re.compile(
    r"(?:\bDOB|\bD\.O\.B\.?|date\s+of\s+birth|birth\s*date|\bborn(?:\s+on)?|\bb\.)"
    r"\s*[:#\-(]?\s*$",
    re.IGNORECASE,
)


def is_birth_date(text: str, start: int) -> bool:
    """Whether the date starting at ``start`` follows a birth-date cue."""
    return _BIRTH_CONTEXT.search(text, max(0, start - 24), start) is not None


def check_quasi(names: Iterable[str]) -> tuple[str, ...]:
    """The chosen quasi-identifiers in view order (unknown or repeated names: ConfigError)."""
    chosen = [name.strip() for name in names if name.strip()]
    unknown = [name for name in chosen if name not in QUASI_IDENTIFIERS]
    if unknown:
        raise ConfigError(
            f"unknown quasi-identifier {unknown[0]!r}; use some of: "
            f"{', '.join(QUASI_IDENTIFIERS)}"
        )
    if not chosen:
        raise ConfigError(f"choose at least one quasi-identifier from: "
                          f"{', '.join(QUASI_IDENTIFIERS)}")
    return tuple(name for name in QUASI_IDENTIFIERS if name in chosen)


def attribute_of(label: str, text: str, start: int, quasi: tuple[str, ...]) -> str | None:
    """The chosen quasi-identifier a mention belongs to, or None (a direct identifier)."""
    if label == "DATE":
        name = "birth_date" if is_birth_date(text, start) else "visit_date"
        return name if name in quasi else None
    for name in quasi:
        if label in QUASI_IDENTIFIERS[name].labels:
            return name
    return None
