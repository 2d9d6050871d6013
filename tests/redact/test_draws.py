"""Keyed draws: a value's surrogate stops drawing once another draw could not differ.

``SurrogateGenerator._consistent`` makes a value's random source only when its draw uses
one, and stops at a draw that used none (every later attempt would repeat it); a pool of one
is taken without a draw. The surrogates must stay those of the old loop (100 attempts, each
with a seeded generator, and a draw from any pool): the reference copies below are that
loop.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

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
    text, spans = "", []
    for piece, label in pieces:
        if label is not None:
            spans.append(Span(len(text), len(text) + len(piece), label))
        text += piece
    return Document("clash", text, spans=tuple(spans), patient_id="p1")


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
