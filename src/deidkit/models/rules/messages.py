"""Rules ``chat_speakers`` (``DOCTOR``), ``nicknames`` (``PATIENT``) and ``at_mentions``
(``USERNAME``): names and handles as chats, messages and conversations write them.

- ``chat_speakers``: the writer a line of a chat or message export opens with, after its time
  ("Mon 2/9 08:11  Nnamdi Eze:", "[14:52] Marisol Delacroix: UOP 2.1 L") or, of two words
  or more, alone before the colon when a word of it is a first name ("Wes Odum: copy.",
  not "Ward:"); every word a name word
  (capitalised, no medical or clinical word, no common word unless it is a first name),
  so "08:11 Vital Signs:", "PATIENT:" and "Plan:" are left;
- ``nicknames``: the name a person goes by, after "goes by", "call me", "prefers to be
  called", "nicknamed" or "known as" ('goes by "Ski"', "Everybody calls me Dot"); after
  "known as" not a common word ("also known as Type 2"); and a whole name written with the
  nickname in quotes between a first name and a surname ('Lisbeth "Bet" Vance', where a
  model tends to stop at the quote);
- ``at_mentions``: a user name after "@" in a message ("@neze2 - K 3.3"), not an e-mail
  address, a common or clinical word ("@home", "@RN") or a title.

English words and layouts (``MESSAGE_LANGS``).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator

import regex

from deidkit.models.rules.base import Scan, SpanRule
from deidkit.models.rules.casual_names import name_word
from deidkit.models.rules.lexicons import Lexicons
from deidkit.models.rules.note import Note
from deidkit.patterns.spec import Expression
from deidkit.types import Span

MESSAGE_LANGS = frozenset({"en"})
"""The languages whose message layouts and nickname cues these rules read."""

_NAME_WORD = r"\p{Lu}[\p{L}'’-]*"
_CLOCK = r"\[?\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]*(?i:[ap]\.?m\.?))?\]?"
CHAT_TIME = Expression(
    r"(?:(?i:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?,?[ \t]+)?"
    r"(?:\d{1,2}/\d{1,2}(?:/\d{2,4})?,?[ \t]+(?:\d{4}|" + _CLOCK + r")|" + _CLOCK + r")[ \t]+"
    r"(?:[-–][ \t]+)?"
)
"""A chat line's time, with its weekday and date if written, and a dash after it ("Mon 2/9
08:11 ", "Fri 09/21/2007 0101 ", "Sun 10/20 22:47 - ")."""
LOGIN_SPEAKER = Expression(r"(?P<login>[a-z][a-z0-9._]{2,23})[ \t]*:(?![/\d])")
"""A writer named by a log-in after a chat line's time ("22:47 - xsoesrengs:")."""
SPEAKER = Expression(
    r"(?P<name>" + _NAME_WORD + r"(?:[ \t]+" + _NAME_WORD + r"){0,3})[ \t]*:(?![/\d])"
)
"""The writer's name before the colon (not a time's or a web address's colon)."""
NICKNAME_CUE = Expression(
    r"(?i:(?<![\p{L}])(?P<cue>go(?:es|ing)?[ \t]+by|calls?[ \t]+(?:me|him|her)"
    r"|prefers?[ \t]+to[ \t]+be[ \t]+called|nicknamed?(?:[ \t]+is)?|known[ \t]+as))"
    r"[ \t]+[\"“']?(?P<name>" + _NAME_WORD + r")[\"”']?(?![\p{L}])"
)
"""A cue of the name someone goes by, and the name."""
CUE_WORDS = tuple(Expression("(?i)" + word) for word in ("by", "call", "nickname", "known"))
"""What each cue of ``NICKNAME_CUE`` holds ("goes by", "calls me", "prefers to be called",
"nicknamed", "known as"); one literal is found in a note many times faster than the cues."""
AT_MENTION = Expression(r"(?<![\w.@])@(?P<user>[A-Za-z][\w.-]*[A-Za-z0-9]|[A-Za-z])(?![\w@-])")
"""A handle after "@" ("@neze2"); an e-mail address has a word before its "@"."""
QUOTED_NICKNAME = Expression(
    r"(?<![\p{L}'’-])(?P<first>\p{Lu}\p{Ll}+)[ \t]+"
    r"[\"“]\p{Lu}[\p{L}'’.]*(?:[ \t]\p{Lu}[\p{L}'’.]*)?"
    r"[\"”][ \t]+\p{Lu}[\p{L}'’]*(?:-\p{Lu}[\p{L}'’]*)*(?![\p{L}'’-])"
)
"""A first name, a nickname in quotes and a surname ('Brigid "Bee" O'Sullivan-Tate')."""
_NICKNAME_CUES = frozenset({"goes", "go", "going", "call", "calls", "prefers", "prefer",
                            "nickname", "nicknamed", "known"})


