"""The ``deidkit`` entry point: one typer app, commands registered explicitly.

Every command module exposes ``register(app)``; add new modules to ``COMMAND_MODULES`` and
their top-level command names to ``COMMANDS``. A DeidkitError becomes one line on stderr and
exit code 1, never a traceback.

Start-up: ``main`` imports only the module of the command it runs (``deidkit detect`` does
not import the evaluation, the synthetic corpus or the annotation app; about 0.4 CPU s);
``deidkit --help``, an unknown command and ``app`` (the whole command line, for tests and
documentation) import them all. ``tests/cli/test_main.py`` checks ``COMMANDS`` against what
the modules register. The commands that run the batch runner (``RUNNER_COMMANDS``) start with
the garbage collector paused (``deidkit.heap``: it comes back on once the first documents
are detected, ~0.07 CPU s less a one-note command).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import Any

import typer

from deidkit import __version__, heap
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

COMMANDS: dict[str, str] = {  # top-level command -> the module that registers it
    "deidentify": "deidkit.cli.deidentify",
    "anonymize": "deidkit.cli.anonymize",
    "train": "deidkit.cli.models",
    "detect": "deidkit.cli.models",
    "models": "deidkit.cli.models",
    "evaluate": "deidkit.cli.evaluate",
    "sample-size": "deidkit.cli.evaluate",
    "experiment": "deidkit.cli.experiment",
    "report": "deidkit.cli.experiment",
    "synth": "deidkit.cli.synth",
    "reidentify": "deidkit.cli.synth",
    "convert": "deidkit.cli.corpus",
    "stats": "deidkit.cli.corpus",
    "annotate": "deidkit.cli.annotate",
    "serve": "deidkit.cli.serve",
    "resources": "deidkit.cli.resources",
    "features": "deidkit.cli.features",
}


RUNNER_COMMANDS = frozenset({"detect", "deidentify"})
"""Commands that run ``deidkit.batch``'s runner, which ends the collector's pause
(``deidkit.heap.end_start``) after the first batch of documents."""


def _command(argv: Sequence[str]) -> str | None:
    """The command ``argv`` names: its first argument that is not an option."""
    return next((arg for arg in argv if not arg.startswith("-")), None)


def _new_app() -> typer.Typer:
    return typer.Typer(
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


def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """deidkit: de-identification of clinical notes."""


def build_app(modules: Sequence[str] = COMMAND_MODULES) -> typer.Typer:
    """The command line with the commands of ``modules`` (default: all of them)."""
    built = _new_app()
    built.callback()(_root)
    for module in modules:
        importlib.import_module(module).register(built)
    return built


def app_for(argv: Sequence[str]) -> typer.Typer:
    """The command line ``argv`` needs: only its command's module when ``argv`` names a
    known command (the first argument that is not an option), else every command."""
    command = _command(argv)
    module = COMMANDS.get(command) if command is not None else None
    return build_app((module,) if module is not None else COMMAND_MODULES)


def __getattr__(name: str) -> Any:
    """``app``: the whole command line, built on first use (tests, documentation)."""
    if name == "app":
        built = build_app()
        globals()["app"] = built
        return built
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; DeidkitErrors are reported on one line with exit code 1.

    Without ``argv`` this is the program itself (the ``deidkit`` script, ``python -m
    deidkit``): the process ends with it, so what its start froze stays frozen
    (``deidkit.heap.finish``); ``main(argv)`` called from Python hands it all back."""
    args = list(sys.argv[1:] if argv is None else argv)
    if _command(args) in RUNNER_COMMANDS:
        heap.pause()  # until the first documents are detected (deidkit.heap)
    try:
        app_for(args)(args=args, prog_name="deidkit")
    except DeidkitError as error:
        typer.echo(f"deidkit: error: {error}", err=True)
        return 1
    except KeyboardInterrupt:
        typer.echo("deidkit: interrupted", err=True)
        return 130
    except SystemExit as done:
        code = done.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    finally:
        heap.finish(thaw=argv is not None)
    return 0


def run() -> None:
    sys.exit(main())
