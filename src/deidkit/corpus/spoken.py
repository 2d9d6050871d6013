"""Values said aloud, as speech turned into text writes them (issue 17): numbers, ordinals and
years in words, dates, digits one by one (``five five five oh one four two``, ``double
five``), letters spelled (``h a r k n e s s``, ``K as in kilo, H, H``), e-mail addresses said
(``shiv dot kealy at mail dot com``) and names as speech recognition mishears them.

The generator's one place for English number words: cardinals come from the English
surrogate data (``deidkit.lang.en.surrogates.spell_number``, 0 to 199); the ordinals, years
and digit words are built on them here. Every function returns the value's text only (its
cue, ``the`` before an ordinal, ``years old``, stays with the caller).
"""

from __future__ import annotations

import datetime as dt
import random
import re

from deidkit.lang import get_language

_SPELL = get_language("en").surrogates.spell_number
MONTH_WORDS = tuple(month.lower() for month in get_language("en").dates.months)
DIGIT_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_ORDINAL_ENDINGS = {"one": "first", "two": "second", "three": "third", "five": "fifth",
                    "eight": "eighth", "nine": "ninth", "twelve": "twelfth"}
PHONETIC = {
    "A": ("alpha", "apple", "adam"), "B": ("bravo", "boy", "bob"), "C": ("charlie", "cat"),
    "D": ("delta", "david", "dog"), "E": ("echo", "edward"), "F": ("foxtrot", "frank"),
    "G": ("golf", "george"), "H": ("hotel", "henry"), "I": ("india", "ida"),
    "J": ("juliet", "john"), "K": ("kilo", "king"), "L": ("lima", "larry"),
    "M": ("mike", "mary"), "N": ("november", "nancy"), "O": ("oscar", "ocean"),
    "P": ("papa", "peter"), "Q": ("quebec", "queen"), "R": ("romeo", "robert"),
    "S": ("sierra", "sam"), "T": ("tango", "tom"), "U": ("uniform", "umbrella"),
    "V": ("victor", "victory"), "W": ("whiskey", "william"), "X": ("x-ray",),
    "Y": ("yankee", "yellow"), "Z": ("zulu", "zebra"),
}
"""Words that say which letter is meant (``K as in kilo``): the radio alphabet and the
everyday words callers use instead."""


def cardinal(number: int, rng: random.Random) -> str:
    """0 to 199 in words, hyphenated or not (``ninety-two``, ``ninety two``)."""
    words = _SPELL(number)
    return words if rng.random() < 0.5 else words.replace("-", " ")


def ordinal(number: int, rng: random.Random) -> str:
    """1 to 31 as an ordinal in words: ``fourth``, ``twelfth``, ``twenty-second``."""
    words = cardinal(number, rng)
    head, separator, last = words.rpartition("-" if "-" in words else " ")
    if last in _ORDINAL_ENDINGS:
        last = _ORDINAL_ENDINGS[last]
    elif last.endswith("y"):
        last = last[:-1] + "ieth"
    else:
        last += "th"
    return f"{head}{separator}{last}"


def two_digits(number: int, rng: random.Random) -> str:
    """The last two digits of a year or a house number: ``oh five``, ``thirty four``."""
    if number < 10:
        return f"{rng.choice(('oh', 'oh', 'zero'))} {DIGIT_WORDS[number]}"
    return cardinal(number, rng)


def year(value: int, rng: random.Random) -> str:
    """A year as people say it: ``nineteen thirty four``, ``twenty twenty six``,
    ``two thousand and five``, ``nineteen hundred``."""
    century, rest = divmod(value, 100)
    if value >= 2000 and (value < 2010 or rng.random() < 0.25):
        tail = "" if not rest else (rng.choice((" ", " and ")) + cardinal(rest, rng))
        return "two thousand" + tail
    if not rest:
        return f"{cardinal(century, rng)} hundred"
    return f"{cardinal(century, rng)} {two_digits(rest, rng)}"


def date(day: dt.date, rng: random.Random, *, with_year: bool | None = None,
         capital: bool = False) -> tuple[str, str]:
    """A date said aloud, as (text before the span, the span): ``the `` + ``fourth of march``,
    ``march the second twenty twenty six``, ``april twelfth nineteen thirty four``,
    ``three fourteen fifty two``."""
    month = MONTH_WORDS[day.month - 1]
    if capital:
        month = month.capitalize()
    nth = ordinal(day.day, rng)
    said_year = year(day.year, rng)
    if with_year is None:
        with_year = rng.random() < 0.55
    if with_year and rng.random() < 0.12:  # month, day and year as numbers said
        return "", (f"{cardinal(day.month, rng)} {cardinal(day.day, rng)} "
                    f"{two_digits(day.year % 100, rng)}")
    shapes = [(f"{month} {nth}", ""), (f"{month} the {nth}", ""), (f"{nth} of {month}", "the "),
              (f"{month} {cardinal(day.day, rng)}", "")]
    value, before = shapes[rng.choice((0, 0, 0, 1, 2, 2, 3))]
    if with_year:
        value += rng.choice((" ", " ", ", ")) + said_year
    if before and rng.random() < 0.3:
        before = ""
    return before, value


