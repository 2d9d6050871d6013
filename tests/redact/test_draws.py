"""Keyed draws: a value's surrogate stops drawing once another draw could not differ.

``SurrogateGenerator._consistent`` makes a value's random source only when its draw uses
one, and stops at a draw that used none (every later attempt would repeat it) or at one that
clashed with a name word the place keeps in every draw; a pool of one is taken without a
draw. The surrogates must stay those of the old loop (100 attempts, each
with a seeded generator, and a draw from any pool): the reference copies below are that
loop.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deidkit.corpus.synth import generate
from deidkit.labels import Category, category_of
from deidkit.redact import RedactOptions
from deidkit.redact.engine import Deidentifier
from deidkit.redact.keys import SecretKey
from deidkit.redact.surrogates import (
    PatientState,
    SurrogateGenerator,
    _contains_name_word,
    _RandomOnUse,
)
from deidkit.redact.surrogates.case import Case, case_of, fold, match_case
from deidkit.redact.surrogates.places import PlaceSurrogates
from deidkit.redact.surrogates.pools import pools
from deidkit.types import Document, Span

KEY = "draws-test-key-0123456789abcdef"


class _OldPlaces(PlaceSurrogates):
    def _pick(
        self, original: str, pool: tuple[str, ...], rng: random.Random, forbidden: set[str]
    ) -> str:
        key = fold(original.strip())
        candidate = original
        for _ in range(200):
            candidate = rng.choice(pool)
            if fold(candidate) != key and fold(candidate) not in forbidden:
                break
        if case_of(original) in (Case.UPPER, Case.LOWER):
            candidate = match_case(original, candidate)
        return original.replace(original.strip(), candidate)


class _EveryAttempt(SurrogateGenerator):
    """The generator as it was: a seeded generator for each of 100 attempts."""

    def __init__(self, generator: SurrogateGenerator) -> None:
        super().__init__(generator.key, generator.settings)
        self._places = _OldPlaces(self.pools)

    def _consistent(
        self,
        state: PatientState,
        label: str,
        original: str,
        make: Callable[[random.Random], str],
        *,
        allow_same: bool = False,
    ) -> str:
        kind = category_of(label).value if category_of(label) is Category.ID else label
        key = (kind, fold(original.strip()))
        cached = state.values.get(key)
        if cached is not None:
            from deidkit.redact.surrogates.case import recase

            return recase(cached, original)
        fallback: str | None = None
        for attempt in range(100):
            rng = self.key.rng("value", state.patient, kind, key[1], str(attempt))
            candidate = make(rng)
            folded = fold(candidate.strip())
            if allow_same and candidate == original:
                break
            if folded == key[1] or folded in state.forbidden:
                continue
            if _contains_name_word(candidate, state):
                continue
            fallback = fallback or candidate
            if state.used.get((kind, folded), key[1]) != key[1]:
                continue
            break
        else:
            candidate = fallback if fallback is not None else f"[{label}]"
        state.values[key] = candidate
        state.used[(kind, fold(candidate.strip()))] = key[1]
        return candidate


def _texts(documents: list[Document], options: RedactOptions, old: bool) -> list[str]:
    deidentifier = Deidentifier(options, key=KEY)
    if old:
        deidentifier.surrogates = _EveryAttempt(deidentifier.surrogates)
    return [item.document.text for item in deidentifier.redact_all(documents)]


@pytest.mark.parametrize(
    "options",
    [
        RedactOptions(),
        RedactOptions(age_policy="surrogate"),
        RedactOptions(lang="es"),
    ],
    ids=["en", "en-age-surrogates", "es"],
)
def test_surrogates_are_those_of_every_attempt(options: RedactOptions) -> None:
    documents = list(generate(240, seed=17))
    documents += list(generate(60, seed=18, variant="out-of-dictionary"))
    assert _texts(documents, options, old=False) == _texts(documents, options, old=True)


def _clashing_patient() -> Document:
    """Four states and three ages over 89 of one patient: all but the first of each meet the
    surrogate the first took (one surrogate state a patient, one bucket)."""
    pieces = [
        ("Moved from ", None), ("MA", "STATE"), (" to ", None), ("NY", "STATE"),
        (". Aged ", None), ("92", "AGE"), (", her sisters ", None), ("95", "AGE"),
        (" and ", None), ("97", "AGE"), (", in ", None), ("Texas", "STATE"),
        (" and in ", None), ("Ohio", "STATE"), (". Bed ", None), ("7", "ROOM"),
        (", bed ", None), ("8", "ROOM"), (".", None),
    ]
    return _pieced("clash", pieces, "p1")


def test_a_draw_that_uses_no_random_source_is_not_repeated(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    document = _clashing_patient()
    for options in (RedactOptions(), RedactOptions(age_policy="surrogate")):
        assert _texts([document], options, old=False) == _texts([document], options, old=True)
    derived: list[tuple[str, ...]] = []
    plain = SecretKey.rng

    def counted(key: SecretKey, *parts: str) -> random.Random:
        derived.append(parts)
        return plain(key, *parts)

    monkeypatch.setattr(SecretKey, "rng", counted)
    _texts([document], RedactOptions(), old=False)
    values = [parts for parts in derived if parts[0] == "value"]
    # the old loop derived 100 for each of NY, Texas and Ohio (the region's one state) and of
    # 95 and 97 (the bucket), and one for each age
    assert len(values) <= 6, values


def test_random_on_use_tells_whether_it_was_made() -> None:
    made: list[int] = []

    def make() -> random.Random:
        made.append(1)
        return random.Random(3)

    unused, used = _RandomOnUse(make), _RandomOnUse(make)
    assert not unused.made and not used.made
    assert used.random() == random.Random(3).random()
    assert used.made and not unused.made and made == [1]


_PIECES = st.sampled_from(
    [
        "Clinic", "clinic.", "Street", "St.", "Children's", "Hospital", "School", "Home",
        "of", "A", "b.", "Mercy", "Eastside", "O'Neil", "Ward", "5B", "12", "²", "½", "_",
        " ", "  ", "\n", "-", "/", ".", ",", "'", "#", "é", "Ünit", "x1", "Apt",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=8).map("".join), st.integers(0, 2**32))
def test_every_rebuild_writes_the_kept_words_whole(original: str, seed: int) -> None:
    """``kept_words`` are whole in every surrogate ``_rebuild`` makes: a letter run of three
    or more in a kept word (what ``_contains_name_word`` reads) is one of the surrogate's."""
    places = PlaceSurrogates(pools("en"))
    runs = re.compile(r"[^\W\d_]{3,}")
    for label in ("STREET", "HOSPITAL", "ORGANIZATION", "DEPARTMENT"):
        kept = places.kept_words(label, original)
        rng = random.Random(seed)
        for _ in range(3):
            new = (
                places.street(original, rng, set())
                if label == "STREET"
                else places.facility(original, label.lower(), rng, set())
            )
            found = set(runs.findall(new))
            assert all(set(runs.findall(word)) <= found for word in kept), (label, kept, new)
    assert places.kept_words("CITY", original) == []


