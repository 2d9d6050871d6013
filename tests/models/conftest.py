"""A small synthetic training corpus for the detector tests (no real notes)."""

from __future__ import annotations

import random

import pytest

from deidkit.types import Document, Span

FIRST = ["John", "Mary", "Linda", "Robert", "Alice", "Peter", "Susan", "Kevin", "Nora", "Oscar"]
LAST = ["Smith", "Jones", "Miller", "Garcia", "Clark", "Lewis", "Walker", "Young", "Hall", "King"]
ODD = ["Zyqlo", "Vandermoot", "Quorbit", "Ixtlan", "Brevork", "Ulmsted", "Kadrow", "Pellix"]
CITIES = ["Boston", "Springfield", "Denver", "Portland", "Madison", "Austin"]
FILLER = [
    "Brown stool noted, no melena.",
    "Foley catheter in place, draining well.",
    "BP 132/84, HR 80, afebrile.",
    "2/6 systolic murmur at the apex.",
    "Motor strength 5/5 throughout.",
    "Pain 3/10, improved with acetaminophen 1000 mg.",
    "Will continue current medications.",
    "May need a repeat chest x-ray tomorrow.",
    "Lungs clear bilaterally.",
    "Tolerating a regular diet.",
]


def _date(rng: random.Random) -> str:
    month, day, year = rng.randint(1, 12), rng.randint(1, 28), rng.randint(1990, 2020)
    names = ["January", "February", "March", "April", "May", "June", "July", "August",
             "September", "October", "November", "December"]
    return rng.choice([f"{month}/{day}/{year}", f"{year}-{month:02d}-{day:02d}",
                       f"{names[month - 1]} {day}, {year}"])


def make_note(rng: random.Random, index: int, *, odd_names: bool = False) -> Document:
    """One synthetic note with exact spans: names, dates, phones, IDs, places, filler."""
    parts: list[tuple[str, str | None]] = []

    def name() -> str:
        pool = ODD if odd_names else LAST
        return f"{rng.choice(FIRST)} {rng.choice(pool)}"

    parts += [("Patient: ", None), (name(), "PATIENT"), (". MRN: ", None),
              (str(rng.randint(1_000_000, 9_999_999)), "MEDICALRECORD"), (".\n", None)]
    parts += [("Admitted on ", None), (_date(rng), "DATE"), (" to ", None),
              (f"{rng.choice(LAST)} Memorial Hospital", "HOSPITAL"), (".\n", None)]
    for sentence in rng.sample(FILLER, 3):
        parts.append((sentence + " ", None))
    parts += [("Seen by Dr. ", None), (rng.choice(ODD if odd_names else LAST), "DOCTOR"),
              (" today.\n", None)]
    parts += [("Lives in ", None), (rng.choice(CITIES), "CITY"), (" with her daughter ", None),
              (rng.choice(FIRST), "RELATIVE"), (". Call ", None),
              (f"({rng.randint(200, 999)}) {rng.randint(200, 999)}-{rng.randint(1000, 9999)}",
               "PHONE"), (" with results.\n", None)]
    text, spans = "", []
    for piece, label in parts:
        if label is not None:
            spans.append(Span(len(text), len(text) + len(piece), label, source="gold"))
        text += piece
    return Document(id=f"note-{index}", text=text, spans=tuple(spans))


@pytest.fixture(scope="session")
def train_notes() -> list[Document]:
    rng = random.Random(11)
    return [make_note(rng, i) for i in range(40)]


@pytest.fixture(scope="session")
def test_notes() -> list[Document]:
    rng = random.Random(99)
    return [make_note(rng, 100 + i) for i in range(8)] + [
        make_note(rng, 200 + i, odd_names=True) for i in range(8)
    ]
