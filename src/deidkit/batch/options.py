"""The batch options of ``deidkit deidentify`` and ``deidkit detect``, defined once."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from deidkit.batch.runner import DEFAULT_CHUNK_SIZE, BatchReport, RunSettings
from deidkit.batch.sources import read_options_of

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
) -> RunSettings:
    """RunSettings from the command-line options."""
    if jobs == 0:
        import os

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
    )


def read_options_for(fmt: str, options: dict[str, str]) -> dict[str, str]:
    """The options that apply to the input format's reader."""
    accepted = read_options_of(fmt)
    return {name: value for name, value in options.items() if name in accepted}


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
