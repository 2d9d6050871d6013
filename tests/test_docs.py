"""The documentation is tested (issue 19, in the spirit of sqlite-utils' ``test_docs.py``).

1. Every ``deidkit`` command of a command block (```` ```bash ```` or unlabelled) in README.md
   and docs/*.md runs as written, in a temporary folder holding small inputs under the names
   the docs use (``notes/`` = the bundled example notes, ``gold.jsonl`` = their annotations,
   ``train.jsonl`` = synthetic notes, ``corpus/`` = synthetic Spanish BRAT, ...), one folder
   per page so a page's commands build on each other (train, then detect with the model).
   Commands that cannot run in a test (a server, a cluster, a prompt, a download, a
   benchmark, pip) are listed in ``NOT_RUN`` with the reason, and a line that is neither run
   nor listed fails the test. To stay within about two minutes, ``SMALLER`` makes long runs
   small (fewer notes, folds and fractions; no bootstrap) without changing what they do.
2. Every command and every option and argument of the CLI has help text, and the help
   survives Rich markup (an example such as ``'_([a-z]+)$'`` prints as written).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from rich.text import Text

from deidkit.cli.main import app, main
from deidkit.io import read_documents, write_documents
from deidkit.types import Document, Span

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

NOT_RUN: dict[str, str] = {
    # command (start of the line as written) -> why a test does not run it
    "pip install": "installs packages (the test runs in the installed environment)",
    "bash scripts/": "the setup, test and report scripts run the tools tested here",
    ".venv/bin/python bench/": "a benchmark: it measures, it asserts nothing",
    ".venv/bin/python scripts/models/train_en.py": "trains the shipped model (minutes)",
    ".venv/bin/python -m deidkit.features.prepare": "rewrites the package's prepared tables "
    "(tested in tests/resources/test_prepared.py)",
    ".venv/bin/pytest": "the test suite itself",
    "RESUME=1 bash": "the report script (minutes)",
    "CORPORA=synthetic-en bash": "the report script (minutes)",
    "dask ": "starts a Dask scheduler or worker",
    "curl ": "talks to a running service (tested in tests/service)",
    "for v in": "a shell loop over variables; the variants experiment is tested in "
    "tests/evaluate/test_variants.py",
    "deidkit serve": "starts a server (tested in tests/service/test_serve.py)",
    "deidkit annotate project": "serves the annotation app (tested in tests/annotate)",
    "deidkit annotate myproject": "serves the annotation app (tested in tests/annotate)",
    "deidkit annotate init project --admin root": "asks for a password on the terminal; "
    "docs/annotate.md runs the same steps with --password-env",
    "deidkit annotate add-user project": "part of the README's interactive walk-through",
    "deidkit annotate import project": "part of the README's interactive walk-through",
    "deidkit annotate assign project": "part of the README's interactive walk-through",
    "deidkit annotate preannotate project": "part of the README's interactive walk-through",
    "deidkit deidentify notes/ deid/ --dask": "needs a Dask cluster (tests/batch test "
    "--dask local)",
    "deidkit deidentify /shared/notes/": "needs a Dask cluster and shared storage",
    "deidkit resources mesh": "needs NLM's MeSH file (a download)",
    "deidkit experiment variants --train data/train": "needs the corpora the shell loop "
    "above it makes (tests/evaluate/test_variants.py)",
    "deidkit resources build-frequency pmc_texts/": "needs a public corpus (tested in "
    "tests/resources on synthetic text)",
}
SYNTAX_ONLY = re.compile(r"\b[A-Z]{2,}\b(?![-.])|\[--")
"""A line of a usage summary (``deidkit evaluate GOLD PRED``, ``[--format F]``), not a
command: its placeholders are upper-case words."""
SMALLER: tuple[tuple[str, str], ...] = (
    (r"--n (500|2000|5000)\b", "--n 12"),
    (r"--folds 10\b", "--folds 2 --bootstrap 0"),
    (r"(experiment learning-curve .*)--out", r"\1--fractions 0.5,1 --bootstrap 0 --out"),
    (r"--set max_samples=20000", "--set max_samples=300"),
    (r"--jobs [2-9]\b", "--jobs 1"),  # processes start slowly; tests/batch runs --jobs 2
    (r"--jobs 0\b", "--jobs 1"),
    (r"--workers 2\b", "--workers 1"),
    (r"(?<![\w.])/tmp/", ""),
    (r"--corpus notes/train\b", "--corpus train.jsonl"),  # notes/ holds the text notes
    # nobody annotated in the browser between the steps of docs/annotate.md
    (r"(annotate export myproject gold.jsonl)", r"\1 --mode union --include-unfinished"),
)
"""Substitutions that make long runs small; and ``synth`` gets ``--force`` (its output may
be one of the inputs here, e.g. notes.jsonl)."""
SETUP: dict[str, tuple[str, ...]] = {
    # a command -> a command run before it (what the page says to do in prose)
    "deidkit annotate preannotate myproject --model models/batch3": (
        "train", "--model", "rules", "--out", "models/batch3",
    ),
}  # fmt: skip

SPANISH = (
    "Paciente: {name}. Fecha de ingreso: {day}/03/2019. Varón de 63 años, natural de {city}, "
    "que acude a la consulta del Dr. {doctor} por dolor torácico desde hace dos días."
)


def _spanish(count: int, offset: int = 0) -> list[Document]:
    names = ("Lucía Pérez", "Andrés Gil", "Marta Ruiz", "Pablo Soto", "Elena Vega", "Jon Mora")
    doctors = ("Ramos", "Ibarra", "Navas", "Ortiz", "Cano", "Prieto")
    cities = ("Teruel", "Soria", "Lugo", "Cuenca", "Huesca", "Ávila")
    documents = []
    for i in range(offset, offset + count):
        values = {"name": names[i % 6], "day": f"{10 + i:02d}", "city": cities[i % 6],
                  "doctor": doctors[i % 6]}  # fmt: skip
        text = SPANISH.format(**values)
        spans = []
        for key, label in (("name", "PATIENT"), ("day", "DATE"), ("city", "CITY"),
                           ("doctor", "DOCTOR")):  # fmt: skip
            start = text.index(values[key] if key != "day" else f"{values['day']}/03/2019")
            length = len(values[key]) if key != "day" else 10
            spans.append(Span(start, start + length, label))
        spans.sort(key=lambda span: span.start)
        documents.append(Document(f"caso{i:02d}", text, tuple(spans)))
    return documents


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small inputs under the names the docs use (made once, copied for each page)."""
    folder = tmp_path_factory.mktemp("doc-inputs")
    shutil.copytree(ROOT / "examples" / "notes", folder / "notes")
    gold = list(read_documents(ROOT / "examples" / "notes.gold.jsonl", "jsonl"))
    for name in ("gold.jsonl", "notes.jsonl", "predicted.jsonl", "next-batch.jsonl"):
        write_documents(gold if name != "next-batch.jsonl" else gold[:2], folder / name, "jsonl")
    write_documents(gold, folder / "corpus.xml", "i2b2-2006")
    write_documents(gold, folder / "gold", "i2b2-2014")
    assert main(["synth", "--n", "16", "--seed", "5", "--out", str(folder / "train.jsonl")]) == 0
    assert main(["synth", "--n", "8", "--seed", "6", "--out", str(folder / "test.jsonl")]) == 0
    for name, documents in (("corpus", _spanish(6)), ("meddocan/train", _spanish(6)),
                            ("a", _spanish(3)), ("b", _spanish(3, 3))):  # fmt: skip
        write_documents(documents, folder / name, "brat")
    write_documents(_spanish(4), folder / "notas", "text")
    for name in ("redacted", "deid_notes"):
        (folder / name).mkdir()
        (folder / name / "n1.txt").write_text(
            "Seen by Dr. [**Last Name**] on [**2101-3-4**] at [REMOVED].\n", encoding="utf-8"
        )
    (folder / "deid.key").write_text("ab" * 32 + "\n", encoding="utf-8")
    for user in ("alice", "bob", "judy"):
        (folder / f"{user}.txt").write_text(f"{user}-long-password-1\n", encoding="utf-8")
    (folder / "tree.toml").write_text("rounds = 3\nmax_depth = 3\n", encoding="utf-8")
    (folder / "api-keys").write_text("k" * 48 + "\n", encoding="utf-8")
    return folder


