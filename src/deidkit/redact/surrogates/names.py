"""Person-name surrogates that keep the name's form, case and apparent gender.

A name is cut into words, initials, titles, suffixes, particles and punctuation. Each name
word is replaced on its own, through a per-patient table, so "John Smith", "Smith",
"Mr. Smith", "SMITH, JOHN A." and "smith" all come out as forms of the same surrogate
("Peter Brown", "Brown", "Mr. Brown", "BROWN, PETER K.", "brown"). First names are drawn from
the list of their apparent gender; words that are surnames from the surname list. An initial
becomes the initial of the surrogate of the name it stands for when the patient's notes tell
(``J. Smith`` next to ``John Smith``), else a consistent other letter.
"""

from __future__ import annotations

import functools
import random
import re
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from deidkit.lang import get_language
from deidkit.redact.surrogates.case import Case, case_of, fold, match_case
from deidkit.redact.surrogates.ids import identifier
from deidkit.redact.surrogates.pools import Pools
from deidkit.redact.surrogates.vocab import (
    KINSHIP,
    NAME_SUFFIXES,
    PARTICLES,
    RELATION_WORDS,
    ROLE_WORDS,
    TITLES,
)

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*|\d+|\s+|.")
_POSSESSIVE = re.compile(r"^(?P<stem>.{2,}?)(?P<suffix>['’]s)$", re.IGNORECASE)


@dataclass
class NameTable:
    """One patient's name surrogates: word -> surrogate word, letter -> letter."""

    words: dict[str, str] = field(default_factory=dict)
    used: dict[str, str] = field(default_factory=dict)  # surrogate key -> original key
    letters: dict[str, str] = field(default_factory=dict)
    forbidden: set[str] = field(default_factory=set)  # folded original PHI words and values
    partners: dict[str, set[str]] = field(default_factory=dict)  # word -> words seen with it
    observed: dict[str, tuple[str, ...]] = field(default_factory=dict)  # name -> its words

    def observe(self, text: str) -> tuple[str, ...]:
        """Remember the words of an original name (for initials and the forbidden set);
        returns them folded. A name is taken in once: observing it again (each occurrence
        is observed, and replacing it observes it too) would add nothing."""
        words = self.observed.get(text)
        if words is None:
            words = self.observed[text] = tuple(fold(w) for w in name_words(text))
            self.forbidden.update(words)
            for word in words:
                self.partners.setdefault(word, set()).update(w for w in words if w != word)
        return words


@dataclass(frozen=True, slots=True)
class _Part:
    text: str
    kind: str  # word, initial, initials, title, suffix, particle, kin, number, other


def name_words(text: str) -> list[str]:
    """The name words of a name (no titles, suffixes, initials or particles)."""
    return [part.text for part in _parts(text) if part.kind == "word"]


@functools.lru_cache(maxsize=1 << 14)
def _parts(text: str) -> tuple[_Part, ...]:
    """The parts of a name (cached: a name is cut up when observed and again when replaced)."""
    parts: list[_Part] = []
    for piece in _WORD.findall(text):
        possessive = _POSSESSIVE.match(piece) if piece[:1].isalpha() else None
        if possessive is not None:
            parts.append(_classify(possessive.group("stem")))
            parts.append(_Part(possessive.group("suffix"), "other"))
        else:
            parts.append(_classify(piece))
    return tuple(parts)


def _classify(piece: str) -> _Part:
    if not piece[:1].isalpha():
        return _Part(piece, "number" if piece[:1].isdigit() else "other")
    key = fold(piece)
    if len(piece) == 1:
        return _Part(piece, "initial")
    if (key in TITLES and piece[:1].isupper()) or key in ROLE_WORDS:
        return _Part(piece, "title")
    if key in NAME_SUFFIXES and (piece.isupper() or key in ("jr", "sr")):
        return _Part(piece, "suffix")
    if key in PARTICLES and not piece.isupper():
        return _Part(piece, "particle")
    if key in KINSHIP:
        return _Part(piece, "kin")
    return _Part(piece, "word")


