"""``deidkit experiment NAME`` (the papers' experiments) and ``deidkit report RESULTS_DIR``."""

from __future__ import annotations

import importlib.util
import json
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from deidkit.cli.options import GIVEN_INPUTS, InputOptions, input_options
from deidkit.errors import ConfigError, DeidkitError, InputError
from deidkit.types import Document


class ExperimentName(StrEnum):
    cv = "cv"
    learning_curve = "learning-curve"
    ablation = "ablation"
    kernels = "kernels"
    sampling = "sampling"
    compare = "compare"
    variants = "variants"


DEFAULT_DETECTOR = {
    "cv": "crf",
    "learning-curve": "crf",
    "ablation": "crf",
    "kernels": "svm",
    "sampling": "crf",
}


def parse_settings(items: list[str]) -> dict[str | None, dict[str, Any]]:
    """``key=value`` (all detectors) or ``detector:key=value``; values parsed as JSON if they
    can be (numbers, true/false, lists), else kept as text."""
    result: dict[str | None, dict[str, Any]] = {}
    for item in items:
        key_part, sep, raw = item.partition("=")
        target, _, key = key_part.rpartition(":")
        if not sep or not key.strip():
            raise ConfigError(f"--set {item!r}: write key=value or detector:key=value")
        try:
            value: Any = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        result.setdefault(target.strip() or None, {})[key.strip()] = value
    return result


def _floats(text: str | None, option: str) -> list[float] | None:
    if text is None:
        return None
    try:
        return [float(eval_fraction(part)) for part in text.split(",") if part.strip()]
    except ValueError:
        raise ConfigError(f"{option}: give comma-separated numbers (e.g. 0.25,0.5,1)") from None


def eval_fraction(text: str) -> float:
    """'0.25' or '1/32' -> float."""
    text = text.strip()
    if "/" in text:
        numerator, denominator = text.split("/", 1)
        return float(numerator) / float(denominator)
    return float(text)


def _names(text: str | None) -> list[str] | None:
    return None if text is None else [part.strip() for part in text.split(",") if part.strip()]


def _read(path: Path, inputs: InputOptions, limit: int | None) -> list[Document]:
    documents = []
    for document in inputs.read(path):
        documents.append(document)
        if limit is not None and len(documents) >= limit:
            break
    if not documents:
        raise InputError("no documents found", path=path, fix="check the path and --format")
    return documents


def variant_corpora(
    train: Path, test: Path, names: list[str] | None, inputs: InputOptions, limit: int | None
) -> dict[str, tuple[list[Document], list[Document]]]:
    """``variants``: the corpus of each variant in the --train and --test folders, found by
    name (a file ``NAME.<ext>`` or a folder ``NAME``; default: every entry of --train)."""
    for folder in (train, test):
        if not folder.is_dir():
            raise InputError(
                "variants needs folders with one corpus per variant",
                path=folder,
                fix="put e.g. plain.jsonl, ambiguous.jsonl in --train and in --test",
            )

    def find(folder: Path, name: str) -> Path:
        found = [p for p in folder.iterdir() if p.name == name or (p.is_file() and p.stem == name)]
        if len(found) != 1:
            raise InputError(
                f"no single corpus named {name!r} ({len(found)} found)",
                path=folder,
                fix="name each variant's file or folder after the variant",
            )
        return found[0]

    chosen = names or sorted(
        p.stem if p.is_file() else p.name for p in train.iterdir() if not p.name.startswith(".")
    )
    return {
        name: (_read(find(train, name), inputs, limit), _read(find(test, name), inputs, limit))
        for name in chosen
    }


def default_feature_classes() -> list[str]:
    """The feature classes of deidkit's default feature configuration (for ``ablation``)."""
    try:
        # lazy: commands import what they use (CLI start-up)
        from deidkit.features import default_classes
    except ImportError:
        raise ConfigError(
            "the feature extraction part is not available; name the classes with --classes"
        ) from None
    return list(default_classes())


PLOTS_MISSING = (
    "note: matplotlib is not installed, so the experiment writes its tables without plots; "
    "pip install 'deidkit[report]' for plots"
)


def plots_available() -> bool:
    """Whether the plots can be drawn (matplotlib, the ``report`` extra)."""
    return importlib.util.find_spec("matplotlib") is not None


def check_detectors(specs: list[Any]) -> None:
    """Build every detector an experiment will train, before any work, so that an unknown
    detector or parameter stops the command at once (in one line)."""
    # lazy: commands import what they use (CLI start-up)
    from deidkit.evaluate.experiments.runner import default_factory

    for spec in specs:
        try:
            default_factory(spec)
        except DeidkitError:
            raise
        except (TypeError, ValueError) as error:
            raise ConfigError(
                f"detector {spec.name!r}: {type(error).__name__} when built with the given "
                "--set parameters; check the parameter names and values (docs/models.md)"
            ) from None


