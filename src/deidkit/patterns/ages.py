"""Age patterns: an age with an age word (``92 y/o``, ``in his 90s``, ``92 años de edad``).

Every age is found (so a detector can tell ages from durations); ages of 90 and over are named
``age_over_89`` (``age_over_89_es``), the others ``age`` (``age_es``). Durations (``smoked for
40 years``, ``20 años de evolución``) are not ages. Ages after a cue (``aged 93``, ``Edad: 70
años``) are found by ``deidkit.patterns.cues`` with :func:`age`.
"""

from __future__ import annotations

import regex

from deidkit.patterns.context import DURATION_CUES, words_before
from deidkit.patterns.spec import (
    EN,
    ES,
    SPACE,
    UNGLUED,
    Check,
    Expression,
    Found,
    Head,
    Pattern,
    lengths,
    phi_extent,
)

_DURATION_ES = Expression(
    r"\s*(?:de\s+(?:evoluci[oó]n|duraci[oó]n|seguimiento|tratamiento|antigüedad|la|las|los|"
    r"su)\b|del\b|antes\b|despu[eé]s\b|m[aá]s\s+tarde|tras\b|desde\b|y\s+medio)",
    regex.IGNORECASE,
)


_RANGE_WORDS = frozenset({"to", "or", "-", "a", "o"})
"""Words between the two numbers of a range ("1 to 2", "3 o 4")."""


def _duration_range(text: str, start: int, before: list[str]) -> bool:
    """Whether the number at ``start`` ends a range opened by a duration's cue (``before``:
    the three words before it)."""
    if len(before) == 3 and before[0] in DURATION_CUES and before[1].isdigit():
        return before[2] in _RANGE_WORDS  # "every 1 to 2 years"
    return len(before) >= 2 and before[-2] in DURATION_CUES and before[-1].isdigit() and (
        text[start - 1 : start] in {"-", "–"}  # "for 2-3 years"
    )


def age(text: str, start: int, end: int, value: int, spanish: bool) -> Found:
    """The age ``value`` at ``start:end``, or None for a duration or an age over 125."""
    if value > 125:
        return None
    before = words_before(text, start, 3)
    if before and before[-1] in DURATION_CUES:
        return None  # "smoked for 40 years": a duration
    if _duration_range(text, start, before):
        return None  # "every 1 to 2 years", "for 2-3 years": a range of durations
    if (spanish and text[start:end].casefold().endswith("años")
            and _DURATION_ES.compiled.match(text, end)):
        return None  # "20 años de evolución", "a los 2 años del trasplante": a duration
    name = ("age_over_89" if value >= 90 else "age") + ("_es" if spanish else "")
    return start, end, "AGE", name


_AGE_AFTER_ES = Expression(r"\s*(?:de\s+edad\b|[,.;]|(?:y|que|con|sin)\b)", regex.I)
_AGE_BEFORE_ES = Expression(r"(?i)(?<![\p{L}])(?:de|con|tiene|a\s+los)\s+$")
_DURATION_BEFORE_ES = Expression(
    r"(?i)(?<![\p{L}])(?:durante|hac[eií]a?|plazo\s+de|[uú]ltimos|cada|tras|despu[eé]s\s+de|"
    r"m[aá]s\s+de|menos\s+de|cabo\s+de|por|otros|unos|aproximadamente|hasta)\s+(?:los\s+)?$"
)


def _check_age_es(text: str, m: regex.Match[str], lang: str | None) -> Found:
    after = _AGE_AFTER_ES.compiled.match(text, m.end())
    before = _AGE_BEFORE_ES.compiled.search(text, max(0, m.start() - 12), m.start())
    if after is None and before is None:
        return None
    if _DURATION_BEFORE_ES.compiled.search(text, max(0, m.start() - 24), m.start()):
        return None  # "durante 3 años", "hace 2 años": a duration
    return age(text, m.start(), m.end(), int(m.group("n")), True)


_DECADE_BEFORE = Expression(r"(?i)\b(?:his|her|their|the)\s+(?:(?:early|mid|late)[\s-]*)?$")
_DECADE_AFTER = Expression(r"(?i)\s*(?:female|male|woman|man|patient|pt|yo|year|lady|gentleman)")


def _check_age(spanish: bool) -> Check:
    def check(text: str, m: regex.Match[str], lang: str | None) -> Found:
        start, end = phi_extent(m)
        decade = m.groupdict().get("decade")
        if decade is not None and not (
            _DECADE_AFTER.compiled.match(text, end)
            or _DECADE_BEFORE.compiled.search(text, max(0, start - 20), start)
        ):
            return None
        return age(text, start, end, int(m.group("n")), spanish)

    return check


_AGE_WORDS_EN = (
    r"(?=\s?(?:-\s?)?(?i:years?[\s-]*old|year-old|yrs?[\s-]*old|y/?o\b|y\.o\.|yo[mf]?\b|"
    r"years?\s+of\s+age|yrs?\b|years?\b(?!\s+ago)))"
)
# 92 years old, 92 y/o, 92-year-old, 92yo, the 90s, 90's
_AGE_HEADS = (Head(lengths(1, 3), before=UNGLUED, follow=(
    (SPACE, "-yY"), ("-", SPACE + "yY"), ("yY",), ("'", "s"), ("s",))),)

# --- the patterns, in priority order -----------------------------------------------------------

AGES: tuple[Pattern, ...] = (
    Pattern(
        name="age_over_89", label="AGE", langs=EN, check=_check_age(False), names=("age",),
        expression=r"(?P<n>\d(?<![\w.]\d)\d{0,2}+)(?:" + _AGE_WORDS_EN
        + r"|(?P<decade>['’]?s)\b)",
        description="age with an age word (92 y/o, 92-year-old, in his 90s)",
        heads=_AGE_HEADS,
    ),
    Pattern(
        name="age_over_89_es", label="AGE", langs=ES, check=_check_age_es, names=("age_es",),
        expression=r"(?=\d)(?<![\w.])(?P<n>\d{1,3})\s*(?i:años)\b",
        description="edad con la palabra años y contexto (92 años de edad, paciente de 92 años)",
        heads=(Head(lengths(1, 3), before=UNGLUED, follow=((SPACE, SPACE + "aA"), ("aA",))),),
    ),
)
