"""Results folders: what evaluations and experiments write and the HTML report reads.

A results folder holds CSV tables, PNG and SVG plots and a ``manifest.json`` written last::

    {"kind": "learning-curve", "title": ..., "created": ..., "deidkit_version": ...,
     "parameters": {...}, "notes": [...],
     "tables": [{"name", "title", "file", "columns", "rows"}],
     "plots": [{"name", "title", "png", "svg"}]}

A folder without a manifest is incomplete (a run that failed or is still going) and the report
skips it.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from deidkit import __version__
from deidkit.errors import InputError, OutputError
from deidkit.io.atomic import atomic_file, atomic_write_text

MANIFEST = "manifest.json"


def rows_to_csv(columns: Sequence[str], rows: Sequence[Mapping[str, Any]]) -> str:
    """CSV text of ``rows`` under ``columns`` (None and NaN as empty cells)."""
    buffer = io.StringIO()
    writer = csv.DictWriter(
        buffer, fieldnames=list(columns), extrasaction="ignore", lineterminator="\n"
    )
    writer.writeheader()
    for row in rows:
        writer.writerow({k: _csv_value(row.get(k)) for k in columns})
    return buffer.getvalue()


def _csv_value(value: Any) -> Any:
    if value is None or (isinstance(value, float) and value != value):
        return ""
    return value


class ResultsWriter:
    """Collects the tables and plots of one run and writes them into ``folder``."""

    def __init__(
        self,
        folder: Path,
        *,
        kind: str,
        title: str,
        parameters: Mapping[str, Any] | None = None,
    ) -> None:
        self.folder = Path(folder)
        if self.folder.exists() and not self.folder.is_dir():
            raise OutputError(f"{self.folder}: exists and is not a folder; choose another --out")
        self.folder.mkdir(parents=True, exist_ok=True)
        self.kind = kind
        self.title = title
        self.parameters: dict[str, Any] = dict(parameters or {})
        self.notes: list[str] = []
        self.tables: list[dict[str, Any]] = []
        self.plots: list[dict[str, Any]] = []
        (self.folder / MANIFEST).unlink(missing_ok=True)

    def write_text(self, name: str, text: str) -> Path:
        path = self.folder / name
        atomic_write_text(path, text)
        return path

    def note(self, text: str) -> None:
        self.notes.append(text)

    def table(
        self,
        name: str,
        title: str,
        rows: Sequence[Mapping[str, Any]],
        columns: Sequence[str] | None = None,
    ) -> None:
        """Add a table (written as ``name``.csv and kept in the manifest)."""
        cols = list(columns) if columns is not None else _columns(rows)
        clean_rows = [{c: jsonable(row.get(c)) for c in cols} for row in rows]
        self.write_text(f"{name}.csv", rows_to_csv(cols, clean_rows))
        self.tables.append(
            {
                "name": name,
                "title": title,
                "file": f"{name}.csv",
                "columns": cols,
                "rows": clean_rows,
            }
        )

    def figure(self, name: str, title: str, figure: Any) -> None:
        """Save a matplotlib figure as ``name``.png and ``name``.svg and close it (None: no
        plot, matplotlib is not installed)."""
        if figure is None:
            if not any(note.startswith("No plots:") for note in self.notes):
                self.note("No plots: matplotlib is not installed (pip install 'deidkit[report]').")
            return
        import matplotlib.pyplot as plt  # lazy: matplotlib is optional (the report extra)

        png, svg = self.folder / f"{name}.png", self.folder / f"{name}.svg"
        for path, fmt in ((png, "png"), (svg, "svg")):
            tmp = path.with_name(f".{path.name}.tmp")
            figure.savefig(
                tmp, format=fmt, dpi=110, bbox_inches="tight", metadata=_plot_metadata(fmt)
            )
            tmp.replace(path)
        plt.close(figure)
        self.plots.append({"name": name, "title": title, "png": png.name, "svg": svg.name})

    def finish(self) -> Path:
        """Write the manifest (last, so a folder with a manifest is complete)."""
        manifest = {
            "kind": self.kind,
            "title": self.title,
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
            "deidkit_version": __version__,
            "parameters": jsonable(self.parameters),
            "notes": self.notes,
            "tables": self.tables,
            "plots": self.plots,
        }
        path = self.folder / MANIFEST
        with atomic_file(path) as handle:
            json.dump(manifest, handle, indent=2, ensure_ascii=False, allow_nan=False)
            handle.write("\n")
        return path


def _plot_metadata(fmt: str) -> dict[str, Any]:
    # No creation date in the files, so a rerun with the same numbers gives the same bytes.
    return {"Software": None} if fmt == "png" else {"Date": None, "Creator": None}


def _columns(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    columns: list[str] = []
    for row in rows:
        for key in row:
            if key not in columns:
                columns.append(key)
    return columns


def jsonable(value: Any) -> Any:
    """Plain JSON values: NaN/inf become None, tuples lists, other objects strings."""
    if isinstance(value, float):
        return None if math.isnan(value) or math.isinf(value) else value
    if isinstance(value, bool | int | str) or value is None:
        return value
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if hasattr(value, "item"):  # numpy scalars
        return jsonable(value.item())
    return str(value)


@dataclass(frozen=True)
class Results:
    """A finished results folder, read back from its manifest."""

    folder: Path
    kind: str
    title: str
    created: str
    parameters: Mapping[str, Any]
    notes: Sequence[str]
    tables: Sequence[Mapping[str, Any]]
    plots: Sequence[Mapping[str, Any]] = field(default_factory=list)

    @classmethod
    def load(cls, folder: Path) -> Results:
        path = folder / MANIFEST
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise InputError(
                "no manifest.json: not a finished results folder", path=folder
            ) from None
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise InputError(
                "manifest.json is not valid JSON", path=path, fix="rerun the experiment"
            ) from None
        if not isinstance(data, dict) or "kind" not in data:
            raise InputError("manifest.json lacks 'kind'", path=path, fix="rerun the experiment")
        return cls(
            folder=folder,
            kind=str(data["kind"]),
            title=str(data.get("title", data["kind"])),
            created=str(data.get("created", "")),
            parameters=data.get("parameters") or {},
            notes=list(data.get("notes") or []),
            tables=list(data.get("tables") or []),
            plots=list(data.get("plots") or []),
        )


def find_results(root: Path) -> Iterator[Results]:
    """Every finished results folder under ``root`` (itself included), in path order."""
    if not root.is_dir():
        raise InputError("not a folder", path=root, fix="give the folder experiments wrote into")
    for manifest in sorted(root.rglob(MANIFEST)):
        yield Results.load(manifest.parent)
