"""Rule ``dictionary_names``: tokens in the name lists, on the ``dictionary_names`` layer.

Unambiguous names stand alone (a Gaelic "O'" before a listed surname too: "O'Dowd"); a name
that is also a common, medical or place word (or any surname in a note without capitals) is
taken only next to another name or an initial, never a title or credential. Tokens the context
rules labelled are left to them.
"""

from __future__ import annotations

import itertools

from deidkit.models.rules.base import Layer, Scan, TokenRule
from deidkit.models.rules.lexicons import Lexicons
from deidkit.models.rules.names import CONTEXT_NAMES, eponym
from deidkit.models.rules.note import Note

DICTIONARY_NAMES = Layer("dictionary_names", priority=5)


def dictionary_names(scan: Scan, labels: list[str | None]) -> None:
    """Label name-list tokens PATIENT: unambiguous ones alone, ambiguous ones and initials
    next to a labelled name."""
    note, lex = scan.note, scan.lex
    context = scan.labels(CONTEXT_NAMES.name)
    count = len(note.tokens)
    weak: set[int] = set()
    for word, listed in _listed_words(note, lex):
        if listed in lex.not_names or word in lex.titles or (
            word.replace(".", "") in lex.credentials
        ):
            continue  # "Dear Doctor O'Sheil", "Trevor O'Reardon DO": no part of the name
        ambiguous = listed in lex.common or listed in lex.medical or listed in lex.single_places
        ambiguous = ambiguous or listed in lex.eponyms or listed in lex.clinical_abbreviations
        if note.caseless and listed not in lex.first_names:
            ambiguous = True  # "foley draining", "FOLEY": a surname alone needs company
        for index in note.positions[word]:
            if context[index] is not None or not note.is_word(index) or not (
                note.capitalised(index)
            ):
                continue
            if eponym(note, lex, index) or _measurement(note, index):
                continue
            if ambiguous or note.acronym(index) or _eponym_after_de(note, lex, index):
                weak.add(index)
            else:
                labels[index] = "PATIENT"
    joining = sorted(weak.union(itertools.compress(range(count), note.initial_flags)))
    changed = True
    while changed:  # ambiguous names and initials join a neighbouring name
        changed = False
        for index in joining:
            if labels[index] is not None:
                continue
            for other in (index - 1, index + 1):
                if 0 <= other < count and labels[other] is not None and note.same_line(
                    min(index, other), max(index, other)
                ):
                    labels[index] = labels[other]
                    changed = True
                    break


_GAELIC = ("o'", "o’")  # "O'Dowd": the lists hold the surname without it ("dowd", "obrien")


def _listed_words(note: Note, lex: Lexicons) -> list[tuple[str, str]]:
    """The note's words that are in the name lists, each with the entry it is ("O'Dowd" is
    "dowd"): the words of the note and of the lists in common, then the Gaelic ones."""
    found = [(word, word) for word in lex.names.intersection(note.positions)]  # the note's words
    found.extend(
        (word, word[2:]) for word in note.positions
        if word[:2] in _GAELIC and len(word) > 4 and word not in lex.names
        and word[2:] in lex.names
    )
    return found


def _measurement(note: Note, index: int) -> bool:
    """"Temp 97.1", "Pulse 80": a word right before a number labels a measurement."""
    following = note.tokens[index + 1].text if index + 1 < len(note.tokens) else ""
    return following[:1].isdigit() and note.same_line(index, index + 1)


def _eponym_after_de(note: Note, lex: Lexicons, index: int) -> bool:
    """"grado 2 de Fuhrman", "enfermedad de Hodgkin": a name after "de" and a medical word."""
    if index < 2 or note.words[index - 1] != "de":
        return False
    return any(w in lex.eponym_heads for w in note.words[max(0, index - 5) : index - 1])


RULE = TokenRule("dictionary_names", DICTIONARY_NAMES, dictionary_names, switch="names")
