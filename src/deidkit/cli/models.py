"""``deidkit train``, ``deidkit detect`` and ``deidkit models``: thin commands over
``deidkit.models``.

The functions ``train_model``, ``detect_corpus`` and ``model_rows`` do the work and return
data; the commands print it. Nothing here prints note text: progress and summaries hold
counts, labels, paths and times only.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer

from deidkit.agerule import check_age_rule
from deidkit.batch import run_detect
from deidkit.batch.runner import RunSettings
from deidkit.cli.language import language_warning
from deidkit.cli.options import (
    FAILED_EXIT_CODE,
    GIVEN_INPUTS,
    AgesOption,
    InputOptions,
    LabelsOption,
    OutputFormatOption,
    PropagateOption,
    ThresholdOption,
    TimeoutOption,
    batch_options,
    input_options,
    output_format,
    output_labels,
    report_lines,
)
from deidkit.errors import ConfigError, InputError
from deidkit.io import FORMATS, detect_format, get_format, read_documents, write_documents
from deidkit.io.schemes import as_label_map, label_metadata
from deidkit.models import (
    DEFAULT_MODELS,
    DETECTORS,
    SHIPPED_MODELS,
    build_detector,
    load_model,
    read_model,
    resolve_model_path,
)
from deidkit.models.operating import OPERATING_POINT, categories_of, threshold_of
from deidkit.models.store import folder_size
from deidkit.types import Document

_BATCH = 64


# --- configuration ----------------------------------------------------------------------


def parse_value(text: str) -> Any:
    """A ``--set`` value: JSON when it reads as JSON (numbers, true/false, lists, objects),
    else the string itself."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def read_config_file(path: Path) -> dict[str, Any]:
    """A JSON or TOML file of parameters; a ``features`` table holds feature settings."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise InputError(f"cannot read the config file ({error.strerror})", path=path,
                         fix="check the path") from None
    import tomllib  # lazy: only a --config file reads TOML (~3 ms a command)

    try:
        data = tomllib.loads(raw.decode("utf-8")) if path.suffix == ".toml" else json.loads(raw)
    except (ValueError, UnicodeDecodeError) as error:
        kind = "TOML" if path.suffix == ".toml" else "JSON"
        raise InputError(f"not valid {kind} ({type(error).__name__})", path=path,
                         fix=f"write the parameters as a {kind} object") from None
    if not isinstance(data, dict):
        raise InputError("the config must be an object of parameters", path=path,
                         fix='write e.g. {"c2": 0.1, "features": {"window": 2}}')
    return data


def merge_settings(
    config: dict[str, Any], assignments: Sequence[str]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Detector parameters and feature overrides from a config file and ``--set k=v``
    (``features.window=2`` sets a feature field)."""
    params = {k: v for k, v in config.items() if k != "features"}
    features = dict(config.get("features") or {})
    for assignment in assignments:
        key, sep, value = assignment.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ConfigError(f"--set {assignment!r}: write key=value (e.g. --set c2=0.1)")
        if key.startswith("features."):
            features[key[len("features.") :]] = parse_value(value)
        else:
            params[key] = parse_value(value) if value.strip()[:1] in "[{" else value
    return params, features


# --- train --------------------------------------------------------------------------------


@dataclass
class TrainReport:
    detector: str
    out: Path
    documents: int
    spans: int
    labels: dict[str, int]
    seconds: float
    corpora: list[dict[str, Any]] = field(default_factory=list)


