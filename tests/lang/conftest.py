"""A fake third language, registered for one test: one module and one registry entry, as
CONTRIBUTING.md's "Adding a language" says."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from dataclasses import replace

import pytest

import deidkit.lang as lang
from deidkit.lang import get_language

FAKE_CODE = "xx"
FAKE_MODULE = "deidkit_test_lang_xx"


@pytest.fixture
def third_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Register language ``xx`` (Spanish data under another code) for the test."""
    module = types.ModuleType(FAKE_MODULE)
    module.LANGUAGE = replace(get_language("es"), code=FAKE_CODE, name="Test")  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, FAKE_MODULE, module)
    monkeypatch.setitem(lang._MODULES, FAKE_CODE, FAKE_MODULE)
    yield FAKE_CODE
