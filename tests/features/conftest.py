"""Shared extractors: building one loads dictionaries and the tagger, so build them once."""

from __future__ import annotations

import warnings

import pytest

from deidkit.features import FeatureConfig, FeatureExtractor


@pytest.fixture(scope="session")
def make_extractor():
    cache: dict[str, FeatureExtractor] = {}

    def make(config: FeatureConfig) -> FeatureExtractor:
        key = repr(config.to_dict())
        if key not in cache:
            with warnings.catch_warnings():
                warnings.simplefilter("error")  # every requested class must be available
                cache[key] = FeatureExtractor(config)
        return cache[key]

    return make
