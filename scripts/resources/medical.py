"""Medical words from the ICD-10-CM Tabular List (public domain, CDC/NCHS).

Every code description, inclusion term and includes/excludes note of the Tabular List (the
introduction and chapter 20, external causes V00-Y99, are skipped) is split into letter
runs, the way deidkit's tokenizer splits words (hyphens and apostrophes separate words).
Words of one or two letters and the 500 most frequent English words (function words such as
"of", "with", "due") are dropped. Each word is written in its most frequent spelling
(eponyms keep their capital: Parkinson, Hodgkin) with the number of times it occurs in the
Tabular List.
"""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from pathlib import Path

from common import Built

SCRIPT = "scripts/resources/medical.py"
TEXT_TAGS = frozenset({"desc", "note"})
SKIP = frozenset({"introduction"})
LETTERS = re.compile(r"[^\W\d_]+")
GENERAL_TOP = 500
EXTERNAL_CAUSES_CHAPTER = "20"  # V00-Y99: vehicles, places, activities, not medical words


def tabular_file() -> Path:
    import simple_icd_10_cm

    folder = Path(simple_icd_10_cm.__file__).resolve().parent / "data"
    files = sorted(folder.glob("icd10c*-tabular-*.xml"))
    if not files:
        raise SystemExit(f"no ICD-10-CM tabular XML in {folder}")
    return files[-1]


def tabular_texts(path: Path) -> list[str]:
    root = ET.parse(path).getroot()
    texts: list[str] = []

    def walk(element: ET.Element) -> None:
        if element.tag in SKIP:
            return
        if element.tag == "chapter" and element.findtext("name") == EXTERNAL_CAUSES_CHAPTER:
            return
        if element.tag in TEXT_TAGS and element.text:
            texts.append(element.text)
        for child in element:
            walk(child)

    walk(root)
    return texts


@functools.cache
def word_counts() -> tuple[tuple[str, int], ...]:
    """(most frequent spelling, count) of every kept word, most frequent first."""
    import wordfreq

    general = {w.casefold() for w in wordfreq.top_n_list("en", GENERAL_TOP)}
    spellings: dict[str, Counter[str]] = defaultdict(Counter)
    for text in tabular_texts(tabular_file()):
        for word in LETTERS.findall(text):
            key = word.casefold()
            if len(key) < 3 or key in general:
                continue
            spellings[key][word] += 1
    rows = []
    for variants in spellings.values():
        total = sum(variants.values())
        lower = next((v for v in variants if v.islower()), None)
        # Prefer lower case when the word is ever written so; else the usual capitalisation.
        best = lower or max(variants.items(), key=lambda item: (item[1], item[0]))[0]
        rows.append((best, total))
    rows.sort(key=lambda item: (-item[1], item[0].casefold()))
    return tuple(rows)


def icd10cm_words() -> list[str]:
    """The casefolded medical words (for other builders)."""
    return [word.casefold() for word, _ in word_counts()]


def build() -> list[Built]:
    rows = [(word, str(count)) for word, count in word_counts()]
    return [
        Built(
            "medical_words", "en",
            "Medical words of the ICD-10-CM Tabular List (diagnoses, anatomy, organisms, "
            "injuries, drugs in poisoning codes)", ("word", "weight"), rows, "icd10cm",
            "Letter runs of every description, inclusion term and includes/excludes note of "
            "the ICD-10-CM FY2026 Tabular List except chapter 20 (external causes: vehicles, "
            "places, activities); words shorter than 3 letters and the 500 most "
            "frequent English words (wordfreq) removed; weight = occurrences in the Tabular "
            "List; spelled in lower case when the list ever writes them so (eponyms such as "
            "Parkinson keep their capital). Note: eponyms are also surnames (Parkinson, "
            "Graves); use the flag as evidence, not proof.",
            SCRIPT, filters=("wordfreq",),
        )
    ]
