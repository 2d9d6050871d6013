"""A name starts after its title and ends before its credential and the next line or field.

A detector may run a name on over the credential written after it ("TEFERA, CLINT DO",
"Zhecuol, DO"), over a line break into the job title under a signature ("Baljiwan
Dua\\nAssistant") or over a gap into the next field of a header ("HYLAND, BARBARA
Guarantor Acct: ..."). Credentials and titles are no part of a name (the annotation
guideline), and a credential taken for a name is a false positive in every signature. After
detection, a ``NAME``-category span loses:

- a last word that is a credential (the language's credentials: "MD", "PA-C"), written in
  capitals or with dots, after a comma or after two other words; one that is also a name in
  the name lists ("DO", a surname too) only after a comma ("Zhecuol, DO", not "KELLY ANN DO");
- what follows its first line break or gap of two blanks or more, when that is one ordinary
  word (the language's common words: "Assistant", "Guarantor");
- when it opens with a capital and holds no comma (a spelled code's "V as in victor, six, ...,
  two" does), the ordinary lower-case words that end it ("Lupe bilingual", "BEN normal":
  common words of two letters or more in no name list; none of the development batches'
  marked names ends so);
- a first word that is a title and in no name list ("Dr Vuong", "Officer Bajwa"; not "Sen,
  Amartya"), or first words that are a role (the language's name roles and the care team's
  name cues, a credential in capitals: "ward clerk Priya", "MA Juliet", "Doña Inés"; not in
  quotes),
  when a word of the name follows on its line (titles stay outside names, the annotation
  guideline); a role that is also a name in the name lists only in capitals, before a word
  that is not ("DON Smith", not "Don Smith" or "DON SMITH").

A newborn's registered name keeps the family name alone (the annotation guideline): a name
span loses "Baby Boy" or "Baby Girl" before it and a multiple birth's letter or number after
it ("Baby Girl [Okafor] 2"), or a comma and "BOY", "GIRL" or "BABY GIRL" after it with that
letter or number ("[NWACHUKWU-BELL], BABY BOY A"); "Baby Girl" alone is no name.

And a span of any category but ``PROFESSION`` that holds nothing but credentials written as
credentials ("FAASM", "RN, CCRN", "AGNP-C" after a signer's name) is dropped: a detector takes
the letters after a signature for a name, a hospital or a user name. A credential that is
also a state's code ("MD", "PA", "MS") is dropped only where a signer's credential stands:
after a name span and a comma or an opening parenthesis ("T. Barlow, MA", "Jolene (MA)") or
before a further credential ("MS, RDN"); one that is a name stays, and a job ("works as a
CNA") is a profession. So do two or three capitals that spell a credential naming no role
(``ROLE_CREDENTIALS``: "RN", "MD") anywhere but after a signer's name: a person's initials may
spell one ("RD / rdubuque", "RD" in a nurses' column, "initials RD").

English only (``CREDENTIAL_LANGS``): its rule data has the credentials and common words.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING

import regex

from deidkit.labels import Category, category_of
from deidkit.patterns.spec import Expression
from deidkit.types import Document, Span

if TYPE_CHECKING:
    from deidkit.models.rules.lexicons import Lexicons

CREDENTIAL_LANGS = frozenset({"en"})
"""The languages whose names are cut back before credentials and line breaks."""

_SEPARATORS = ", \t\n"
"""What stands between a name and its credential."""
_WORD = regex.compile(r"[\p{L}][\p{L}'’-]*")
_GAP = regex.compile(r"[ \t]*\n\s*|[ \t]{2,}")  # a line break, or a gap between fields
_ROLE_WORDS = 2
"""The most words a role has ("ward clerk")."""
_QUOTES = frozenset("\"'“‘")
"""Quotes before a name that keep its role ("Uncle Bruddah" in quotes is what he is called):
the rules' ``QUOTES`` (``deidkit.models.rules.base``), not imported from there so that the
fixes after detection load without the rules package."""
_FOLLOWING = regex.compile(r"\.?[ \t]+(?=\p{L})")  # "Dr. ", "Officer ": a word follows
_PIECES = regex.compile(r"[^\s,/]+")  # "RN, CCRN", "RN/CCRN": the credentials of a span
_CREDENTIAL_WORDS = 3
"""The most credentials a span of credentials alone holds."""
ROLE_CREDENTIALS = frozenset(
    {"md", "do", "rn", "np", "pa", "pt", "ot", "lpn", "cna", "rt", "crna", "jr", "sr"}
)
"""Credentials that name a role wherever they stand ("RN (rnelson)", "MD" in a provider's
column); any other written as two or three capitals may be a person's initials too ("RD",
"LMT"), where the rules found them as such."""
_SPELLED_INITIALS = regex.compile(r"\p{Lu}{2,3}")
DASH_SIGNOFF = Expression(
    r"(?m)(?:^[ \t]*(?:--|[—–]|-(?=\p{Lu}))|(?<=[.!?)\]\"”][ \t]{1,3})[-–—]{1,2})"
    r"[ \t]*(?P<initials>\p{Lu}{2,3}|(?:\p{Lu}\.){1,3})"
    r"(?:[ \t]*/[ \t]*(?P<typist>\p{L}{2,3}))?(?:[ \t]+\p{Lu}{2,5})?"
    r"(?:[ \t]+\d{1,2}/\d{1,2}(?:/\d{2,4})?(?:[ \t]+\d{1,2}:?\d{2})?)?[ \t]*$"
)
"""A line's sign-off after a dash, after a sentence or opening the line (two dashes, a long
one, or one glued: "- HTN" opening a line is a list's item): initials in capitals or with
full stops, a typist's after a slash, a credential, a date and a time ("-- NP", "Nice work!
-- PR CWCN", "Completed. - MY / RH", "Thanks!! - L.", "Agree. - RT NP  6/20 12:05"): the
writer's initials, even where they spell a credential, an abbreviation or a word (all such
in the read batches' gold are marked: ``bench/gold_counts.py``, ``dash_signoffs``)."""
SIGNER_CODES = frozenset({"MA", "MD", "MS", "PA"})
"""Credentials that are also states' codes (medical assistant, doctor of medicine, master of
science, physician assistant), in capitals."""
_STATE_AFTER = regex.compile(r"(?i:[ \t]+(?:\d{5}\b|plates?\b|tags?\b|lic))")
"""What follows a state's code, not a credential ("Randallstown, MD 21254", "PA plate")."""
_SIGNER_GAP = regex.compile(r",[ \t]*|[ \t]*\([ \t]*")
"""Between a signer's name and a credential ("T. Barlow, MA", "Jolene (MA)")."""
_FURTHER = regex.compile(r",[ \t]*([\p{L}][\p{L}.-]*)")
"""A further credential after a comma ("MS, RDN")."""
_NEWBORN = regex.compile(r"(?i:baby[ \t]+(?:boy|girl))")  # "Baby Girl" opening a span
_BIRTH_MARKS = frozenset("abcd1234")
"""A multiple birth's letter or number after the family name ("Baby Girl Okafor 2")."""


