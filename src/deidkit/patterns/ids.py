"""Identifier patterns: SSN, Spanish DNI/NIF/NIE, accession-like codes, letters-and-digits IDs
and long numbers.

Identifiers after cue words (``MRN: 1234567``, ``NHC: 368503``, ``Acct #: 44-123-9``) are found
by ``deidkit.patterns.cues``.
"""

from __future__ import annotations

import regex

from deidkit.patterns.context import unit_follows
from deidkit.patterns.spec import (
    ALL,
    DIGIT_PAIR,
    ES,
    LEFT,
    RIGHT,
    Found,
    Head,
    Pattern,
    hit,
    lengths,
)

# --- checks ------------------------------------------------------------------------------------


def _check_id_number(text: str, m: regex.Match[str], lang: str | None) -> Found:
    if unit_follows(text, m.end()):
        return None
    groups = [len(g) for g in m.group().split("-")]
    if sum(groups) < 7:
        return None
    if len(groups) == 2 and (min(groups) < 3 or max(groups) < 5):
        return None  # 1000-1500, (47-10000): ranges
    return hit(m, "IDNUM", "id_number")


_LETTER_PREFIX = regex.compile(r"(?<![\w/\-+@.])[A-Z]{1,4}-?$")
_NUCLEOTIDE_CHANGE = regex.compile(r"[ACGT]\d+[ACGT]")
_ACCESSION_PREFIX = regex.compile(r"(?<![\w/\-+@.])[A-Z]{1,4}-?$")


def _check_accession(text: str, m: regex.Match[str], lang: str | None) -> Found:
    """Digits led by capitals: SH-02-22222 (letters, dash) or S09-12345 (letters glued)."""
    prefix = _ACCESSION_PREFIX.search(text, max(0, m.start() - 5), m.start())
    if prefix is None or (not prefix.group().endswith("-") and len(m.group().split("-")[0]) != 2):
        return None
    return prefix.start(), m.end(), "IDNUM", "id_accession_shape"


def _check_alphanumeric_id(text: str, m: regex.Match[str], lang: str | None) -> Found:
    """Five or more digits led by 1-4 capitals (AB1234567): expand left over the letters."""
    prefix = _LETTER_PREFIX.search(text, max(0, m.start() - 5), m.start())
    if prefix is None:
        return None
    start = prefix.start()
    if _NUCLEOTIDE_CHANGE.fullmatch(text, start, m.end()):
        return None  # G20210A: a mutation, not an identifier
    return start, m.end(), "IDNUM", "id_alphanumeric"


# --- the patterns, in priority order -----------------------------------------------------------

IDS: tuple[Pattern, ...] = (
    Pattern(
        name="ssn", label="SSN", langs=ALL,
        expression=LEFT + r"\d{3}-\d{2}-\d{4}" + RIGHT,
        description="social security number 123-45-6789",
        heads=(Head(lengths(3, 3), follow=DIGIT_PAIR),),
    ),
    Pattern(
        name="dni_nif", label="IDNUM", langs=ES,
        expression=LEFT + r"(?:\d{8}[\s-]?[A-HJ-NP-TV-Z]|[XYZ][\s-]?\d{7}[\s-]?"
        r"[A-HJ-NP-TV-Z])" + RIGHT,
        description="Spanish DNI/NIF (8 digits and a letter) or NIE (X1234567L)",
    ),
    Pattern(
        name="id_accession_shape", label="IDNUM", langs=ALL, check=_check_accession,
        expression=r"(?<![\d])\d{1,2}-\d{3,8}" + RIGHT,
        description="accession-like code such as SH-02-22222 or S09-12345",
        heads=(Head(lengths(1, 2), before=None, follow=DIGIT_PAIR),),
    ),
    Pattern(
        name="id_alphanumeric", label="IDNUM", langs=ALL, check=_check_alphanumeric_id,
        expression=r"(?<=[A-Z-])\d{5,}[A-Z]?" + RIGHT,
        description="one to four capitals and five or more digits: AB1234567",
        heads=(Head(lengths(5), before="ABCDEFGHIJKLMNOPQRSTUVWXYZ-", at_start=False),),
    ),
)

LONG_NUMBERS: tuple[Pattern, ...] = (
    Pattern(
        name="id_number", label="IDNUM", langs=ALL, check=_check_id_number,
        expression=LEFT + r"\d{2,}(?:-\d{2,}){1,4}" + RIGHT + r"|" + LEFT + r"\d{7,}" + RIGHT,
        description="a long number or dashed digit groups (7+ digits) not matched otherwise",
        heads=(Head(lengths(2), follow=DIGIT_PAIR), Head(lengths(7))),
    ),
)
"""Tried last: what no other pattern claims."""
