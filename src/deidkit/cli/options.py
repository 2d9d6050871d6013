"""The option groups the commands share, each defined once (sqlite-utils' ``output_options``).

- ``@input_options``: ``--format`` and the CSV options (``--text-column``, ``--id-column``,
  ``--patient-column``, ``--date-column``, ``--delimiter``); the command receives them as one
  ``inputs: InputOptions``. Every command that reads a corpus uses it.
- ``@batch_options``: how a batch run is carried out (``--jobs``, ``--dask``, ``--work-dir``,
  ``--restart``, ``--skip-failed``, ``--errors``, ``--progress``, ``--chunk-size``,
  ``--batch-size``); the command receives ``settings: RunSettings``. ``TimeoutOption``,
  ``report_lines`` and ``FAILED_EXIT_CODE`` complete what the batch commands take, print
  and return.
- ``OutputFormatOption`` and ``output_format``: ``--to``, or the format the output path's
  suffix names (``.jsonl``, ``.csv``, ``.xml``), or the input's.

A group is added to a command's signature (typer reads ``__signature__``) and gathered into
one value before the command runs, so a command lists a group once and cannot forget one of
its options.
"""

from __future__ import annotations

import functools
import inspect
import json
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from deidkit.batch.job import DEFAULT_BATCH_SIZE
from deidkit.batch.runner import DEFAULT_CHUNK_SIZE, BatchReport, RunSettings
from deidkit.batch.sources import (
    carries_spans,
    default_output_format,
    input_format,
    read_options_of,
)
from deidkit.errors import ConfigError
from deidkit.io import FIXED_SCHEME_FORMATS, FORMATS, get_format, read_documents
from deidkit.io.schemes import LABEL_READ_OPTIONS, SCHEME_NAMES
from deidkit.types import Document

Command = TypeVar("Command", bound=Callable[..., Any])
_FORMAT_NAMES = ", ".join(FORMATS)

# --- the input group ----------------------------------------------------------------------

FormatOption = Annotated[
    str | None,
    typer.Option(
        "--format",
        "-f",
        help=f"Input format (detected from the path when omitted): {_FORMAT_NAMES}.",
    ),
]
TextColumnOption = Annotated[
    str | None, typer.Option(help="CSV: the column with the note text (default: text).")
]
IdColumnOption = Annotated[
    str | None,
    typer.Option(help="CSV: the column with document ids (default: id; row numbers if absent)."),
]
PatientColumnOption = Annotated[
    str | None, typer.Option(help="CSV: the column with patient ids (default: patient_id).")
]
DateColumnOption = Annotated[
    str | None, typer.Option(help="CSV: the column with note dates (default: note_date).")
]
DelimiterOption = Annotated[
    str | None,
    typer.Option(help="CSV: the field delimiter, e.g. ';' or 'tab' (default: ',', tab for .tsv)."),
]


LabelMapOption = Annotated[
    Path | None,
    typer.Option(
        "--label-map",
        help="What the corpus's own labels mean: a JSON, YAML or 'LABEL = CANONICAL' text "
        "file mapping each to a canonical label or 'ignore' (docs/formats.md).",
    ),
]
LabelsOption = Annotated[
    str | None,
    typer.Option(
        "--labels",
        help="Labels to write: canonical, meddocan, i2b2-2006, i2b2-2014, physionet or a "
        "label map file (default: the model's own scheme, else the spans' own labels); a "
        "label the scheme has no name for is written as its nearest one, announced once.",
    ),
]


