"""FeatureConfig: defaults, validation, round trip."""

from __future__ import annotations

import json

import pytest

from deidkit.errors import ConfigError
from deidkit.features import FEATURE_CLASSES, FeatureConfig, default_classes


def test_defaults_per_language() -> None:
    assert FeatureConfig().classes == default_classes("en")
    assert "syntax" not in FeatureConfig().classes
    assert "pos" in FeatureConfig().classes
    spanish = FeatureConfig(language="es")
    assert "pos" not in spanish.classes and "syntax" not in spanish.classes
    assert set(FEATURE_CLASSES) - set(default_classes()) == {"syntax", "layout", "table",
                                                             "memory"}


def test_round_trip_through_json() -> None:
    config = FeatureConfig(
        classes=("word", "context", "syntax", "dictionary", "frequency"),
        language="en",
        window=2,
        affix_max=5,
        dictionaries={"last_names": "last_names", "titles": "titles"},
        frequency_tables={"public": "word_frequency_en"},
        medical_vocabularies=("medical_words",),
        mesh_file="/data/desc2024.xml",
        pos_context_rules=True,
    )
    data = json.loads(json.dumps(config.to_dict()))
    assert FeatureConfig.from_dict(data) == config
    assert FeatureConfig.from_dict(FeatureConfig().to_dict()) == FeatureConfig()


def test_classes_are_kept_in_canonical_order() -> None:
    assert FeatureConfig(classes=("frequency", "word")).classes == ("word", "frequency")


def test_without_and_only() -> None:
    config = FeatureConfig()
    assert "context" not in config.without("context").classes
    assert config.only("pos").classes == ("pos",)
    with pytest.raises(ConfigError, match="unknown feature class 'bogus'"):
        config.without("bogus")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"classes": ["word", "bogus"]}, "unknown feature class 'bogus'"),
        ({"classes": ["word", "word"]}, "listed twice"),
        ({"classes": "word"}, "must be a list"),
        ({"language": "fr"}, "unsupported feature language 'fr'"),
        ({"window": 11}, "'window' must be an integer from 0 to 10"),
        ({"affix_max": 6}, "'affix_max' must be an integer from 1 to 5"),
        ({"window": True}, "'window' must be an integer"),
        ({"dictionaries": ["names"]}, "'dictionaries' must map"),
        ({"colour": "blue"}, "unknown feature config key 'colour'"),
        ({"version": 99}, "version 99 is not supported"),
        ({"language": "es", "lemma": True}, "lemma feature is only available for English"),
    ],
)
def test_bad_configs_are_rejected(changes: dict, message: str) -> None:
    data = FeatureConfig().to_dict()
    data.update(changes)
    with pytest.raises(ConfigError, match=message):
        FeatureConfig.from_dict(data)
