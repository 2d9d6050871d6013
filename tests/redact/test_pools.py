"""Surrogate pools (``deidkit.redact.surrogates.pools``): the prepared pools equal the built
ones, load without Faker, and stale or damaged ones are not used."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from deidkit.lang import get_language, language_codes
from deidkit.redact.surrogates import pools as pools_function
from deidkit.redact.surrogates.pools import (
    _build,
    _source_files,
    pools_arrays,
    pools_from_arrays,
    prepared_pools,
)
from deidkit.resources import prepared


@pytest.mark.parametrize("lang", language_codes())
def test_prepared_pools_equal_the_built_ones(lang: str) -> None:
    built = _build(get_language(lang))
    assert prepared_pools(lang) == built
    assert pools_from_arrays(pools_arrays(built)) == built


def test_prepared_pools_are_stored_for_every_language() -> None:
    folders = {path.name.split("-")[0] for path in prepared.PREPARED_DIR.glob("pools-*")}
    assert folders == {"pools"}
    assert len(list(prepared.PREPARED_DIR.glob("pools-*"))) == len(language_codes())


def test_prepared_pools_load_without_faker() -> None:
    code = (
        "import sys\n"
        "from deidkit.redact.surrogates.pools import pools\n"
        "assert pools('en').first_male and pools('es').last\n"
        "print('faker' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False"


def test_the_fingerprint_covers_the_lists_and_faker_data() -> None:
    files = _source_files(get_language("en"))
    assert files is not None
    names = {Path(path).name for path in files}
    assert "catalogue.json" in names
    assert any("faker" in Path(path).parts and "address" in Path(path).parts for path in files)
    assert len(files) == len(set(files))


def test_damaged_pools_are_refused() -> None:
    arrays = pools_arrays(_build(get_language("es")))
    text = arrays["pools"].tobytes().replace(b'"last":', b'"lost":')
    with pytest.raises(KeyError):
        pools_from_arrays({"pools": np.frombuffer(text, np.uint8)})
    with pytest.raises(ValueError):
        pools_from_arrays({"pools": np.frombuffer(b"[1, 2]", np.uint8)})


def test_a_changed_fingerprint_builds_the_pools(monkeypatch: pytest.MonkeyPatch) -> None:
    module = sys.modules[pools_function.__module__]
    built: list[str] = []

    def build(language: object) -> object:
        built.append(get_language("es").code)
        return _build(get_language("es"))

    monkeypatch.setattr(module, "_build", build)
    prepared_pools("es")
    assert built == []  # prepared: loaded
    monkeypatch.setattr(prepared, "fingerprint", lambda *args, **kwargs: "0" * 24)
    assert prepared_pools("es") == _build(get_language("es"))
    assert built == ["es"]  # no folder of that name: built