def digits(text: str, rng: random.Random, *, doubles: bool | None = None) -> str:
    """Each digit of ``text`` said on its own, groups (split at non-digits) kept apart:
    ``four one three, five five five, oh one six six``; ``double five`` at times."""
    groups = [group for group in "".join(ch if ch.isdigit() else " " for ch in text).split()
              if group]
    zero = rng.choice(("oh", "oh", "zero"))
    if doubles is None:
        doubles = rng.random() < 0.3
    separator = rng.choice((" ", ", ", ", ", " - ", "... "))
    said: list[str] = []
    for group in groups:
        words: list[str] = []
        index = 0
        while index < len(group):
            digit = group[index]
            word = zero if digit == "0" else DIGIT_WORDS[int(digit)]
            run = len(group) - index - len(group[index:].lstrip(digit))
            if doubles and run >= 2:
                take = 3 if run >= 3 and rng.random() < 0.5 else 2
                words.append(("triple " if take == 3 else "double ") + word)
                index += take
            else:
                words.append(word)
                index += 1
        said.append(" ".join(words))
    return separator.join(said)


def letters(text: str, rng: random.Random, *, phonetic: float | None = None) -> str:
    """A name or code spelled one character at a time: ``h a r k n e s s``,
    ``W-A-R-S-A-M-E``, ``K as in kilo, H, H, nine nine zero``."""
    chars = [ch for ch in text if ch.isalnum()]
    if phonetic is None:
        phonetic = rng.choice((0.0, 0.0, 0.2, 0.5))
    style = rng.choice(("lower", "upper", "upper", "dash"))
    separator = ", " if phonetic else (rng.choice((" ", " ", ", ", ". ")) if style != "dash"
                                       else "-")
    zero = rng.choice(("zero", "oh"))
    out: list[str] = []
    for ch in chars:
        if ch.isdigit():
            out.append(zero if ch == "0" else DIGIT_WORDS[int(ch)])
            continue
        letter = ch.lower() if style == "lower" else ch.upper()
        if phonetic and ch.upper() in PHONETIC and rng.random() < phonetic:
            letter += f" as in {rng.choice(PHONETIC[ch.upper()])}"
        out.append(letter)
    return separator.join(out)


def email(address: str, rng: random.Random) -> str:
    """An e-mail address said: ``shiv dot kealy at mail dot com``."""
    user, _, domain = address.partition("@")
    symbols = {".": "dot", "_": "underscore", "-": "dash"}

    def say(part: str) -> str:
        words: list[str] = []
        for run in re.findall(r"[^\W\d_]+|\d+|.", part):
            if run in symbols:
                words.append(symbols[run])
            elif run.isdigit() and rng.random() < 0.7:
                words.append(digits(run, rng, doubles=False) if len(run) > 1 or
                             rng.random() < 0.5 else DIGIT_WORDS[int(run)])
            else:
                words.append(run)
        return " ".join(words)

    return f"{say(user)} {rng.choice(('at', 'at', 'at sign'))} {say(domain)}"


def house_number(number: int, rng: random.Random) -> str:
    """A house number said: ``one twenty three``, ``forty four seventeen``, ``eighty eight``."""
    if number < 100:
        return cardinal(number, rng)
    if number < 1000:
        head, rest = divmod(number, 100)
        if not rest:
            return f"{DIGIT_WORDS[head]} hundred"
        return f"{DIGIT_WORDS[head]} {two_digits(rest, rng)}"
    if number < 10000 and number % 1000 >= 100:
        head, rest = divmod(number, 100)
        return f"{cardinal(head, rng)} {two_digits(rest, rng)}" if rest else \
            f"{cardinal(head, rng)} hundred"
    return digits(str(number), rng, doubles=False).replace(",", "")


def misheard(name: str, rng: random.Random) -> str:
    """A name as speech recognition may write it: lower case at times, a long last word split
    in two (``hark ness``, ``war same``)."""
    value = name.lower() if rng.random() < 0.6 else name
    word = value.split()[-1]
    if len(word) >= 6 and word.isalpha() and rng.random() < 0.5:
        cut = rng.randint(3, len(word) - 3)
        value = value[: len(value) - len(word)] + word[:cut] + " " + word[cut:].lower()
    return value
