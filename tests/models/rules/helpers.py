"""Run some rules over a synthetic note (shared by the rule tests)."""

from __future__ import annotations

from collections.abc import Sequence

from deidkit.models.rules import Rule, Scan, run_rules
from deidkit.models.rules.lexicons import lexicons
from deidkit.models.rules.note import Note

ALL_SWITCHES = frozenset({"names", "places", "hospitals"})


def scan_of(text: str, lang: str = "en", *, ages: str = "auto", times: bool = False) -> Scan:
    """A fresh scan of ``text``."""
    return Scan(Note.of(text), lexicons(lang), lang, ages, times)


def found_by(
    rules: Sequence[Rule], text: str, lang: str = "en", *, ages: str = "auto", times: bool = False
) -> set[tuple[str, str]]:
    """(text, label) of what ``rules`` alone find in ``text``."""
    spans = run_rules(rules, scan_of(text, lang, ages=ages, times=times), ALL_SWITCHES)
    return {(text[s.start : s.end], s.label) for s in spans}
