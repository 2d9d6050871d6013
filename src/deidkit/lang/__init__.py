"""Languages: everything language-specific, one package per language.

Each language is a folder (``deidkit/lang/en/``, ``deidkit/lang/es/``) holding its words,
month names, cues, titles, section headings, abbreviations, date conventions, pattern data and
surrogate data, gathered in one :class:`~deidkit.lang.base.Language` object (the idea of
spaCy's ``spacy/lang/es/`` with its ``SpanishDefaults``). Code asks the language object; it
never branches on ``lang == "en"``.

Adding a language: a folder ``deidkit/lang/<code>/`` whose ``__init__.py`` defines ``LANGUAGE``,
and one line in ``_MODULES`` below (CONTRIBUTING.md shows the steps).

>>> get_language("es").day_first
True
>>> language_codes()
('en', 'es')
"""

from __future__ import annotations

import importlib
from functools import cache

from deidkit.errors import ConfigError
from deidkit.lang.base import Language

# The registry: language code -> the module whose ``LANGUAGE`` describes it.
_MODULES: dict[str, str] = {
    "en": "deidkit.lang.en",
    "es": "deidkit.lang.es",
}


def language_codes() -> tuple[str, ...]:
    """The codes of the supported languages, in registry order."""
    return tuple(_MODULES)


def is_language(code: object) -> bool:
    """Whether ``code`` names a supported language."""
    return isinstance(code, str) and code in _MODULES


def check_language(code: str, what: str = "language") -> str:
    """``code`` itself, or a ConfigError naming the supported codes."""
    if not is_language(code):
        raise ConfigError(f"unsupported {what}; use one of: {', '.join(language_codes())}")
    return code


def get_language(code: str) -> Language:
    """The :class:`Language` of ``code`` (ConfigError for an unknown code)."""
    check_language(code)
    return _load(_MODULES[code])


def languages() -> tuple[Language, ...]:
    """Every supported language, in registry order."""
    return tuple(_load(module) for module in _MODULES.values())


def search_order(code: str) -> tuple[str, ...]:
    """``code`` first, then the other languages in registry order: where words of several
    languages are looked up (a Spanish month in an English note), ``code``'s reading wins."""
    return (code, *(other for other in _MODULES if other != code))


@cache
def _load(module: str) -> Language:
    language: Language = importlib.import_module(module).LANGUAGE
    return language


__all__ = [
    "Language",
    "check_language",
    "get_language",
    "is_language",
    "language_codes",
    "languages",
    "search_order",
]
