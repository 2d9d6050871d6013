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
from deidkit.models.rules.word_types import WordTable, word_table

DICTIONARY_NAMES = Layer("dictionary_names", priority=5)


def dictionary_names(scan: Scan, labels: list[str | None]) -> None:
    """Label name-list tokens PATIENT: unambiguous ones alone, ambiguous ones and initials
    next to a labelled name."""
    note, lex = scan.note, scan.lex
    context = scan.labels(CONTEXT_NAMES.name)
    count = len(note.tokens)
    weak: set[int] = set()
    facts = word_table(lex, "dictionary_names", _name_facts)
    caseless = note.caseless
    # the note's listed words: their facts are worked out once per word type, and the words
    # that are no name ("Dear Doctor O'Sheil", "Trevor O'Reardon DO") are left out in C
    for word in itertools.compress(note.positions, map(facts.__getitem__, note.positions)):
        ambiguous, first_name = facts[word]
        if caseless and not first_name:
            ambiguous = True  # "foley draining", "FOLEY": a surname alone needs company
        for index in note.positions[word]:
            if context[index] is not None or not note.is_word(index) or not (
                note.capitalised(index)
            ):
                continue
            if eponym(note, lex, index) or _measurement(note, index) or _inside_word(
                note, index
            ):
                continue
            if ambiguous or note.acronym(index) or _eponym_after_de(note, lex, index) or (
                _after_hyphened_word(note, lex, index)
            ):
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


def _name_facts(lex: Lexicons) -> WordTable[tuple[bool, ...]]:
    """Word -> whether it is a listed name that is ambiguous, and whether a first name; an
    empty tuple for a word that is no listed name, or one that is never part of a name
    (a title, a credential, a listed non-name)."""

    def facts(word: str) -> tuple[bool, ...]:
        listed = _listed(lex, word)
        if listed is None or listed in lex.not_names or word in lex.titles or (
            word.replace(".", "") in lex.credentials
        ):
            return ()
        ambiguous = listed in lex.common or listed in lex.medical or (
            listed in lex.single_places
        )
        ambiguous = ambiguous or listed in lex.eponyms or listed in lex.clinical_abbreviations
        return ambiguous, listed in lex.first_names

    return WordTable(facts)


def _listed(lex: Lexicons, word: str) -> str | None:
    """The entry of the name lists a note's (casefolded) word is ("O'Dowd" is "dowd")."""
    if word in lex.names:
        return word
    if word[:2] in _GAELIC and len(word) > 4 and word[2:] in lex.names:
        return word[2:]
    return None


def _measurement(note: Note, index: int) -> bool:
    """"Temp 97.1", "Pulse 80": a word right before a number labels a measurement."""
    following = note.tokens[index + 1].text if index + 1 < len(note.tokens) else ""
    return following[:1].isdigit() and note.same_line(index, index + 1)


def _inside_word(note: Note, index: int) -> bool:
    """"MiraLAX", "FreeStyle": a name glued to letters on either side is part of a longer
    word."""
    tokens = note.tokens
    token = tokens[index]
    return (index + 1 < len(tokens) and tokens[index + 1].start == token.end and (
        tokens[index + 1].text[:1].isalpha()
    )) or (index > 0 and tokens[index - 1].end == token.start and (
        tokens[index - 1].text[-1:].isalpha()
    ))


def _after_hyphened_word(note: Note, lex: Lexicons, index: int) -> bool:
    """"Medi-Cal": a name joined by a hyphen to a word that is no name needs company."""
    if index < 2 or note.words[index - 1] != "-":
        return False
    first, hyphen = note.tokens[index - 2], note.tokens[index - 1]
    joined = first.end == hyphen.start and hyphen.end == note.tokens[index].start
    return joined and note.words[index - 2] in lex.not_names


def _eponym_after_de(note: Note, lex: Lexicons, index: int) -> bool:
    """"grado 2 de Fuhrman", "enfermedad de Hodgkin": a name after "de" and a medical word."""
    if index < 2 or note.words[index - 1] != "de":
        return False
    return any(w in lex.eponym_heads for w in note.words[max(0, index - 5) : index - 1])


RULE = TokenRule("dictionary_names", DICTIONARY_NAMES, dictionary_names, switch="names")
