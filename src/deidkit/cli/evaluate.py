"""``deidkit evaluate`` and ``deidkit sample-size``: thin commands over deidkit.evaluate."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from deidkit.agerule import apply_age_rule, check_age_rule
from deidkit.cli.options import (
    GIVEN_INPUTS,
    AgesOption,
    InputOptions,
    PropagateOption,
    ThresholdOption,
    input_options,
    print_table,
)
from deidkit.errors import ConfigError, InputError, ModelError
from deidkit.evaluate.evaluation import ALL, DEFAULT_BOOTSTRAP, PHI, Evaluation, compare, evaluate
from deidkit.evaluate.render import (
    groups_csv,
    render_tables,
    to_json,
    to_text,
    write_evaluation_folder,
)
from deidkit.evaluate.sample_size import margin_for, sample_size
from deidkit.evaluate.scheme import SchemeScores, scheme_scores
from deidkit.evaluate.significance import PairedTest
from deidkit.io.atomic import atomic_write_text
from deidkit.types import Document


class OutputFormat(StrEnum):
    table = "table"
    json = "json"
    csv = "csv"


class BioLevel(StrEnum):
    label = "label"
    category = "category"


def read_corpus(path: Path, inputs: InputOptions | str | None) -> list[Document]:
    """Every document of ``path``, read with the input options (or a format name)."""
    if not isinstance(inputs, InputOptions):
        inputs = InputOptions(format=inputs)
    documents = list(inputs.read(path))
    if not documents:
        raise InputError("no documents found", path=path, fix="check the path and --format")
    return documents


def predict_with_model(
    gold: list[Document],
    model: str,
    lang: str,
    *,
    threshold: float | None = None,
    propagate: bool | None = None,
) -> list[Document]:
    """Run a detector (shipped name or model folder) on the gold texts, gold spans removed
    (at operating point ``threshold``, with mention propagation if asked)."""
    try:
        # lazy: commands import what they use (CLI start-up)
        from deidkit.models import load_model
        from deidkit.models.adjust import adjusted
    except ImportError as error:  # the detectors are a separate part of the package
        raise ModelError(
            f"detectors are not available in this installation ({error.name}); reinstall deidkit"
        ) from None
    detector = adjusted(load_model(model, lang=lang), threshold=threshold, propagate=propagate,
                        lang=lang)
    return list(detector.predict([document.with_spans(()) for document in gold]))


def model_curve(
    gold: list[Document], model: str | None, lang: str, ages: str, propagate: bool | None
) -> list[dict[str, Any]]:
    """``deidkit evaluate --curve``: the model's rows over ``CURVE_THRESHOLDS``."""
    # lazy: commands import what they use (CLI start-up)
    from deidkit.evaluate.curve import curve_rows, threshold_curve
    from deidkit.models import load_model
    from deidkit.models.adjust import saved_propagate

    detector = load_model(model, lang=lang)
    return curve_rows(threshold_curve(
        detector, gold, ages=ages, propagate=saved_propagate(detector) if propagate is None
        else propagate, lang=lang,
    ))


def run_evaluation(
    gold: list[Document],
    *,
    pred_path: Path | None,
    model: str | None,
    pred_format: InputOptions | str | None,
    lang: str,
    gold_path: Path,
    bootstrap: int,
    confidence: float,
    seed: int,
    coarse_bio: bool,
    threshold: float | None = None,
    ages: str = "all",
    propagate: bool | None = None,
) -> tuple[Evaluation, str]:
    """Evaluate predictions read from a file or made by a model; returns it and its name.
    ``ages`` (``deidkit.agerule``) applies to gold and predictions; ``threshold`` and
    ``propagate`` to the model's detection."""
    if (pred_path is None) == (model is None):
        raise ConfigError(
            "give either a predictions file (PRED) or --model, not both and not neither"
        )
    check_age_rule(ages)
    if pred_path is not None and (threshold is not None or propagate is not None):
        raise ConfigError("--threshold and --propagate apply to --model only, not to PRED")
    if pred_path is not None:
        pred = read_corpus(pred_path, pred_format)
        name = pred_path.name
    else:
        assert model is not None
        pred = predict_with_model(gold, model, lang, threshold=threshold, propagate=propagate)
        name = model
    evaluation = evaluate(
        apply_age_rule(gold, ages),
        apply_age_rule(pred, ages),
        bootstrap=bootstrap,
        confidence=confidence,
        seed=seed,
        coarse_bio=coarse_bio,
        gold_path=gold_path,
        pred_path=pred_path,
    )
    return evaluation, name


