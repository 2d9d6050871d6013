"""A regular-expression tokenizer for clinical notes, with exact character offsets.

One compiled pattern, tried left to right; the first alternative that matches at a position
wins. The alternatives, in order:

- ``[** ... **]`` de-identification placeholders (one token, spaces included);
- URLs and email addresses;
- dates: ``3/14/2012``, ``2012-03-14``, ``14.03.2012``, ``14-Mar-2012``, ``Mar-14-2012``,
  and any digit groups joined by slashes (``3/14``, ``120/80``, ``3/2012``);
- times: ``10:30``, ``10:30:15``, ``10:30am``;
- phone numbers and IDs with dashes: digit groups (``617-555-1234``, ``123-45-6789``,
  ``555-1234``, ``12-345678``, ``+1-617-555-1234``), upper-case/digit groups that end in a
  digit (``MRN-12345``, ``A12-34-567``, ``COVID-19``) or start with 5+ digits
  (``12345678-Z``); ``(617)555-1234`` written without a space (with the space it is
  ``(`` ``617`` ``)`` ``555-1234``);
- abbreviations: letter-dot runs (``b.i.d.``, ``p.o.``, ``U.S.``), a list of titles and
  short forms that keep their dot (``Dr.``, ``Mrs.``, ``St.``, ``Sra.``), the clinical slash
  forms (``s/p``, ``y/o``, ``h/o``, ``w/``);
- numbers: ordinals (``3rd``), decimals and thousands (``2.5``, ``1,000``, ``2,5``, IP
  addresses ``10.0.0.1``); digits followed by letters then digits stay one ID token
  (``4A2B``) while a number followed only by letters is split (``2.5mg`` -> ``2.5`` ``mg``,
  ``45yo`` -> ``45`` ``yo``);
- words: letters (any script) with inner apostrophes (``O'Brien``), letters followed by
  digits (``MRN12345``, ``q6h``); possessive ``'s`` is its own token;
- anything else: a run of one repeated punctuation character (``---``, ``...``) or a single
  non-space character.

Only placeholders contain white space. Every non-space character belongs to exactly one token.
Words joined by hyphens are split (``well-nourished`` -> ``well`` ``-`` ``nourished``), so a
PHI span never has to end inside a token there (``Boston-based``, ``45-year-old``).
"""

from __future__ import annotations

import re

from deidkit.lang import languages
from deidkit.types import Token

ABBREVIATIONS: frozenset[str] = frozenset().union(*(lang.abbreviations for lang in languages()))
"""Lower-case words that keep a following dot as part of the token (``Dr.``, ``approx.``).

Only abbreviations that come before what they qualify are listed: a PHI span may start with
them but never ends with them. Words that can end a name, an address or a sentence
(``St.``, ``Jr.``, ``Inc.``, ``Hosp.``, ``Mar.``, ``etc.``, units, "no.") are split from their
dot, so a span that stops before a sentence's full stop still ends on a token boundary.
"""

_ABBREV_ALT = "|".join(sorted((re.escape(a) for a in ABBREVIATIONS), key=len, reverse=True))
_MONTH_HEADS = dict.fromkeys(
    name[:3].casefold() for lang in languages() for name in lang.dates.month_abbreviations
)
_MONTH = rf"(?:{'|'.join(_MONTH_HEADS)})[a-z]{{0,6}}"  # jan ... dec, ene, abr, ago, dic

_PATTERN = rf"""
  (?P<url>(?:https?://|ftp://|www\.)[^\s<>"'\[\]]*[^\s<>"'\[\].,;:!?)])
| (?P<email>(?!(?:e-?)?mail[-.:])\w[\w.+-]{{0,63}}@[\w-]{{1,63}}(?:\.[\w-]{{1,63}}){{1,8}})
| (?P<date>
      \d{{4}}(?P<s1>[-/.])\d{{1,2}}(?P=s1)\d{{1,2}}(?!\d)
    | \d{{1,2}}(?P<s2>[-/.])\d{{1,2}}(?P=s2)\d{{2,4}}(?!\d)
    | \d{{1,2}}(?P<s3>[-/]?){_MONTH}(?P=s3)\d{{2,4}}(?!\d)
    | {_MONTH}-\d{{1,2}}-\d{{2,4}}(?!\d)
    | \d+(?:/\d+)+
  )
| (?P<time>\d{{1,2}}:\d{{2}}(?::\d{{2}})?(?!\d)(?:[ap]\.?m\.?(?![^\W_]))?)
| (?P<phone>\(\d{{3}}\)\d{{3}}-\d{{4}}(?!\d)|\+\d{{1,3}}(?:[-.]\d+){{2,}}(?![\w-]))
| (?P<dashed>[^\W_]+(?:-[^\W_]+){{1,8}}(?![\w-]))
| (?P<abbrev>
      (?:[^\W\d_]\.){{2,}}
    | (?:{_ABBREV_ALT})\.(?![^\W\d_])
    | (?:[a-z]{{1,2}}/[a-z]{{1,2}}|[cw]/)(?![\w/])
  )
| (?P<number>
      \d+(?:st|nd|rd|th)(?![^\W_])
    | \d+[^\W\d_]+\d[^\W_]*
    | \d+(?:[.,]\d+)*
  )
| (?P<possessive>['’]s(?![^\W_]))
| (?P<word>[^\W\d_]+(?:['’](?!s(?![^\W_]))[^\W\d_]+)*(?:\d[^\W_]*)?)
| (?P<punct>\.(?=\.(?!\.))|(?P<p>[^\w\s])(?P=p)+|\S)
"""

