"""Evaluation output: readable tables (rich), JSON and CSV, and an evaluation results folder.

Numbers are shown as percentages with one decimal in tables; JSON and CSV keep full precision,
with undefined measures as null / empty.
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, Group
from rich.table import Table

from deidkit.evaluate.evaluation import HEADLINE, Evaluation
from deidkit.evaluate.results import ResultsWriter, rows_to_csv
from deidkit.evaluate.significance import MEASURES, PairedTest
from deidkit.io.atomic import atomic_write_text

GROUP_COLUMNS: tuple[str, ...] = (
    "level",
    "scope",
    "name",
    "tp",
    "fp",
    "fn",
    "tn",
    "tp_pred",
    *(f"{m}{suffix}" for m in MEASURES for suffix in ("", "_low", "_high")),
)


def percent(value: float | None, digits: int = 1) -> str:
    """0.9537 -> '95.4'; None or NaN -> 'n/a'."""
    if value is None or value != value:
        return "n/a"
    return f"{value * 100:.{digits}f}"


def summary_table(evaluation: Evaluation, title: str = "Summary") -> Table:
    table = Table(title=title, caption="percent; TN = true negatives (correct O tokens)")
    table.add_column("measure", no_wrap=True)
    for column in ("TP", "FP", "FN", "P", "R", "F1", "F2", "F10"):
        table.add_column(column, justify="right")
    for group, short, _ in HEADLINE:
        row = evaluation.group_row(group)
        table.add_row(
            short,
            str(row["tp"]),
            str(row["fp"]),
            str(row["fn"]),
            *(percent(row[name]) for name in ("precision", "recall", "f1", "f2", "f10")),
        )
    return table


def interval_table(evaluation: Evaluation) -> Table:
    confidence = evaluation.settings.get("confidence", 0.95)
    table = Table(
        title=f"{confidence:.0%} bootstrap intervals",
        caption=f"percent; documents resampled ({evaluation.documents} documents, "
        f"{evaluation.settings.get('bootstrap_rounds')} rounds)",
    )
    for column in ("measure", "P", "R", "F1"):
        table.add_column(column, justify="left" if column == "measure" else "right")
    for group, short, _ in HEADLINE:
        row = evaluation.group_row(group)
        table.add_row(short, *(_interval(row, name) for name in ("precision", "recall", "f1")))
    return table


def _interval(row: Mapping[str, Any], name: str) -> str:
    low, high = row.get(f"{name}_low"), row.get(f"{name}_high")
    if low is None or high is None:
        return "n/a"
    return f"{percent(low)}-{percent(high)}"


def breakdown_table(evaluation: Evaluation, scope: str, title: str) -> Table:
    """Per category or per label: token P/R/F1, strict entity P/R/F1 and instance recall."""
    table = Table(title=title, caption="percent; support = gold tokens / gold entities")
    for column in (
        scope,
        "tokens",
        "tok P",
        "tok R",
        "tok F1",
        "entities",
        "strict P",
        "strict R",
        "strict F1",
        "inst R",
    ):
        if column == scope:
            table.add_column(column, no_wrap=True)
        else:
            table.add_column(column, justify="right")
    names = [key[2] for key in evaluation.groups("token", scope)]
    names += [key[2] for key in evaluation.groups("entity-strict", scope) if key[2] not in names]
    for name in names:
        tok = evaluation.group_row(("token", scope, name))
        ent = evaluation.group_row(("entity-strict", scope, name))
        inst = evaluation.group_row(("instance", scope, name)) if scope == "category" else None
        table.add_row(
            name,
            str(tok["tp"] + tok["fn"]),
            percent(tok["precision"]),
            percent(tok["recall"]),
            percent(tok["f1"]),
            str(ent["tp"] + ent["fn"]),
            percent(ent["precision"]),
            percent(ent["recall"]),
            percent(ent["f1"]),
            percent(inst["recall"]) if inst else "",
        )
    return table


def phi_confusion_table(evaluation: Evaluation) -> Table:
    table = Table(title="PHI confusion matrix (tokens)")
    table.add_column("")
    table.add_column("actual PHI", justify="right")
    table.add_column("actual non-PHI", justify="right")
    for row_name, cells in evaluation.phi_confusion().items():
        table.add_row(row_name, f"{cells['actual PHI']:,}", f"{cells['actual non-PHI']:,}")
    return table


def bio_table(evaluation: Evaluation) -> Table:
    level = evaluation.settings.get("bio_level", "label")
    table = Table(title=f"BIO confusion matrix by {level} (rows true, columns predicted)")
    tags = evaluation.bio_tags()
    table.add_column("true \\ pred")
    for tag in tags:
        table.add_column(tag, justify="right")
    for column in ("total", "P", "R", "F1"):
        table.add_column(column, justify="right")
    for row in evaluation.bio_rows():
        table.add_row(
            row["tag"],
            *(str(row["cells"][tag]) for tag in tags),
            str(row["total"]),
            percent(row["precision"]),
            percent(row["recall"]),
            percent(row["f1"]),
        )
    return table


def paired_table(tests: Sequence[PairedTest], name_a: str, name_b: str) -> Table:
    table = Table(
        title=f"{name_b} vs {name_a}: paired test",
        caption=tests[0].method if tests else "",
    )
    for column in ("group", "measure", name_a, name_b, "difference", "interval", "p"):
        table.add_column(column, justify="left" if column in ("group", "measure") else "right")
    for test in tests:
        interval = test.difference_interval
        table.add_row(
            "/".join(test.group),
            test.measure,
            percent(test.a),
            percent(test.b),
            percent(test.difference),
            f"[{percent(interval.low)}, {percent(interval.high)}]",
            f"{test.p_value:.4f}",
        )
    return table


def render_tables(
    evaluation: Evaluation,
    *,
    labels: bool = True,
    bio: bool = False,
    tests: Sequence[PairedTest] = (),
    names: tuple[str, str] = ("A", "B"),
) -> Group:
    parts: list[Table] = [summary_table(evaluation)]
    if evaluation.intervals:
        parts.append(interval_table(evaluation))
    parts.append(breakdown_table(evaluation, "category", "By category"))
    if labels:
        parts.append(breakdown_table(evaluation, "label", "By label"))
    parts.append(phi_confusion_table(evaluation))
    if bio:
        parts.append(bio_table(evaluation))
    if tests:
        parts.append(paired_table(tests, *names))
    return Group(*parts)


def to_text(renderable: Any, width: int = 140) -> str:
    """A rich renderable as plain text (for files and tests)."""
    console = Console(file=io.StringIO(), width=width, color_system=None, record=True)
    console.print(renderable)
    return console.export_text()


def to_json(evaluation: Evaluation, tests: Sequence[PairedTest] = ()) -> str:
    data = evaluation.to_dict()
    if tests:
        data["paired_tests"] = [test.to_dict() for test in tests]
    return json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False)


def groups_csv(evaluation: Evaluation) -> str:
    """Every group of the evaluation, one row each (long format)."""
    rows = [evaluation.group_row(group) for group in evaluation.groups()]
    return rows_to_csv(GROUP_COLUMNS, rows)


def bio_csv(evaluation: Evaluation) -> str:
    columns, rows = bio_flat_rows(evaluation)
    return rows_to_csv(columns, rows)


def bio_flat_rows(evaluation: Evaluation) -> tuple[tuple[str, ...], list[dict[str, Any]]]:
    """The BIO matrix as flat rows: true tag, one column per predicted tag, total, P, R, F1."""
    tail = ("total", "precision", "recall", "f1")
    rows = [
        {"true": row["tag"], **row["cells"], **{k: row[k] for k in tail}}
        for row in evaluation.bio_rows()
    ]
    return ("true", *evaluation.bio_tags(), *tail), rows


def write_evaluation_folder(
    evaluation: Evaluation,
    folder: Path,
    *,
    title: str = "Evaluation",
    tests: Sequence[PairedTest] = (),
    names: tuple[str, str] = ("A", "B"),
    curve: Sequence[Mapping[str, Any]] = (),
) -> None:
    """Write evaluation.json, groups.csv, bio_confusion.csv and a manifest the report reads;
    with ``curve`` (rows of ``deidkit.evaluate.curve.curve_rows``) also the precision-recall
    table over thresholds and, with matplotlib, its plot."""
    writer = ResultsWriter(folder, kind="evaluation", title=title)
    writer.write_text("evaluation.json", to_json(evaluation, tests))
    writer.table(
        "summary",
        "Summary",
        [
            {**evaluation.group_row(group), "measure": short, "description": description}
            for group, short, description in HEADLINE
        ],
        ("measure", "description", *GROUP_COLUMNS[3:]),
    )
    writer.table(
        "groups",
        "Every group",
        [evaluation.group_row(g) for g in evaluation.groups()],
        GROUP_COLUMNS,
    )
    writer.table(
        "phi_confusion",
        "PHI confusion matrix (tokens)",
        [{"": name, **cells} for name, cells in evaluation.phi_confusion().items()],
        ("", "actual PHI", "actual non-PHI"),
    )
    columns, rows = bio_flat_rows(evaluation)
    writer.table(
        "bio_confusion",
        f"BIO confusion matrix by {evaluation.settings.get('bio_level', 'label')}",
        rows,
        columns,
    )
    if tests:
        writer.table(
            "paired_tests",
            f"{names[1]} vs {names[0]}: paired test",
            [test.to_dict() for test in tests],
            tuple(tests[0].to_dict()),
        )
    if curve:
        writer.table(
            "threshold_curve",
            "Token PHI recall, precision and NAME/ID leak over operating points",
            list(curve),
            ("threshold", "recall", "precision", "leak"),
        )
        # lazy: matplotlib is optional (the report extra)
        from deidkit.evaluate.experiments.plots import line_plot

        measured = [row for row in curve if isinstance(row["threshold"], float)]
        writer.figure(
            "threshold_curve",
            "Operating points",
            line_plot(
                [row["threshold"] for row in measured],
                {name: [row[key] for row in measured] for key, name in (
                    ("recall", "token recall"), ("precision", "token precision"),
                    ("leak", "NAME/ID leak"))},
                title="Recall and precision over thresholds",
                xlabel="threshold (PHI when P(outside) is below it)",
                ylabel="",
            ),
        )
    writer.finish()


def write_text_file(path: Path, text: str) -> None:
    atomic_write_text(path, text)
