"""``deidkit features``: which feature classes exist, which are on by default and which can
run here (thin command over ``deidkit.features``)."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from deidkit.errors import ConfigError
from deidkit.features import FEATURE_CLASSES, REGISTRY, FeatureConfig, default_classes
from deidkit.lang import is_language, language_codes

_CODES = ", ".join(language_codes())

features_app = typer.Typer(
    name="features",
    help="The feature classes the learning detectors use: names, defaults, availability.",
    no_args_is_help=True,
)


def feature_classes(language: str = "en") -> list[dict[str, object]]:
    """Each feature class: name, summary, on by default, and why it cannot run (or None)."""
    if not is_language(language):
        raise ConfigError(
            f"unsupported feature language {language!r}; use one of: {', '.join(language_codes())}"
        )
    config = FeatureConfig(classes=FEATURE_CLASSES, language=language)
    defaults = default_classes(language)
    return [
        {
            "name": name,
            "summary": REGISTRY[name].summary,
            "default": name in defaults,
            "unavailable": REGISTRY[name].unavailable_reason(config),
        }
        for name in FEATURE_CLASSES
    ]


@features_app.command("list")
def list_command(
    lang: Annotated[
        str, typer.Option("--lang", help=f"Language of the profile ({_CODES}).")
    ] = "en",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List the feature classes: on by default or not, and whether they can run here."""
    rows = feature_classes(lang)
    if as_json:
        typer.echo(json.dumps(rows, indent=2))
        return
    width = max(len(str(row["name"])) for row in rows)
    for row in rows:
        status = "default" if row["default"] else "optional"
        if row["unavailable"]:
            status = f"unavailable: {row['unavailable']}"
        typer.echo(f"{row['name']!s:<{width}}  {row['summary']}  [{status}]")


def register(app: typer.Typer) -> None:
    app.add_typer(features_app)
