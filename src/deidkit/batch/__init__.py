"""Batch runs at scale: streaming, worker processes, Dask, resuming, fail-closed reports.

>>> from deidkit.batch import RunSettings, run_deidentify
>>> report = run_deidentify("notes/", "deid/", settings=RunSettings(jobs=4))  # doctest: +SKIP

See docs/scale.md. ``deidkit deidentify`` and ``deidkit detect`` call ``run_deidentify`` and
``run_detect``.
"""

from __future__ import annotations

from deidkit.batch.job import DEFAULT_BATCH_SIZE, Failure, Job
from deidkit.batch.runner import (
    DEFAULT_BUCKETS,
    DEFAULT_CHUNK_SIZE,
    BatchReport,
    RunSettings,
    run_deidentify,
    run_detect,
)
from deidkit.batch.sources import (
    carries_spans,
    default_output_format,
    input_format,
    read_options_of,
)

__all__ = [
    "DEFAULT_BATCH_SIZE",
    "DEFAULT_BUCKETS",
    "DEFAULT_CHUNK_SIZE",
    "BatchReport",
    "Failure",
    "Job",
    "RunSettings",
    "carries_spans",
    "default_output_format",
    "input_format",
    "read_options_of",
    "run_deidentify",
    "run_detect",
]