SchemeOption = Annotated[
    str | None,
    typer.Option(
        "--labels",
        help="Also score strict matches on the labels of this scheme (meddocan: MEDDOCAN's "
        "subtask 1; with its subtask 2 strict and merged span scores): canonical, meddocan, "
        "i2b2-2006, i2b2-2014, physionet or a label map file.",
    ),
]


def scheme_table(scores: SchemeScores) -> Table:
    """The per-label strict scores in a scheme, the total and the span-only scores."""
    table = Table("label", "tp", "fp", "fn", "precision", "recall", "F1",
                  title=f"Strict match on {scores.scheme} labels ({scores.documents} documents)")
    rows = [*scores.by_label.items(), ("all labels (strict)", scores.labelled),
            ("spans only (strict)", scores.spans_strict),
            ("spans only (merged)", scores.spans_merged)]
    for name, score in rows:
        table.add_row(name, str(score.tp), str(score.fp), str(score.fn),
                      f"{score.precision:.4f}", f"{score.recall:.4f}", f"{score.f1:.4f}")
    return table


def register(app: typer.Typer) -> None:
    @app.command("evaluate")
    @input_options
    def evaluate_command(
        gold: Annotated[
            Path, typer.Argument(help="Gold corpus (file or folder) with the true PHI.")
        ],
        pred: Annotated[
            Path | None,
            typer.Argument(
                help="Predicted corpus: the same documents (same ids) with predicted PHI."
            ),
        ] = None,
        model: Annotated[
            str | None,
            typer.Option("--model", "-m", help="Predict with this model (shipped name or folder)."),
        ] = None,
        pred_format: Annotated[
            str | None, typer.Option(help="Format of PRED and --compare.")
        ] = None,
        compare_pred: Annotated[
            Path | None,
            typer.Option("--compare", help="A second system's predictions: adds a paired test."),
        ] = None,
        compare_model: Annotated[
            str | None,
            typer.Option("--compare-model", help="A second model to compare with (paired test)."),
        ] = None,
        output: Annotated[
            OutputFormat, typer.Option("--output", "-o", help="table, json or csv (every group).")
        ] = OutputFormat.table,
        out: Annotated[Path | None, typer.Option("--out", help="Write the output here.")] = None,
        results: Annotated[
            Path | None,
            typer.Option("--results", help="Also write a results folder for `deidkit report`."),
        ] = None,
        bootstrap: Annotated[
            int, typer.Option(help="Bootstrap rounds for confidence intervals (0: none).")
        ] = DEFAULT_BOOTSTRAP,
        confidence: Annotated[
            float, typer.Option(help="Confidence level of the intervals.")
        ] = 0.95,
        rounds: Annotated[
            int, typer.Option(help="Rounds of the paired randomization test.")
        ] = 10000,
        seed: Annotated[int, typer.Option(help="Random seed of the bootstrap and the test.")] = 0,
        bio: Annotated[bool, typer.Option("--bio", help="Show the BIO confusion matrix.")] = False,
        bio_level: Annotated[
            BioLevel, typer.Option(help="BIO matrix over fine labels or coarse categories.")
        ] = BioLevel.label,
        labels: Annotated[
            bool, typer.Option("--label-table/--no-labels", help="Show the per-label table.")
        ] = True,
        label_scheme: SchemeOption = None,
        lang: Annotated[
            str, typer.Option(help="Language of the default model (with --model).")
        ] = "en",
        threshold: ThresholdOption = None,
        ages: AgesOption = "all",
        propagate: PropagateOption = None,
        curve: Annotated[
            bool,
            typer.Option(
                "--curve",
                help="With --model: also measure token recall, precision and NAME/ID leak "
                "over thresholds (a table; a plot in --results with matplotlib).",
            ),
        ] = False,
        inputs: InputOptions = GIVEN_INPUTS,
    ) -> None:
        """Measure predicted PHI against gold PHI: token, entity and instance level."""
        gold_documents = read_corpus(gold, inputs)
        if curve and model is None:
            raise ConfigError("--curve needs --model (it runs the model at each threshold)")
        if model is None and (threshold is not None or propagate is not None):
            raise ConfigError("--threshold and --propagate apply to --model only, not to PRED")

        def run(pred_path: Path | None, model_name: str | None) -> tuple[Evaluation, str]:
            return run_evaluation(
                gold_documents,
                pred_path=pred_path,
                model=model_name,
                pred_format=replace(inputs, format=pred_format) if pred_format else inputs,
                lang=lang,
                gold_path=gold,
                bootstrap=bootstrap,
                confidence=confidence,
                seed=seed,
                coarse_bio=bio_level is BioLevel.category,
                threshold=threshold if model_name is not None else None,
                ages=ages,
                propagate=propagate if model_name is not None else None,
            )

        evaluation, name_a = run(pred, model)
        tests: list[PairedTest] = []
        name_b = ""
        if compare_pred is not None or compare_model is not None:
            second, name_b = run(compare_pred, compare_model)
            tests = compare(
                evaluation,
                second,
                groups=(("token", "binary", PHI), ("entity-strict", "all", ALL)),
                rounds=rounds,
                seed=seed,
            )
        if output is OutputFormat.json:
            text = to_json(evaluation, tests) + "\n"
        elif output is OutputFormat.csv:
            text = groups_csv(evaluation)
        else:
            renderable = render_tables(
                evaluation, labels=labels, bio=bio, tests=tests, names=(name_a, name_b)
            )
            text = to_text(renderable, width=160) if out is not None else ""
            if out is None:
                print_table(renderable)
        if label_scheme is not None:
            if output is OutputFormat.csv:
                raise ConfigError("--labels: the scheme scores print as a table or as JSON")
            if pred is not None:
                pred_documents = read_corpus(
                    pred, replace(inputs, format=pred_format) if pred_format else inputs
                )
            else:
                assert model is not None
                pred_documents = predict_with_model(
                    gold_documents, model, lang, threshold=threshold, propagate=propagate
                )
            scores = scheme_scores(
                apply_age_rule(gold_documents, ages), apply_age_rule(pred_documents, ages),
                label_scheme,
            )
            if output is OutputFormat.json:
                text = json.dumps(
                    {**json.loads(text), "scheme_scores": scores.to_dict()}, indent=2
                ) + "\n"
            elif out is not None:
                text += to_text(scheme_table(scores), width=160)
            else:
                print_table(scheme_table(scores))
        rows = model_curve(gold_documents, model, lang, ages, propagate) if curve else []
        if rows and output is OutputFormat.json:
            text = json.dumps({**json.loads(text), "threshold_curve": rows}, indent=2) + "\n"
        elif rows:
            table = Table("threshold", "token recall", "token precision", "NAME/ID leak",
                          title="Operating points (token level)")
            for row in rows:
                table.add_row(*(str(row[key]) for key in ("threshold", "recall", "precision",
                                                            "leak")))
            if out is not None or output is not OutputFormat.table:
                text += to_text(table, width=160)
            else:
                print_table(table)
        if out is not None:
            atomic_write_text(out, text)
        elif text:
            typer.echo(text, nl=False)
        if results is not None:
            write_evaluation_folder(
                evaluation,
                results,
                title=f"Evaluation of {name_a}",
                tests=tests,
                names=(name_a, name_b),
                curve=rows,
            )

    @app.command("sample-size")
    @input_options
    def sample_size_command(
        margin: Annotated[
            float | None,
            typer.Option("--margin", "-e", help="Margin of error E (e.g. 0.03 for 90% vs 93%)."),
        ] = None,
        from_accuracy: Annotated[
            float | None,
            typer.Option("--from", help="Lower accuracy to tell apart (with --to; E = to - from)."),
        ] = None,
        to_accuracy: Annotated[float | None, typer.Option("--to", help="Higher accuracy.")] = None,
        proportion: Annotated[
            float,
            typer.Option("--p", help="Expected proportion p (0.5 is conservative: largest N)."),
        ] = 0.5,
        confidence: Annotated[
            float, typer.Option(help="Confidence level (0.95: Z = 1.96).")
        ] = 0.95,
        z: Annotated[
            float | None, typer.Option(help="Use this Z instead of the exact quantile.")
        ] = None,
        corpus: Annotated[
            Path | None, typer.Option("--corpus", help="A gold test corpus: is it big enough?")
        ] = None,
        pred: Annotated[
            Path | None,
            typer.Option(
                "--pred", help="Predictions on --corpus: check the bootstrap interval width."
            ),
        ] = None,
        bootstrap: Annotated[
            int, typer.Option(help="Bootstrap rounds (with --pred).")
        ] = DEFAULT_BOOTSTRAP,
        seed: Annotated[int, typer.Option(help="Random seed of the bootstrap.")] = 0,
        inputs: InputOptions = GIVEN_INPUTS,
    ) -> None:
        """How many PHI instances a test corpus needs: N = Z^2 p(1-p) / E^2 (PhysioNet deid)."""
        if margin is None:
            if from_accuracy is None or to_accuracy is None:
                raise ConfigError("give --margin, or --from and --to")
            margin = abs(to_accuracy - from_accuracy)
        result = sample_size(margin, proportion=proportion, confidence=confidence, z=z)
        typer.echo(
            f"{result.instances} PHI instances needed for a margin of error of "
            f"{margin:.3g} at {confidence:.0%} confidence "
            f"(Z = {result.z:.4g}, p = {proportion:g}: N = Z^2 p(1-p) / E^2)"
        )
        if corpus is None:
            if pred is not None:
                raise ConfigError("--pred needs --corpus (the gold corpus it predicts)")
            return
        gold_documents = read_corpus(corpus, inputs)
        instances = sum(len(document.spans) for document in gold_documents)
        typer.echo(
            f"{corpus.name}: {len(gold_documents)} documents, {instances} PHI instances; "
            + (
                "enough."
                if instances >= result.instances
                else f"short by {result.instances - instances}."
            )
            + (
                f" They give a margin of error of {margin_for(instances, proportion=proportion, confidence=confidence):.3g}."  # noqa: E501
                if instances
                else ""
            )
        )
        if pred is None:
            return
        evaluation = evaluate(
            gold_documents,
            read_corpus(pred, inputs),
            bootstrap=bootstrap,
            confidence=confidence,
            seed=seed,
            gold_path=corpus,
            pred_path=pred,
        )
        for group, label in (
            (("instance", "all", ALL), "instance recall"),
            (("token", "binary", PHI), "token PHI recall"),
        ):
            interval = evaluation.intervals.get(group, {}).get("recall")
            if interval is None or math.isnan(interval.half_width):
                typer.echo(f"{label}: no bootstrap interval (no gold PHI or --bootstrap 0)")
                continue
            half = interval.half_width
            verdict = (
                "the test set is big enough to tell apart recalls this far apart"
                if half <= margin
                else "too wide: about "
                f"{math.ceil(instances * (half / margin) ** 2)} instances would be needed"
            )
            typer.echo(
                f"{label}: {evaluation.measure(group, 'recall'):.3f}, {confidence:.0%} "
                f"bootstrap interval [{interval.low:.3f}, {interval.high:.3f}] "
                f"(half-width {half:.3f} vs margin {margin:.3f}): {verdict}"
            )
