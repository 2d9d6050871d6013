"""``RulesDetector``: the registry's rules over each note (see ``deidkit.models.rules``)."""

from __future__ import annotations

from collections.abc import Iterable

from deidkit.errors import ConfigError
from deidkit.lang import is_language, language_codes
from deidkit.models.base import BaseDetector
from deidkit.models.rules.base import Scan, run_rules
from deidkit.models.rules.lexicons import lexicons
from deidkit.models.rules.note import Note
from deidkit.models.rules.registry import RULES
from deidkit.types import Document, Span

AGES = ("auto", "over_89", "all")


class RulesDetector(BaseDetector):
    """PHI by patterns, dictionaries and context rules (no training data needed).

    ``lang``: a language code (``en``, ``es``). ``ages``: ``all`` (``auto``, the default:
    i2b2 2014 and MEDDOCAN annotate every age; the redaction step decides what Safe Harbor
    keeps) or ``over_89`` (only the ages HIPAA counts as PHI). ``times``: also clock times.
    ``names``, ``places``, ``hospitals``: switch those rules (``Rule.switch``).
    """

    name = "rules"
    description = "patterns + name/place/hospital dictionaries + context rules (no training)"
    needs_training = False

    def __init__(
        self,
        *,
        lang: str = "en",
        ages: str = "auto",
        times: bool = False,
        names: bool = True,
        places: bool = True,
        hospitals: bool = True,
    ) -> None:
        self.lang = lang
        self.ages = ages
        self.times = times
        self.names = names
        self.places = places
        self.hospitals = hospitals

    def _validate(self) -> None:
        if not is_language(self.lang):
            raise ConfigError(
                f"rules: unsupported language {self.lang!r}; use {' or '.join(language_codes())}"
            )
        if self.ages not in AGES:
            raise ConfigError(f"rules: ages must be auto, over_89 or all, not {self.ages!r}")

    def _fit(self, documents: list[Document]) -> None:
        self._validate()
        lexicons(self.lang)

    @property
    def is_fitted(self) -> bool:
        return True  # nothing to learn

    def predict(self, documents: Iterable[Document]) -> list[Document]:
        if not hasattr(self, "training_"):
            self.training_ = {}
        self._validate()
        return super().predict(documents)

    def _predict_spans(self, document: Document) -> list[Span]:
        scan = Scan(
            Note.of(document.text), lexicons(self.lang), self.lang, self.ages, self.times
        )
        return run_rules(RULES, scan, self._switched_on())

    def _switched_on(self) -> frozenset[str]:
        switches = {"names": self.names, "places": self.places, "hospitals": self.hospitals}
        return frozenset(name for name, on in switches.items() if on)
