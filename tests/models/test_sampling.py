"""HIDE's random O-sampling and window sampling."""

from __future__ import annotations

import random

import pytest

from deidkit.errors import ConfigError
from deidkit.models.sampling import random_o_sampling, sample, window_sampling

LABELS = ["O"] * 10 + ["DATE"] + ["O"] * 10 + ["PATIENT", "PATIENT"] + ["O"] * 10


def test_window_keeps_phi_and_the_window_around_it() -> None:
    kept = window_sampling(LABELS, 2)
    assert kept == [8, 9, 10, 11, 12, 19, 20, 21, 22, 23, 24]


def test_window_zero_keeps_only_phi() -> None:
    assert window_sampling(LABELS, 0) == [10, 21, 22]


def test_random_o_keeps_all_phi_and_history_and_samples_the_rest() -> None:
    rng = random.Random(7)
    kept = random_o_sampling(LABELS, 0.0, rng, history=4)
    assert kept == [6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26]
    everything = random_o_sampling(LABELS, 1.0, rng, history=4)
    assert everything == list(range(len(LABELS)))


def test_random_o_is_reproducible_and_roughly_p() -> None:
    labels = ["O"] * 10_000 + ["DATE"]
    first = random_o_sampling(labels, 0.3, random.Random(1), history=0)
    second = random_o_sampling(labels, 0.3, random.Random(1), history=0)
    assert first == second
    assert 2_700 < len(first) < 3_300
    assert first[-1] == 10_000


def test_sample_dispatch_and_errors() -> None:
    assert sample(LABELS, "none", rng=random.Random(0)) == list(range(len(LABELS)))
    assert sample(LABELS, "window", rng=random.Random(0), window=0) == [10, 21, 22]
    with pytest.raises(ConfigError, match="unknown sampling"):
        sample(LABELS, "stratified", rng=random.Random(0))
    with pytest.raises(ConfigError, match="probability"):
        random_o_sampling(LABELS, 1.5, random.Random(0))
