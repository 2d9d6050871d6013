"""The feature configuration: which feature classes are on and how they are parameterised.

A ``FeatureConfig`` is a plain value saved with every trained model (``to_dict`` /
``from_dict``, JSON-compatible), so a model always re-extracts exactly the features it was
trained on. Class names are stable: they appear in configs, ablation reports and feature
names (every feature of a class starts with the class name).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from deidkit.errors import ConfigError
from deidkit.lang import get_language, is_language, language_codes

FEATURE_CLASSES: tuple[str, ...] = (
    "word",
    "orthography",
    "regex",
    "affix",
    "context",
    "pos",
    "syntax",
    "section",
    "layout",
    "table",
    "memory",
    "medical",
    "dictionary",
    "frequency",
)
"""Every feature class, in the order features are emitted."""

OPTIONAL_CLASSES: frozenset[str] = frozenset({"syntax", "layout", "table", "memory"})
"""Classes left out of the default set: slow or needing an optional system package
(``syntax``), or measured on one model only (``layout``: the English default's CRF uses it,
adopted by a comparison decided on notes by other hands, docs/english-model.md; ``table``
and ``memory``: candidates', whose comparisons did not adopt them)."""

LANGUAGES: tuple[str, ...] = language_codes()
"""The supported languages when deidkit was imported (``deidkit.lang`` is the registry)."""

CONFIG_VERSION = 1


ENGLISH_ONLY_CLASSES: frozenset[str] = frozenset({"pos", "syntax"})
"""Classes that need the offline tagger and parser, which only English has (a language's
``pos_tagger`` field)."""


def default_classes(language: str = "en") -> tuple[str, ...]:
    """The classes on by default: all but the optional ones, and only what the language has."""
    tagged = is_language(language) and get_language(language).pos_tagger
    return tuple(
        name
        for name in FEATURE_CLASSES
        if name not in OPTIONAL_CLASSES and (tagged or name not in ENGLISH_ONLY_CLASSES)
    )


@dataclass(frozen=True, slots=True)
class FeatureConfig:
    """Which feature classes to extract, and their parameters.

    - ``classes``: the enabled classes (see ``FEATURE_CLASSES``); by default
      ``default_classes(language)``: all but ``syntax``, and for Spanish also without ``pos``.
    - ``language``: a code of ``deidkit.lang`` (``"en"``, ``"es"``); picks dictionaries,
      patterns, frequency tables.
      Classes with nothing for a language (part of speech and syntax in Spanish) report
      themselves unavailable and are skipped with a notice.
    - ``window``: previous/next tokens in the context class (HIDE uses 4).
    - ``affix_max``: longest prefix/suffix (HIDE: 3; up to 5).
    - ``length_cap``: token lengths at or above it share one one-hot value.
    - ``fold_digits``: the word itself with every digit replaced by ``0``.
    - ``lemma``: also the word's lemma (plural nouns singularised; English only).
    - ``pos_window``: neighbours whose part of speech is a feature (Stat De-id: 1).
    - ``pos_context_rules``: also apply the tagger's contextual rules (more accurate on
      verbs, about ten times slower).
    - ``dictionaries``: feature name -> resource name (``deidkit.resources``); ``None`` means
      the language's default set.
    - ``medical_vocabularies``: resource names of medical term lists; ``None`` means the
      language's default (the ones that are installed).
    - ``mesh_file``: NLM MeSH descriptor file for the MeSH tree-category feature (optional).
    - ``frequency_tables``: feature name -> shipped table name or path of a table built with
      ``deidkit resources build-frequency``; ``None`` means the language's public table.
    - ``syntax_max_tokens``: sentences are cut into pieces of at most this many tokens
      before Link Grammar parses them.
    """

    classes: tuple[str, ...] = None  # type: ignore[assignment]  # None: default_classes(language)
    language: str = "en"
    window: int = 4
    affix_max: int = 3
    length_cap: int = 20
    fold_digits: bool = True
    lemma: bool = False
    pos_window: int = 1
    pos_context_rules: bool = False
    dictionaries: Mapping[str, str] | None = None
    medical_vocabularies: tuple[str, ...] | None = None
    mesh_file: str | None = None
    frequency_tables: Mapping[str, str] | None = None
    syntax_max_tokens: int = 40

    def __post_init__(self) -> None:
        if not is_language(self.language):
            raise ConfigError(
                f"unsupported feature language {self.language!r}; use one of: "
                f"{', '.join(language_codes())}"
            )
        if self.classes is None:
            object.__setattr__(self, "classes", default_classes(self.language))
        if isinstance(self.classes, str):
            raise ConfigError("feature classes must be a list of class names, not one string")
        classes = tuple(self.classes)
        unknown = [name for name in classes if name not in FEATURE_CLASSES]
        if unknown:
            raise ConfigError(
                f"unknown feature class {unknown[0]!r}; use some of: {', '.join(FEATURE_CLASSES)}"
            )
        if len(set(classes)) != len(classes):
            raise ConfigError("a feature class is listed twice; list each class once")
        ordered = tuple(name for name in FEATURE_CLASSES if name in classes)
        object.__setattr__(self, "classes", ordered)
        if self.lemma and not get_language(self.language).pos_tagger:
            raise ConfigError("the lemma feature is only available for English; set lemma off")
        _check_range("window", self.window, 0, 10)
        _check_range("affix_max", self.affix_max, 1, 5)
        _check_range("length_cap", self.length_cap, 1, 100)
        _check_range("pos_window", self.pos_window, 0, 4)
        _check_range("syntax_max_tokens", self.syntax_max_tokens, 5, 200)
        if self.dictionaries is not None:
            object.__setattr__(
                self, "dictionaries", _str_mapping("dictionaries", self.dictionaries)
            )
        if self.frequency_tables is not None:
            object.__setattr__(
                self, "frequency_tables", _str_mapping("frequency_tables", self.frequency_tables)
            )
        if self.medical_vocabularies is not None:
            object.__setattr__(
                self, "medical_vocabularies", tuple(str(v) for v in self.medical_vocabularies)
            )

    def with_classes(self, classes: tuple[str, ...] | list[str]) -> FeatureConfig:
        """A copy with another set of classes."""
        return replace(self, classes=tuple(classes))

    def without(self, name: str) -> FeatureConfig:
        """A copy with class ``name`` switched off."""
        if name not in FEATURE_CLASSES:
            raise ConfigError(
                f"unknown feature class {name!r}; use one of: {', '.join(FEATURE_CLASSES)}"
            )
        return replace(self, classes=tuple(c for c in self.classes if c != name))

    def only(self, name: str) -> FeatureConfig:
        """A copy with only class ``name`` switched on."""
        if name not in FEATURE_CLASSES:
            raise ConfigError(
                f"unknown feature class {name!r}; use one of: {', '.join(FEATURE_CLASSES)}"
            )
        return replace(self, classes=(name,))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-compatible dict (``from_dict`` reads it back)."""
        data: dict[str, Any] = {"version": CONFIG_VERSION}
        for item in fields(self):
            value = getattr(self, item.name)
            if isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, Mapping):
                value = dict(value)
            data[item.name] = value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FeatureConfig:
        """Read a config written by ``to_dict``; unknown keys are an error."""
        data = dict(data)
        version = data.pop("version", CONFIG_VERSION)
        if version != CONFIG_VERSION:
            raise ConfigError(
                f"feature config version {version!r} is not supported (expected "
                f"{CONFIG_VERSION}); retrain the model with this version of deidkit"
            )
        known = {item.name for item in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ConfigError(
                f"unknown feature config key {unknown[0]!r}; known keys: {', '.join(sorted(known))}"
            )
        for key in ("classes", "medical_vocabularies"):
            if data.get(key) is not None:
                if isinstance(data[key], str) or not isinstance(data[key], list | tuple):
                    raise ConfigError(f"feature config {key!r} must be a list of names")
                data[key] = tuple(data[key])
        return cls(**data)


def _check_range(name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ConfigError(f"feature config {name!r} must be an integer from {low} to {high}")


def _str_mapping(name: str, value: object) -> dict[str, str]:
    if not isinstance(value, Mapping):
        raise ConfigError(f"feature config {name!r} must map feature names to resource names")
    return {str(key): str(item) for key, item in value.items()}