def without_credentials(documents: Sequence[Document], lang: str) -> list[Document]:
    """The documents with each name span cut before a credential or a line break."""
    from deidkit.models.rules.lexicons import lexicons  # lazy: the rule tables

    lexicon = lexicons(lang)
    result = []
    for document in documents:
        spans = [
            _cut(document.text, _untitled(document.text, _unregistered(document.text, span),
                                          lexicon),
                 lexicon.credentials, lexicon.common, lexicon.names)
            for before, span in zip((None, *document.spans), document.spans, strict=False)
            if not _credentials_alone(document.text, before, span, lexicon, lang)
            and not _signer_state_code(document.text, before, span, lexicon)
            and not _NEWBORN.fullmatch(document.text, span.start, span.end)
        ]
        unchanged = spans == list(document.spans)
        result.append(document if unchanged else document.with_spans(tuple(spans)))
    return result


def _credentials_alone(
    text: str, before: Span | None, span: Span, lexicon: Lexicons, lang: str
) -> bool:
    """Whether ``span`` (not a profession) holds only credentials written as such (capitals,
    dots or a capital inside: "FAASM", "M.D.", "PharmD"), none a state's code or a name; two
    or three capitals that name no role (``ROLE_CREDENTIALS``) only where a signer's
    credentials stand, after a name and its other credentials on its line, no gap between ("Ann
    Lee, RN, [RD]"): elsewhere they may be a person's initials ("RD / rdubuque", "ISV     RD"
    in a worklist's columns)."""
    if span.label == "PROFESSION":
        return False
    pieces = _PIECES.findall(text, span.start, span.end)
    if not (0 < len(pieces) <= _CREDENTIAL_WORDS and all(
        _written_credential(piece, lexicon) for piece in pieces
    )):
        return False
    value = text[span.start : span.end]
    if not _SPELLED_INITIALS.fullmatch(value):
        return True
    if value.casefold() in ROLE_CREDENTIALS:
        return not _spelled_out(text, value, lang) and not _signed_off(text, span)
    return before is not None and category_of(before.label) is Category.NAME and all(
        _written_credential(piece, lexicon)
        for piece in _PIECES.findall(text, before.end, span.start)
    ) and _GAP.search(text, before.end, span.start) is None


