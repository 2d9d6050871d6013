"""Report cell formatting and plots with undefined values."""

from __future__ import annotations

from deidkit.evaluate.experiments.plots import bar_plot, line_plot
from deidkit.evaluate.html_report import format_cell
from deidkit.evaluate.results import ResultsWriter, jsonable


def test_format_cell():
    assert format_cell("phi_precision", 0.98765) == ("98.8", True)
    assert format_cell("strict_f1_low", 0.5) == ("50.0", True)
    assert format_cell("phi_f10", 1.0) == ("100.0", True)
    assert format_cell("recall", None) == ("n/a", True)
    assert format_cell("train_seconds", 12.3456) == ("12.35", True)
    assert format_cell("p_value", 0.00012) == ("0.0001", True)
    assert format_cell("tp", 12345) == ("12,345", True)
    assert format_cell("fraction", 0.03125) == ("0.03125", True)
    assert format_cell("method", "<b>") == ("&lt;b&gt;", False)


def test_plots_skip_undefined_values(tmp_path):
    writer = ResultsWriter(tmp_path, kind="test", title="t")
    writer.figure(
        "line",
        "line",
        line_plot(
            [1, 2, 3],
            {"a": [0.5, None, 0.7]},
            title="t",
            xlabel="x",
            ylabel="y",
            baselines={"base": None, "b2": 0.6},
            log2_x=True,
        ),
    )
    writer.figure("bars", "bars", bar_plot(["x", "y"], {"s": [None, 0.4]}, title="t", ylabel=""))
    writer.table("t", "t", [{"a": float("nan"), "b": (1, 2)}])
    manifest = writer.finish()
    assert manifest.exists()
    assert (tmp_path / "line.png").stat().st_size > 1000
    assert (tmp_path / "t.csv").read_text() == 'a,b\n,"[1, 2]"\n'
    assert jsonable({"x": float("inf"), 1: [float("nan")]}) == {"x": None, "1": [None]}
