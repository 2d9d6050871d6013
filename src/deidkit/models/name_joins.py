"""One name written as one unit is one span: the parts of a name found apart are joined over
the punctuation between them.

A detector may find "QUISPE HUAMAN" and "ANSELMO" in "QUISPE HUAMAN, ANSELMO", "TAN" and
"BOON LEONG" in an HL7 field's "TAN^BOON LEONG", or "Cornelis", "Kees" and "Achterberg" in
'Cornelis "Kees" Achterberg', and leave the comma, the caret or the quotes: the annotation
guideline makes such a name one span (docs/annotation-guideline.md, "A name written as one
unit is one span"), so a punctuation token left out is a token of the name missed. After
detection two ``NAME`` spans on one line (of the same label, but one each side of a nickname
found in quotes or brackets may differ: 'Ignatius "Iggy" Poole' is one person) are joined
when only

- a caret lies between them (HL7's name components: "TAN^BOON");
- a double quote and blanks (a nickname in quotes: 'Cornelis "Kees" Achterberg'; not a
  nickname that ends the name: 'TEODORO "Teddy"' is two spans), or a nickname of one or two
  capitalised words in quotes found by neither ('Lisbeth "Bet" Vance'); the same in
  parentheses ('Eleanor ("Nell") Greaves', 'Minh Khoa (Kevin) Dang');
- a comma and blanks, and the part after it starts with a first name or an initial of the
  language ("Okafor, Lena", "Okafor, L.") or both are written in capitals ("QUISPE HUAMAN,
  ANSELMO"), unless the two are part of a list of three names or more joined by commas
  ("cc: Smith, Jones, Lee").

A nickname in quotes right before or after a name ('VENKATARAMAN, PRANAVI "Pree"',
'"Duke" Ifeanyi Okoro') becomes a span of the name's label, the quotes left out, as the
guideline marks it, when it is a name word: no common word unless it is in the name lists,
no medical or clinical word ('Maria "Yes"' is left). So does one in parentheses right after a
name: in quotes ('Thibodeau, Genevieve M. ("Gen")': the quotes and the brackets together say
it is a nickname, so a common word may be one), or bare when it is a first name of the
language, in any case ('NGUYEN, THANH V (tony)'; not '(RN)', '(Mom)'). So do the name's
initials in parentheses right after it ("EL-AMRANI, FATIMA ZAHRA (FZE)": each letter a word's
first, in any order; no credential).

A name span that runs on into a nickname in quotes and stops before the closing quote
('VILLANUEVA CRUZ, TEODORO  "Teddy' of '... "Teddy"') is split into the name and the
nickname, the opening quote left out.

A name takes the generational suffix after it ("Alton Pruett III", "Whitfield, Jr."), a first
name's initial after a comma before a bracket, a slash or the line's end ("Varghese, R. (tag
4)") and the ʻokina before it ("'Ana Faleolo", written with an apostrophe or the mark
itself). A name found in lower case and glued by a dot to more of a log-in ("jpk" of "jpk.nurse",
"jmbatha." of "jmbatha.dpt") grows over the rest of it as a ``USERNAME``: a log-in is one
unit (not an e-mail address or a host name: one dot, nothing glued after). So a user name
found in part grows over the letters and digits an underscore glues to it ("hmbeke" of
"sup_hmbeke").

English only (``JOIN_LANGS``): measured on English notes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import regex

from deidkit.labels import Category, category_of
from deidkit.types import Document, Span

if TYPE_CHECKING:
    from deidkit.models.rules.lexicons import Lexicons

JOIN_LANGS = frozenset({"en"})
"""The languages whose name parts are joined."""

CARET = regex.compile(r"\^")
QUOTE = regex.compile(r"[ \t]*[\"“”][ \t]*")
_NICK = r"\p{Lu}[\p{L}'’.]*(?:[ \t]\p{Lu}[\p{L}'’.]*)?"
QUOTED_GAP = regex.compile(r"[ \t]*[\"“][ \t]*" + _NICK + r"[ \t]*[\"”][ \t]*")
"""A nickname in quotes between two parts of a name ('Lisbeth "Bet" Vance')."""
BRACKETED_GAP = regex.compile(r"[ \t]*\([\"“]?" + _NICK + r"[\"”]?\)[ \t]*")
"""A nickname in parentheses between two parts of a name ('Eleanor ("Nell") Greaves')."""
BRACKET_OPEN = regex.compile(r"[ \t]*\([\"“]?")
BRACKET_CLOSE = regex.compile(r"[\"”]?\)[ \t]*")
"""What lies before and after a nickname found in parentheses between two parts of a name."""
NICK_AFTER = regex.compile(r"[ \t]+[\"“](?P<nick>\p{Lu}[\p{L}'’-]+)[\"”](?![\p{L}\d])")
NICK_BEFORE = regex.compile(r"(?<![\p{L}\d])[\"“](?P<nick>\p{Lu}[\p{L}'’-]+)[\"”][ \t]+$")
"""A nickname in quotes after or before a name (before: matched on the text just before it)."""
NICK_WORD = regex.compile(r"\p{Lu}[\p{L}'’-]+")
"""A nickname's one word (a name span run on into it: 'TEODORO  "Teddy')."""
NICK_BRACKETED = regex.compile(
    r"[ \t]+\((?P<quote>[\"“])?(?P<nick>\p{L}[\p{L}'’-]+)"
    r"(?(quote)[\"”](?:\)|[,;])|\))(?![\p{L}\d])"
)
"""A nickname in parentheses after a name, in quotes or bare ('("Gen")', '(tony)'), in quotes
also before a comment ('("Ale", pt prefers)')."""
_BEFORE_LOOK = 40
SUFFIX = regex.compile(r",?[ \t]+(?:Jr\.?|Sr\.?|JR\.?|SR\.?|II|III)(?![\w.])")
"""A generational suffix after a name ("Alton Pruett III", "Whitfield, Jr.")."""
TRAILING_INITIAL = regex.compile(r",[ \t]*\p{Lu}\.(?=[ \t]*(?:[(/;]|$))", regex.MULTILINE)
"""A first name's initial after a family name and a comma, before a bracket, a slash or the
line's end ("Varghese, R. (tag ...)"; not a credential: "Obi, M.D.")."""
_SUFFIX_HINTS = ("Jr", "JR", "Sr", "SR", "II")
"""What a text holds when it may hold a suffix (a text without them is not looked through)."""
LOGIN = regex.compile(r"[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*(?![\w@./:-])")
"""A log-in of two parts joined by a dot ("jpk.nurse"), nothing glued after it."""
COMMA = regex.compile(r",[ \t]*")
_FIRST_WORD = regex.compile(r"\p{L}+")