@dataclass(frozen=True, slots=True)
class InputOptions:
    """How to read the input corpus: its format (None: detected) and the CSV options."""

    format: str | None = None
    text_column: str | None = None
    id_column: str | None = None
    patient_column: str | None = None
    date_column: str | None = None
    delimiter: str | None = None
    label_map: Path | None = None

    def csv(self) -> dict[str, str]:
        """The CSV options given, as reader/writer keyword options."""
        given = {
            "text_column": self.text_column,
            "id_column": self.id_column,
            "patient_column": self.patient_column,
            "date_column": self.date_column,
            "delimiter": self.delimiter,
        }
        return {name: value for name, value in given.items() if value is not None}

    def format_of(self, source: Path) -> str:
        """The input format: --format, else detected from ``source``."""
        return input_format(Path(source), self.format)

    def read_options(self, fmt: str, *, output: str | None = None) -> dict[str, str]:
        """The options of ``fmt``'s reader; CSV options that apply neither to the input nor
        to the ``output`` format are an error."""
        given = self.csv()
        accepted = read_options_of(fmt)
        own = [name for name in accepted if name not in LABEL_READ_OPTIONS]
        if given and not own and not (output and FORMATS[output].write_options):
            option = "--" + next(iter(given)).replace("_", "-")
            applies = "csv input" if output is None else "csv input or output"
            raise ConfigError(f"{option} applies to {applies} only; this input is {fmt}")
        chosen = {name: value for name, value in given.items() if name in accepted}
        if self.label_map is not None:
            if "label_map" not in accepted:
                raise ConfigError(f"--label-map does not apply to {fmt} input")
            chosen["label_map"] = str(self.label_map)
        return chosen

    def lenient(self, fmt: str, options: dict[str, str]) -> dict[str, str]:
        """``options`` that drop spans with unknown labels (for commands that do not use
        the input spans, such as model-based detect)."""
        if "unknown_labels" in read_options_of(fmt):
            return {**options, "unknown_labels": "drop"}
        return options

    def write_options(self, fmt: str) -> dict[str, str]:
        """The CSV options that the ``fmt`` writer takes."""
        return self.csv() if FORMATS[fmt].write_options else {}

    def read(self, source: Path) -> Iterator[Document]:
        """Stream the documents of ``source``."""
        fmt = self.format_of(source)
        return read_documents(source, fmt, **self.read_options(fmt))


GIVEN_INPUTS = InputOptions()
"""The default of a command's ``inputs`` parameter when it follows parameters with defaults
(``@input_options`` replaces it with the options given)."""

_INPUT_PARAMETERS: tuple[tuple[str, Any], ...] = (
    ("format", FormatOption),
    ("text_column", TextColumnOption),
    ("id_column", IdColumnOption),
    ("patient_column", PatientColumnOption),
    ("date_column", DateColumnOption),
    ("delimiter", DelimiterOption),
    ("label_map", LabelMapOption),
)


def input_options(command: Command) -> Command:
    """Add the input options to ``command``, which takes them as ``inputs: InputOptions``."""
    return _add_group(command, "inputs", _INPUT_PARAMETERS, {}, InputOptions)


# --- the batch group ----------------------------------------------------------------------

JobsOption = Annotated[
    int,
    typer.Option(
        "--jobs",
        "-j",
        help="Worker processes (each loads the model once); 0 = one per CPU core.",
    ),
]
DaskOption = Annotated[
    str | None,
    typer.Option(
        help="Run on a Dask cluster: a scheduler address (tcp://host:8786) or 'local' (a "
        "local cluster of --jobs processes). Needs the dask extra (pip install "
        "'deidkit\\[dask]'); see docs/scale.md.",
    ),
]
WorkDirOption = Annotated[
    Path | None,
    typer.Option(
        help="Where the run keeps its progress, so that rerunning the same command resumes "
        "it (default: .<output name>.deidkit-run next to the output); removed at the end. "
        "It holds note text while the run is unfinished.",
    ),
]
RestartOption = Annotated[
    bool,
    typer.Option(help="Discard the progress of an unfinished earlier run and start again."),
]
SkipFailedOption = Annotated[
    bool,
    typer.Option(
        help="Leave out documents that cannot be processed (and list them in the errors "
        "report, exit code 3) instead of stopping; they are never written.",
    ),
]
ErrorsOption = Annotated[
    Path | None,
    typer.Option(
        "--errors",
        help="Errors report (JSON Lines: id, source, stage, code, reason; never note text) "
        "listing the documents left out with --skip-failed (default: <output>.errors.jsonl).",
    ),
]
ProgressOption = Annotated[
    bool | None,
    typer.Option(
        "--progress/--no-progress",
        help="Show a progress bar on stderr (default: when stderr is a terminal).",
        show_default=False,
    ),
]
TimeoutOption = Annotated[
    float | None,
    typer.Option(
        help="Give up on a document after this many seconds (it fails; see --skip-failed).",
    ),
]
ChunkSizeOption = Annotated[
    int | None,
    typer.Option(
        help=f"Documents per task, the unit of work and of resuming (default: "
        f"{DEFAULT_CHUNK_SIZE}; JSON Lines: about that many 4 kB lines).",
        show_default=False,
    ),
]