class NameSurrogates:
    """Surrogates for person names, drawing from ``pools`` with per-value random sources."""

    def __init__(self, pools: Pools, rng_for: Callable[[str, str], random.Random]) -> None:
        self.pools = pools
        self.rng_for = rng_for  # (purpose, value) -> a random source for this patient
        self._endings = get_language(pools.lang).surrogates.first_name_endings

    def surrogate(
        self, original: str, table: NameTable, *, flip_gender: bool = False, relative: bool = True
    ) -> str:
        """The surrogate of a name; ``flip_gender`` draws first names of the other gender
        (when the patient's surrogate sex differs from the original one). Kinship words
        ("madre", "his wife") are kept only in a ``relative``'s name: in a doctor's or a
        patient's name they are the name ("Dr. Nieto")."""
        parts: Sequence[_Part] = _parts(original)
        if not relative:
            parts = [_Part(p.text, "word") if p.kind == "kin" else p for p in parts]
        if not any(p.kind in ("word", "initial", "number") for p in parts):
            if any(p.kind == "kin" for p in parts):
                # a relative named by relation ("madre", "his wife"): no name to replace
                return original
            # only title- or particle-like words ("Don", "Del"): they are the name here
            parts = [_Part(p.text, "word") if p.text[:1].isalpha() else p for p in parts]
        if any(p.kind == "kin" for p in parts):
            # "su hija", "his wife": the words around a kinship word are not names
            parts = [_Part(p.text, "particle") if p.kind == "word" and fold(p.text) in
                     RELATION_WORDS else p for p in parts]  # fmt: skip
        table.observe(original)
        words = [p for p in parts if p.kind == "word"]
        comma_form = (
            "," in original and words and original.index(",") > original.index(words[0].text)
        )
        out: list[str] = []
        initials_upcoming = self._initial_targets(parts, table)
        for index, part in enumerate(parts):
            if part.kind == "word":
                if _looks_like_initials(part.text, self.pools):
                    out.append("".join(self._letter(c, None, table) for c in part.text))
                    continue
                position = words.index(part)
                role = self._role(part.text, position, len(words), bool(comma_form))
                out.append(self._word(part.text, role, table, flip_gender))
            elif part.kind == "initial":
                out.append(self._letter(part.text, initials_upcoming.get(index), table))
            elif part.kind == "number":
                out.append(identifier(part.text, self.rng_for("name-number", part.text)))
            else:
                out.append(part.text)
        result = "".join(out)
        if fold(result) == fold(original) and any(
            p.kind in ("word", "initial", "number") for p in parts
        ):
            # only possible when every letter mapped to itself; force a change
            return self._force_change(original, table)
        return result

    def _role(self, word: str, position: int, count: int, comma_form: bool) -> str:
        key = fold(word)
        first = key in self.pools.male or key in self.pools.female
        last = key in self.pools.surnames
        if first and not last:
            return "first"
        if last and not first:
            return "last"
        weights = self.pools.first_weight.get(fold(word))
        surname_weight = self.pools.last_weight.get(fold(word))
        if weights and surname_weight:
            ratio = sum(weights) / surname_weight
            if ratio > 3:
                return "first"
            if ratio < 1 / 3:
                return "last"
        if count <= 1:
            return "first" if first else "last"
        if comma_form:
            return "last" if position == 0 else "first"
        return "last" if position == count - 1 else "first"

    def _gender(self, word: str) -> str:
        """m, f or u(nknown/either), by how many people of each sex bear the name."""
        weights = self.pools.first_weight.get(fold(word))
        if weights:
            male_share, female_share = weights
            if male_share >= 2 * female_share:
                return "m"
            if female_share >= 2 * male_share:
                return "f"
            return "u"
        key = fold(word)
        male, female = key in self.pools.male, key in self.pools.female
        if male and not female:
            return "m"
        if female and not male:
            return "f"
        ending = self._endings.get(key[-1:])
        if male and ending is not None:
            return ending  # María, Rosario: the usual ending (Spanish)
        return "u"

    def _word(self, word: str, role: str, table: NameTable, flip: bool = False) -> str:
        key = fold(word)
        if key not in table.words:
            if role == "first":
                gender = self._gender(word)
                if flip:
                    gender = {"m": "f", "f": "m"}.get(gender, gender)
                pool = {"m": self.pools.first_male, "f": self.pools.first_female}.get(
                    gender, self.pools.first_any
                )
            else:
                pool = self.pools.last
            rng = self.rng_for(f"name-{role}", key)
            table.words[key] = self._draw(pool, key, rng, table, len(word))
        surrogate = table.words[key]
        if "-" in word and "-" not in surrogate:
            return "-".join(self._word(piece, role, table, flip) for piece in word.split("-"))
        return match_case(word, surrogate) if case_of(word) is not Case.OTHER else surrogate

    def _draw(
        self, pool: tuple[str, ...], key: str, rng: random.Random, table: NameTable, length: int
    ) -> str:
        candidate = ""
        for attempt in range(200):
            candidate = rng.choice(pool)
            folded = fold(candidate)
            if (
                folded == key
                or folded in table.forbidden
                or table.used.get(folded, key) != key
                or (attempt < 100 and length > 1 and len(candidate) < 2)
            ):
                continue
            break
        table.used[fold(candidate)] = key
        return candidate

    def _initial_targets(self, parts: Sequence[_Part], table: NameTable) -> dict[int, str]:
        """For each initial, the name word it most likely abbreviates (if the notes tell)."""
        words = [fold(p.text) for p in parts if p.kind == "word"]
        targets: dict[int, str] = {}
        for index, part in enumerate(parts):
            if part.kind != "initial":
                continue
            letter = fold(part.text)
            candidates: set[str] = set()
            for word in words:
                candidates.update(
                    w for w in table.partners.get(word, ()) if w.startswith(letter) and len(w) > 1
                )
            if len(candidates) == 1:
                targets[index] = candidates.pop()
        return targets

    def _letter(self, letter: str, target: str | None, table: NameTable) -> str:
        if target is not None and target in table.words:
            new = table.words[target][0]  # the initial of the name it stands for
            return new.upper() if letter.isupper() else new.lower()
        key = fold(letter)
        if key not in table.letters:
            rng = self.rng_for("initial", key)
            choices = [c for c in string.ascii_lowercase if c != key]
            table.letters[key] = rng.choice(choices)
        new = table.letters[key]
        return new.upper() if letter.isupper() else new

    def _force_change(self, original: str, table: NameTable) -> str:
        rng = self.rng_for("name-whole", fold(original))
        return match_case(original, self._draw(self.pools.last, fold(original), rng, table, 3))


def _looks_like_initials(word: str, pools: Pools) -> bool:
    """``JS`` or ``JRS`` (a patient's initials) rather than a name."""
    key = fold(word)
    return (
        2 <= len(word) <= 3
        and word.isupper()
        and key not in pools.male
        and key not in pools.female
        and key not in pools.surnames
        and not any(v in key for v in "aeiouy")
    )