def _signed_off(text: str, span: Span) -> bool:
    """Whether ``span`` is the initials of a line's sign-off after a dash (``DASH_SIGNOFF``)."""
    line = text.rfind("\n", 0, span.start) + 1
    end = text.find("\n", span.end)
    found = DASH_SIGNOFF.compiled.search(text, line, len(text) if end < 0 else end)
    return found is not None and found.span("initials") == (span.start, span.end)


def _spelled_out(text: str, value: str, lang: str) -> bool:
    """Whether a legend of ``text`` spells initials ``value`` out by a name ("DO = D.
    Ostrowski, LPN": ``spelled_legend`` of the rules), tried where the initials stand before
    a capital they begin with."""
    if regex.search(rf"(?<![\p{{L}}\d]){value}[ \t=:-]+\S*[ \t]*{value[0]}", text) is None:
        return False
    from deidkit.models.rules.flowsheet import spelled_initials  # lazy: the rule tables

    return value in spelled_initials(text, lang)


def _written_credential(piece: str, lexicon: Lexicons) -> bool:
    folded = piece.casefold()
    return (
        folded.replace(".", "") in lexicon.credentials
        and (piece.isupper() or "." in piece or any(c.isupper() for c in piece[1:]))
        and piece.upper() not in lexicon.state_codes
        and folded not in lexicon.names
    )


def _signer_state_code(text: str, before: Span | None, span: Span, lexicon: Lexicons) -> bool:
    """Whether ``span`` (not a profession) is a credential that is also a state's code
    (``SIGNER_CODES``), set after a name by a comma or in parentheses ("T. Barlow, [MA]",
    "Jolene ([MA])") or between commas before further credentials ("Ng, [MS], RDN"), and no
    ZIP code or plate follows: a signer's credential, not a state."""
    if span.label == "PROFESSION" or text[span.start : span.end] not in SIGNER_CODES:
        return False
    if _STATE_AFTER.match(text, span.end):
        return False
    after_name = (
        before is not None
        and category_of(before.label) is Category.NAME
        and _SIGNER_GAP.fullmatch(text, before.end, span.start) is not None
    )
    if after_name:
        return True
    further = _FURTHER.match(text, span.end)
    return (
        further is not None
        and _written_credential(further.group(1), lexicon)
        and _after_comma(text, span.start)
    )


def _after_comma(text: str, position: int) -> bool:
    """Whether a comma comes before ``position``, blanks between."""
    while position > 0 and text[position - 1] in " \t":
        position -= 1
    return text[position - 1 : position] == ","


def _unregistered(text: str, span: Span) -> Span:
    """``span`` without the words of a newborn's registration around the family name
    ("Baby Girl Okafor 2", "OKAFOR, BABY BOY A")."""
    if category_of(span.label) is not Category.NAME:
        return span
    value = text[span.start : span.end]
    start, end = span.start, span.end
    opening = _NEWBORN.match(value)
    if opening is not None:
        rest = value[opening.end() :].split()
        if not rest or not rest[0][:1].isalpha():
            return span
        start += len(value) - len(value[opening.end() :].lstrip())
        if len(rest) > 1 and rest[-1].casefold() in _BIRTH_MARKS:
            end = span.start + len(value.rstrip()[: -len(rest[-1])].rstrip())
    else:
        comma = value.rfind(",")
        after = value[comma + 1 :].casefold().split()
        if after[-1:] and after[-1] in _BIRTH_MARKS:
            after.pop()
        if comma > 0 and after in (["boy"], ["girl"], ["baby", "boy"], ["baby", "girl"]):
            end = span.start + len(value[:comma].rstrip())
    if (start, end) == (span.start, span.end) or end <= start:
        return span
    return Span(start, end, span.label, source=span.source, score=span.score)


