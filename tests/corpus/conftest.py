"""Corpora generated once per test session (generation is the slow part)."""

from __future__ import annotations

import pytest

from deidkit.corpus.synth import generate
from deidkit.types import Document


@pytest.fixture(scope="session")
def plain_corpus() -> list[Document]:
    return list(generate(2500, seed=11))


@pytest.fixture(scope="session")
def ambiguous_corpus() -> list[Document]:
    return list(generate(800, seed=12, variant="ambiguous"))


@pytest.fixture(scope="session")
def ood_corpus() -> list[Document]:
    return list(generate(800, seed=13, variant="out-of-dictionary"))