def command_lines(page: Path) -> Iterator[tuple[str, str]]:
    """The lines of ``page``'s command blocks with the block's language, continuation
    lines joined."""
    text = page.read_text(encoding="utf-8")
    for language, block in re.findall(r"^```(\w*)\n(.*?)^```", text, re.S | re.M):
        if language not in ("", "bash", "sh"):
            continue
        joined = re.sub(r"\\\n\s*", " ", block)
        loop = False
        for line in joined.splitlines():
            line = line.strip()
            if line.startswith("for "):
                loop = True
                yield language, line
            elif loop:
                loop = not line.startswith("done")
            elif line and not line.startswith("#") and (language or line.startswith("deidkit ")):
                yield language, line


def commands(line: str) -> list[list[str]]:
    """The commands of one line (``a && b``), comments dropped, SMALLER applied."""
    for pattern, replacement in SMALLER:
        line = re.sub(pattern, replacement, line)
    words = shlex.split(line, comments=True)
    result: list[list[str]] = [[]]
    for word in words:
        if word == "&&":
            result.append([])
        else:
            result[-1].append(word)
    for command in result:
        if command[1:2] == ["synth"] and "--list-templates" not in command:
            command.append("--force")
    return [command for command in result if command]


def plan(page: Path) -> list[tuple[str, list[list[str]] | None]]:
    """Each command line of ``page`` with the argv lists to run (None: not run)."""
    steps: list[tuple[str, list[list[str]] | None]] = []
    for language, line in command_lines(page):
        if any(line.startswith(prefix) for prefix in NOT_RUN):
            steps.append((line, None))
        elif not language and SYNTAX_ONLY.search(line.split("#")[0]):
            steps.append((line, None))  # a usage summary, e.g. deidkit convert IN OUT
        elif line.startswith(("openssl rand", "export ", "echo ")):
            steps.append((line, []))  # the key file and the variable are in place
        else:
            steps.append((line, commands(line)))
    return steps


