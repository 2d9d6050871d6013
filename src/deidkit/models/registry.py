"""The detector registry, the shipped models and ``load_model``.

Detectors are listed explicitly by name and imported on first use (scikit-learn and CRFsuite
load only when a detector needs them). Shipped models live in ``deidkit/models/shipped/``;
``load_model(None, lang)`` gives the language's default.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deidkit.errors import ConfigError, ModelError
from deidkit.models import store
from deidkit.models.base import BaseDetector

DETECTORS: dict[str, str] = {
    "rules": "deidkit.models.rules:RulesDetector",
    "crf": "deidkit.models.crf:CRFDetector",
    "svm": "deidkit.models.svm:SVMDetector",
    "tree": "deidkit.models.tree:TreeDetector",
    "ensemble": "deidkit.models.ensemble:EnsembleDetector",
    "hmm": "deidkit.models.hmm:HMMDetector",
    "winnow": "deidkit.models.winnow:WinnowDetector",
}
"""Every detector by name: the module and class that implement it."""

SHIPPED_DIR = Path(__file__).parent / "shipped"


@dataclass(frozen=True, slots=True)
class ShippedModel:
    """A model that comes with deidkit."""

    name: str
    lang: str
    description: str

    @property
    def path(self) -> Path:
        return SHIPPED_DIR / self.name


SHIPPED_MODELS: dict[str, ShippedModel] = {
    model.name: model
    for model in (
        ShippedModel(
            "en",
            "en",
            "English default: CRF trained on deidkit synth notes + rules (union for names, "
            "IDs and contacts); see docs/english-model.md",
        ),
        ShippedModel(
            "es",
            "es",
            "Spanish default: CRF trained on MEDDOCAN train+dev (CC BY 4.0, (c) 2019 SEAD, "
            "PlanTL-GOB-ES/SPACCC_MEDDOCAN)",
        ),
    )
}
"""The shipped models by name."""

DEFAULT_MODELS: dict[str, str] = {"en": "en", "es": "es"}
"""The model used for each language when none is named."""


def detector_class(name: str) -> type[BaseDetector]:
    """The class of a registered detector."""
    try:
        target = DETECTORS[name]
    except KeyError:
        raise ConfigError(
            f"unknown detector {name!r}; use one of: {', '.join(DETECTORS)}"
        ) from None
    module_name, _, class_name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ModelError(
            f"the {name} detector needs {error.name}, which is not installed; "
            "reinstall deidkit with its dependencies (pip install deidkit)"
        ) from None
    cls: type[BaseDetector] = getattr(module, class_name)
    return cls


def build_detector(
    name: str,
    params: Mapping[str, Any] | None = None,
    features: Mapping[str, Any] | None = None,
    feature_classes: tuple[str, ...] | list[str] | None = None,
) -> BaseDetector:
    """A new, untrained detector: ``params`` are its hyper-parameters (strings from the
    command line are converted to the parameter's type), ``features`` overrides fields of its
    feature config and ``feature_classes`` picks exactly the feature classes to use."""
    cls = detector_class(name)
    values = coerce_params(cls, params or {})
    if features or feature_classes is not None:
        if "features" not in cls.param_names():
            raise ConfigError(f"the {name} detector has no feature settings")
        merged = dict(values.get("features") or {})
        merged.update(features or {})
        if feature_classes is not None:
            merged["classes"] = list(feature_classes)
        values["features"] = merged
    return cls(**values)


def coerce_params(cls: type[BaseDetector], params: Mapping[str, Any]) -> dict[str, Any]:
    """Check parameter names and turn string values into the type of their default."""
    defaults = cls.param_defaults()
    known = cls.param_names()
    result: dict[str, Any] = {}
    for key, value in params.items():
        if key not in known:
            raise ConfigError(
                f"the {cls.name} detector has no parameter {key!r}; parameters: "
                f"{', '.join(known)}"
            )
        result[key] = _coerce(key, value, defaults.get(key))
    return result


def _coerce(key: str, value: Any, default: Any) -> Any:
    if not isinstance(value, str) or isinstance(default, str) or default is None:
        return value
    try:
        if isinstance(default, bool):
            lowered = value.strip().lower()
            if lowered in {"true", "1", "yes", "on"}:
                return True
            if lowered in {"false", "0", "no", "off"}:
                return False
            raise ValueError(value)
        if isinstance(default, int):
            return int(value)
        if isinstance(default, float):
            return float(value)
    except ValueError:
        kind = {bool: "true or false", int: "an integer", float: "a number"}[type(default)]
        raise ConfigError(f"parameter {key!r} must be {kind}, not {value!r}") from None
    return value


def resolve_model_path(name_or_path: str | Path | None, lang: str = "en") -> Path:
    """The folder of a shipped model name, a path, or the language's default."""
    if name_or_path is None or name_or_path == "default":
        if lang not in DEFAULT_MODELS:
            raise ConfigError(
                f"no default model for language {lang!r}; use one of: "
                f"{', '.join(DEFAULT_MODELS)}"
            )
        name_or_path = DEFAULT_MODELS[lang]
    if isinstance(name_or_path, str) and name_or_path in SHIPPED_MODELS:
        path = SHIPPED_MODELS[name_or_path].path
        if not (path / store.CHECKSUMS_FILE).is_file():
            raise ModelError(
                f"the shipped model {name_or_path!r} is missing from this installation; "
                "reinstall deidkit"
            )
        return path
    path = Path(name_or_path)
    if not path.exists():
        raise ModelError(
            f"no shipped model or folder named {str(name_or_path)!r}; shipped models: "
            f"{', '.join(SHIPPED_MODELS)} (or pass a folder written by 'deidkit train')"
        )
    return path


def load_model(name_or_path: str | Path | None = None, lang: str = "en") -> BaseDetector:
    """A trained detector: a shipped model by name, a model folder by path, or (None) the
    default model of ``lang``. The folder's checksums are verified before it is read."""
    saved = store.read_model(resolve_model_path(name_or_path, lang))
    return detector_class(saved.detector).from_saved(saved)
