"""No regular expression of the package backtracks worse than linearly (issue 18, item 1).

Each pattern runs on adversarial strings of 10k and 100k characters (``fuzz.growth``): the
CPU time must grow about tenfold, not a hundredfold. Patterns only ever tried at one
position (``match``/``fullmatch``) or on a window of bounded length are checked the way they
are used (one attempt on the whole string); every other pattern is checked scanning
(``finditer``). The text-level functions that apply the patterns are checked end to end.
"""

from __future__ import annotations

import random
import re

import pytest

from deidkit.features.regex import HIDE_PATTERNS, hide_flags
from deidkit.patterns import find_patterns
from deidkit.text import find_sections, sentence_spans, tokenize
from deidkit.text.tokenizer import clear_cache
from fuzz.growth import ADVERSARIAL_UNITS, LIMIT, growth
from fuzz.patterns import package_patterns

SINGLE_ATTEMPT: dict[str, str] = {
    "deidkit.io.brat._FRAGMENT": "fullmatch of one fragment of an .ann line",
    "deidkit.io.physionet._THREE_NUMBERS": "fullmatch of one line",
    "deidkit.io.i2b2_2014._DECLARATION": "match at the scanner's position",
    "deidkit.io.i2b2_2014._COMMENT": "match at the scanner's position",
    "deidkit.io.i2b2_2014._ATTRIBUTE": "match at the scanner's position",
    "deidkit.io.i2b2_2014._TAG_CLOSE": "match at the scanner's position",
    "deidkit.patterns.ages._DURATION_ES": "match right after an age's 'años'",
    "deidkit.patterns.ages._AGE_AFTER_ES": "match right after an age",
    "deidkit.patterns.ages._DECADE_AFTER": "match right after a decade",
    "deidkit.text.sections._COLON_HEADING_RE#1": "match at the text's start (then after \\n)",
    "deidkit.text.sections._LINE_HEADING_RE#1": "match at the text's start (then after \\n)",
    "deidkit.text.tokenizer._DIGIT_GROUPS_RE": "fullmatch of one token",
    "deidkit.text.tokenizer._UPPER_ID_RE": "fullmatch of one token",
    "deidkit.text.tokenizer._LONG_DIGITS_FIRST_RE": "match at a token's start",
    "deidkit.models.rules.ages._NOT_AGE": "match right after an age's number",
    "deidkit.models.rules.ages._NUMBER": "match right after an age cue",
    "deidkit.models.rules.ages._WORDS": "match right after an age cue",
    "deidkit.models.rules.identifiers._DECIMAL": "fullmatch of one value",
    "deidkit.models.rules.identifiers._HEADER_ID": "fullmatch of one header cell's value",
    "deidkit.models.rules.identifiers._NOT_CODES": "fullmatch of one token",
    "deidkit.models.rules.identifiers._UNIT_AFTER": "match on the 20 characters after a value",
    "deidkit.models.rules.identifiers._VALUE": "match right after an identifier's cue",
    "deidkit.models.rules.identifiers._LISTED": "match right after a cued value",
    "deidkit.models.rules.usernames.LOGIN_WITH_DIGITS": "fullmatch of one token",
    "deidkit.models.rules.tables.AGE_CELL": "fullmatch of one table cell",
    "deidkit.models.rules.tables.STAFF_CELL": "fullmatch of one table cell",
    "deidkit.models.rules.tables.INITIALS_CELL": "fullmatch of one table cell",
    "deidkit.models.rules.tables.ROOM_CELL": "fullmatch of one table cell",
    "deidkit.models.name_joins.QUOTE": "fullmatch of the text between two name spans",
    "deidkit.models.name_joins.NICK_AFTER": "match right after a name span",
    "deidkit.models.name_joins.SUFFIX": "match right after a name span",
    "deidkit.models.credentials._FOLLOWING": "match right after a name span's first word",
    "deidkit.models.credentials._SIGNER_GAP": "fullmatch of the text between two spans",
    "deidkit.models.credentials._STATE_AFTER": "match right after a state's code",
    "deidkit.models.credentials._FURTHER": "match right after a state's code",
    "deidkit.models.initials._COMMA_INITIAL": "match right after a name span",
    "deidkit.models.flips._LOWER_WORD": "match right after a date span",
    "deidkit.models.initials._FIELD_END": "match right after a name's initial",
}
"""Pattern key prefix -> how its callers bound it (only ever one attempt at a position)."""


BOUNDED: dict[str, str] = {
    "deidkit.patterns.contacts._DOMAIN_LEFT": "searched on the 80 characters before a domain",
    "deidkit.text.tokenizer.TOKEN_RE": "matched at positions of one chunk; tokenize is checked "
    "end to end below",
}
"""Patterns whose callers bound the text they see; their callers are checked end to end."""


def _single_attempt(name: str) -> bool:
    return any(name.startswith(prefix) for prefix in SINGLE_ATTEMPT)