@pytest.mark.slow
@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_command_of_the_docs_runs(
    page: Path, inputs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    work = tmp_path / "work"
    shutil.copytree(inputs, work)
    monkeypatch.chdir(work)
    monkeypatch.setenv("ANNOTATE_ADMIN_PASSWORD", "choose-a-long-one")
    for line, argvs in plan(page):
        if argvs is None:
            continue
        for argv in argvs:
            assert argv[0] == "deidkit", f"{page.name}: not run and not in NOT_RUN: {line}"
            before = SETUP.get(" ".join(argv))
            if before:
                assert main(list(before)) == 0
            started = time.perf_counter()
            code = main(argv[1:])
            captured = capsys.readouterr()
            if os.environ.get("DEIDKIT_DOCS_TIMES"):  # how long each command takes
                print(f"{time.perf_counter() - started:6.1f} s  {line[:80]}", file=sys.stderr)
            assert code == 0, f"{page.name}: {line}\n{captured.err[-2000:]}"


def test_the_docs_have_commands_to_run() -> None:
    """The test above runs something: the README's commands and most pages' blocks."""
    readme = plan(ROOT / "README.md")
    run = [line for line, argvs in readme if argvs]
    assert len(run) >= 20
    assert "deidkit detect notes/ found.jsonl" in " ".join(run)


# --- help text ------------------------------------------------------------------------------


def _walk(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from _walk(sub, (*path, name))


COMMANDS = list(_walk(typer.main.get_command(app)))
PARAMETERS = [
    (path, param)
    for path, command in COMMANDS
    for param in command.params
    if param.name not in ("help",)
]


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=lambda v: " ".join(v) or "deidkit"
                         if isinstance(v, tuple) else "")  # fmt: skip
def test_every_command_has_help(path: tuple[str, ...], command: Any) -> None:
    assert (command.help or "").strip(), f"deidkit {' '.join(path)} has no help text"
    assert Text.from_markup(command.help).plain == command.help.replace("\\[", "[")


@pytest.mark.parametrize(
    ("path", "param"), PARAMETERS,
    ids=lambda v: " ".join(v) if isinstance(v, tuple) else getattr(v, "name", ""),
)  # fmt: skip
def test_every_option_and_argument_has_help_that_survives_markup(
    path: tuple[str, ...], param: Any
) -> None:
    text = getattr(param, "help", None) or ""
    assert text.strip(), f"deidkit {' '.join(path)} {param.name}: no help text"
    # Rich reads [a-z] as markup and drops it; write \\[a-z] in the help
    assert Text.from_markup(text).plain == text.replace("\\[", "["), (path, param.name)


def test_the_help_of_every_command_prints(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    for path, _ in COMMANDS:
        assert main([*path, "--help"]) == 0, path
        assert "Usage:" in capsys.readouterr().out
