"""What the learning detectors (CRF, SVM, decision tree) share: features and progress.

Each has ``lang`` and ``features`` parameters: ``features`` is a ``FeatureConfig`` or its dict
(``None``: the default feature set of ``lang``). After ``fit`` the config with every default
made explicit is kept (``feature_config_``) and saved with the model, so a loaded model
re-extracts exactly the features it was trained on.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from deidkit.errors import ConfigError
from deidkit.features import FeatureConfig, FeatureExtractor, FeatureUnavailableWarning
from deidkit.lang import is_language, language_codes
from deidkit.models.base import BaseDetector
from deidkit.models.spans import OUTSIDE, bio_tags, token_labels
from deidkit.patterns import find_patterns
from deidkit.text import tokenize
from deidkit.types import Document, Span, Token

Features = dict[str, Any]

BACKOFF_PATTERNS: frozenset[str] = frozenset(
    {
        "date_numeric", "date_iso", "date_month_year", "date_month_name", "date_day_month",
        "date_month_name_es", "date_month_year_es", "date_roman_month", "email", "url",
        "ipv4", "ipv6", "ssn", "phone", "phone_es",
    }
)
"""Patterns whose matches are PHI with the same label in every corpus (full dates, e-mail,
URLs, IP addresses, SSNs, phone numbers): the pattern back-off adds them where the model
found nothing, or widen the model's spans of the same label to cover."""
Progress = Callable[[str], None]


class StatisticalDetector(BaseDetector):
    """A detector that learns from the features of tokens."""

    lang: str
    features: FeatureConfig | Mapping[str, Any] | None
    progress: Progress | None = None
    """Called with one-line progress messages during ``fit`` (no note text in them)."""

    def _say(self, message: str) -> None:
        if self.progress is not None:
            self.progress(message)

    # -- features ---------------------------------------------------------------------------
    def _requested_config(self) -> FeatureConfig:
        if not is_language(self.lang):
            raise ConfigError(
                f"{self.name}: unsupported language {self.lang!r}; "
                f"use {' or '.join(language_codes())}"
            )
        if isinstance(self.features, FeatureConfig):
            return self.features
        if self.features is None:
            return FeatureConfig(language=self.lang)
        if not isinstance(self.features, Mapping):
            raise ConfigError(f"{self.name}: features must be a feature config or a mapping")
        data = dict(self.features)
        data.setdefault("language", self.lang)
        return FeatureConfig.from_dict(data)

    def _new_extractor(self, config: FeatureConfig) -> FeatureExtractor:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", FeatureUnavailableWarning)
            extractor = FeatureExtractor(config)
        for warning in caught:
            self._say(f"note: {warning.message}")
        return extractor

    def _start_features(self) -> FeatureExtractor:
        """The extractor for training; remembers the resolved feature config."""
        extractor = self._new_extractor(self._requested_config())
        self.feature_config_ = extractor.resolved_config()
        self._extractor = extractor
        return extractor

    @property
    def lang_(self) -> str:
        """The language of the features (and of the pattern back-off)."""
        config = getattr(self, "feature_config_", None)
        return config.language if config is not None else self.lang

    @property
    def extractor(self) -> FeatureExtractor:
        extractor = getattr(self, "_extractor", None)
        if extractor is None:
            extractor = self._new_extractor(self.feature_config_)
            self._extractor = extractor
        return extractor

    def get_params(self) -> dict[str, Any]:
        params = super().get_params()
        config = getattr(self, "feature_config_", None)
        if config is not None:
            params["features"] = config.to_dict()
        return params

    def _restore_features(self, params: Mapping[str, Any]) -> None:
        data = params.get("features")
        self.feature_config_ = (
            FeatureConfig.from_dict(data) if isinstance(data, Mapping) else self._requested_config()
        )

    # -- documents -> tokens, features, labels ---------------------------------------------------
    def featurize(self, document: Document) -> tuple[list[Token], list[Features]]:
        tokens = tokenize(document.text)
        return tokens, self.extractor.token_features(document, tokens)

    def training_items(
        self, documents: Sequence[Document], *, bio: bool
    ) -> Iterator[tuple[list[Token], list[Features], list[str]]]:
        """Tokens, feature dicts and gold tags (BIO or plain labels) of each document."""
        for number, document in enumerate(documents, start=1):
            tokens, features = self.featurize(document)
            tags = bio_tags(tokens, document.spans) if bio else token_labels(
                tokens, document.spans
            )
            if number % 100 == 0 or number == len(documents):
                self._say(f"features: {number}/{len(documents)} documents")
            yield tokens, features, tags


def is_phi(tag: str) -> bool:
    return tag != OUTSIDE


def with_pattern_backoff(text: str, lang: str, spans: list[Span], source: str) -> list[Span]:
    """``spans`` and the matches of ``BACKOFF_PATTERNS``: a match that overlaps none of them is
    added; one that overlaps only spans of its own label widens them into one span covering it
    (``3 de [marzo de 2019]``: the day would stay in the output otherwise)."""
    result = list(spans)
    for match in find_patterns(text, lang):
        if match.name not in BACKOFF_PATTERNS:
            continue
        touching = [span for span in result if span.start < match.end and match.start < span.end]
        if not touching:
            result.append(Span(match.start, match.end, match.label, source=source))
            continue
        start = min(match.start, *(span.start for span in touching))
        end = max(match.end, *(span.end for span in touching))
        if all(span.label == match.label for span in touching) and (
            len(touching) > 1 or (start, end) != (touching[0].start, touching[0].end)
        ):
            widened = replace(touching[0], start=start, end=end)
            result = [span for span in result if all(span is not t for t in touching)]
            result.append(widened)
    return sorted(result, key=lambda span: span.start)
