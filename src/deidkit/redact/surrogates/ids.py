"""Identifier and contact surrogates of the same shape as the original.

Identifiers (MRN, SSN, account, licence, health plan, device, vehicle, other ids) keep their
pattern of digits, letters and punctuation: ``MR-004521`` becomes ``MR``-shaped letters, a dash
and six digits. Phone and fax numbers follow the same rule with the numbering plan's
constraints (North American area codes and exchanges start with 2-9; a Spanish number keeps
its first digit, which only says landline or mobile). Spanish DNI/NIE numbers get a valid
control letter. E-mail addresses, URLs, IP addresses and user names become fake ones of the
same build.
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Callable, Sequence

from deidkit.lang import get_language
from deidkit.redact.surrogates.vocab import FREE_MAIL

_DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"
_DNI = re.compile(r"^(?P<nie>[XYZxyz])?(?P<digits>\d{7,8})(?P<sep>[- ]?)(?P<letter>[A-Za-z])$")
_SSN = re.compile(r"^\d{3}([- ]?)\d{2}\1\d{4}$")
_NANP = re.compile(
    r"^(?P<lead>\+?1[ .-]?)?\(?(?P<area>\d{3})\)?[ .-]?(?P<exchange>\d{3})[ .-]?\d{4}"
)


def shape_like(original: str, rng: random.Random, *, keep_prefix: int = 0) -> str:
    """Same pattern: digits for digits, letters for letters (same case), punctuation kept.

    The first digit of a run stays non-zero if it was; the first ``keep_prefix``
    alphanumeric characters are kept.
    """
    out: list[str] = []
    kept = 0
    previous_alnum = False
    for char in original:
        if char.isalnum() and kept < keep_prefix:
            out.append(char)
            kept += 1
            previous_alnum = True
            continue
        if char.isdigit():
            if not previous_alnum and char != "0":
                out.append(str(rng.randint(1, 9)))
            else:
                out.append(str(rng.randint(0, 9)))
        elif char.isalpha():
            letters = string.ascii_uppercase if char.isupper() else string.ascii_lowercase
            out.append(rng.choice(letters))
        else:
            out.append(char)
        previous_alnum = char.isalnum()
    return "".join(out)


def _differs(make: Callable[[], str], original: str, attempts: int = 50) -> str:
    """Call ``make`` until it gives something other than the original."""
    for _ in range(attempts):
        candidate = make()
        if candidate.casefold() != original.casefold():
            return candidate
    return candidate


def identifier(original: str, rng: random.Random) -> str:
    """An identifier of the same shape (SSN and DNI/NIE keep their validity rules)."""
    stripped = original.strip()
    if _SSN.match(stripped):
        return original.replace(stripped, _differs(lambda: _ssn(stripped, rng), stripped))
    dni = _DNI.match(stripped)
    if dni is not None and _dni_valid(dni):
        return original.replace(stripped, _differs(lambda: _dni(dni, rng), stripped))
    return _differs(lambda: shape_like(original, rng), original)


def _ssn(original: str, rng: random.Random) -> str:
    separator = _SSN.match(original).group(1)  # type: ignore[union-attr]
    area = rng.choice([n for n in range(1, 900) if n != 666])
    return f"{area:03d}{separator}{rng.randint(1, 99):02d}{separator}{rng.randint(1, 9999):04d}"


def _dni_valid(match: re.Match[str]) -> bool:
    digits = int(match.group("digits"))
    if match.group("nie"):
        digits += "XYZ".index(match.group("nie").upper()) * 10_000_000
    return _DNI_LETTERS[digits % 23] == match.group("letter").upper()


def _dni(match: re.Match[str], rng: random.Random) -> str:
    width = len(match.group("digits"))
    number = rng.randint(10 ** (width - 1), 10**width - 1)
    prefix = match.group("nie") or ""
    total = number + ("XYZ".index(prefix.upper()) * 10_000_000 if prefix else 0)
    letter = _DNI_LETTERS[total % 23]
    if match.group("letter").islower():
        letter = letter.lower()
    return f"{prefix}{number}{match.group('sep')}{letter}"


def phone(original: str, rng: random.Random, *, lang: str = "en") -> str:
    """A phone or fax number of the same shape, valid for its numbering plan (a Spanish number
    keeps its first digit, which says landline or mobile)."""

    keeps_first_digit = get_language(lang).surrogates.phone_keeps_first_digit

    def make() -> str:
        if keeps_first_digit and sum(char.isdigit() for char in original) >= 6:
            digits_seen = 0
            out = []
            for char in original:
                if char.isdigit():
                    digits_seen += 1
                    out.append(char if digits_seen == 1 else str(rng.randint(0, 9)))
                else:
                    out.append(char)
            return "".join(out)
        text = shape_like(original, rng)
        nanp = _NANP.match(text)
        if nanp is None:
            return text
        chars = list(text)
        for group in ("area", "exchange"):
            start = nanp.start(group)
            chars[start] = str(rng.randint(2, 9))
        return "".join(chars)

    return _differs(make, original)


def ip_address(original: str, rng: random.Random) -> str:
    """A random address of the same version (IPv4 octets 1-254; IPv6 hex shape kept)."""
    stripped = original.strip()
    if re.fullmatch(r"\d{1,3}(?:\.\d{1,3}){3}", stripped):
        return original.replace(
            stripped,
            _differs(lambda: ".".join(str(rng.randint(1, 254)) for _ in range(4)), stripped),
        )
    hexdigits = "0123456789abcdef"

    def make() -> str:
        return "".join(
            (rng.choice(hexdigits).upper() if c.isupper() else rng.choice(hexdigits))
            if c in string.hexdigits
            else c
            for c in original
        )

    return _differs(make, original)


_BY_LENGTH: dict[int, tuple[Sequence[str], dict[int, list[str]]]] = {}


def _plain_words_by_length(words: Sequence[str]) -> dict[int, list[str]]:
    """ASCII letter-only words grouped by length (computed once per word list)."""
    cached = _BY_LENGTH.get(id(words))
    if cached is None or cached[0] is not words:
        groups: dict[int, list[str]] = {}
        for word in words:
            if word.isascii() and word.isalpha():
                groups.setdefault(len(word), []).append(word)
        cached = _BY_LENGTH[id(words)] = (words, groups)
    return cached[1]


_NEAR_LENGTH: dict[tuple[int, int], tuple[Sequence[str], list[str]]] = {}


def _words_near_length(words: Sequence[str], length: int) -> list[str]:
    """ASCII letter-only words within three letters of ``length``, shortest first (computed
    once per word list and length)."""
    cached = _NEAR_LENGTH.get((id(words), length))
    if cached is None or cached[0] is not words:
        groups = _plain_words_by_length(words)
        near = [w for size in range(length - 3, length + 4) for w in groups.get(size, ())]
        cached = _NEAR_LENGTH[(id(words), length)] = (words, near)
    return cached[1]


def _word_like(piece: str, words: Sequence[str], rng: random.Random) -> str:
    """A word from ``words`` of about the same length, or random letters for short pieces."""
    if len(piece) <= 2 or not words:
        return "".join(rng.choice(string.ascii_lowercase) for _ in piece)
    fitting = _words_near_length(words, len(piece))
    chosen = rng.choice(fitting or list(words))
    return chosen.lower() if piece.islower() else chosen


def username(original: str, rng: random.Random, words: Sequence[str]) -> str:
    """A user name of the same build: letter runs become name-like words, digits digits."""

    def make() -> str:
        out = []
        for run in re.findall(r"[^\W\d_]+|\d+|[\W_]+", original):
            if run[0].isalpha():
                new = _word_like(run, words, rng)
                out.append(new.upper() if run.isupper() and len(run) > 1 else new.lower())
            elif run[0].isdigit():
                out.append(shape_like(run, rng))
            else:
                out.append(run)
        return "".join(out)

    return _differs(make, original)


def email(original: str, rng: random.Random, words: Sequence[str], domains: Sequence[str]) -> str:
    """A fake address: the local part rebuilt from name-like words, a fake domain unless the
    original's is a large free mail provider (which says nothing about the person)."""
    local, at, domain = original.rpartition("@")
    if not at:
        return username(original, rng, words)

    def make() -> str:
        new_local = username(local, rng, words)
        if domain.casefold() in FREE_MAIL:
            new_domain = domain
        else:
            new_domain = _fake_domain(domain, rng, domains)
        return f"{new_local}@{new_domain}"

    return _differs(make, original)