TOKEN_RE = re.compile(_PATTERN, re.VERBOSE | re.IGNORECASE)

# A dashed run is one token when it is a phone number or an ID: digit groups with three or
# more parts (617-555-1234, 123-45-6789), a local number (555-1234), a group of 5+ digits
# (12-345678), upper-case letters and digits ending in a digit (MRN-12345, COVID-19) or
# starting with 5+ digits (the Spanish DNI 12345678-Z).
# Anything else ("45-year-old", "well-nourished", "1990-1995") is split at its dashes.
_DIGIT_GROUPS_RE = re.compile(r"\d+(?:-\d+){2,}|\d{3}-\d{4}|\d{5,}-\d+|\d+-\d{5,}")
_UPPER_ID_RE = re.compile(r"[A-Z0-9]+(?:-[A-Z0-9]+)+")
_LONG_DIGITS_FIRST_RE = re.compile(r"\d{5,}-")  # Spanish DNI/NIF: 12345678-Z

# What a dashed run that is not an ID starts with (the same alternatives as TOKEN_RE).
_HEAD_RE = re.compile(
    r"\d+(?:st|nd|rd|th)(?![^\W_])|\d+[^\W\d_]+\d[^\W_]*|\d+|[^\W\d_]+(?:\d[^\W_]*)?",
    re.IGNORECASE,
)


def _is_dashed_id(text: str) -> bool:
    if _DIGIT_GROUPS_RE.fullmatch(text) is not None:
        return True
    if _UPPER_ID_RE.fullmatch(text) is None or not any(char.isalpha() for char in text):
        return False
    first = text[: text.index("-")]
    if not any(char.isdigit() for char in first):
        return False  # a word before the number: "MRN-12345", "E-28935" are split
    return text[-1].isdigit() or _LONG_DIGITS_FIRST_RE.match(text) is not None


# Words glued together without a space ("DominguezCorreo", "DRAlberto") are split where a
# capital follows three lower-case letters, or where a capitalised word follows two or more
# capitals; "McDonald", "MacArthur", "DeAngelis", "iPhone" stay whole.
_CAMEL_RE = re.compile(
    r"(?<=[a-zß-öø-ÿ]{3})(?=[A-ZÀ-ÖØ-Þ])|(?<=[A-ZÀ-ÖØ-Þ]{2})(?=[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]{2})"
)


def _word_end(chunk: str, pos: int, end: int) -> int:
    """Where a word token matched at ``chunk[pos:end]`` ends: before a glued word."""
    if end - pos > 4:
        glued = _CAMEL_RE.search(chunk, pos + 1, end)
        if glued is not None:
            return glued.start()
    return end


def _chunk_spans(chunk: str) -> tuple[tuple[int, int], ...]:
    """Token offsets inside one run of non-space characters."""
    if chunk.isalpha():
        return _letter_spans(chunk)
    return _matched_spans(chunk)


def _letter_spans(chunk: str) -> tuple[tuple[int, int], ...]:
    """``_matched_spans`` of a chunk of letters only, without TOKEN_RE: every alternative
    before ``word`` needs a digit or a punctuation character, and ``word`` takes the letters
    to the end of the chunk (then it is split where glued words meet)."""
    spans: list[tuple[int, int]] = []
    pos = 0
    size = len(chunk)
    while pos < size:
        end = _word_end(chunk, pos, size)
        spans.append((pos, end))
        pos = end
    return tuple(spans)


