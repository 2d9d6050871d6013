"""``deidkit report``: one self-contained HTML page with every table and plot of a results folder.

Plots are embedded (PNG as base64 data URIs, or inline SVG), styles are inline: the page opens
offline in any browser and can be mailed as one file.
"""

from __future__ import annotations

import base64
import html
import json
import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from deidkit import __version__
from deidkit.errors import InputError
from deidkit.evaluate.results import Results, find_results
from deidkit.io.atomic import atomic_write_text

KIND_ORDER = (
    "evaluation",
    "compare",
    "variants",
    "cv",
    "learning-curve",
    "ablation",
    "kernels",
    "sampling",
)
COLLAPSE_ROWS = 25
_PERCENT_COLUMN = re.compile(
    r"(precision|recall|(^|_)f1|f2|f10|leak_rate|^a$|^b$|difference)(_low|_high|_sd)?$"
)

STYLE = """
body { font-family: system-ui, -apple-system, Segoe UI, Roboto, sans-serif; margin: 2rem auto;
       max-width: 1200px; padding: 0 1rem; color: #1b1b1b; line-height: 1.45; }
h1 { font-size: 1.7rem; } h2 { border-bottom: 2px solid #ddd; padding-bottom: .2rem;
       margin-top: 2.5rem; } h3 { font-size: 1.05rem; margin-top: 1.6rem; }
table { border-collapse: collapse; font-size: .82rem; margin: .5rem 0 1rem; }
th, td { border: 1px solid #d6d6d6; padding: .2rem .45rem; }
th { background: #f3f4f6; position: sticky; top: 0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.scroll { overflow-x: auto; max-width: 100%; }
.meta { color: #555; font-size: .85rem; }
.note { background: #fff8e1; border-left: 4px solid #f0b400; padding: .4rem .7rem; }
.plots { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; }
figure { margin: .5rem 0; flex: 0 1 580px; } figure img, figure svg { max-width: 100%;
       height: auto; }
figcaption { font-size: .85rem; color: #444; }
nav ul { columns: 2; } details summary { cursor: pointer; color: #0b5cad; }
dl.params { display: grid; grid-template-columns: max-content auto; gap: .1rem 1rem;
            font-size: .82rem; } dl.params dt { font-weight: 600; }
"""


def build_report(
    root: Path,
    *,
    title: str = "deidkit experiments",
    notes: Sequence[str] = (),
    svg: bool = False,
) -> str:
    """The HTML page for every finished results folder under ``root``."""
    found = sorted(find_results(root), key=_order)
    if not found:
        raise InputError(
            "no finished results (manifest.json) found",
            path=root,
            fix="run `deidkit experiment ... --out` or `deidkit evaluate ... --results` first",
        )
    sections = [_section(result, root, index, svg) for index, result in enumerate(found)]
    toc = "".join(
        f'<li><a href="#r{i}">{_e(r.title)}</a> <span class="meta">({_e(r.kind)})</span></li>'
        for i, r in enumerate(found)
    )
    note_html = "".join(f'<p class="note">{_e(n)}</p>' for n in notes)
    generated = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>"
        f"<h1>{_e(title)}</h1>"
        f'<p class="meta">Generated {generated} by deidkit {_e(__version__)} from '
        f"{len(found)} results folder(s). Percentages are shares of 1 shown x100; "
        "n/a marks an undefined measure (nothing predicted, or no gold PHI); "
        "_low/_high columns and shaded bands in plots are bootstrap intervals over documents; "
        "dashed lines are baselines.</p>"
        f"{note_html}<nav><h2>Contents</h2><ul>{toc}</ul></nav>"
        + "".join(sections)
        + "</body></html>\n"
    )


def write_report(root: Path, out: Path, **options: Any) -> Path:
    atomic_write_text(out, build_report(root, **options))
    return out


