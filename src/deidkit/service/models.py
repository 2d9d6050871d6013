"""The models a service request may name, loaded once per process."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from deidkit.api import loaded_models, shared_model
from deidkit.detector import Predictor
from deidkit.errors import DeidkitError, ModelError
from deidkit.lang import is_language
from deidkit.models import DEFAULT_MODELS, SHIPPED_MODELS
from deidkit.redact.keys import SecretKey
from deidkit.service.settings import ServiceSettings


class UnknownModel(ModelError):
    """A request named a model the service does not offer (answered 404)."""

    code = "E404"


class TooLarge(DeidkitError):
    """A request over a size limit other than its bytes (answered 413)."""

    code = "E413"


class ModelCatalog:
    """Shipped models plus the model folders inside ``--model-dir`` folders, by name.

    Requests choose among these names only: a request cannot make the service read an
    arbitrary path.
    """

    def __init__(self, settings: ServiceSettings) -> None:
        self.settings = settings
        self.defaults = dict(DEFAULT_MODELS)
        self.models: dict[str, tuple[str, str, str]] = {}
        """name -> (name or folder for load_model, language, description)"""
        for name, shipped in SHIPPED_MODELS.items():
            if (shipped.path / "checksums.json").is_file():
                self.models[name] = (name, shipped.lang, shipped.description)
        for folder in settings.model_dirs:
            for child in sorted(Path(folder).iterdir()):
                if (child / "config.json").is_file() and child.name not in self.models:
                    self.models[child.name] = (str(child.resolve()), _lang_of(child),
                                               f"model folder {child.name}")  # fmt: skip

    def resolve(self, name: str | None, lang: str | None) -> tuple[str, str]:
        """(model name, language) for a request's ``model`` and ``lang``."""
        if name is None:
            language = lang or self.settings.default_lang
            name = self.defaults.get(language)
            if name is None or name not in self.models:
                raise UnknownModel(f"no default model for language {language!r} is installed")
        if name not in self.models:
            raise UnknownModel(
                "unknown model (the request's 'model'); GET /models lists the models: "
                f"{', '.join(self.models) or 'none'}"
            )
        return name, lang or self.models[name][1]

    def detector(
        self, name: str | None, lang: str | None, *, threshold: float | None = None
    ) -> Predictor:
        """The named model (at operating point ``threshold``: a copy of its own), loaded on
        first use (then kept for every request)."""
        resolved, _ = self.resolve(name, lang)
        target, model_lang, _description = self.models[resolved]
        return shared_model(target, model_lang, threshold=threshold)

    def loaded(self) -> int:
        return len(loaded_models())

    def rows(self) -> list[dict[str, Any]]:
        loaded = {row["model"] for row in loaded_models()}
        return [
            {
                "name": name,
                "lang": lang,
                "description": description,
                "default": self.defaults.get(lang) == name,
                "loaded": target in loaded,
            }
            for name, (target, lang, description) in self.models.items()
        ]

    def default_key(self) -> SecretKey | None:
        """The server's default key (``--key-file``), read once."""
        if self.settings.key_file is None:
            return None
        return SecretKey.from_file(Path(self.settings.key_file))


def _lang_of(folder: Path) -> str:
    try:
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        lang = config.get("params", {}).get("lang", "en")
    except (OSError, ValueError, AttributeError):
        return "en"
    return lang if is_language(lang) else "en"
