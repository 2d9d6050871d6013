"""The ``deidkit`` entry point: one typer app, commands registered explicitly.

Every command module exposes ``register(app)``; add new modules to ``COMMAND_MODULES`` and
their top-level commands to ``COMMANDS``, with the summary ``deidkit --help`` lists. A
DeidkitError becomes one line on stderr and exit code 1, never a traceback.

Start-up: ``main`` imports only the module of the command it runs (``deidkit detect`` does
not import the evaluation, the synthetic corpus or the annotation app; about 0.4 CPU s).
``deidkit --help``, ``--version`` and an unknown command import none: the root lists each
command by its summary (~0.15 CPU s instead of ~0.7). ``app`` (the whole command line, for
tests and documentation) imports them all; ``tests/cli/test_main.py`` checks ``COMMANDS``
against what the modules register and the root's help against the whole app's. The commands
that run the batch runner (``RUNNER_COMMANDS``) start with the garbage collector paused
(``deidkit.heap``: it comes back on once the first documents are detected, ~0.07 CPU s less
a one-note command).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import Any, NamedTuple

import typer

from deidkit import __version__, heap
from deidkit.errors import DeidkitError

COMMAND_MODULES: tuple[str, ...] = (  # the order ``app`` registers them in
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


class Listed(NamedTuple):
    """A top-level command as the root lists it, without importing its module."""

    module: str
    """The module whose ``register(app)`` adds the command."""
    summary: str
    """The first paragraph of the command's help, as ``deidkit --help`` shows it
    (``tests/cli/test_main.py`` checks it against the command's own help)."""


COMMANDS: dict[str, Listed] = {  # in the order of ``deidkit --help``
    "deidentify": Listed(
        "deidkit.cli.deidentify",
        "Remove or replace the PHI of clinical notes (surrogates by default).",
    ),
    "anonymize": Listed(
        "deidkit.cli.anonymize",
        "Link PHI to persons, make them k-anonymous (l-diverse) and write the "
        "generalized\nvalues back into the notes (HIDE's identifier view).",
    ),
    "train": Listed(
        "deidkit.cli.models",
        "Train a PHI detector on annotated notes and save it as a model folder.",
    ),
    "detect": Listed(
        "deidkit.cli.models",
        "Find PHI: write the input documents with the predicted PHI spans.",
    ),
    "models": Listed(
        "deidkit.cli.models",
        "List the shipped models (or describe one model).",
    ),
    "evaluate": Listed(
        "deidkit.cli.evaluate",
        "Measure predicted PHI against gold PHI: token, entity and instance level.",
    ),
    "sample-size": Listed(
        "deidkit.cli.evaluate",
        "How many PHI instances a test corpus needs: N = Z^2 p(1-p) / E^2 (PhysioNet deid).",
    ),
    "experiment": Listed(
        "deidkit.cli.experiment",
        "Run one of the papers' experiments; write tables (CSV) and plots (PNG, SVG) to --out.",
    ),
    "report": Listed(
        "deidkit.cli.experiment",
        "Write one self-contained HTML page with every table and plot found in RESULTS.",
    ),
    "synth": Listed(
        "deidkit.cli.synth",
        "Generate synthetic clinical notes with exact PHI annotations.",
    ),
    "reidentify": Listed(
        "deidkit.cli.synth",
        "Replace placeholders by realistic surrogates and annotate each one (every date of\na "
        "patient, or of a note without a patient id, moves by the same offset).",
    ),
    "convert": Listed(
        "deidkit.cli.corpus",
        "Convert a corpus between formats, keeping every span (written atomically).",
    ),
    "stats": Listed(
        "deidkit.cli.corpus",
        "Count documents, tokens, PHI spans and PHI tokens per label and category.",
    ),
    "serve": Listed(
        "deidkit.cli.serve",
        "Serve detection and de-identification over HTTP (FastAPI; needs deidkit\\[server]).",
    ),
    "annotate": Listed(
        "deidkit.cli.annotate",
        "Annotate PHI in the browser with several annotators, adjudicate, measure agreement "
        "and export the gold. `deidkit annotate PROJECT_DIR` serves the app.",
    ),
    "resources": Listed(
        "deidkit.cli.resources",
        "The shipped dictionaries and word lists: list them, show their provenance and "
        "license, build word-frequency tables and convert MeSH.",
    ),
    "features": Listed(
        "deidkit.cli.features",
        "The feature classes the learning detectors use: names, defaults, availability.",
    ),
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


def _listing_app() -> typer.Typer:
    """The root with every command listed by its summary and no command module imported:
    all that ``deidkit --help``, ``--version`` and an unknown command use."""
    built = _new_app()
    built.callback()(_root)
    for name, listed in COMMANDS.items():
        built.command(name, help=listed.summary)(_listed)
    return built


def _listed() -> None:
    """Never run: a command named on the command line is its own module's (``app_for``)."""


def app_for(argv: Sequence[str]) -> typer.Typer:
    """The command line ``argv`` needs: only its command's module when ``argv`` names a
    known command (the first argument that is not an option), else the root listing every
    command by its summary."""
    command = _command(argv)
    listed = COMMANDS.get(command) if command is not None else None
    return build_app((listed.module,)) if listed is not None else _listing_app()


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
