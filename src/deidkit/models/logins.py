"""Log-ins made of a name found in the note are user names ("Alisha Barrington, abarring").

Records sign entries with the writer's log-in, most often the first name's initial and the
family name or its start ("dyarrow", "cnewsome", "abarring", with digits after it
"jmcgrath2"), and a detector that finds the person's name may miss the log-in: a lower-case
word no list knows. After detection, for each name of two words or more found in a note
("Alisha Barrington", "BARRINGTON, ALISHA"), a lower-case word of five letters or more
(digits may follow) made of the first name's initial and the first four letters or more of
the family name is a ``USERNAME`` wherever it stands alone in that note (not glued to an
e-mail address, a host name or a longer word, not inside another span, no common or medical
word). Over the forty-four development batches 511 words match a name of their note this way
inside a span the writers marked, and one elsewhere, a common word (``bench/gold_counts.py``).
English only (``LOGIN_LANGS``).
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from deidkit.labels import Category, category_of
from deidkit.overlaps import Taken
from deidkit.types import Document, Span

LOGIN_LANGS = frozenset({"en"})
"""The languages whose names' log-ins are looked for."""
PREFIX = 4
"""The fewest letters of the family name a log-in takes (all of a shorter one)."""
LOGIN_WORD = regex.compile(r"(?<![\w@./])(?P<login>[a-z]{5,}+)\d*+(?![\w@/]|\.\w)")
"""A lower-case word of five letters or more, digits allowed after it, alone."""
_NAME_WORD = regex.compile(r"\p{L}[\p{L}'’-]*")


def with_derived_logins(documents: Sequence[Document], lang: str) -> list[Document]:
    """The documents with the log-ins made of their names' words added as user names."""
    from deidkit.models.rules.lexicons import lexicons  # lazy: the rule tables

    lexicon = lexicons(lang)
    common, medical = lexicon.common, lexicon.medical
    result = []
    for document in documents:
        logins = name_logins(document)
        if not any(login in document.text for login in logins):
            result.append(document)  # most notes write no log-in of their names
            continue
        text, spans = document.text, list(document.spans)
        taken = Taken(spans)
        added = [
            Span(found.start(), found.end(), "USERNAME", source="mentions")
            for found in LOGIN_WORD.finditer(text)
            if found.group("login") in logins
            and found.group("login") not in common and found.group("login") not in medical
            and not taken.overlaps(found.start(), found.end())
        ]
        if added:
            spans = sorted([*spans, *added], key=lambda span: (span.start, span.end))
            document = document.with_spans(tuple(spans))
        result.append(document)
    return result


def name_logins(document: Document) -> frozenset[str]:
    """The log-ins the names found in ``document`` make: the first name's initial and the
    first ``PREFIX`` letters or more of the family name."""
    logins: set[str] = set()
    for span in document.spans:
        if category_of(span.label) is not Category.NAME or span.label == "USERNAME":
            continue
        value = document.text[span.start : span.end]
        family, _, given = value.partition(",")
        words = _NAME_WORD.findall(given if given.strip() else value)
        if given.strip():
            first, last = words[0] if words else "", (_NAME_WORD.findall(family) or [""])[-1]
        elif len(words) >= 2:
            first, last = words[0], words[-1]
        else:
            continue
        first, last = _letters(first), _letters(last)
        if not first or len(last) < 3:
            continue
        logins.update(first[0] + last[:size] for size in range(min(PREFIX, len(last)),
                                                                 len(last) + 1))
    return frozenset(login for login in logins if len(login) >= 5)


def _letters(word: str) -> str:
    """``word`` in lower case, its letters a to z only ("O'Neil-Ba" -> "oneilba")."""
    return "".join(character for character in word.casefold() if "a" <= character <= "z")
