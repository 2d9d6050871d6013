"""The written forms of PHI: names in every form, dates in every format, ages.

Each ``write_*`` function appends to a :class:`NoteBuilder`: titles, credentials and
connecting words as plain text, the identifying part as one PHI span (``Dr. `` then ``Smith``;
``Smith, John A.`` as one span, as in the i2b2 2014 guidelines).
"""

from __future__ import annotations

import datetime as dt
import random

from deidkit.corpus.builder import NoteBuilder
from deidkit.corpus.people import Clinician, Person
from deidkit.lang import get_language

MONTHS = get_language("en").dates.months  # the notes are English
MONTHS_SHORT = get_language("en").dates.month_abbreviations
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
HOLIDAYS = ("Thanksgiving", "Christmas", "Christmas Eve", "New Year's Eve", "New Year's Day",
            "Easter", "Memorial Day", "Labor Day", "the Fourth of July", "July 4th",
            "Halloween", "Mother's Day", "Father's Day", "Veterans Day")


def ordinal(day: int) -> str:
    if 10 <= day % 100 <= 20:
        return f"{day}th"
    return f"{day}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(day % 10, 'th') }"


# --- dates -----------------------------------------------------------------------------------

def _full_formats(d: dt.date) -> tuple[str, ...]:
    m, day, y = d.month, d.day, d.year
    yy = f"{y % 100:02d}"
    month, mon = MONTHS[m - 1], MONTHS_SHORT[m - 1]
    return (
        f"{m}/{day}/{y}", f"{m:02d}/{day:02d}/{y}", f"{m}/{day}/{yy}", f"{m:02d}/{day:02d}/{yy}",
        f"{m}-{day}-{y}", f"{m:02d}-{day:02d}-{y}", f"{y}-{m:02d}-{day:02d}", f"{y}-{m}-{day}",
        f"{month} {day}, {y}", f"{mon} {day}, {y}", f"{mon}. {day}, {y}", f"{day} {month} {y}",
        f"{day} {mon} {y}", f"{day:02d}-{mon}-{y}", f"{day:02d}-{mon.upper()}-{y}",
        f"{day:02d}{mon.upper()}{y}", f"{month} {ordinal(day)}, {y}",
        f"the {ordinal(day)} of {month}, {y}", f"{ordinal(day)} {month} {y}",
        f"{day:02d}.{m:02d}.{y}", f"{day}/{m}/{yy}", f"{y}{m:02d}{day:02d}", f"{m}.{day}.{yy}",
        f"{WEEKDAYS[d.weekday()]}, {month} {day}, {y}", f"{month} {day} {y}",
    )


_FULL_WEIGHTS = (22, 16, 10, 5, 3, 2, 8, 1, 8, 4, 2, 2, 2, 2, 1, 1, 2, 1, 1, 1, 1, 1, 1, 2, 1)


def _partial_formats(d: dt.date) -> tuple[str, ...]:
    m, day = d.month, d.day
    month, mon = MONTHS[m - 1], MONTHS_SHORT[m - 1]
    return (
        f"{m}/{day}", f"{m:02d}/{day:02d}", f"{month} {day}", f"{mon} {day}",
        f"{month} {ordinal(day)}", f"{ordinal(day)} of {month}", f"{day} {mon}", f"{m}-{day}",
        f"{WEEKDAYS[d.weekday()]} {m}/{day}", f"{mon}. {day}",
    )


_PARTIAL_WEIGHTS = (30, 8, 14, 8, 5, 3, 3, 4, 3, 2)


def _coarse_formats(d: dt.date) -> tuple[str, ...]:
    month, mon = MONTHS[d.month - 1], MONTHS_SHORT[d.month - 1]
    return (f"{month} {d.year}", f"{d.month}/{d.year}", f"{mon} {d.year}",
            f"{d.month:02d}/{d.year}", f"{month} of {d.year}", f"{month}, {d.year}",
            f"{mon}-{d.year % 100:02d}", f"{d.year}")


_COARSE_WEIGHTS = (10, 8, 3, 3, 2, 1, 1, 10)


def format_date(rng: random.Random, d: dt.date, style: str = "full") -> str:
    """``d`` written in a random format of a style: full, partial, coarse, year, weekday, any."""
    if style == "any":
        style = rng.choices(("full", "partial", "coarse"), weights=(70, 22, 8))[0]
    if style == "full":
        return rng.choices(_full_formats(d), weights=_FULL_WEIGHTS)[0]
    if style == "partial":
        return rng.choices(_partial_formats(d), weights=_PARTIAL_WEIGHTS)[0]
    if style == "coarse":
        return rng.choices(_coarse_formats(d), weights=_COARSE_WEIGHTS)[0]
    if style == "year":
        return str(d.year)
    if style == "weekday":
        return WEEKDAYS[d.weekday()]
    if style == "numeric":
        return rng.choice(_full_formats(d)[:8])
    if style == "iso":
        return f"{d.year}-{d.month:02d}-{d.day:02d}"
    if style == "long":
        return rng.choice(_full_formats(d)[8:13])
    raise ValueError(f"unknown date style {style!r}")


# --- names -----------------------------------------------------------------------------------

