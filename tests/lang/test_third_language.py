"""A third language is one module and one registry entry: every place that validates a
language code accepts it, with no other change (see CONTRIBUTING.md, "Adding a language")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deidkit import resources
from deidkit.errors import ConfigError
from deidkit.features import FeatureConfig
from deidkit.features.dictionary import feature_name
from deidkit.lang import get_language, is_language, language_codes
from deidkit.models.crf import CRFDetector
from deidkit.models.hmm import HMMDetector
from deidkit.redact.engine import RedactOptions
from deidkit.redact.keys import SecretKey
from deidkit.redact.surrogates import SurrogateGenerator, SurrogateSettings
from deidkit.service.models import _lang_of
from deidkit.service.schemas import DetectRequest
from deidkit.text import pos

from .conftest import FAKE_CODE


def test_the_fake_language_is_unknown_unless_registered() -> None:
    assert not is_language(FAKE_CODE)
    with pytest.raises(ConfigError):
        RedactOptions(lang=FAKE_CODE)
    with pytest.raises(ConfigError):
        FeatureConfig(language=FAKE_CODE)
    with pytest.raises(ConfigError):
        HMMDetector(lang=FAKE_CODE)._check_params()
    with pytest.raises(ValueError):
        DetectRequest.model_validate({"text": "x", "lang": FAKE_CODE})


def test_registered_it_is_listed_and_loaded(third_language: str) -> None:
    assert language_codes() == ("en", "es", third_language)
    assert get_language(third_language).name == "Test"


def test_the_validating_places_accept_it(third_language: str, tmp_path: Path) -> None:
    assert RedactOptions(lang=third_language).lang == third_language
    config = FeatureConfig(language=third_language)
    assert "pos" not in config.classes  # no tagger: the language says so
    assert CRFDetector(lang=third_language)._requested_config().language == third_language
    HMMDetector(lang=third_language)._check_params()
    request = DetectRequest.model_validate({"text": "x", "lang": third_language})
    assert request.lang == third_language
    (tmp_path / "config.json").write_text(json.dumps({"params": {"lang": third_language}}))
    assert _lang_of(tmp_path) == third_language
    assert pos.unavailable_reason(third_language) is not None
    # its resources are found through its prefix (the fake one reuses Spanish's)
    assert resources.for_language("provinces", third_language) == "es_provinces"
    assert feature_name("es_provinces", third_language) == "provinces"


def test_surrogates_follow_its_conventions(third_language: str) -> None:
    generator = SurrogateGenerator(SecretKey(b"k" * 32), SurrogateSettings(lang=third_language))
    date = generator.replace("14/03/2012", "DATE", "p1")
    assert date.count("/") == 2 and len(date) == 10 and date != "14/03/2012"  # DD/MM/YYYY
    postal = generator.replace("28036", "ZIP", "p1")
    assert len(postal) == 5 and 1 <= int(postal[:2]) <= 52
    assert generator.replace("varón", "SEX", "p1") in ("varón", "mujer")