def with_joined_names(documents: Sequence[Document], lang: str) -> list[Document]:
    """The documents with the parts of each name joined over the punctuation between them."""
    from deidkit.models.rules.lexicons import lexicons  # lazy: the rule tables

    lex = lexicons(lang)
    first_names = lex.first_names
    result = []
    for document in documents:
        text = document.text
        found = sorted(document.spans, key=lambda s: s.start)
        spans = _whole_logins(text, found) if "." in text else found
        if "_" in text:
            spans = _underscored_logins(text, spans)
        if '"' in text or "“" in text:
            spans = _run_on_nicknames_apart(text, spans)
        joins = {
            index for index in range(len(spans) - 1)
            if _joined(text, spans, index, first_names)
        }
        joined: list[Span] = []
        for index, span in enumerate(spans):
            if index - 1 in joins:  # the part after a join: onto the name so far
                head = joined.pop()
                scores = [s for s in (head.score, span.score) if s is not None]
                span = Span(head.start, span.end, span.label, source=head.source,
                            score=min(scores) if scores else None)
            joined.append(span)
        suffixed = _with_okinas(text, _with_suffixes(text, joined))
        quoted, bracketed = '"' in text or "“" in text, "(" in text
        nicknames = _nicknames(text, suffixed, lex, quoted, bracketed) if (
            quoted or bracketed
        ) else []
        if not joins and not nicknames and spans is found and suffixed is joined:
            result.append(document)
            continue
        result.append(document.with_spans(tuple(sorted([*suffixed, *nicknames],
                                                        key=lambda s: s.start))))
    return result


