"""``deidkit features list``."""

from __future__ import annotations

import json

from deidkit.cli.features import feature_classes
from deidkit.cli.main import main
from deidkit.features import FEATURE_CLASSES


def test_feature_classes_per_language() -> None:
    english = {row["name"]: row for row in feature_classes("en")}
    assert list(english) == list(FEATURE_CLASSES)
    assert english["pos"]["default"] and english["pos"]["unavailable"] is None
    assert not english["syntax"]["default"]
    spanish = {row["name"]: row for row in feature_classes("es")}
    assert "no offline part-of-speech tagger" in str(spanish["pos"]["unavailable"])
    assert all(row["summary"] for row in english.values())


def test_list_command(capsys) -> None:
    assert main(["features", "list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [row["name"] for row in rows] == list(FEATURE_CLASSES)
    assert main(["features", "list", "--lang", "es"]) == 0
    assert "pos" in capsys.readouterr().out
    assert main(["features", "list", "--lang", "fr"]) == 1
    assert "unsupported feature language 'fr'" in capsys.readouterr().err