def train_model(
    model: str,
    corpora: Sequence[Path],
    out: Path,
    *,
    format: str | None = None,
    read_options: dict[str, str] | None = None,
    lang: str = "en",
    config: dict[str, Any] | None = None,
    assignments: Sequence[str] = (),
    overwrite: bool = False,
    metadata: dict[str, Any] | None = None,
    label_map: Path | str | None = None,
    progress: Callable[[str], None] | None = None,
    recall_target: float | None = None,
    held_out: float = 0.2,
) -> TrainReport:
    """Train detector ``model`` on the documents of ``corpora`` and save it to ``out``
    (``read_options``: the CSV reader's options, for CSV corpora). With ``recall_target``
    the operating point is chosen first on a held-out share ``held_out`` of the documents
    (``deidkit.models.tuning``) and saved with the model trained on all of them."""
    if model not in DETECTORS:
        raise ConfigError(f"--model {model!r}: use one of {', '.join(DETECTORS)}")
    params, features = merge_settings(config or {}, assignments)
    params.setdefault("lang", lang)
    detector = build_detector(model, params, features or None)
    detector.progress = progress  # type: ignore[attr-defined]
    user_map = as_label_map(label_map)
    documents: list[Document] = []
    summaries = []
    for path in corpora:
        fmt = format or detect_format(path).name
        if read_options and not FORMATS[fmt].read_options:
            raise ConfigError(f"the CSV options do not apply to the {fmt} corpus {path}")
        docs = list(read_documents(path, fmt, label_map=user_map, **(read_options or {})))
        if not docs:
            raise InputError("no documents found", path=path, fix="check the path and --format")
        documents.extend(docs)
        summaries.append({"path": path.name, "format": fmt, "documents": len(docs),
                          "spans": sum(len(d.spans) for d in docs)})
        if progress:
            progress(f"read {len(docs):,} documents from {path} ({fmt})")
            warning = language_warning(docs, lang)
            if warning:
                progress(warning)
    metadata = {**label_metadata(documents, user_map), **(metadata or {})}
    if not corpora and detector.needs_training:
        raise ConfigError(f"the {model} detector needs --corpus (annotated notes)")
    started = time.perf_counter()
    extra: dict[str, Any] = {}
    if recall_target is not None:
        from deidkit.evaluate.curve import (  # lazy: only training loads the evaluation
            choose_operating_point,
        )

        point = choose_operating_point(
            lambda: build_detector(model, params, features or None), documents,
            recall_target=recall_target, held_out=held_out, lang=lang, progress=progress,
        )
        extra[OPERATING_POINT] = point
    detector.fit(documents)
    if recall_target is not None:
        detector.set_threshold(extra[OPERATING_POINT]["threshold"])  # one for all
    seconds = time.perf_counter() - started
    detector.save(out, metadata={"corpora": summaries, **(metadata or {}), **extra},
                  overwrite=overwrite)
    labels = Counter(span.label for doc in documents for span in doc.spans)
    return TrainReport(model, out, len(documents), sum(labels.values()), dict(labels), seconds,
                       summaries)


# --- detect -------------------------------------------------------------------------------


@dataclass
class DetectReport:
    documents: int = 0
    characters: int = 0
    labels: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    source_format: str = ""
    target_format: str = ""


def detect_corpus(
    source: Path,
    target: Path,
    *,
    model: str | None = None,
    lang: str = "en",
    format: str | None = None,
    to: str | None = None,
) -> DetectReport:
    """Predict the PHI of every document of ``source`` and write them to ``target``."""
    fmt = get_format(format) if format else detect_format(source)
    out_format = get_format(to) if to else fmt
    detector = load_model(model, lang=lang)
    report = DetectReport(source_format=fmt.name, target_format=out_format.name)
    started = time.perf_counter()

    def predicted() -> Iterator[Document]:
        for batch in _batches(read_documents(source, fmt.name), _BATCH):
            for document in detector.predict([doc.with_spans(()) for doc in batch]):
                report.documents += 1
                report.characters += len(document.text)
                report.labels.update(span.label for span in document.spans)
                yield document

    write_documents(predicted(), target, out_format.name)
    report.seconds = time.perf_counter() - started
    if report.documents == 0:
        raise InputError("no documents found", path=source, fix="check the path and --format")
    return report


def _batches(documents: Iterable[Document], size: int) -> Iterator[list[Document]]:
    batch: list[Document] = []
    for document in documents:
        batch.append(document)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


# --- models ---------------------------------------------------------------------------------


def model_rows() -> list[dict[str, Any]]:
    """One row per shipped model: name, language, detector, size, training data, default."""
    rows = []
    for name, shipped in SHIPPED_MODELS.items():
        row: dict[str, Any] = {"name": name, "lang": shipped.lang,
                               "default": DEFAULT_MODELS.get(shipped.lang) == name,
                               "description": shipped.description}
        try:
            saved = read_model(shipped.path)
        except Exception as error:
            row.update(detector="?", installed=False, problem=str(error))
        else:
            training = saved.metadata.get("training", {})
            row.update(detector=saved.detector, installed=True,
                       size_mb=round(folder_size(shipped.path) / 1e6, 2),
                       trained_on=training.get("documents", 0),
                       created=saved.metadata.get("created", ""))
        rows.append(row)
    return rows


def operating_point_line(metadata: dict[str, Any]) -> str:
    """How a model decides: its threshold and what was measured there, or argmax."""
    point = metadata.get(OPERATING_POINT)
    if not isinstance(point, dict):
        point = {}
    categories = categories_of(metadata)
    if point.get("threshold") is None:
        parts = ["argmax (no threshold set; --threshold T sets one)"]
    elif categories:
        own = ", ".join(f"{name} {value}" for name, value in categories.items())
        parts = [f"threshold {point['threshold']} ({own}; --threshold T puts all at T)"]
    else:
        parts = [f"threshold {point['threshold']}"]
    if point.get("recall_target") is not None:
        parts.append(f"chosen for recall {point['recall_target']}")
    if point.get("recall") is not None:
        parts.append(f"held-out token recall {point['recall']}, precision {point.get('precision')}")
    if isinstance(point.get("propagate"), bool):
        parts.append(f"mention propagation {'on' if point['propagate'] else 'off'} by default")
    return "; ".join(parts)


