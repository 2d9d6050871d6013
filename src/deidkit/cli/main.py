"""The ``deidkit`` entry point: one typer app, commands registered explicitly.

Every command module exposes ``register(app)``; add new modules to ``COMMAND_MODULES``.
A DeidkitError becomes one line on stderr and exit code 1, never a traceback.
"""

from __future__ import annotations

import importlib
import sys

import typer

from deidkit import __version__
from deidkit.errors import DeidkitError

COMMAND_MODULES: tuple[str, ...] = (  # the order of ``deidkit --help``
    "deidkit.cli.deidentify",
    "deidkit.cli.anonymize",
    "deidkit.cli.models",
    "deidkit.cli.evaluate",
    "deidkit.cli.experiment",
    "deidkit.cli.synth",
    "deidkit.cli.corpus",
    "deidkit.cli.annotate",
    "deidkit.cli.serve",
    "deidkit.cli.resources",
    "deidkit.cli.features",
)

app = typer.Typer(
    name="deidkit",
    help="Find, remove and replace protected health information (PHI) in clinical notes.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"deidkit {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """deidkit: de-identification of clinical notes."""


for _module in COMMAND_MODULES:
    importlib.import_module(_module).register(app)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; DeidkitErrors are reported on one line with exit code 1."""
    try:
        app(args=argv, prog_name="deidkit")
    except DeidkitError as error:
        typer.echo(f"deidkit: error: {error}", err=True)
        return 1
    except KeyboardInterrupt:
        typer.echo("deidkit: interrupted", err=True)
        return 130
    except SystemExit as done:
        code = done.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    return 0


def run() -> None:
    sys.exit(main())