BatchSizeOption = Annotated[
    int | None,
    typer.Option(
        help=f"Documents given to the detector at once (default: {DEFAULT_BATCH_SIZE}); "
        "the speed changes, the output does not. A batch that fails is retried one document "
        "at a time, so a bad document fails alone.",
        show_default=False,
    ),
]


def run_settings(
    *,
    jobs: int,
    dask: str | None,
    work_dir: Path | None,
    restart: bool,
    errors: Path | None,
    progress: bool | None,
    chunk_size: int | None = None,
    skip_failed: bool,
    batch_size: int | None = None,
) -> RunSettings:
    """RunSettings from the command-line options."""
    if jobs == 0:
        jobs = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
            os.cpu_count() or 1
        )
    return RunSettings(
        jobs=jobs,
        dask=dask,
        work_dir=work_dir,
        restart=restart,
        errors=errors,
        progress=progress,
        chunk_size=DEFAULT_CHUNK_SIZE if chunk_size is None else chunk_size,
        skip_failed=skip_failed,
        batch_size=DEFAULT_BATCH_SIZE if batch_size is None else batch_size,
    )



_BATCH_PARAMETERS: tuple[tuple[str, Any], ...] = (
    ("jobs", JobsOption),
    ("dask", DaskOption),
    ("work_dir", WorkDirOption),
    ("restart", RestartOption),
    ("skip_failed", SkipFailedOption),
    ("errors", ErrorsOption),
    ("progress", ProgressOption),
    ("chunk_size", ChunkSizeOption),
    ("batch_size", BatchSizeOption),
)
_BATCH_DEFAULTS = {"jobs": 1, "restart": False, "skip_failed": False}


def batch_options(command: Command) -> Command:
    """Add the batch-run options to ``command``, which takes them as ``settings:
    RunSettings``."""
    return _add_group(command, "settings", _BATCH_PARAMETERS, _BATCH_DEFAULTS, _settings)


def _settings(**values: Any) -> RunSettings:
    return run_settings(**values)


# --- detection: operating point, age rule, mentions -----------------------------------------

ThresholdOption = Annotated[
    float | None,
    typer.Option(
        min=0.0,
        max=1.0,
        help="Operating point: a token is PHI when the model's probability that it is "
        "outside PHI is below this (higher finds more PHI, at some precision). Default: the "
        "model's own point (argmax if it has none; see 'deidkit models MODEL').",
    ),
]
AgesOption = Annotated[
    str,
    typer.Option(
        help="Which ages are PHI: 'all' (i2b2 2014) or 'over-89' (HIPAA Safe Harbor: AGE "
        "spans under 90 are dropped from the output and from scoring).",
    ),
]
PropagateOption = Annotated[
    bool | None,
    typer.Option(
        "--propagate/--no-propagate",
        help="Also mark further mentions of the names and IDs found, in the same note and "
        "the same patient's notes (HIDE's iterative extraction). Default: the model's choice "
        "(on for en).",
    ),
]

# --- output labels --------------------------------------------------------------------------


def output_labels(
    labels: str | None, out_format: str, *, model: str | None = None, lang: str = "en"
) -> dict[str, str]:
    """The writer's ``labels`` option: ``--labels``, else (for a model's output in a format
    without a scheme of its own) the label scheme the model was trained on."""
    if labels is not None:
        return {"labels": labels}
    if model == "annotations" or out_format in FIXED_SCHEME_FORMATS:
        return {}
    scheme = model_label_scheme(model, lang)
    return {} if scheme is None else {"labels": scheme}


def model_label_scheme(model: str | None, lang: str) -> str | None:
    """The label scheme a model folder's metadata names (``meddocan``, ...), or its saved
    label map as JSON; None when it names none."""
    # lazy: the model registry loads only for a model's output
    from deidkit.models.registry import resolve_model_path

    path = resolve_model_path(model, lang) / "metadata.json"
    try:
        metadata = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    scheme = metadata.get("label_scheme") if isinstance(metadata, dict) else None
    if scheme == "map" and isinstance(metadata.get("label_map"), dict):
        return json.dumps(metadata["label_map"])
    return scheme if isinstance(scheme, str) and scheme in SCHEME_NAMES else None


# --- the output format --------------------------------------------------------------------

OutputFormatOption = Annotated[
    str | None,
    typer.Option(
        "--to",
        "-t",
        help="Output format (default: the one the output's suffix names, .jsonl, .csv or "
        f".xml for i2b2-2006; else the input's): {_FORMAT_NAMES}.",
    ),
]


