"""The language registry: codes, lookup, order, and one-line errors for unknown codes."""

from __future__ import annotations

import pytest

from deidkit.errors import ConfigError
from deidkit.lang import (
    Language,
    check_language,
    get_language,
    is_language,
    language_codes,
    languages,
    search_order,
)
from deidkit.redact.engine import RedactOptions


def test_the_shipped_languages_in_registry_order() -> None:
    assert language_codes() == ("en", "es")
    assert [language.code for language in languages()] == ["en", "es"]
    assert [language.name for language in languages()] == ["English", "Spanish"]


@pytest.mark.parametrize("code", ["en", "es"])
def test_each_code_names_its_own_language(code: str) -> None:
    language = get_language(code)
    assert isinstance(language, Language)
    assert language.code == code
    assert get_language(code) is language  # loaded once
    assert is_language(code) and check_language(code) == code


def test_day_first_and_resource_prefix() -> None:
    assert not get_language("en").day_first and get_language("es").day_first
    assert get_language("en").resource_prefix == ""
    assert get_language("es").resource_prefix == "es_"


def test_search_order_puts_the_language_first() -> None:
    assert search_order("en") == ("en", "es")
    assert search_order("es") == ("es", "en")


@pytest.mark.parametrize("code", ["xx", "EN", "", "en_US"])
def test_an_unknown_code_is_a_one_line_config_error(code: str) -> None:
    assert not is_language(code)
    for call in (check_language, get_language):
        with pytest.raises(ConfigError) as caught:
            call(code)
        message = str(caught.value)
        assert "\n" not in message and "en, es" in message


def test_is_language_rejects_non_strings() -> None:
    assert not is_language(None) and not is_language(1) and not is_language(("en",))


def test_redact_options_reject_an_unknown_language_in_one_line() -> None:
    with pytest.raises(ConfigError) as caught:
        RedactOptions(lang="xx")
    assert "\n" not in str(caught.value) and "en, es" in str(caught.value)