def _initial(name: str) -> str:
    return name[:1]


def name_text(rng: random.Random, person: Person, form: str) -> str:
    """The identifying text of a name in a given form (no title)."""
    first, last, middle = person.first, person.last, person.middle
    mi = f" {_initial(middle)}." if middle else ""
    if form == "full":
        return f"{first} {last}"
    if form == "full_middle":
        if middle and rng.random() < 0.3:
            return f"{first} {middle} {last}"
        return f"{first}{mi} {last}"
    if form in ("last_first", "last_first_caps"):
        # ``LAST, FIRST M`` is written with or without the initial's period; a sentence's
        # full stop after it is never part of the name (NoteBuilder.text)
        if middle and rng.random() < 0.45:
            mi = mi.rstrip(".")
        written = f"{last}, {first}{mi}"
        return written.upper() if form == "last_first_caps" else written
    if form == "last_first_nocomma":
        return f"{last.upper()} {first.upper()}"
    if form == "initial_last":
        return rng.choice((f"{_initial(first)}. {last}", f"{_initial(first)} {last}",
                           f"{_initial(first)}.{_initial(middle) + '.' if middle else ''} {last}"))
    if form == "last":
        return last
    if form == "first":
        return first
    if form == "initials":
        letters = [_initial(first)] + ([_initial(middle)] if middle else []) + [_initial(last)]
        return rng.choice(("".join(letters), ".".join(letters) + ".", "".join(letters).lower()))
    if form == "lower":
        return f"{first} {last}".lower()
    if form == "first_initial":
        return f"{first} {_initial(last)}."
    raise ValueError(f"unknown name form {form!r}")


PATIENT_FORMS = ("full", "full_middle", "last_first", "last_first_caps", "initial_last",
                 "last", "first", "initials", "lower")
PATIENT_WEIGHTS = (30, 14, 10, 6, 5, 12, 10, 3, 3)


def write_name(
    out: NoteBuilder, rng: random.Random, person: Person, label: str, form: str | None = None
) -> None:
    """A person's name as one span; ``form`` None picks a common form."""
    if form is None:
        form = rng.choices(PATIENT_FORMS, weights=PATIENT_WEIGHTS)[0]
    if form == "title_last":
        out.text(title_of(rng, person) + " ")
        out.phi(person.last, label)
        return
    if form == "title_full":
        out.text(title_of(rng, person) + " ")
        out.phi(name_text(rng, person, "full"), label)
        return
    out.phi(name_text(rng, person, form), label)


def title_of(rng: random.Random, person: Person) -> str:
    if person.sex == "M":
        return rng.choice(("Mr.", "Mr.", "Mr", "MR."))
    return rng.choice(("Ms.", "Mrs.", "Mrs.", "Ms", "Miss"))


DOCTOR_FORMS = ("dr_last", "dr_full", "full_cred", "dr_last_nodot", "dr_initial", "caps_cred",
                "last_cred", "full", "last", "initial_last_cred", "first")
DOCTOR_WEIGHTS = (40, 9, 14, 7, 4, 3, 4, 5, 6, 4, 1)


def write_doctor(
    out: NoteBuilder, rng: random.Random, clinician: Clinician, form: str | None = None
) -> None:
    """A clinician's name with its title or credential outside the span."""
    person, cred = clinician.person, clinician.credential
    is_doctor = cred in ("MD", "DO")
    if form is None:
        form = rng.choices(DOCTOR_FORMS, weights=DOCTOR_WEIGHTS)[0]
        if not is_doctor and (form.startswith("dr_") or form in ("first", "last")):
            nursing = "RN" in cred
            form = rng.choice(("full_cred", "full_cred", "full", "last_cred", "first")
                              if nursing else ("full_cred", "full_cred", "full", "last_cred"))
        elif form == "first":
            form = "full"
    label = "DOCTOR"
    if form == "dr_last":
        out.text("Dr. ")
        out.phi(person.last, label)
    elif form == "dr_last_nodot":
        out.text("Dr ")
        out.phi(person.last, label)
    elif form == "dr_full":
        out.text("Dr. ")
        out.phi(name_text(rng, person, rng.choice(("full", "full_middle"))), label)
    elif form == "dr_initial":
        out.text("Dr. ")
        out.phi(name_text(rng, person, "initial_last"), label)
    elif form == "full_cred":
        out.phi(name_text(rng, person, rng.choice(("full", "full_middle"))), label)
        out.text(rng.choice((", ", " ", ", ")) + cred)
    elif form == "caps_cred":
        out.phi(name_text(rng, person, "last_first_caps"), label)
        out.text(" " + cred.upper().replace(".", ""))
    elif form == "last_cred":
        out.phi(person.last, label)
        out.text(", " + cred)
    elif form == "initial_last_cred":
        out.phi(name_text(rng, person, "initial_last"), label)
        out.text(", " + cred)
    elif form == "full":
        out.phi(name_text(rng, person, "full"), label)
    elif form == "last":
        out.phi(person.last, label)
    elif form == "first":
        out.phi(person.first, label)
    else:
        raise ValueError(f"unknown doctor form {form!r}")
