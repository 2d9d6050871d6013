"""A detector at a chosen operating point, with the age rule and mention propagation applied
to what it finds: what ``detect``, ``deidentify``, ``evaluate``, the API and the service run.

``adjusted(detector, threshold=..., ages=..., propagate=...)`` sets the threshold on the
detector (``deidkit.models.operating``) and wraps it so that numbers in rows of readings, years
that passed and a list's numbers are no ages or rooms, scores no dates
(``deidkit.models.measurements``, English), generic departments no organisations
(``deidkit.models.departments``), brand names of medicines and devices no names or places
(``deidkit.models.brands``, English), two dates or a number and its extension run together
are two spans and a date loses the prepositions around it (``deidkit.models.splits``,
English), punctuation alone and (English) one ordinary word let
through by the threshold no PHI (``deidkit.models.flips``), names end before a credential or a
line break (``deidkit.models.credentials``, English), take the initial before them
(``deidkit.models.initials``, English) and the rest of a hyphenated name
(``deidkit.models.hyphens``, English), the parts of a name are joined over a comma, a caret or
quotes and take their nicknames, generational suffixes and whole log-ins
(``deidkit.models.name_joins``, English), its identifiers cover their whole codes and device
identifiers in GS1 form are one span (``deidkit.models.codes``, English), a log-in made of a
name it found is a user name (``deidkit.models.logins``, English), the short forms of an
organisation or hospital it found are that place (``deidkit.models.short_forms``, English), its
predictions get further mentions of the same names and IDs (``deidkit.models.mentions``,
within the documents of one ``predict`` call; a mention takes its initial too, none stays
inside a brand's name) and then the age rule (``deidkit.agerule``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deidkit.agerule import apply_age_rule, check_age_rule
from deidkit.detector import Predictor
from deidkit.errors import ConfigError
from deidkit.models.brands import without_brands
from deidkit.models.codes import WHOLE_CODE_LANGS, whole_identifiers
from deidkit.models.credentials import CREDENTIAL_LANGS, without_credentials
from deidkit.models.departments import without_departments
from deidkit.models.flips import without_flips
from deidkit.models.hyphens import HYPHEN_LANGS, with_hyphenated_parts
from deidkit.models.initials import INITIAL_LANGS, with_initials
from deidkit.models.logins import LOGIN_LANGS, with_derived_logins
from deidkit.models.measurements import MEASUREMENT_LANGS, without_readings
from deidkit.models.mentions import propagate_mentions
from deidkit.models.name_joins import JOIN_LANGS, with_joined_names
from deidkit.models.operating import OPERATING_POINT, check_threshold
from deidkit.models.short_forms import SHORT_FORM_LANGS, with_short_forms
from deidkit.models.splits import SPLIT_LANGS, split_values
from deidkit.types import Document

PROPAGATE_DEFAULT = False
"""Whether mention propagation is on when neither the caller nor the model's saved operating
point (``operating_point.propagate`` in its metadata) says (docs/operating-point.md)."""


class Adjusted:
    """A predictor whose spans get mention propagation and the age rule."""

    def __init__(
        self,
        detector: Predictor,
        *,
        ages: str = "all",
        propagate: bool = False,
        lang: str = "en",
        by_patient: bool = True,
    ) -> None:
        self.detector = detector
        self.ages = check_age_rule(ages)
        self.propagate = propagate
        self.lang = lang
        self.by_patient = by_patient

    def predict(self, documents: Sequence[Document]) -> list[Document]:
        predicted = list(self.detector.predict(list(documents)))
        if self.lang in MEASUREMENT_LANGS:
            predicted = without_readings(predicted)
        predicted = without_departments(predicted, self.lang)
        predicted = without_brands(predicted, self.lang)
        predicted = without_flips(predicted, self.lang)
        if self.lang in SPLIT_LANGS:
            predicted = split_values(predicted)
        if self.lang in CREDENTIAL_LANGS:
            predicted = without_credentials(predicted, self.lang)
        if self.lang in INITIAL_LANGS:
            predicted = with_initials(predicted)
        if self.lang in HYPHEN_LANGS:
            predicted = with_hyphenated_parts(predicted, self.lang)
        if self.lang in JOIN_LANGS:
            predicted = with_joined_names(predicted, self.lang)
        if self.lang in WHOLE_CODE_LANGS:
            predicted = whole_identifiers(predicted)
        if self.lang in LOGIN_LANGS:
            predicted = with_derived_logins(predicted, self.lang)
        if self.lang in SHORT_FORM_LANGS:
            predicted = with_short_forms(predicted, self.lang)
        if self.propagate:
            predicted = propagate_mentions(predicted, lang=self.lang, by_patient=self.by_patient)
            predicted = without_brands(predicted, self.lang)  # "FreeStyle [Libre]": a mention
            if self.lang in INITIAL_LANGS:
                predicted = with_initials(predicted)  # "w/ M. Erkkilä": a mention's initial
        return apply_age_rule(predicted, self.ages)

    def __getattr__(self, name: str) -> Any:  # name, metadata_, ...: the wrapped detector's
        return getattr(self.detector, name)


def apply_threshold(detector: Any, threshold: float | None) -> None:
    """Put ``detector`` at operating point ``threshold`` (None: leave it as it is)."""
    threshold = check_threshold(threshold, option="--threshold")
    if threshold is None:
        return
    setter = getattr(detector, "set_threshold", None)
    if setter is None:
        raise ConfigError("--threshold applies to deidkit's own detectors only")
    setter(threshold)


def saved_propagate(detector: Any) -> bool:
    """Whether the model's saved operating point turns mention propagation on (a wrapped
    detector, as the API's locked ones, is looked through); ``PROPAGATE_DEFAULT`` if unsaid."""
    for candidate in (detector, getattr(detector, "detector", None)):
        metadata = getattr(candidate, "metadata_", None)
        if isinstance(metadata, dict):
            point = metadata.get(OPERATING_POINT)
            if isinstance(point, dict) and isinstance(point.get("propagate"), bool):
                return bool(point["propagate"])
    return PROPAGATE_DEFAULT


def adjusted(
    detector: Predictor,
    *,
    threshold: float | None = None,
    ages: str = "all",
    propagate: bool | None = None,
    lang: str = "en",
    by_patient: bool = True,
) -> Predictor:
    """``detector`` at ``threshold`` (None: its own), its identifiers whole codes, with
    ``ages`` and ``propagate`` (None: the model's saved choice, else ``PROPAGATE_DEFAULT``)
    applied to its output. ``by_patient`` False propagates within each document only (batch
    runs, whose patients' notes are brought together later)."""
    apply_threshold(detector, threshold)
    check_age_rule(ages)
    propagate = saved_propagate(detector) if propagate is None else propagate
    return Adjusted(detector, ages=ages, propagate=propagate, lang=lang, by_patient=by_patient)