OKINA = regex.compile(r"(?<![\p{L}\d'’ʻ‘])['’ʻ‘]$")
"""A glottal stop's mark opening a Polynesian name ("'Ana", "ʻOkalani"), matched on the text
just before a name span."""


def _with_okinas(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with each name grown over the ʻokina written right before it (``spans``
    itself where none is)."""
    if not any(mark in text for mark in "'’ʻ‘"):
        return spans
    grown = []
    for index, span in enumerate(spans):
        start = span.start
        free = index == 0 or spans[index - 1].end < start - 1
        quoted = text[span.end : span.end + 1] in {"'", "’"}  # 'Anna Smith': quotes
        if free and not quoted and category_of(span.label) is Category.NAME and start > 0 and (
            OKINA.search(text, max(0, start - 2), start)
        ):
            span = Span(start - 1, span.end, span.label, source=span.source, score=span.score)
        grown.append(span)
    return spans if grown == spans else grown


def _nicknames(
    text: str, spans: list[Span], lex: Lexicons, quoted: bool, bracketed: bool
) -> list[Span]:
    """Spans of the nicknames, found by none, in quotes right after or before a name span
    (when the text has quotes) or in parentheses right after one (when it has parentheses)."""
    found: list[Span] = []
    for index, span in enumerate(spans):
        if category_of(span.label) is not Category.NAME:
            continue
        free_to = spans[index + 1].start if index + 1 < len(spans) else len(text)
        end = span.end
        if text[end - 1] in {'"', "“"}:  # run on into the opening quote: 'MEI-LING "May"'
            end -= 1
            while end > span.start and text[end - 1] in " \t":
                end -= 1
        opening = end  # the first character after the blanks after the name
        while opening < len(text) and text[opening] in " \t":
            opening += 1
        mark = text[opening : opening + 1] if opening > end else ""
        after = (NICK_AFTER.match(text, end) if quoted and mark in {'"', "“"} else None) or (
            NICK_BRACKETED.match(text, end) if bracketed and mark == "(" else None
        )
        if after is not None and after.end() <= free_to:
            bracketed_quotes = after.re is NICK_BRACKETED and after.group("quote") is not None
            if after.re is NICK_AFTER or bracketed_quotes or (
                after.group("nick").casefold() in lex.first_names
            ):  # quotes in brackets say "nickname" enough for a common word ('("Gen")')
                found.extend(_nickname(after, span, lex, common=bracketed_quotes))
            elif after.re is NICK_BRACKETED and name_initials(text, span, after.group("nick"), lex):
                found.append(Span(after.start("nick"), after.end("nick"), span.label,
                                  source=span.source, score=span.score))
        if quoted:
            before = NICK_BEFORE.search(text, max(0, span.start - _BEFORE_LOOK), span.start)
            if before and (index == 0 or spans[index - 1].end <= before.start()) and not (
                found and found[-1].end > before.start()  # the name before took it already
            ):
                found.extend(_nickname(before, span, lex))
    return found


def name_initials(text: str, name: Span, word: str, lex: Lexicons) -> bool:
    """Whether ``word`` (in brackets after ``name``) is the name's initials: two to four
    letters in one case, each the first letter of a word of the name (a hyphen's parts
    apart), in any order ("EL-AMRANI, FATIMA ZAHRA (FZE)", "Ana-Maria Wojcik (amw)"); no
    credential ("Nina Perez (NP)")."""
    if not (2 <= len(word) <= 4 and (word.isupper() or word.islower())) or (
        word.casefold() in lex.credentials
    ):
        return False
    letters = [part[0].casefold() for part in _FIRST_WORD.findall(text, name.start, name.end)]
    for letter in word.casefold():
        if letter not in letters:
            return False
        letters.remove(letter)
    return True


def _run_on_nicknames_apart(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with each name span that runs on into an unclosed nickname in quotes, the
    closing quote right after it, split into the name and the nickname (``spans`` itself
    when there is none)."""
    split = spans
    for index, span in reversed(list(enumerate(spans))):
        if category_of(span.label) is not Category.NAME or text[span.end : span.end + 1] not in {
            '"', "”"
        }:
            continue
        value = text[span.start : span.end]
        quote = max(value.rfind('"'), value.rfind("“"))
        name = value[:quote].rstrip(" \t")
        if quote < 1 or len(name) == quote or not name or not (
            name[-1].isalpha() or name[-1] == "."
        ) or NICK_WORD.fullmatch(value, quote + 1) is None:
            continue
        if split is spans:
            split = list(spans)
        split[index : index + 1] = [
            Span(span.start, span.start + len(name), span.label, source=span.source,
                 score=span.score),
            Span(span.start + quote + 1, span.end, span.label, source=span.source,
                 score=span.score),
        ]
    return split


def _underscored_logins(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with each user name grown over the ASCII letters, digits and underscores
    glued to it where an underscore is among them ("sup_" before "hmbeke"; not into all
    capitals, "RKC_EHR"), up to the spans beside it (``spans`` itself when none grows)."""
    grown = spans
    for index, span in enumerate(spans):
        if span.label != "USERNAME":
            continue
        low = grown[index - 1].end if index else 0  # as far as the one before grew
        high = spans[index + 1].start if index + 1 < len(spans) else len(text)
        start, end = span.start, span.end
        while start > low and _login_character(text[start - 1]):
            start -= 1
        while end < high and _login_character(text[end]):
            end += 1
        if ("_" not in text[start : span.start] and "_" not in text[span.end : end]) or (
            text[start:end].isupper()  # "RKC_EHR": an application's name in capitals
        ):
            continue
        if grown is spans:
            grown = list(spans)
        grown[index] = Span(start, end, span.label, source=span.source, score=span.score)
    return grown


def _login_character(character: str) -> bool:
    return character == "_" or (character.isascii() and character.isalnum())


def _with_suffixes(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with each name followed by a generational suffix or, after a family name
    and a comma, a first name's initial grown over it and what was found inside dropped
    (``spans`` itself when there is none)."""
    suffixes = any(hint in text for hint in _SUFFIX_HINTS)
    if not suffixes and "," not in text:
        return spans
    grown: list[Span] = []
    for index, span in enumerate(spans):
        if grown and span.end <= grown[-1].end:
            continue  # found inside the suffix the name before it took ("Jr")
        suffix = None
        if category_of(span.label) is Category.NAME:
            suffix = SUFFIX.match(text, span.end) if suffixes else None
            if suffix is None and "," not in text[span.start : span.end]:
                suffix = TRAILING_INITIAL.match(text, span.end)
        if suffix is not None:
            after = index + 1  # the spans after the name that start inside its suffix
            while after < len(spans) and spans[after].start < suffix.end():
                after += 1
            if after == index + 1 or spans[after - 1].end <= suffix.end():  # none reaches out
                span = Span(span.start, suffix.end(), span.label, source=span.source,
                            score=span.score)
        grown.append(span)
    return spans if grown == spans else grown


def _whole_logins(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with lower-case names that are the start of a log-in grown over all of it
    (``spans`` itself when there are none)."""
    grown = spans
    for index, span in enumerate(spans):
        if "." not in text[span.start : span.end + 1]:
            continue  # a log-in's dot lies in the name or right after it
        if category_of(span.label) is not Category.NAME or (
            span.start and (text[span.start - 1].isalnum() or text[span.start - 1] in "@._")
        ):
            continue
        login = LOGIN.match(text, span.start)
        if login is None or login.end() <= span.end or not (
            text[span.start : span.end].rstrip(".").islower()
        ):
            continue
        if index + 1 < len(spans) and spans[index + 1].start < login.end():
            continue
        if grown is spans:
            grown = list(spans)
        grown[index] = Span(span.start, login.end(), "USERNAME", source=span.source,
                            score=span.score)
    return grown


def _nickname(
    found: regex.Match[str], name: Span, lex: Lexicons, *, common: bool = False
) -> list[Span]:
    """The nickname ``found`` as a span of ``name``'s label, if it is a name word (or, with
    ``common``, a common word that is no medical or clinical one)."""
    word = found.group("nick").casefold()
    if word in lex.medical or word in lex.clinical_abbreviations or word in lex.not_names or (
        not common and word in lex.common and word not in lex.names
    ):
        return []
    return [Span(found.start("nick"), found.end("nick"), name.label, source=name.source,
                 score=name.score)]


def _joined(text: str, spans: list[Span], index: int, first_names: frozenset[str]) -> bool:
    """Whether span ``index`` and the next are parts of one name."""
    first, second = spans[index], spans[index + 1]
    if not _names(first, second):
        return False
    gap = (text, first.end, second.start)
    if first.label == second.label and (
        CARET.fullmatch(*gap) or QUOTED_GAP.fullmatch(*gap) or BRACKETED_GAP.fullmatch(*gap)
    ):
        return True  # (two people of two labels: 'Ana Quorbit "Nana" Zendel Quorbit (baby)')
    if BRACKET_OPEN.fullmatch(*gap):  # 'Eleanor ("Nell' of 'Eleanor ("Nell") Greaves'
        return _bracketed_between(text, spans, index + 1)
    if BRACKET_CLOSE.fullmatch(*gap):  # 'Nell") Greaves'
        return _bracketed_between(text, spans, index)
    if QUOTE.fullmatch(*gap):  # a nickname found: one person even where labels differ
        return not _nickname_last(text, spans, index + 1)  # ('Ignatius "Iggy" Poole')
    if first.label != second.label or not COMMA.fullmatch(text, first.end, second.start):
        return False
    word = _FIRST_WORD.match(text, second.start, second.end)
    if word is None:
        return False
    capitals = text[first.start : first.end].isupper() and word.group().isupper()
    if not (capitals or word.group().casefold() in first_names or len(word.group()) == 1):
        return False
    listed_before = index > 0 and _comma_between(text, spans[index - 1], first)
    listed_after = index + 2 < len(spans) and _comma_between(text, second, spans[index + 2])
    return not (listed_before or listed_after)


def _names(*spans: Span) -> bool:
    """Whether every span is of the ``NAME`` category."""
    return all(category_of(span.label) is Category.NAME for span in spans)


def _bracketed_between(text: str, spans: list[Span], index: int) -> bool:
    """Whether span ``index`` is a nickname in parentheses between two parts of a name of
    its label ('Eleanor ("Nell") Greaves'; not a nickname that ends the name)."""
    if not 0 < index < len(spans) - 1:
        return False
    before, nickname, after = spans[index - 1], spans[index], spans[index + 1]
    return _names(before, nickname, after) and bool(
        BRACKET_OPEN.fullmatch(text, before.end, nickname.start)
    ) and bool(BRACKET_CLOSE.fullmatch(text, nickname.end, after.start))


def _nickname_last(text: str, spans: list[Span], index: int) -> bool:
    """Whether span ``index`` is a nickname in quotes that ends a name (its closing quote
    right after it, no part of the name after that): a span of its own, not joined."""
    span = spans[index]
    if text[span.end : span.end + 1] not in {'"', "”"}:
        return False
    following = spans[index + 1] if index + 1 < len(spans) else None
    return following is None or not _names(span, following) or QUOTE.fullmatch(
        text, span.end, following.start
    ) is None


def _comma_between(text: str, first: Span, second: Span) -> bool:
    """Whether only a comma and blanks lie between two spans of the same label."""
    return first.label == second.label and COMMA.fullmatch(
        text, first.end, second.start
    ) is not None