def suffix_format(path: Path) -> str | None:
    """The single-file format that ``path``'s suffix names (``.jsonl`` -> jsonl, ``.csv``
    -> csv, ``.xml`` -> i2b2-2006), or None."""
    suffix = Path(path).suffix.lower()
    for fmt in FORMATS.values():
        if not fmt.writes_folder and suffix in fmt.suffixes:
            return fmt.name
    return None


def output_format(target: Path, to: str | None, in_format: str, *, spans: bool = False) -> str:
    """The output format: ``--to``, else the one the target's suffix names, else the input's.

    A suffix that names another format than ``--to`` is an error (``--to csv out.jsonl``).
    With ``spans`` (detect), a format that cannot hold spans is never chosen silently.
    """
    named = suffix_format(target)
    if to is not None:
        chosen = get_format(to).name
        if named is not None and named != chosen:
            raise ConfigError(
                f"{target}: the suffix {Path(target).suffix} means {named} output but --to "
                f"is {chosen}; change the output's suffix or --to"
            )
        return chosen
    if named is not None:
        return named
    chosen = default_output_format(in_format)
    if spans and not carries_spans(chosen):
        raise ConfigError(
            f"{target}: the {chosen} format cannot hold the PHI spans found; give an output "
            "ending in .jsonl, or --to jsonl, brat, inline or i2b2-2014"
        )
    return chosen


# --- printing -------------------------------------------------------------------------------


def report_lines(report: BatchReport) -> list[str]:
    """What a batch run adds to a command's output (stderr): speed, resumed work, errors."""
    if report.reused_chunks:
        lines = [
            f"{report.documents} documents in {report.seconds:.1f} s ({report.workers}); "
            f"resumed: {report.reused_chunks} chunk(s) done by an earlier run were reused"
        ]
    else:
        rate = report.documents / report.seconds if report.seconds else 0.0
        lines = [
            f"{report.documents} documents in {report.seconds:.1f} s ({rate:.1f} documents/s, "
            f"{report.workers})"
        ]
    if report.errors_report is not None:
        lines.append(
            f"errors report ({len(report.failures)} documents not written): "
            f"{report.errors_report}"
        )
    return lines


FAILED_EXIT_CODE = 3
"""Exit code of a run that left out documents it could not process (--skip-failed)."""




def print_table(renderable: Any) -> None:
    """Print a rich table: fitted to a terminal, whole (never cut) anywhere else."""
    from rich.console import Console

    terminal = sys.stdout.isatty()
    Console(width=None if terminal else 100_000, soft_wrap=not terminal).print(renderable)


# --- adding a group to a command ------------------------------------------------------------


def _add_group(
    command: Command,
    name: str,
    parameters: tuple[tuple[str, Any], ...],
    defaults: dict[str, Any],
    build: Callable[..., Any],
) -> Command:
    """``command`` with the group's options in its signature instead of ``name``; the
    wrapper gathers them with ``build(**options)`` and passes the result as ``name``."""
    signature = inspect.signature(command, eval_str=True)
    if name not in signature.parameters:
        raise TypeError(f"{command.__name__} needs a parameter {name!r} for its option group")
    own = [param for param in signature.parameters.values() if param.name != name]
    added = [
        inspect.Parameter(
            option,
            inspect.Parameter.KEYWORD_ONLY,
            default=defaults.get(option),
            annotation=annotation,
        )
        for option, annotation in parameters
    ]
    clash = {param.name for param in own} & {param.name for param in added}
    if clash:
        raise TypeError(f"{command.__name__}: {sorted(clash)[0]!r} is also in the option group")
    names = [option for option, _ in parameters]

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        values = {option: kwargs.pop(option) for option in names if option in kwargs}
        return command(*args, **{name: build(**values)}, **kwargs)

    new = signature.replace(parameters=[*own, *added])
    wrapper.__signature__ = new  # type: ignore[attr-defined]
    wrapper.__annotations__ = {
        param.name: param.annotation for param in new.parameters.values()
    } | {"return": new.return_annotation}
    return wrapper  # type: ignore[return-value]


def csv_options(
    text_column: str | None = None,
    id_column: str | None = None,
    patient_column: str | None = None,
    date_column: str | None = None,
    delimiter: str | None = None,
) -> dict[str, str]:
    """The CSV options given, as keyword options (for commands not using ``input_options``)."""
    return InputOptions(
        None, text_column, id_column, patient_column, date_column, delimiter
    ).csv()
