"""Benchmark: start-up CPU time (import, model load, first note, a one-note command).

Not a test. Every measurement runs in a fresh interpreter (several repeats, median and
minimum reported) and counts CPU seconds (user + system), so other load on the machine
does not count:

- ``interpreter``: ``python -c pass`` (what any command pays before deidkit);
- ``import``: ``import deidkit`` and ``import deidkit.cli.main`` (the command line);
- ``load``: ``deidkit.load_model()`` of the default model after ``import deidkit.api``;
- ``first_note``: the first ``predict`` of one short note after the load (the feature
  tables, dictionaries and automata a model builds on first use);
- ``typical_first_note``: the same with a note of typical text instead
  (``examples/notes/01_ed_note_finnegan.txt``, ~1,900 characters: more of the patterns' and
  the rules' expressions are first used);
- ``rules_import``, ``rules_lexicons``, ``rules_first_note``: the rules detector alone (the
  ``en`` default's rules member): importing its modules once the modules it builds on are
  imported, its English lexicons loaded, its first note (the tokenizer's and the patterns'
  first use included);
- ``command``: the whole of ``deidkit detect one.jsonl out.jsonl`` (and ``deidentify``)
  on one synthetic note, interpreter included.

Compiled bytecode is cached in a temporary folder (``PYTHONPYCACHEPREFIX``) and one
unmeasured run of each comes first, as after an install (a run that compiles every module
from source costs about a second more).

``--baseline SRC`` also measures another checkout's package (its ``src`` folder, e.g. from
``git archive <commit> | tar -x -C /tmp/old``), interleaved with this one in the same run,
and reports each figure's ratio (baseline / current); the two take turns at going first
(whichever runs second in a pair tends to be slower on a busy machine). ``--current SRC``
measures that ``src`` folder instead of the installed package (two clean checkouts, when
others edit the working tree meanwhile).

    .venv/bin/python bench/startup.py [--repeats 5] [--model en] [--baseline SRC]
        [--current SRC] [--out FILE.json]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable

_CHILD = """
import json, resource, sys
def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime
t0 = cpu()
{body}
print(json.dumps(out))
"""

_IMPORT = """
import deidkit
out = {"import": cpu() - t0}
"""
_IMPORT_CLI = """
import deidkit.cli.main
out = {"import_cli": cpu() - t0}
"""
_LOAD = """
import deidkit.api
t1 = cpu()
model = deidkit.api.load_model({model!r})
t2 = cpu()
from deidkit.types import Document
model.predict([Document("n1", {text!r})])
t3 = cpu()
out = {{"import_api": t1 - t0, "load": t2 - t1, "first_note": t3 - t2}}
"""
_TYPICAL = """
import deidkit.api
from deidkit.types import Document
model = deidkit.api.load_model({model!r})
text = open({path!r}, encoding="utf-8").read()
t1 = cpu()
model.predict([Document("n1", text)])
out = {{"typical_first_note": cpu() - t1}}
"""
_RULES = """
import deidkit.models.base, deidkit.patterns, deidkit.text  # what the rules build on
t1 = cpu()
from deidkit.models.rules import RulesDetector
from deidkit.models.rules.lexicons import lexicons
t2 = cpu()
lexicons("en")
t3 = cpu()
from deidkit.types import Document
RulesDetector(lang="en").predict([Document("n1", {text!r})])
t4 = cpu()
out = {{"rules_import": t2 - t1, "rules_lexicons": t3 - t2, "rules_first_note": t4 - t3}}
"""
NOTE = "Seen by Dr. Alice Wong on 3/14/2012 at Mercy Hospital; call 555-201-3344."
TYPICAL_NOTE = ROOT / "examples" / "notes" / "01_ed_note_finnegan.txt"


def _environment(cache: str) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = cache
    return env


def _child(body: str, env: dict[str, str]) -> dict[str, float]:
    script = _CHILD.format(body=body)
    done = subprocess.run(
        [PYTHON, "-c", script], env=env, check=True, capture_output=True, text=True
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _command_cpu(argv: list[str], env: dict[str, str]) -> float:
    before = _children_cpu()
    subprocess.run(argv, env=env, check=True, capture_output=True)
    return _children_cpu() - before


def _summary(values: list[float]) -> dict[str, float]:
    """Median and minimum, in CPU seconds."""
    return {"median": round(statistics.median(values), 3), "min": round(min(values), 3)}


def measure(repeats: int, model: str | None, sources: dict[str, str | None]) -> dict[str, Any]:
    """CPU seconds of each start-up step for each package source (None: the installed
    one; else a ``src`` folder put first on ``PYTHONPATH``), interleaved repeat by repeat,
    each source going first in turn."""
    samples: dict[str, dict[str, list[float]]] = {label: {} for label in sources}

    with tempfile.TemporaryDirectory(prefix="deidkit-startup-") as folder:
        work = Path(folder)
        envs = {}
        for number, (label, source) in enumerate(sources.items()):
            env = _environment(str(work / f"pycache{number}"))
            if source is not None:
                env["PYTHONPATH"] = os.pathsep.join(
                    [str(Path(source).resolve()), *filter(None, [env.get("PYTHONPATH")])]
                )
            envs[label] = env
        note = work / "one.jsonl"
        note.write_text(json.dumps({"id": "n1", "text": NOTE}) + "\n", encoding="utf-8")
        cli = [PYTHON, "-m", "deidkit"]
        model_args = ["--model", model] if model else []
        key = work / "deid.key"
        key.write_text("0123456789abcdef0123456789abcdef\n", encoding="utf-8")
        commands = {
            "command_detect": [*cli, "detect", str(note), str(work / "d.jsonl"), *model_args],
            "command_deidentify": [*cli, "deidentify", str(note), str(work / "r.jsonl"),
                                   "--key-file", str(key), *model_args],
            "command_help": [*cli, "--help"],
        }
        bodies = [_IMPORT, _IMPORT_CLI, _LOAD.format(model=model, text=NOTE),
                  _TYPICAL.format(model=model, path=str(TYPICAL_NOTE)), _RULES.format(text=NOTE)]
        for env in envs.values():  # warm-up: bytecode cached, files in the page cache
            for body in bodies:
                _child(body, env)
            for argv in commands.values():
                _clean(work)
                _command_cpu(argv, env)
        for repeat in range(repeats):  # the trees take turns at going first
            turn = list(envs.items())
            for label, env in turn if repeat % 2 == 0 else reversed(turn):
                found = samples[label]
                before = _children_cpu()
                subprocess.run([PYTHON, "-c", "pass"], env=env, check=True)
                found.setdefault("interpreter", []).append(_children_cpu() - before)
                for body in bodies:
                    for name, value in _child(body, env).items():
                        found.setdefault(name, []).append(value)
                for name, argv in commands.items():
                    _clean(work)
                    found.setdefault(name, []).append(_command_cpu(argv, env))
    result: dict[str, Any] = {"repeats": repeats, "model": model or "default (en)"}
    for label, found in samples.items():
        found["import_and_load"] = [
            a + b for a, b in zip(found["import_api"], found["load"], strict=True)
        ]
        found["import_load_first_note"] = [
            a + b + c
            for a, b, c in zip(found["import_api"], found["load"], found["first_note"],
                               strict=True)
        ]
        result[label] = {name: _summary(values) for name, values in found.items()}
    if "baseline" in result:
        result["ratio_baseline_over_current"] = {
            name: round(result["baseline"][name]["median"] / value["median"], 2)
            for name, value in result["current"].items()
            if value["median"] > 0
        }
    return result


def _clean(work: Path) -> None:
    for name in ("d.jsonl", "r.jsonl"):
        (work / name).unlink(missing_ok=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=5, help="fresh processes per measure")
    parser.add_argument("--model", default=None, help="model name or folder (default: en's)")
    parser.add_argument("--baseline", default=None,
                        help="another checkout's src folder, measured in the same run")
    parser.add_argument("--current", default=None,
                        help="measure this src folder instead of the installed package")
    parser.add_argument("--out", type=Path, default=None, help="also write the JSON here")
    args = parser.parse_args()
    sources: dict[str, str | None] = {"current": args.current}
    if args.baseline is not None:
        sources["baseline"] = args.baseline
    result = measure(args.repeats, args.model, sources)
    text = json.dumps(result, indent=2)
    print(text)
    if args.out is not None:
        args.out.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