def measured_lines(metadata: dict[str, Any]) -> list[str]:
    """What was measured for a model, the hand-written test set first (notes written apart
    from the training data), then held-out template families and seen ones."""
    lines = []
    handwritten = metadata.get("handwritten_evaluation")
    if isinstance(handwritten, dict):
        for rule, score in (handwritten.get("ages") or {}).items():
            lines.append(
                f"hand-written set ({handwritten.get('notes')} notes, --ages {rule}): token "
                f"recall {score['token_recall']}, precision {score['token_precision']}, "
                f"NAME+ID leak {score['leak_name_id']}"
            )
    held_out = metadata.get("held_out_evaluation")
    summary = held_out.get("summary", {}) if isinstance(held_out, dict) else {}
    threshold = threshold_of(metadata)
    curve = summary.get("held_out_curve")
    shipped = [point for point in curve if isinstance(point, dict)
               and point.get("threshold") == threshold] if isinstance(curve, list) else []
    point = metadata.get(OPERATING_POINT)
    own = point.get("held_out") if isinstance(point, dict) else None
    categories = categories_of(metadata)
    if categories and isinstance(own, dict):  # measured at the point itself
        lines.append(
            f"held-out template families at the shipped point: token recall "
            f"{own.get('recall')}, precision {own.get('precision')}, NAME+ID leak "
            f"{own.get('leak')}"
        )
    elif threshold is not None and shipped and not categories:
        lines.append(
            f"held-out template families at the shipped threshold {threshold}: token recall "
            f"{shipped[0].get('recall')}, precision {shipped[0].get('precision')}, NAME+ID "
            f"leak {shipped[0].get('leak')}"
        )
    at = " at argmax" if threshold is not None else ""
    for key, what in (("held_out_families", "held-out template families"),
                      ("seen_families", "seen template families")):
        if isinstance(summary.get(key), dict):
            score = summary[key]
            lines.append(
                f"{what}{at}: token recall {score.get('token_phi_recall')}, precision "
                f"{score.get('token_phi_precision')}, NAME+ID leak {score.get('leak_rate')}, "
                f"strict entity F1 {score.get('entity_strict_f1')}"
            )
    return lines


def model_info(name_or_path: str, lang: str) -> dict[str, Any]:
    """Config and metadata of a shipped model or a model folder (verified)."""
    path = resolve_model_path(name_or_path, lang)
    saved = read_model(path)
    return {"path": str(path), "size_mb": round(folder_size(path) / 1e6, 2),
            "config": saved.config, "metadata": saved.metadata}


# --- commands -------------------------------------------------------------------------------


def _progress(message: str) -> None:
    typer.echo(message, err=True)