def _fake_domain(domain: str, rng: random.Random, domains: Sequence[str]) -> str:
    labels = domain.split(".")
    tld = labels[-1] if len(labels) > 1 else "com"
    name = (rng.choice(domains) if domains else "example").lower()
    new = f"{name}.{tld}"
    return new.upper() if domain.isupper() else new.lower()


def url(original: str, rng: random.Random, domains: Sequence[str]) -> str:
    """A fake URL: same scheme, ``www.`` and top-level domain, a fake site name and path."""
    match = re.match(
        r"^(?P<scheme>[a-z][a-z0-9+.-]*://)?(?P<www>www\d?\.)?(?P<host>[^/\s:?#]+)"
        r"(?P<rest>.*)$",
        original,
        re.IGNORECASE,
    )
    if match is None:
        return _differs(lambda: shape_like(original, rng), original)

    def make() -> str:
        host = _fake_domain(match.group("host"), rng, domains)
        rest = re.sub(
            r"[^\W_]+",
            lambda m: (
                shape_like(m.group(), rng)
                if any(c.isdigit() for c in m.group())
                else _word_like(m.group(), domains, rng)
            ),
            match.group("rest"),
        )
        return (match.group("scheme") or "") + (match.group("www") or "") + host + rest

    return _differs(make, original)