def _untitled(text: str, span: Span, lexicon: Lexicons) -> Span:
    """``span`` without the title or role it opens with (at most two: "Coach Mr Lind"),
    when a word of the name follows on its line ("Officer Bajwa", "ward clerk Priya"; not
    "Sen, Amartya")."""
    if category_of(span.label) is not Category.NAME:
        return span
    start = span.start
    for _ in range(2):
        after = _after_role(text, start, span.end, lexicon)
        if after is None:
            break
        start = after
    if start == span.start:
        return span
    return Span(start, span.end, span.label, source=span.source, score=span.score)


def _after_role(text: str, start: int, end: int, lexicon: Lexicons) -> int | None:
    """Where the name starts after the title or role opening ``text[start:end]``, or None."""
    words = list(itertools.islice(_WORD.finditer(text, start, end), _ROLE_WORDS + 1))
    if not words or words[0].start() != start or text[start - 1 : start] in _QUOTES:
        return None  # a quoted name is written as it is called ("Uncle Bruddah")
    size = _role_size([word.group() for word in words], lexicon)
    if size == 0 or size >= len(words) or text.count("\n", start, words[size].start()):
        return None
    rest = _FOLLOWING.match(text, words[size - 1].end(), end)
    return None if rest is None else rest.end()


def _role_size(words: list[str], lexicon: Lexicons) -> int:
    """How many of ``words`` are the title or role they open with (0: none). A title or a
    care team's cue that is also a name, a role written in capitals in the rule data and a
    credential count only in capitals before a word that is not ("DON Smith", "MA Juliet";
    not "Don Smith", "DON SMITH"; a title that is a name never: "Officer Bajwa")."""
    folded = [word.casefold() for word in words]
    following = words[1] if len(words) > 1 else ""
    set_apart = words[0].isupper() and not following.isupper()
    if folded[0] in lexicon.titles:
        return 1 if folded[0] not in lexicon.names else 0
    sizes = []
    role = lexicon.name_roles.match(folded, 0)
    if role is not None and (role[1] == "any case" or set_apart):
        sizes.append(role[0])
    cue = lexicon.name_cues.match(folded, 0)
    if cue is not None and cue[1] == "care_team" and (
        cue[0] > 1 or folded[0] not in lexicon.names or set_apart
    ):
        sizes.append(cue[0])
    if set_apart and folded[0] in lexicon.credentials:
        sizes.append(1)
    return max(sizes, default=0)


def _without_trailing_words(value: str, common: frozenset[str], names: frozenset[str]) -> str:
    """``value`` without the ordinary lower-case words ending it ("Lupe bilingual", "BEN
    normal"): words of two letters or more in the common words and in no name list."""
    while True:
        head, blank, last = value.rpartition(" ")
        if not blank or not head.strip() or not (last.isalpha() and last.islower()):
            return value
        if len(last) < 2 or last not in common or last in names:
            return value
        value = head.rstrip()


def _cut(
    text: str, span: Span, credentials: frozenset[str], common: frozenset[str],
    names: frozenset[str],
) -> Span:
    if category_of(span.label) is not Category.NAME:
        return span
    end = span.end
    value = text[span.start : end]
    gap = _GAP.search(value)
    if gap is not None and gap.start() > 0:
        rest = value[gap.end() :]
        if _WORD.fullmatch(rest) and rest.casefold() in common:
            end = span.start + gap.start()
            value = text[span.start : end]
    if span.label != "USERNAME" and value[:1].isupper() and "," not in value:
        value = _without_trailing_words(value, common, names)  # not a spoken code's "..., two"
        end = span.start + len(value)
    cut = max(value.rfind(separator) for separator in _SEPARATORS)
    if cut > 0:
        word = value[cut + 1 :]
        before = value[: cut + 1].rstrip(_SEPARATORS)
        credential = word.casefold().replace(".", "")
        written = word.isupper() or "." in word
        after_comma = "," in value[len(before) : cut + 1]
        apart = after_comma or (credential not in names and len(_WORD.findall(before)) >= 2)
        if before and written and apart and credential in credentials:
            end = span.start + len(before)
    if end == span.end or end <= span.start:
        return span
    return Span(span.start, end, span.label, source=span.source, score=span.score)
