"""Out-of-dictionary names (Stat De-id, section 6.3): letter strings shaped like names.

Three shapes, as misspelled and foreign names look to a dictionary: pronounceable syllable
strings (``Velkostra``), letters of a real name shuffled (Stat De-id's "random permutations of
letters") and consonant-heavy strings (``Ymfgkstjj``). Every word is checked against every
dictionary shipped in ``deidkit.resources`` and against the generator's own pools, so none of
them can be found by a lookup.
"""

from __future__ import annotations

import functools
import importlib
import random

from deidkit.corpus import pools
from deidkit.corpus.ambiguous import AMBIGUOUS

_ONSETS = (
    "b", "br", "c", "ch", "d", "dr", "f", "g", "gr", "h", "j", "k", "kl", "l", "m", "n", "p",
    "pr", "qu", "r", "s", "sk", "st", "t", "tr", "v", "w", "y", "z", "zh", "x", "vl", "sv",
)
_NUCLEI = ("a", "e", "i", "o", "u", "y", "ae", "ou", "ei", "ia", "oa", "uo")
_CODAS = ("", "", "", "n", "r", "l", "s", "k", "m", "x", "t", "nd", "rk", "sk", "lt", "v")
_CONSONANTS = "bcdfghjklmnpqrstvwxz"
_VOWELS = "aeiouy"


def _known_from_resources() -> frozenset[str]:
    try:
        resources = importlib.import_module("deidkit.resources")
        catalogue = list(resources.names())
    except Exception:  # no resources package (yet): only the pools are checked
        return frozenset()
    words: set[str] = set()
    for name in catalogue:
        try:
            lexicon = resources.lexicon(name)
        except Exception:
            continue
        for entry in lexicon:
            words.add(entry)
            words.update(entry.split())
    return frozenset(words)


@functools.cache
def known_words() -> frozenset[str]:
    """Every word (casefolded) of every shipped dictionary and of the generator's pools."""
    words: set[str] = set(_known_from_resources())
    for origin in pools.ORIGIN_WEIGHTS:
        tables = pools.name_tables(origin)
        for value in (*tables.female, *tables.male, *tables.last):
            words.add(value.casefold())
            words.add(pools.strip_accents(value).casefold())
            words.update(part.casefold() for part in value.replace("-", " ").split())
    for place in pools.cities():
        words.update(part.casefold() for part in place.city.split())
    for hospital in pools.hospitals():
        words.update(part.casefold() for part in hospital.name.split())
    for group in (pools.street_names(), pools.COUNTRIES, pools.HOSPITAL_PATRONS,
                  pools.NATIONAL_EMPLOYERS):
        for value in group:
            words.update(part.casefold() for part in value.split())
    words.update(entry.word.casefold() for entry in AMBIGUOUS)
    return frozenset(words)


def is_out_of_dictionary(word: str) -> bool:
    """True if no shipped dictionary (nor the generator's pools) holds the word."""
    folded = word.casefold()
    return folded not in known_words() and pools.strip_accents(folded) not in known_words()


def _syllabic(rng: random.Random) -> str:
    parts = [rng.choice(_ONSETS) + rng.choice(_NUCLEI) for _ in range(rng.randint(2, 3))]
    return "".join(parts) + rng.choice(_CODAS)


def _shuffled(rng: random.Random) -> str:
    source = pools.name_tables("us").last
    letters = list(source[rng.randrange(len(source))].lower().replace(" ", ""))
    letters = [char for char in letters if char.isalpha()]
    rng.shuffle(letters)
    return "".join(letters)


def _consonantal(rng: random.Random) -> str:
    size = rng.randint(5, 10)
    chars = [rng.choice(_CONSONANTS if rng.random() < 0.75 else _VOWELS) for _ in range(size)]
    return "".join(chars)


def ood_word(rng: random.Random, *, min_length: int = 4) -> str:
    """One capitalised word absent from every dictionary."""
    while True:
        roll = rng.random()
        if roll < 0.6:
            word = _syllabic(rng)
        elif roll < 0.85:
            word = _shuffled(rng)
        else:
            word = _consonantal(rng)
        if len(word) < min_length or len(word) > 14:
            continue
        word = word[0].upper() + word[1:]
        if is_out_of_dictionary(word):
            return word