def _matched_spans(chunk: str) -> tuple[tuple[int, int], ...]:
    """Token offsets inside one run of non-space characters, by TOKEN_RE."""
    spans: list[tuple[int, int]] = []
    pos = 0
    size = len(chunk)
    match_at = TOKEN_RE.match
    head = _HEAD_RE.match
    while pos < size:
        match = match_at(chunk, pos)
        if match is None:  # pragma: no cover - the last alternative matches any non-space
            end = pos + 1
        else:
            end = match.end()
            kind = match.lastgroup
            if kind == "dashed" and not _is_dashed_id(chunk[pos:end]):
                head_match = head(chunk, pos, end)
                end = head_match.end() if head_match is not None else pos + 1
            elif kind == "word":
                end = _word_end(chunk, pos, end)
        spans.append((pos, end))
        pos = end
    return tuple(spans)


_CHUNK_RE = re.compile(r"\S+")
_PLACEHOLDER_RE = re.compile(r"\[\*\*[^\n]{0,200}?\*\*\]")
_CACHE_LIMIT = 100_000
Pieces = tuple[tuple[str, int, int], ...]
"""A chunk's tokens: each one's text and offsets inside the chunk."""
_chunk_cache: dict[str, Pieces] = {}


def clear_cache() -> None:
    """Forget the tokenizations of repeated chunks (the cache is bounded; for benchmarks)."""
    _chunk_cache.clear()
    _RECENT.clear()


def _pieces(chunk: str) -> Pieces:
    """A chunk's tokens, from the bounded cache or tokenized and kept there. Every occurrence
    of a chunk gets the same token texts (a chunk of one token: the chunk first seen), so
    the tables keyed by them find their keys by identity."""
    pieces = _chunk_cache.get(chunk)
    if pieces is None:
        pieces = tuple((chunk[start:end], start, end) for start, end in _chunk_spans(chunk))
        if len(_chunk_cache) >= _CACHE_LIMIT:
            _chunk_cache.clear()
        _chunk_cache[chunk] = pieces
    return pieces


def _spans_between(text: str, start: int, end: int, out: list[tuple[int, int]]) -> None:
    append = out.append
    for match in _CHUNK_RE.finditer(text, start, end):
        base = match.start()
        for _, rel_start, rel_end in _pieces(match.group()):
            append((base + rel_start, base + rel_end))


def _tokens_between(text: str, start: int, end: int, out: list[Token]) -> None:
    """The tokens of ``text[start:end]`` appended to ``out``. The chunks are ``str.split``'s
    (the same white space as ``\\S+``), each found after the previous one."""
    cached = _chunk_cache.get
    append = out.append
    part = text[start:end] if start or end != len(text) else text
    find = part.find
    pos = 0
    for chunk in part.split():
        base = find(chunk, pos)  # only white space lies between: no earlier occurrence
        pos = base + len(chunk)
        pieces = cached(chunk) or _pieces(chunk)
        if len(pieces) == 1:  # most chunks
            append(Token(pieces[0][0], start + base, start + pos))
        else:
            offset = start + base
            for word, rel_start, rel_end in pieces:
                append(Token(word, offset + rel_start, offset + rel_end))


def _tokenize_spans(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    pos = 0
    if "[**" in text:
        for placeholder in _PLACEHOLDER_RE.finditer(text):
            _spans_between(text, pos, placeholder.start(), spans)
            spans.append(placeholder.span())
            pos = placeholder.end()
    _spans_between(text, pos, len(text), spans)
    return spans


def tokenize(text: str) -> list[Token]:
    """The tokens of ``text`` with half-open character offsets (``text[t.start:t.end]``)."""
    cached = _RECENT.get(text)
    if cached is not None:  # the features and the detectors of an ensemble ask for one note
        return list(cached)
    tokens: list[Token] = []
    pos = 0
    if "[**" in text:
        for placeholder in _PLACEHOLDER_RE.finditer(text):
            _tokens_between(text, pos, placeholder.start(), tokens)
            tokens.append(Token(placeholder.group(), placeholder.start(), placeholder.end()))
            pos = placeholder.end()
    _tokens_between(text, pos, len(text), tokens)
    if len(_RECENT) >= _RECENT_SIZE:
        _RECENT.clear()  # atomic, so safe with threads; a tiny cache refills at once
    _RECENT[text] = tuple(tokens)
    return tokens


_RECENT_SIZE = 8
_RECENT: dict[str, tuple[Token, ...]] = {}


def token_spans(text: str) -> list[tuple[int, int]]:
    """The ``(start, end)`` offsets of the tokens of ``text``, without building Tokens."""
    return _tokenize_spans(text)


def token_texts(text: str) -> list[str]:
    """The texts of the tokens of ``text``, without offsets (for word lists): ``str.split``
    splits at the same white space as ``\\S+`` (both use ``str.isspace``)."""
    if "[**" in text:
        return [text[start:end] for start, end in _tokenize_spans(text)]
    return [word for chunk in text.split() for word, _, _ in _pieces(chunk)]
