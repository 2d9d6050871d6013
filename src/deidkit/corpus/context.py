"""The state a note is written in: its patient, episode, dates, clinicians and output.

Template families get a :class:`NoteContext` and write through it: ``ctx.render(template)``
for template text, ``ctx.out`` for direct appends. Slots (``{pt}``, ``{date:admit}``, ...)
are looked up in the slot table the context is given (``deidkit.corpus.slots.SLOTS``; the
slots sit above the context, which they write through).
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from deidkit.corpus import template
from deidkit.corpus.builder import Case, NoteBuilder
from deidkit.corpus.people import Clinician, Patient, Variant, World

T = TypeVar("T")


@dataclass(slots=True)
class Episode:
    """One hospital stay (or clinic course) that several notes of a patient describe."""

    admit: dt.date
    discharge: dt.date
    clinicians: dict[str, Clinician]
    diagnosis: str
    procedure: str
    room: str
    unit: str
    other_hospital: str
    facility: str
    dates: dict[str, dt.date] = field(default_factory=dict)


class NoteContext:
    """Everything one note's templates can refer to, and the builder they write into."""

    def __init__(
        self,
        rng: random.Random,
        world: World,
        patient: Patient,
        episode: Episode,
        note_date: dt.date,
        case: Case = Case.AS_IS,
        typos: float = 0.0,
        *,
        slots: Mapping[str, Callable[..., None]],
    ) -> None:
        self.rng = rng
        self.slots = slots
        self.world = world
        self.patient = patient
        self.episode = episode
        self.note_date = note_date
        self.out = NoteBuilder(case, typos=typos, rng=random.Random(rng.getrandbits(32)))
        self.memo: dict[str, object] = {}
        self.note_dates: dict[str, dt.date] = {}

    @property
    def variant(self) -> Variant:
        return self.world.variant

    @property
    def male(self) -> bool:
        return self.patient.person.sex == "M"

    def render(self, source: str) -> None:
        template.render(source, self.rng, self.out, self._resolve)

    def line(self, source: str) -> None:
        """Render a template followed by a newline."""
        self.render(source)
        self.out.text("\n")

    def _resolve(self, name: str, args: tuple[str, ...]) -> None:
        try:
            slot = self.slots[name]
        except KeyError:
            raise template.TemplateSyntaxError(f"unknown slot {{{name}}}") from None
        slot(self, *args)

    def chance(self, probability: float) -> bool:
        return self.rng.random() < probability

    def pick(self, values: Sequence[T]) -> T:
        return values[self.rng.randrange(len(values))]

    def sample(self, values: Sequence[T], count: int) -> list[T]:
        return self.rng.sample(list(values), min(count, len(values)))

    def some(self, values: Sequence[str], low: int, high: int) -> None:
        """Render between ``low`` and ``high`` distinct templates of ``values``, in order."""
        count = self.rng.randint(low, min(high, len(values)))
        chosen = sorted(self.rng.sample(range(len(values)), count))
        for index in chosen:
            self.render(values[index])

    def heading(self, text: str, case: Case | None = Case.UPPER) -> None:
        with self.out.cased(case if self.out.case is Case.AS_IS else None):
            self.out.text(text)

    def clinician(self, role: str) -> Clinician:
        found = self.episode.clinicians.get(role)
        if found is None:
            found = self.world.clinician(role)
            self.episode.clinicians[role] = found
        return found

    def date(self, key: str) -> dt.date:
        """A named date of the episode (created on first use, then stable)."""
        if key == "surgery":
            key = "proc"
        if key in ("note", "yesterday", "tomorrow") or key.startswith("recent"):
            store = self.note_dates  # relative to this note
        else:
            store = self.episode.dates  # shared by the episode's notes
        found = store.get(key)
        if found is not None:
            return found
        made = self._make_date(key)
        store[key] = made
        return made

    def _make_date(self, key: str) -> dt.date:
        rng, ep = self.rng, self.episode
        day = dt.timedelta(days=1)
        if key == "admit":
            return ep.admit
        if key == "discharge":
            return ep.discharge
        if key == "dob":
            return self.patient.dob
        if key == "note":
            return self.note_date
        if key == "proc":
            span = max(0, (ep.discharge - ep.admit).days)
            return ep.admit + rng.randint(0, max(0, span - 1)) * day
        if key.startswith("past"):
            return self.note_date - rng.randint(60, 365 * 15) * day
        if key.startswith("recent"):
            return self.note_date - rng.randint(1, 45) * day
        if key.startswith("future") or key.startswith("followup"):
            return max(self.note_date, ep.discharge) + rng.randint(5, 60) * day
        if key == "yesterday":
            return self.note_date - day
        if key == "tomorrow":
            return self.note_date + day
        raise template.TemplateSyntaxError(f"unknown date key {key!r}")


SlotFunction = Callable[..., None]
"""A slot: appends its text (and its PHI spans) to ``ctx.out``."""


def slot_registrar(table: dict[str, SlotFunction]) -> Callable[[str], Callable[[SlotFunction],
                                                                            SlotFunction]]:
    """A ``@slot(name)`` decorator that registers slot functions in ``table``."""

    def slot(name: str) -> Callable[[SlotFunction], SlotFunction]:
        def register(function: SlotFunction) -> SlotFunction:
            table[name] = function
            return function

        return register

    return slot
