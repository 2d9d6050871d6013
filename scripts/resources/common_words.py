"""English common words (an exclusion list for name and place dictionaries) and the
wordfreq-derived word frequency tables of English and Spanish.

``common_words``: the alphabetic words among wordfreq's 50,000 most frequent English words
that are ordinary words, not names:

- a word that is not a Census name or a US place/country name is kept when the Brill lexicon
  (Brown corpus + Penn Treebank, via TextBlob) lists it in lower case with a tag other than
  a proper-noun tag, or when it is an ICD-10-CM word;
- a word that is also a name or a place is kept only when the Brill lexicon lists it in lower
  case as a non-proper word and, for names, when its frequency in general text is high
  relative to how common it is as a name: ``zipf(word) - log10(percent of people with the
  name)`` must reach the 75th percentile of the same score over unambiguous names (names the
  Brill lexicon does not know in lower case). So ``will``, ``may``, ``brown``, ``rose`` are
  common words while ``john``, ``mark``, ``james`` are not.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

from common import Built, format_weight

SCRIPT = "scripts/resources/common_words.py"
TOP_COMMON = 50_000
TOP_FREQUENCY = 100_000
WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
PROPER_TAGS = frozenset({"NNP", "NNPS"})


def brill_lexicon() -> dict[str, str]:
    import textblob

    path = Path(textblob.__file__).resolve().parent / "en" / "en-lexicon.txt"
    lexicon: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(";;;"):
            continue
        fields = line.split()
        if len(fields) >= 2:
            lexicon.setdefault(fields[0], fields[1])
    return lexicon


def census_shares() -> dict[str, float]:
    """Casefolded name -> largest percent of people with it (first or last name, 1990)."""
    from census_names import _census_dir, read_census

    shares: dict[str, float] = {}
    for filename in ("dist.male.first", "dist.female.first", "dist.all.last"):
        for name, weight in read_census(_census_dir() / filename):
            key = name.casefold()
            # Shares are rounded to 0.001: a published 0 means below 0.0005.
            shares[key] = max(shares.get(key, 0.0), weight if weight > 0 else 0.0005)
    return shares


def place_names() -> set[str]:
    from deidkit import resources

    places: set[str] = set()
    for name in ("us_cities", "us_states", "us_counties", "countries"):
        places |= resources.lexicon(name)
    return places


def english_common_words() -> tuple[Built, dict[str, float]]:
    import wordfreq
    from medical import icd10cm_words

    lexicon = brill_lexicon()
    shares = census_shares()
    places = place_names()
    medical = set(icd10cm_words())
    top = [w for w in wordfreq.top_n_list("en", TOP_COMMON) if WORD.fullmatch(w)]
    zipf = {w: wordfreq.zipf_frequency(w, "en") for w in top}

    def ordinary(word: str) -> bool:
        tag = lexicon.get(word)
        return tag is not None and tag not in PROPER_TAGS

    def name_score(word: str) -> float:
        return zipf[word] - math.log10(shares[word])

    unambiguous = sorted(
        name_score(w) for w in top if w in shares and shares[w] >= 0.01 and w not in lexicon
    )
    threshold = unambiguous[int(len(unambiguous) * 0.75)]
    rows = []
    for word in top:
        is_name = word in shares
        if is_name or word in places:
            keep = ordinary(word) and (not is_name or name_score(word) >= threshold)
        else:
            keep = ordinary(word) or word in medical
        if keep:
            rows.append((word, format_weight(round(zipf[word], 2))))
    built = Built(
        "common_words", "en",
        "Common English words (not names or places): an exclusion list for name and place "
        "dictionaries", ("word", "weight"), rows, "wordfreq",
        f"From wordfreq's {TOP_COMMON} most frequent English words, lower case; weight = "
        "Zipf frequency (log10 per billion words). Names and places are kept only when they "
        "are mostly ordinary words: the Brill lexicon (TextBlob) must know them in lower case "
        "with a non-proper tag and, for Census names, zipf - log10(percent of people with the "
        f"name) must be >= {threshold:.2f}, the 75th percentile of that score over "
        "unambiguous names. Words unknown to the Brill lexicon are kept when they are "
        "ICD-10-CM words. So 'will', 'may', 'brown' are common words and 'john', 'mark' are "
        "not.",
        SCRIPT, filters=("brill", "census1990", "icd10cm"),
    )
    return built, {"threshold": threshold}


def frequency_table(lang: str) -> Built:
    import wordfreq

    rows = []
    for word in wordfreq.top_n_list(lang, TOP_FREQUENCY):
        if "\t" in word or not word.strip():
            continue
        count = round(wordfreq.word_frequency(word, lang) * 1_000_000_000)
        if count > 0:
            rows.append((word, str(count)))
    language = {"en": "English", "es": "Spanish"}[lang]
    return Built(
        f"word_frequency_{lang}", lang,
        f"Frequency of the {TOP_FREQUENCY:,} most frequent {language} words in public text "
        "(wordfreq), as a FrequencyTable", ("token", "count"), rows, "wordfreq",
        "count = occurrences per billion words (wordfreq 'best' list, casefolded), so "
        "FrequencyTable.log_frequency gives wordfreq's Zipf frequency; words outside the top "
        f"{TOP_FREQUENCY:,} get 0. Load with deidkit.resources.frequency_table"
        f"('word_frequency_{lang}').",
        SCRIPT, kind="frequency",
    )


def build() -> list[Built]:
    common, _ = english_common_words()
    return [common, frequency_table("en"), frequency_table("es")]