def _scan(pattern):  # type: ignore[no-untyped-def]
    def work(text: str) -> None:
        for _ in pattern.finditer(text):
            pass

    return work


def _attempt(pattern):  # type: ignore[no-untyped-def]
    def work(text: str) -> None:
        pattern.match(text)
        pattern.fullmatch(text)
        pattern.match(text, 1)

    return work


def test_alphanumeric_is_linear_on_a_long_word_without_digits():
    alphanumeric = dict(HIDE_PATTERNS)["ALPHANUMERIC"]
    compiled = re.compile(alphanumeric, re.DOTALL)
    for unit in ("a", "1", "aA", "1-"):
        assert growth(compiled.search, unit) is None, unit
    assert growth(hide_flags, "a") is None


def test_alphanumeric_keeps_the_tables_meaning():
    table = re.compile(r"^.*[0-9].*[A-Za-z].*$|^.*[A-Za-z].*[0-9].*$", re.DOTALL)
    ours = re.compile(dict(HIDE_PATTERNS)["ALPHANUMERIC"], re.DOTALL)
    rng = random.Random(18)
    for _ in range(5000):
        word = "".join(rng.choice("aZ19-. \n_é") for _ in range(rng.randint(0, 9)))
        assert bool(table.search(word)) == bool(ours.search(word)), repr(word)


@pytest.mark.slow
def test_every_pattern_of_the_package_grows_linearly():
    patterns = package_patterns()
    assert len(patterns) > 100  # the walk found the package's patterns
    listed = [*SINGLE_ATTEMPT, *BOUNDED]
    unbounded = sorted(p for p in listed if not any(n.startswith(p) for n in patterns))
    assert not unbounded, f"SINGLE_ATTEMPT names patterns that no longer exist: {unbounded}"
    slow = []
    for name, pattern in patterns.items():
        if any(name.startswith(prefix) for prefix in BOUNDED):
            continue
        work = _attempt(pattern) if _single_attempt(name) else _scan(pattern)
        for unit in ADVERSARIAL_UNITS:
            ratio = growth(work, unit, sizes=(5_000, 50_000))  # quadratic: x100, linear: x10
            if ratio is not None:
                slow.append(f"{name} on {unit!r} x{ratio:.0f}: {pattern.pattern[:60]!r}")
                break
    assert not slow, "\n".join(slow)


def _tokenize_uncached(text: str) -> object:
    clear_cache()  # repeated chunks are cached: measure the work, not the look-up
    return tokenize(text)


TEXT_FUNCTIONS = {
    "tokenize": _tokenize_uncached,
    "sentence_spans": sentence_spans,
    "find_sections": find_sections,
    "find_patterns en": lambda text: find_patterns(text, "en"),
    "find_patterns es": lambda text: find_patterns(text, "es"),
}


TOKENIZE_UNITS = ("a", "A", "1", " ", "\n", "a1", "aA", "1,", "1.", "1/", "-", "'", "Dr. ",
                  "Ab12-/. :", "a@", "://", "é")
"""The units whose runs the tokenizer treats specially (letters, digits, separators, titles)."""


@pytest.mark.slow
@pytest.mark.parametrize("name", TEXT_FUNCTIONS)
def test_the_text_functions_grow_linearly_end_to_end(name):
    work = TEXT_FUNCTIONS[name]
    # Small inputs stay in the CPU caches and look faster than they scale: one regular
    # expression match over a whole 100k-300k chunk leaves them (tokenize on "1," repeated:
    # 30k 2 ms, 100k 6 ms, 300k 75 ms, 1M 250 ms), so tokenize is measured from 300k on.
    sizes = (300_000, 3_000_000) if name == "tokenize" else (30_000, 300_000)
    # tokenize at 3M characters is costly, so it runs on the units it treats specially; its
    # patterns are also run on every unit by the test above. Its 3M run (millions of tokens)
    # also competes for memory with the test process beside it: on "-" linear is x9-10 alone
    # and was x35 with the suite running on both cores; quadratic is x100, so it is flagged
    # over x60.
    units = TOKENIZE_UNITS if name == "tokenize" else ADVERSARIAL_UNITS
    limit = 60.0 if name == "tokenize" else LIMIT
    slow = [f"{unit!r} x{ratio:.0f}" for unit in units
            if (ratio := growth(work, unit, sizes=sizes, limit=limit)) is not None]  # fmt: skip
    assert not slow, f"{name}: " + ", ".join(slow)


def _quadratic(text: str) -> int:
    # the inner loop dominates, so the work is ~len(text) ** 2 / 1,000 steps: x97-100
    return sum(1 for _ in range(0, len(text), 100) for _ in range(0, len(text), 10))


def test_a_limit_of_x60_still_flags_quadratic_work_and_passes_linear_work():
    assert growth(_quadratic, "a", sizes=(10_000, 100_000), limit=60.0) is not None
    assert growth(lambda text: text.count("a"), "a", limit=60.0) is None
