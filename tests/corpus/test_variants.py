"""Stat De-id's corpora: ambiguous PHI (section 6.2) and PHI not in dictionaries (6.3)."""

from __future__ import annotations

import collections
import functools
import re

from deidkit import resources
from deidkit.corpus.ambiguous import AMBIGUOUS
from deidkit.corpus.ood import is_out_of_dictionary, known_words, ood_word
from deidkit.corpus.slots_logs import REGISTRATION_WORDS
from deidkit.types import Document

NAME_LABELS = {"PATIENT", "DOCTOR", "RELATIVE"}
_WORD = re.compile(r"[^\W\d_]{4,}")  # initials (AGG) cannot be out of dictionary
INITIALS = re.compile(r"[A-Za-z]{1,3}\d?|(?:[A-Za-z]\.){1,3}")  # nor be an ambiguous word


@functools.cache
def _every_shipped_word() -> frozenset[str]:
    words: set[str] = set()
    for name in resources.names():
        try:
            lexicon = resources.lexicon(name)
        except Exception:
            continue
        for entry in lexicon:
            words.add(entry)
            words.update(entry.split())
    return frozenset(words)


def test_ood_names_are_in_no_shipped_dictionary(ood_corpus: list[Document]) -> None:
    shipped = _every_shipped_word()
    assert len(shipped) > 100_000  # the names, places and common-word lists are really there
    checked = 0
    for document in ood_corpus:
        for span in document.spans:
            if span.label not in NAME_LABELS | {"CITY"}:
                continue
            value = document.text[span.start : span.end]
            for word in _WORD.findall(value):
                if word.casefold() in REGISTRATION_WORDS:  # "TRAUMA, [name]"
                    continue
                assert word.casefold() not in shipped, (document.id, span.label)
                checked += 1
    assert checked > 2000


def test_ood_hospitals_have_an_unknown_core(ood_corpus: list[Document]) -> None:
    shipped = _every_shipped_word()
    hospitals = resources.lexicon("hospitals")
    seen = 0
    for document in ood_corpus:
        for span in document.spans:
            if span.label != "HOSPITAL":
                continue
            value = document.text[span.start : span.end]
            if len(value) <= 5 and (value.isupper() or value.islower()):
                continue  # the site's initials (BWH-like short names, any case)
            assert value.casefold() not in hospitals
            assert any(w.casefold() not in shipped for w in _WORD.findall(value)), value
            seen += 1
    assert seen > 100


def test_ood_words_are_name_shaped() -> None:
    import random

    rng = random.Random(4)
    words = [ood_word(rng) for _ in range(300)]
    assert all(word[0].isupper() and word[1:].islower() and word.isalpha() for word in words)
    assert all(is_out_of_dictionary(word) for word in words)
    assert len(set(words)) > 280
    assert not is_out_of_dictionary("Smith") and not is_out_of_dictionary("boston")
    assert "smith" in known_words()


def test_plain_names_come_from_dictionaries(plain_corpus: list[Document]) -> None:
    """The contrast case: in the plain corpus most name words are in the name lists."""
    names = resources.lexicon("last_names") | resources.lexicon("first_names")
    words = [w.casefold() for d in plain_corpus[:500] for s in d.spans if s.label in NAME_LABELS
             for w in _WORD.findall(d.text[s.start : s.end])]
    assert sum(w in names for w in words) / len(words) > 0.7


def test_ambiguous_words_are_both_phi_and_not(ambiguous_corpus: list[Document]) -> None:
    as_phi: collections.Counter[str] = collections.Counter()
    as_word: collections.Counter[str] = collections.Counter()
    both_in_one_note = 0
    for document in ambiguous_corpus:
        phi = set(filter(None, document.metadata.get("ambiguous_phi", "").split(",")))
        word = set(filter(None, document.metadata.get("ambiguous_nonphi", "").split(",")))
        as_phi.update(phi)
        as_word.update(word)
        both_in_one_note += bool(phi & word)
    both = set(as_phi) & set(as_word)
    assert len(both) >= 40, len(both)
    assert both_in_one_note >= 80
    famous = {"Foley", "Swan", "Huntington", "Brown", "Parkinson", "Graves", "Bell", "Hope",
              "May", "Short", "Will", "Frank"}
    assert len(famous & both) >= 8, famous - both


def test_ambiguous_metadata_matches_the_text(ambiguous_corpus: list[Document]) -> None:
    """The metadata says exactly which ambiguous words are inside and outside spans."""
    known = {entry.word.casefold(): entry.word for entry in AMBIGUOUS}
    for document in ambiguous_corpus[:200]:
        inside: set[str] = set()
        outside: set[str] = set()
        for match in re.finditer(r"[^\W\d_]+", document.text):
            word = known.get(match.group().casefold())
            if word is None:
                continue
            in_span = any(s.start <= match.start() < s.end for s in document.spans)
            (inside if in_span else outside).add(word)
        assert ",".join(sorted(inside)) == document.metadata.get("ambiguous_phi", "")
        assert ",".join(sorted(outside)) == document.metadata.get("ambiguous_nonphi", "")


def test_ambiguous_names_dominate_in_the_variant(ambiguous_corpus: list[Document]) -> None:
    ambiguous = {entry.word for entry in AMBIGUOUS}
    names = [d.text[s.start : s.end] for d in ambiguous_corpus for s in d.spans
             if s.label in NAME_LABELS and not INITIALS.fullmatch(d.text[s.start : s.end])]
    hits = sum(any(w in ambiguous for w in re.findall(r"[A-Za-z]+", n)) for n in names)
    assert hits / len(names) > 0.4