def _named_clinic() -> Document:
    """A doctor's name read with "Clinic" in it, then clinics of the patient: every
    surrogate of a clinic keeps "Clinic", a name word of the patient."""
    pieces = [
        ("Seen by ", None), ("Clinic Smith", "DOCTOR"), (" at ", None),
        ("Eastside School Clinic", "HOSPITAL"), (", then ", None), ("Lely Clinic", "ORGANIZATION"),
        (" and ", None), ("Mercy Hospital", "HOSPITAL"), (".", None),
    ]
    return _pieced("clinic", pieces, "p2")


def test_a_place_that_keeps_a_name_word_is_not_drawn_for_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    document = _named_clinic()
    assert _texts([document], RedactOptions(), old=False) == _texts(
        [document], RedactOptions(), old=True
    )
    derived: list[tuple[str, ...]] = []
    plain = SecretKey.rng

    def counted(key: SecretKey, *parts: str) -> random.Random:
        derived.append(parts)
        return plain(key, *parts)

    monkeypatch.setattr(SecretKey, "rng", counted)
    text = _texts([document], RedactOptions(), old=False)[0]
    assert "[HOSPITAL]" in text and "[ORGANIZATION]" in text
    values = [parts for parts in derived if parts[0] == "value"]
    # the old loop derived 100 for each of the two clinics, and one for the hospital
    assert len(values) == 3, values


def test_generators_share_the_place_surrogates_and_each_states_cities() -> None:
    first, second = SurrogateGenerator(SecretKey(KEY.encode())), SurrogateGenerator(
        SecretKey(b"another-key-0123456789")
    )
    assert first._places is second._places
    fresh = PlaceSurrogates(pools("en"))
    for region in ("MA", "TX", "WY"):
        assert first._places._cities_of(region) == fresh._cities_of(region)


def _pieced(name: str, pieces: list[tuple[str, str | None]], patient: str) -> Document:
    """A document of ``pieces`` (text, its label or None), a span for each labelled one."""
    text, spans = "", []
    for piece, label in pieces:
        if label is not None:
            spans.append(Span(len(text), len(text) + len(piece), label))
        text += piece
    return Document(name, text, spans=tuple(spans), patient_id=patient)