def failure_line(results: list[Any]) -> str | None:
    """One line for an experiment whose runs failed: how many, and the first reason."""
    failed = [result for result in results if not result.ok]
    if not failed:
        return None
    return (
        f"{len(failed)} of {len(results)} runs failed; the first ({failed[0].key}): "
        f"{failed[0].error}"
    )


def register(app: typer.Typer) -> None:
    @app.command("experiment")
    @input_options
    def experiment_command(
        name: Annotated[ExperimentName, typer.Argument(help="Which experiment to run.")],
        train: Annotated[
            Path, typer.Option("--train", help="Training corpus (cv: the corpus split into folds).")
        ],
        out: Annotated[Path, typer.Option("--out", help="Folder for tables and plots.")],
        test: Annotated[
            Path | None,
            typer.Option("--test", help="Test corpus (default: a random split of --train)."),
        ] = None,
        inputs: InputOptions = GIVEN_INPUTS,
        model: Annotated[
            str | None,
            typer.Option("--model", help="Detector (crf, svm, tree, rules, ensemble)."),
        ] = None,
        set_: Annotated[
            list[str] | None,
            typer.Option("--set", help="Detector parameter key=value (compare: det:key=value)."),
        ] = None,
        jobs: Annotated[int, typer.Option("--jobs", "-j", help="Runs in parallel.")] = 1,
        seed: Annotated[int, typer.Option(help="Random seed (splits, subsets).")] = 0,
        bootstrap: Annotated[
            int, typer.Option(help="Bootstrap rounds per run for intervals (0: none).")
        ] = 200,
        test_fraction: Annotated[
            float, typer.Option(help="Share of --train held out when --test is not given.")
        ] = 0.25,
        limit: Annotated[
            int | None, typer.Option(help="Read at most this many documents per corpus.")
        ] = None,
        folds: Annotated[
            int | None, typer.Option(help="cv: number of folds (10); sampling: 0 = one split.")
        ] = None,
        group_by_patient: Annotated[
            bool, typer.Option(help="cv: keep each patient's notes in one fold.")
        ] = False,
        fractions: Annotated[
            str | None,
            typer.Option(help="learning-curve: training fractions (default 1/32,...,1)."),
        ] = None,
        repeats: Annotated[int, typer.Option(help="learning-curve: shuffles per fraction.")] = 1,
        classes: Annotated[
            str | None, typer.Option(help="ablation: feature classes (comma-separated).")
        ] = None,
        fixed: Annotated[
            str | None, typer.Option(help="ablation: classes kept on in every run.")
        ] = None,
        designs: Annotated[
            str, typer.Option(help="ablation: one-on, one-off and/or subsets.")
        ] = "one-on,one-off",
        kernels: Annotated[
            str, typer.Option(help="kernels: linear, quadratic and/or gaussian.")
        ] = "linear,quadratic,gaussian",
        subset: Annotated[int, typer.Option(help="kernels: training documents.")] = 50,
        probabilities: Annotated[
            str | None, typer.Option(help="sampling: O selection probabilities.")
        ] = None,
        windows: Annotated[str | None, typer.Option(help="sampling: window history sizes.")] = None,
        detectors: Annotated[
            str | None,
            typer.Option(
                help="compare: detectors to compare (rules,svm,crf,tree,ensemble,hmm,winnow); "
                "variants: rules,svm,crf,hmm,winnow."
            ),
        ] = None,
        variants: Annotated[
            str | None,
            typer.Option(
                help="variants: corpus names in the --train and --test folders "
                "(default: every entry of --train)."
            ),
        ] = None,
        rounds: Annotated[
            int, typer.Option(help="compare: rounds of the paired randomization test.")
        ] = 10000,
        title: Annotated[
            str | None, typer.Option(help="Title of the results in the report.")
        ] = None,
        quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress output.")] = False,
    ) -> None:
        """Run one of the papers' experiments; write tables (CSV) and plots (PNG, SVG) to --out.

        Exits with code 3 when runs failed (their reasons are in the tables' error column).
        """
        # lazy: commands import what they use (CLI start-up)
        from deidkit.evaluate.experiments import (
            EXPERIMENTS,
            DetectorSpec,
            ExperimentInput,
            RunSettings,
        )
        from deidkit.evaluate.results import ResultsWriter

        experiment = EXPERIMENTS[name.value]
        settings_by_target = parse_settings(set_ or [])
        common = settings_by_target.pop(None, {})
        corpora: dict[str, tuple[list[Document], list[Document]]] = {}
        if name is ExperimentName.variants:
            if test is None:
                raise ConfigError("variants needs --test (a folder with each variant's test set)")
            corpora = variant_corpora(train, test, _names(variants), inputs, limit)
            train_documents = [d for pair in corpora.values() for d in pair[0]]
            test_documents: list[Document] | None = [
                d for pair in corpora.values() for d in pair[1]
            ]
        else:
            train_documents = _read(train, inputs, limit)
            test_documents = _read(test, inputs, limit) if test is not None else None
        settings = RunSettings(bootstrap=bootstrap, seed=seed, jobs=jobs, progress=not quiet)
        if name in (ExperimentName.compare, ExperimentName.variants):
            spec = None  # each compared detector gets its own spec below
        else:
            detector = model or DEFAULT_DETECTOR[name.value]
            spec = DetectorSpec(detector, {**common, **settings_by_target.pop(detector, {})})
        data = ExperimentInput(
            train_documents,
            spec,
            settings,
            test_documents,
            test_fraction,
            {"train": train.name, "test": test.name if test else ""},
        )
        options: dict[str, Any] = {}
        if name is ExperimentName.cv:
            options = {"folds": folds or 10, "group_by_patient": group_by_patient}
        elif name is ExperimentName.learning_curve:
            options = {"repeats": repeats}
            if fractions:
                options["fractions"] = _floats(fractions, "--fractions")
        elif name is ExperimentName.ablation:
            options = {
                "classes": _names(classes) or default_feature_classes(),
                "designs": _names(designs),
                "fixed": _names(fixed) or [],
            }
        elif name is ExperimentName.kernels:
            options = {"kernels": _names(kernels), "subset": subset}
        elif name is ExperimentName.sampling:
            options = {"folds": folds or 0}
            if probabilities:
                options["probabilities"] = _floats(probabilities, "--probabilities")
            if windows:
                options["windows"] = [int(v) for v in _floats(windows, "--windows") or []]
        elif name in (ExperimentName.compare, ExperimentName.variants):
            # lazy: commands import what they use (CLI start-up)
            from deidkit.evaluate.experiments import compare
            from deidkit.evaluate.experiments import variants as variants_experiment

            default = (
                compare.DEFAULT_DETECTORS
                if name is ExperimentName.compare
                else variants_experiment.DEFAULT_DETECTORS
            )
            names = _names(detectors) or list(default)
            options = {
                "detectors": [
                    DetectorSpec(n, {**common, **settings_by_target.pop(n, {})}) for n in names
                ]
            }
            if name is ExperimentName.compare:
                options["rounds"] = rounds
            else:
                options["variants"] = corpora
        if settings_by_target:
            unknown = next(iter(settings_by_target))
            raise ConfigError(f"--set {unknown}:...: no detector {unknown!r} in this experiment")
        check_detectors([spec] if spec is not None else list(options["detectors"]))
        plots = plots_available()
        if not plots:
            typer.echo(PLOTS_MISSING, err=True)
        writer = ResultsWriter(out, kind=name.value, title=title or experiment.title)
        results = experiment.run(data, writer, **options)
        writer.finish()
        failed = sum(not r.ok for r in results)
        typer.echo(
            f"{writer.title}: {len(results)} runs ({failed} failed); "
            f"{'tables and plots' if plots else 'tables'} in {out}"
        )
        problem = failure_line(results)
        if problem:
            typer.echo(f"deidkit: error: {problem}", err=True)
            raise typer.Exit(3)

    @app.command("report")
    def report_command(
        results: Annotated[
            Path, typer.Argument(help="Folder with experiment and evaluation results.")
        ],
        out: Annotated[Path, typer.Option("--out", help="The HTML file to write.")] = Path(
            "report.html"
        ),
        title: Annotated[str, typer.Option(help="Page title.")] = "deidkit experiments",
        note: Annotated[
            list[str] | None, typer.Option("--note", help="A note shown at the top (repeatable).")
        ] = None,
        svg: Annotated[
            bool, typer.Option("--svg", help="Embed plots as inline SVG instead of PNG.")
        ] = False,
    ) -> None:
        """Write one self-contained HTML page with every table and plot found in RESULTS."""
        # lazy: commands import what they use (CLI start-up)
        from deidkit.evaluate.html_report import write_report

        path = write_report(results, out, title=title, notes=note or [], svg=svg)
        typer.echo(f"report written to {path}")