def _order(result: Results) -> tuple[str, int, str]:
    """Folder by folder (e.g. one per corpus), then in the order of KIND_ORDER."""
    kind = KIND_ORDER.index(result.kind) if result.kind in KIND_ORDER else len(KIND_ORDER)
    return (str(result.folder.parent), kind, str(result.folder))


def _section(result: Results, root: Path, index: int, svg: bool) -> str:
    where = result.folder.relative_to(root) if result.folder != root else Path(".")
    parts = [
        f'<section id="r{index}"><h2>{_e(result.title)}</h2>',
        f'<p class="meta">{_e(result.kind)} &middot; folder <code>{_e(str(where))}</code>'
        f" &middot; {_e(result.created)}</p>",
    ]
    parts += [f'<p class="note">{_e(note)}</p>' for note in result.notes]
    if result.parameters:
        parts.append(
            "<details><summary>Parameters</summary>" + _parameters(result.parameters) + "</details>"
        )
    if result.plots:
        figures = "".join(_figure(result.folder, plot, svg) for plot in result.plots)
        parts.append(f'<div class="plots">{figures}</div>')
    for table in result.tables:
        parts.append(_table(table))
    parts.append("</section>")
    return "".join(parts)


def _parameters(parameters: Mapping[str, Any]) -> str:
    items = []
    for key, value in parameters.items():
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        items.append(f"<dt>{_e(key)}</dt><dd>{_e(str(text))}</dd>")
    return f'<dl class="params">{"".join(items)}</dl>'


def _figure(folder: Path, plot: Mapping[str, Any], svg: bool) -> str:
    caption = f"<figcaption>{_e(str(plot.get('title', '')))}</figcaption>"
    if svg and plot.get("svg"):
        path = folder / str(plot["svg"])
        text = _read(path).decode("utf-8")
        text = re.sub(r"^<\?xml[^>]*>\s*(<!DOCTYPE[^>]*>)?", "", text.strip())
        return f"<figure>{text}{caption}</figure>"
    path = folder / str(plot["png"])
    data = base64.b64encode(_read(path)).decode("ascii")
    alt = _e(str(plot.get("title", "plot")))
    return f'<figure><img alt="{alt}" src="data:image/png;base64,{data}">{caption}</figure>'


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        raise InputError("plot file missing", path=path, fix="rerun the experiment") from None


def _table(table: Mapping[str, Any]) -> str:
    columns = [str(c) for c in table.get("columns", [])]
    rows = table.get("rows", [])
    head = "".join(f"<th>{_e(c)}</th>" for c in columns)
    body = []
    for row in rows:
        cells = []
        for c in columns:
            text, numeric = format_cell(c, row.get(c))
            cells.append(f'<td class="num">{text}</td>' if numeric else f"<td>{text}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    html_table = (
        f'<div class="scroll"><table><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )
    title = f"<h3>{_e(str(table.get('title', table.get('name', ''))))}</h3>"
    csv_note = f'<p class="meta">CSV: <code>{_e(str(table.get("file", "")))}</code></p>'
    if len(rows) > COLLAPSE_ROWS:
        return (
            f"{title}<details><summary>{len(rows)} rows</summary>{html_table}</details>{csv_note}"
        )
    return title + html_table + csv_note


def format_cell(column: str, value: Any) -> tuple[str, bool]:
    """(HTML text, is numeric) of a table cell: measures as percentages, seconds rounded."""
    if value is None:
        return ("n/a" if _PERCENT_COLUMN.search(column) else ""), True
    if isinstance(value, bool):
        return _e(str(value)), False
    if isinstance(value, int):
        return f"{value:,}", True
    if isinstance(value, float):
        if column == "p_value":
            return f"{value:.4f}", True
        if _PERCENT_COLUMN.search(column):
            return f"{value * 100:.1f}", True
        if "seconds" in column:
            return f"{value:.2f}", True
        return f"{value:.4g}", True
    return _e(str(value)), False


def _e(text: str) -> str:
    return html.escape(text, quote=True)
