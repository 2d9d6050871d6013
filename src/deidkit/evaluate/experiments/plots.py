"""The experiments' plots (matplotlib, Agg backend): lines over a parameter, grouped bars.

Undefined values (None) are left out of a line and drawn as no bar. Without matplotlib (the
``report`` extra) every plot is None and the experiments write their tables only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

try:
    import matplotlib
except ImportError:  # the base install: tables without plots
    AVAILABLE = False
else:
    AVAILABLE = True
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

if TYPE_CHECKING:
    from matplotlib.figure import Figure

COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#17becf")


def _value(value: Any) -> float:
    return float("nan") if value is None else float(value)


def line_plot(
    x: Sequence[float],
    series: Mapping[str, Sequence[float | None]],
    *,
    title: str,
    xlabel: str,
    ylabel: str,
    baselines: Mapping[str, float | None] | None = None,
    bands: Mapping[str, tuple[Sequence[float | None], Sequence[float | None]]] | None = None,
    log2_x: bool = False,
    percent: bool = True,
) -> Figure | None:
    """One line per series over ``x``; dashed horizontal baselines; optional interval bands
    (None without matplotlib)."""
    if not AVAILABLE:
        return None
    figure, axes = plt.subplots(figsize=(6.4, 4.0))
    for index, (name, values) in enumerate(series.items()):
        color = COLORS[index % len(COLORS)]
        axes.plot(x, [_value(v) for v in values], marker="o", color=color, label=name)
        if bands and name in bands:
            low, high = bands[name]
            if any(v is not None for v in (*low, *high)):  # an all-empty band breaks log axes
                axes.fill_between(
                    x,
                    [_value(v) for v in low],
                    [_value(v) for v in high],
                    color=color,
                    alpha=0.15,
                )
    for index, (name, value) in enumerate((baselines or {}).items()):
        if value is not None:
            axes.axhline(
                value,
                linestyle="--",
                linewidth=1,
                color=COLORS[(index) % len(COLORS)],
                alpha=0.7,
                label=name,
            )
    if log2_x:
        axes.set_xscale("log", base=2)
        axes.set_xlim(min(x) / 1.25, max(x) * 1.25)
        axes.set_xticks(list(x))
        axes.set_xticklabels([f"{v:g}" for v in x])
    _finish(axes, title, xlabel, ylabel, percent)
    return figure


def bar_plot(
    categories: Sequence[str],
    series: Mapping[str, Sequence[float | None]],
    *,
    title: str,
    ylabel: str,
    baselines: Mapping[str, float | None] | None = None,
    percent: bool = True,
    ylim: tuple[float, float] | None = None,
) -> Figure | None:
    """Grouped bars: one group per category, one bar per series; dashed baselines (None
    without matplotlib)."""
    if not AVAILABLE:
        return None
    width = max(6.4, 0.55 * len(categories) * max(1, len(series)) + 1.5)
    figure, axes = plt.subplots(figsize=(min(width, 14), 4.2))
    n = max(1, len(series))
    bar_width = 0.8 / n
    positions = range(len(categories))
    for index, (name, values) in enumerate(series.items()):
        offsets = [p - 0.4 + bar_width * (index + 0.5) for p in positions]
        axes.bar(
            offsets,
            [_value(v) for v in values],
            width=bar_width,
            color=COLORS[index % len(COLORS)],
            label=name,
        )
    for index, (name, value) in enumerate((baselines or {}).items()):
        if value is not None:
            axes.axhline(
                value,
                linestyle="--",
                linewidth=1,
                color=COLORS[index % len(COLORS)],
                alpha=0.8,
                label=name,
            )
    axes.set_xticks(list(positions))
    # rotate the labels when the longest would not fit its group (about 10 characters an inch)
    room = min(width, 14) * 0.8 / max(1, len(categories)) * 10
    crowded = len(categories) > 8 or max((len(c) for c in categories), default=0) > room
    axes.set_xticklabels(
        categories, rotation=30 if crowded else 0, ha="right" if crowded else "center"
    )
    if ylim is not None:
        axes.set_ylim(*ylim)
    _finish(axes, title, "", ylabel, percent, legend_below=True)
    return figure


def _finish(
    axes: Any, title: str, xlabel: str, ylabel: str, percent: bool, legend_below: bool = False
) -> None:
    axes.set_title(title)
    if xlabel:
        axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    if percent:
        axes.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    axes.grid(axis="y", alpha=0.3)
    handles, _ = axes.get_legend_handles_labels()
    if handles and legend_below:  # bars fill the plot: the legend goes under it
        axes.legend(
            fontsize="small",
            loc="upper center",
            bbox_to_anchor=(0.5, -0.22 if axes.get_xticklabels()[0].get_rotation() else -0.1),
            ncol=min(4, len(handles)),
            frameon=False,
        )
    elif handles:
        axes.legend(fontsize="small", loc="best")
    axes.figure.tight_layout()
