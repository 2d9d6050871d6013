"""Optional bundles (hunspell-en-med): read in place when installed, clear error otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from deidkit import resources
from deidkit.errors import ResourceError
from deidkit.resources.bundles import BUNDLES, HUNSPELL_EN_MED, read_hunspell_dic

TINY_DIC = """5
    This is a header comment of the dictionary file
    License: GNU GPLv3.

catheter
catheterization/A
Foley
tachycardia/S
1,25-dihydroxycholecalciferol
"""


@pytest.fixture
def tiny_bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "en_med_glut.dic"
    path.write_text(TINY_DIC, encoding="utf-8")
    monkeypatch.setenv(HUNSPELL_EN_MED.env, str(path))
    resources.clear_cache()
    yield path
    resources.clear_cache()


def test_read_hunspell_dic_strips_flags_and_comments(tiny_bundle: Path) -> None:
    assert read_hunspell_dic(tiny_bundle) == (
        "catheter", "catheterization", "Foley", "tachycardia", "1,25-dihydroxycholecalciferol",
    )


def test_installed_bundle_reads_like_a_list(tiny_bundle: Path) -> None:
    assert "foley" in resources.lexicon("hunspell_en_med")
    assert resources.entries("hunspell_en_med")[0] == "catheter"
    item = resources.info("hunspell_en_med")
    assert item.optional and item.license.startswith("GPL")
    assert item.count == 5 and "installed at" in item.notes
    assert "hunspell_en_med" not in resources.names()  # never part of the shipped catalogue


def test_missing_bundle_says_how_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(HUNSPELL_EN_MED.env, str(tmp_path / "absent.dic"))
    resources.clear_cache()
    with pytest.raises(ResourceError, match="apt-get install hunspell-en-med"):
        resources.lexicon("hunspell_en_med")
    assert resources.info("hunspell_en_med").count == 0
    resources.clear_cache()


def test_empty_dictionary_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "empty.dic"
    path.write_text("0\n", encoding="utf-8")
    with pytest.raises(ResourceError, match="no words"):
        read_hunspell_dic(path)


def test_registry_is_explicit() -> None:
    assert set(BUNDLES) == {"hunspell_en_med"}