def register(app: typer.Typer) -> None:
    @app.command("train")
    @input_options
    def train_command(
        model: Annotated[str, typer.Option(help=f"Detector: {', '.join(DETECTORS)}.")],
        out: Annotated[Path, typer.Option(help="Folder to write the trained model to.")],
        corpus: Annotated[
            list[Path] | None,
            typer.Option(help="Annotated corpus (file or folder); repeat to train on several. "
                         "Not needed for --model rules."),
        ] = None,
        lang: Annotated[str, typer.Option(help="Language of the notes (en, es; a "
                                          "warning says when the corpus looks like "
                                          "another language).")] = "en",
        config: Annotated[
            Path | None,
            typer.Option(help="JSON or TOML file of parameters; a 'features' table holds "
                         "feature settings."),
        ] = None,
        set_: Annotated[
            list[str] | None,
            typer.Option("--set", help="A parameter, key=value (repeatable): --set c2=0.1, "
                         "--set features.window=2, --set kernel=quadratic."),
        ] = None,
        force: Annotated[bool, typer.Option(help="Replace --out if it holds a model.")] = False,
        meta: Annotated[
            list[str] | None,
            typer.Option(help="Extra metadata saved with the model, key=value (repeatable), "
                         "e.g. --meta 'credit=MEDDOCAN, CC BY 4.0'."),
        ] = None,
        recall_target: Annotated[
            float | None,
            typer.Option(min=0.0, max=1.0,
                         help="Choose the operating point on held-out notes: the threshold "
                         "with the best precision whose token recall reaches this (e.g. "
                         "0.99), saved with the model (crf, svm, tree, ensemble)."),
        ] = None,
        held_out: Annotated[
            float,
            typer.Option(min=0.05, max=0.5,
                         help="With --recall-target: the share of documents (by patient when "
                         "they have patient ids) held out to choose the threshold on."),
        ] = 0.2,
        inputs: InputOptions = GIVEN_INPUTS,
    ) -> None:
        """Train a PHI detector on annotated notes and save it as a model folder."""
        extra = {}
        for item in meta or []:
            key, sep, value = item.partition("=")
            if not sep or not key.strip():
                raise ConfigError(f"--meta {item!r}: write key=value")
            extra[key.strip()] = value
        report = train_model(
            model, corpus or [], out, format=inputs.format, lang=lang,
            read_options=inputs.csv(), label_map=inputs.label_map,
            config=read_config_file(config) if config else None,
            assignments=set_ or [], overwrite=force, progress=_progress, metadata=extra,
            recall_target=recall_target, held_out=held_out,
        )
        typer.echo(
            f"trained {report.detector} on {report.documents:,} documents "
            f"({report.spans:,} PHI spans) in {report.seconds:.1f} s; saved to {report.out}"
        )

    @app.command("detect")
    @input_options
    @batch_options
    def detect_command(
        source: Annotated[Path, typer.Argument(help="Input: a file or a folder of notes.")],
        target: Annotated[Path, typer.Argument(
            help="Output file or folder: its suffix chooses the format unless --to is given "
            "(.jsonl, .csv, .xml); else the input's, if it can hold the spans.")],
        inputs: InputOptions,
        settings: RunSettings,
        model: Annotated[
            str | None,
            typer.Option(help="A shipped model name or a model folder (default: the "
                         "language's default model)."),
        ] = None,
        lang: Annotated[str, typer.Option(help="Language code of the notes (en, es, ...).")] = "en",
        to: OutputFormatOption = None,
        timeout: TimeoutOption = None,
        threshold: ThresholdOption = None,
        ages: AgesOption = "all",
        propagate: PropagateOption = None,
        labels: LabelsOption = None,
    ) -> None:
        """Find PHI: write the input documents with the predicted PHI spans."""
        # deidkit.batch streams the input through --jobs processes (or Dask), resumably
        in_format = inputs.format_of(source)
        out_format = output_format(target, to, in_format, spans=True)
        report = run_detect(
            source, target, model=model, lang=lang, source_format=in_format, to=out_format,
            read_options=inputs.lenient(
                in_format, inputs.read_options(in_format, output=out_format)
            ),
            write_options={
                **inputs.write_options(out_format),
                **output_labels(labels, out_format, model=model, lang=lang),
            },
            timeout=timeout, settings=settings,
            threshold=threshold, ages=check_age_rule(ages), propagate=propagate,
        )
        rate = report.characters / report.seconds if report.seconds else 0.0
        labels = ", ".join(f"{k} {v}" for k, v in sorted(report.spans.items())) or "none"
        typer.echo(
            f"found {sum(report.spans.values()):,} PHI spans in {report.documents:,} documents "
            f"({report.source_format} -> {report.target_format}, {report.seconds:.1f} s, "
            f"{rate:,.0f} characters/s); {labels}"
        )
        if report.spans_dropped_by_format:
            typer.echo(f"note: the {report.target_format} format holds text only; the spans "
                       "were not written (use jsonl, brat, inline or i2b2-2014)", err=True)
        for line in report_lines(report):
            typer.echo(line, err=True)
        if report.failures:
            raise typer.Exit(FAILED_EXIT_CODE)

    @app.command("models")
    def models_command(
        model: Annotated[
            str | None,
            typer.Argument(help="Show one model in detail: a shipped name or a model folder."),
        ] = None,
        lang: Annotated[str, typer.Option(help="Language, for the default model.")] = "en",
        json_: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    ) -> None:
        """List the shipped models (or describe one model)."""
        if model is not None:
            info = model_info(model, lang)
            if json_:
                typer.echo(json.dumps(info, indent=2, ensure_ascii=False))
                return
            config, metadata = info["config"], info["metadata"]
            typer.echo(f"{info['path']}: {config['detector']} model, {info['size_mb']} MB")
            for key in ("description", "deidkit_version", "created", "credit", "license"):
                if key in metadata:
                    typer.echo(f"  {key}: {metadata[key]}")
            typer.echo(f"  operating point: {operating_point_line(metadata)}")
            for line in measured_lines(metadata):
                typer.echo(f"  measured: {line}")
            typer.echo(f"  training: {json.dumps(metadata.get('training', {}))}")
            typer.echo(f"  parameters: {json.dumps(config.get('params', {}))}")
            return
        rows = model_rows()
        if json_:
            typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
            return
        for row in rows:
            default = f" (default for {row['lang']})" if row["default"] else ""
            state = (f"{row['detector']}, {row['size_mb']} MB, trained on "
                     f"{row['trained_on']} documents" if row["installed"]
                     else f"NOT INSTALLED: {row['problem']}")
            typer.echo(f"{row['name']}{default}: {state}")
            typer.echo(f"    {row['description']}")