def chat_speaker_spans(scan: Scan) -> list[Span]:
    """The writer opening a line of a chat or message export, or the speaker of a
    transcript's turns when a credential follows the name on two lines or more ("Nhung RN:
    ..."; "Circulator RN:" once is a role)."""
    note, lex = scan.note, scan.lex
    if scan.lang not in MESSAGE_LANGS or ":" not in note.positions or note.caseless:
        return []
    spans: list[Span] = []
    turns: dict[str, list[Span]] = {}  # a credentialed speaker's turns, by name
    text, lines = note.text, note.line_starts
    colon_lines = {lines[bisect.bisect_right(lines, colon) - 1] for colon in note.positions[":"]}
    for first in sorted(colon_lines):  # the first token of each line holding a colon
        offset = note.starts[first]
        timed = CHAT_TIME.compiled.match(text, offset) if chat_time_start(text[offset]) else None
        found = SPEAKER.compiled.match(text, timed.end() if timed else offset)
        if found is None:
            if timed and (login := _login_speaker(note, lex, timed.end())) is not None:
                spans.append(login)
            continue
        start, end = note.token_at(found.start("name")), note.token_at(found.end("name") - 1)
        if start is None or end is None:
            continue
        credential = end > start and note.words[end] in lex.credentials
        if credential:
            end -= 1
        words = range(start, end + 1)
        named = end > start and any(note.words[i] in lex.first_names for i in words)
        if not (timed or named or credential):
            continue  # asked first: most lines are a field's label ("Plan:")
        if not all(_speaker_word(note, lex, index) for index in words):
            continue
        span = note.span(start, end + 1, "DOCTOR")
        if timed or named:
            spans.append(span)
        else:
            turns.setdefault(text[span.start : span.end], []).append(span)
    spans.extend(span for said in turns.values() if len(said) >= 2 for span in said)
    return spans


def _login_speaker(note: Note, lex: Lexicons, offset: int) -> Span | None:
    """The log-in writing a chat line from ``offset``, if one does (no common, medical or
    clinical word: "22:47 - rn: called" is a role)."""
    found = LOGIN_SPEAKER.compiled.match(note.text, offset)
    if found is None:
        return None
    word = found.group("login")
    if word in lex.common or word in lex.medical or word in lex.clinical_abbreviations or (
        word in lex.credentials
    ):
        return None
    return Span(found.start("login"), found.end("login"), "USERNAME", source="rules")


_WEEKDAY_INITIALS = frozenset("mtwfs")


def chat_time_start(character: str) -> bool:
    """Whether ``CHAT_TIME`` may match from ``character``: any but a letter other than a
    weekday's first (most lines with a colon open with a field's label: "Plan:")."""
    return not character.isalpha() or character.casefold() in _WEEKDAY_INITIALS


def _speaker_word(note: Note, lex: Lexicons, index: int) -> bool:
    """A capitalised word that may be part of a writer's name: no medical, clinical or
    common word unless it is a first name ("Precious"), no title, weekday or month."""
    word = note.words[index]
    if not note.is_word(index) or not note.tokens[index].text[:1].isupper() or len(word) < 2:
        return False
    if word in lex.medical or word in lex.clinical_abbreviations or word in lex.not_names:
        return False
    return word not in lex.titles and (word in lex.first_names or word not in lex.common)


def nickname_spans(scan: Scan) -> list[Span]:
    """The name after a cue of the name someone goes by; a name with a nickname in quotes."""
    note, lex = scan.note, scan.lex
    if scan.lang not in MESSAGE_LANGS:
        return []
    spans: list[Span] = []
    if '"' in note.positions or "“" in note.positions:
        for found in QUOTED_NICKNAME.compiled.finditer(note.text):
            if found.group("first").casefold() in lex.first_names:
                spans.append(Span(found.start(), found.end(), "PATIENT", source="rules"))
    if not any(cue in note.positions for cue in _NICKNAME_CUES):
        return spans
    for found in nickname_cues(note):
        index = note.token_at(found.start("name"))
        if index is None or not _nickname(note, lex, index, found.group("cue")):
            continue
        spans.append(note.span(index, index + 1, "PATIENT"))
    return spans


def nickname_cues(note: Note) -> Iterator[regex.Match[str]]:
    """``NICKNAME_CUE``'s matches in the note, looked for only on the lines holding one of
    ``CUE_WORDS`` (every cue holds one, and no line break)."""
    text, cue = note.text, NICKNAME_CUE.compiled
    held = sorted(found.start() for word in CUE_WORDS for found in word.compiled.finditer(text))
    for start, end in note.lines_at(held):
        yield from cue.finditer(text, start, end)


def _nickname(note: Note, lex: Lexicons, index: int, cue: str) -> bool:
    """Whether the word at ``index`` after ``cue`` is a name: no medical or clinical word, no
    weekday or month, no title; after "known as" no common word either."""
    word = note.words[index]
    if word in lex.medical or word in lex.clinical_abbreviations or word in lex.not_names:
        return False
    if word.rstrip(".") in lex.titles or len(word) < 2:
        return False  # "Mr." of 'call him "Mr. Tomek"'
    return not cue.casefold().startswith("known") or name_word(note, lex, index)


def at_mention_spans(scan: Scan) -> list[Span]:
    """User names after "@"."""
    note, lex = scan.note, scan.lex
    if scan.lang not in MESSAGE_LANGS or "@" not in note.text:
        return []
    spans: list[Span] = []
    for found in AT_MENTION.compiled.finditer(note.text):
        user = found.group("user")
        word = user.casefold()
        if not any(c.isdigit() or c in "._" for c in user) and (
            len(user) < 3 or word in lex.common or word in lex.medical
            or word in lex.clinical_abbreviations or word in lex.titles
        ):
            continue
        spans.append(Span(found.start("user"), found.end("user"), "USERNAME", source="rules"))
    return spans


CHAT_SPEAKERS = SpanRule("chat_speakers", priority=3, find=chat_speaker_spans, switch="names")
NICKNAMES = SpanRule("nicknames", priority=3, find=nickname_spans, switch="names")
AT_MENTIONS = SpanRule("at_mentions", priority=3, find=at_mention_spans, switch="names")
