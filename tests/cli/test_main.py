"""The entry point imports only the module of the command it runs (start-up, issue 20 item 5),
and its table of commands says exactly what each module registers."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
import typer
from typer.testing import CliRunner

from deidkit.cli.main import COMMAND_MODULES, COMMANDS, app_for, build_app, main


@pytest.mark.parametrize("module", COMMAND_MODULES)
def test_the_table_names_every_command_of_each_module(module: str) -> None:
    registered = set(typer.main.get_command(build_app((module,))).commands)  # type: ignore[attr-defined]
    assert registered == {name for name, listed in COMMANDS.items() if listed.module == module}


def test_every_module_of_the_table_is_listed() -> None:
    assert {listed.module for listed in COMMANDS.values()} == set(COMMAND_MODULES)


def test_the_root_lists_the_commands_as_the_whole_app_does() -> None:
    """``deidkit --help`` (no command module imported) prints what the whole command line
    prints: the same commands, in the same order, with the same first paragraph of help."""
    runner = CliRunner()
    for args in (["--help"], [], ["no-such-command"], ["--version"]):
        listing = runner.invoke(app_for(args), args, prog_name="deidkit")
        whole = runner.invoke(build_app(), args, prog_name="deidkit")
        assert (listing.exit_code, listing.output) == (whole.exit_code, whole.output), args
    whole_group = typer.main.get_command(build_app())
    assert list(whole_group.list_commands(typer.Context(whole_group))) == list(COMMANDS)


def test_app_for_picks_the_command_module() -> None:
    def commands(argv: list[str]) -> set[str]:
        return set(typer.main.get_command(app_for(argv)).commands)  # type: ignore[attr-defined]

    assert commands(["detect", "in.jsonl", "out.jsonl"]) == {"train", "detect", "models"}
    assert commands(["resources", "list"]) == {"resources"}
    assert commands(["--help"]) == set(COMMANDS)  # the root help lists every command
    assert commands(["no-such-command"]) == set(COMMANDS)  # and so does its error


def test_a_command_imports_only_its_own_module() -> None:
    script = (
        "import json, sys\n"
        "from deidkit.cli.main import main\n"
        "main(['detect', '--help'])\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    loaded = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert "deidkit.cli.models" in loaded
    for module in (*(m for m in COMMAND_MODULES if m != "deidkit.cli.models"),
                   "deidkit.evaluate", "deidkit.corpus.synth", "rich.progress"):
        assert module not in loaded, module


def test_root_help_and_version_still_work(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in ("detect", "deidentify", "annotate", "features"))
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("deidkit ")
    assert main(["no-such-command"]) == 2


def test_root_help_imports_no_command_module() -> None:
    script = (
        "import json, sys\n"
        "from deidkit.cli.main import main\n"
        "main(['--help'])\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    loaded = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert "deidkit.cli.main" in loaded
    for module in (*COMMAND_MODULES, "deidkit.batch", "deidkit.redact", "numpy"):
        assert module not in loaded, module
