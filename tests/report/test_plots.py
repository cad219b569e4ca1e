"""Plots from synthetic and saved results: the files, their content, and degenerate inputs."""

from __future__ import annotations

import argparse
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

from arraybench.base.errors import ConfigError
from arraybench.measurement import Measurement
from arraybench.results import FAILED, OK, CaseResult, RunResult, load

from ..measure.test_probe import synthetic as synthetic_profile

mpl = pytest.importorskip("matplotlib", reason="plots need matplotlib (pip install matplotlib)")

from arraybench.report import plot_parts, plots  # noqa: E402

DATA = Path(__file__).parent.parent / "data" / "sin2_results.json"
SIZES = (1, 10, 100, 1000, 10_000)
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
ENV = {
    "cpu": "Test CPU 9000",
    "cores": 8,
    "usable_cores": 4,
    "python": "3.11.7",
    "backends": {"numpy": {"version": "2.0.0", "blas": [{"vendor": "openblas"}]}},
}


def case(
    impl: str,
    backend: str,
    n: int,
    seconds: float,
    *,
    workload: str = "w",
    dtype: str = "float64",
    reference: bool = False,
    first_call: float | None = None,
    extends: str | None = None,
    phase: str | None = None,
    seed: int = 0,
) -> CaseResult:
    """An ok case whose 20 samples scatter by 2% around ``seconds``."""
    rng = np.random.default_rng(seed + n)
    samples = tuple(float(v) for v in seconds * rng.lognormal(0.0, 0.02, 20))
    return CaseResult(
        workload,
        impl,
        backend,
        "cpu",
        dtype,
        n,
        OK,
        measurement=Measurement(
            samples=samples, loops=1, first_call=seconds if first_call is None else first_call
        ),
        flops=2.0 * n,
        bytes=16.0 * n,
        reference=reference,
        extends=extends,
        phase=phase,
    )


def failed(impl: str, backend: str, n: int, error: str, workload: str = "w") -> CaseResult:
    return CaseResult(workload, impl, backend, "cpu", "float64", n, FAILED, error=error)


def run(*cases: CaseResult) -> RunResult:
    return RunResult(cases=tuple(cases), env=ENV, started="2024-05-01T12:00:00+00:00")


def rich_run() -> RunResult:
    """Python, NumPy (the reference), a step on NumPy, a JIT paying per size, and a failure."""
    cases = []
    for n in SIZES:
        cases += [
            case("loop", "python", n, 2e-7 + 1e-7 * n),
            case("vec", "numpy", n, 6e-7 + 1e-9 * n, reference=True),
            case("from list", "numpy", n, 6e-7 + 4e-8 * n, extends="vec", phase="conversion"),
            case("jit", "jax", n, 5e-6 + 1e-9 * n, first_call=0.03),
            failed("broken", "numpy", n, "kernel exploded"),
        ]
    return run(*cases)


def labels_of(fig: object) -> list[str]:
    out = []
    for ax in fig.axes:  # type: ignore[attr-defined]
        legend = ax.get_legend()
        if legend is not None:
            out += [t.get_text() for t in legend.get_texts()]
        out += [t.get_text() for t in ax.get_yticklabels()]
    return out


def test_rich_run_has_time_speedup_peak_and_phase_plots() -> None:
    figs = plots.figures(rich_run(), profile=synthetic_profile())
    assert [slug for slug, _, _ in figs] == ["w-time", "w-speedup", "w-peak", "w-phases"]
    titles = {slug: title for slug, title, _ in figs}
    assert titles["w-time"] == "w: time per call against size"
    assert "relative to the reference" in titles["w-speedup"]


def test_failed_cases_are_left_out_of_every_plot() -> None:
    for _, _, fig in plots.figures(rich_run(), profile=synthetic_profile()):
        assert not any("broken" in label for label in labels_of(fig))


def test_time_plot_has_one_line_per_series_with_log_axes_and_units() -> None:
    fig = plots.figures(rich_run())[0][2]
    ax = fig.axes[0]
    assert ax.get_xscale() == "log" and ax.get_yscale() == "log"
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == [
        "loop (python float64)",
        "vec (numpy float64)",
        "from list (numpy float64)",
        "jit (jax float64)",
    ]
    fig.canvas.draw()  # tick labels are made at draw time
    ticks = [t.get_text() for t in ax.get_yticklabels() if t.get_text()]
    assert ticks and all(t.endswith((" s", " ms", " µs", " ns")) for t in ticks)
    # The caption carries the environment.
    caption = " ".join(t.get_text() for t in fig.texts)
    assert "Test CPU 9000" in caption and "numpy 2.0.0 (openblas)" in caption
    assert "8 cores (4 usable)" in caption and "2024-05-01" in caption


def test_time_plot_marks_and_labels_where_the_lines_cross_python() -> None:
    from arraybench.analysis.findings import analyze

    result = rich_run()
    analysis = analyze(result)
    crossing = [c for c in analysis.crossovers if c.status == "crosses" and c.size is not None]
    assert crossing, "the rich run's numpy impls overtake its Python loop"
    ax = plots.figures(result, analysis)[0][2].axes[0]
    labels = [t.get_text() for t in ax.texts]
    assert labels and all(t.startswith("n ≈ ") for t in labels)
    sizes = {plots._crossing_size(c.size or 0.0) for c in crossing}
    assert {t.removeprefix("n ≈ ") for t in labels} <= sizes
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "crossover with loop (python float64)" in legend


def test_time_plot_without_analysis_marks_no_crossover() -> None:
    ax = plots.figures(rich_run())[0][2].axes[0]
    assert not ax.texts


def test_ci_band_spans_each_median() -> None:
    fig = plots.figures(run(*(case("vec", "numpy", n, 1e-6 * n) for n in SIZES)))[0][2]
    bands = fig.axes[0].collections
    assert len(bands) == 1
    (low, high) = bands[0].get_paths()[0].get_extents().get_points()[:, 1]
    assert low < 1e-6 and high > 1e-2


def test_phase_plot_has_a_panel_for_the_step_and_one_for_compilation() -> None:
    fig = dict((s, f) for s, _, f in plots.figures(rich_run()))["w-phases"]
    titles = [ax.get_title(loc="left") for ax in fig.axes]
    assert titles == [
        "from list (numpy float64) = 'vec' + conversion",
        "jit (jax float64): first call = a steady call + compilation, tracing, caches",
    ]
    # The step's share at n=1e4: (4e-4 - 1e-5) / 4e-4 of the time, within the samples' noise.
    step_bars = fig.axes[0].containers[1]
    assert step_bars[-1].get_height() == pytest.approx(0.975, abs=0.03)


def test_no_profile_no_peak_plot() -> None:
    slugs = [s for s, _, _ in plots.figures(rich_run())]
    assert "w-peak" not in slugs and "w-time" in slugs


def test_user_baseline_replaces_the_reference() -> None:
    figs = dict((s, f) for s, _, f in plots.figures(rich_run(), baseline="loop:python:float64"))
    ax = figs["w-speedup"].axes[0]
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "loop (python float64)" not in legend[:-1]
    assert legend[-1] == "the baseline: loop (python float64)"


@pytest.mark.parametrize("text", ["nope:numpy:float64", "vec:numpy", "::"])
def test_bad_baseline_is_a_config_error_that_says_the_form(text: str) -> None:
    with pytest.raises(ConfigError, match="impl:backend:dtype"):
        plots.figures(rich_run(), baseline=text)


def test_baseline_parses_impl_labels_with_colons_and_a_device() -> None:
    assert plots.parse_baseline("a:b:numpy:float32") == ("a:b", "numpy", None, "float32")
    assert plots.parse_baseline("vec:torch:cuda:float32") == ("vec", "torch", "cuda", "float32")


def test_one_case_gives_a_dot_plot() -> None:
    figs = plots.figures(run(case("vec", "numpy", 100, 1e-6, reference=True)))
    assert [s for s, _, _ in figs] == ["w-time"]
    assert figs[0][1] == "w: time per call at n=100"


def test_one_size_gives_dot_plots_with_a_speedup() -> None:
    figs = plots.figures(
        run(case("vec", "numpy", 500, 1e-3, reference=True), case("t", "torch", 500, 2e-3)),
        profile=synthetic_profile(),
    )
    assert [s for s, _, _ in figs] == ["w-time", "w-speedup", "w-peak"]
    ax = figs[1][2].axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["t (torch float64)"]


def test_all_failed_gives_no_plot_and_no_error(tmp_path: Path) -> None:
    result = run(failed("a", "numpy", 10, "boom"), failed("b", "numpy", 100, "bang"))
    assert plots.figures(result, profile=synthetic_profile()) == []
    assert plots.save(result, tmp_path) == []


def test_empty_run_gives_no_plot() -> None:
    assert plots.figures(RunResult(cases=())) == []


def test_save_writes_png_and_svg_of_saved_results(tmp_path: Path) -> None:
    result = load(DATA)
    paths = plots.save(result, tmp_path / "out")
    assert paths and all(p.exists() for p in paths)
    assert {p.suffix for p in paths} == {".png", ".svg"}
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(p.name for p in paths)
    from PIL import Image

    for p in paths:
        if p.suffix == ".png":
            data = p.read_bytes()
            assert data.startswith(PNG_MAGIC) and len(data) > 10_000
            with Image.open(p) as im:
                w, h = im.size
            assert 600 <= w <= 3000 and 200 <= h <= 4000
        else:
            root = ET.parse(p).getroot()
            assert root.tag.endswith("svg")


def test_save_rejects_an_unknown_format(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="png, svg, pdf"):
        plots.save(rich_run(), tmp_path, formats=("gif",))


def test_style_is_restored_after_plotting() -> None:
    before = dict(mpl.rcParams)
    backend = mpl.get_backend()
    figs = plots.figures(rich_run())
    plots.render(figs[0][2], "png")
    assert dict(mpl.rcParams) == before
    assert mpl.get_backend() == backend


def test_workload_names_become_safe_unique_file_names(tmp_path: Path) -> None:
    result = run(
        case("vec", "numpy", 10, 1e-6, workload="<script>/../x"),
        case("vec", "numpy", 10, 1e-6, workload="<script>/../x?"),
    )
    paths = plots.save(result, tmp_path, formats=("svg",))
    assert [p.name for p in paths] == ["script_.._x-time.svg", "script_.._x-2-time.svg"]
    assert all(p.parent == tmp_path for p in paths)


def test_the_same_results_give_the_same_svg() -> None:
    a = plots.render(plots.figures(rich_run())[0][2], "svg")
    b = plots.render(plots.figures(rich_run())[0][2], "svg")
    assert a == b


@pytest.mark.parametrize(
    ("seconds", "text"), [(2.5, "2.5 s"), (1e-3, "1 ms"), (1e-6, "1 µs"), (1e-7, "100 ns")]
)
def test_time_ticks_are_in_units(seconds: float, text: str) -> None:
    assert plot_parts.time_tick(seconds) == text


def test_plot_command_prints_the_files_it_wrote(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from arraybench.cli import plot as plot_cli

    parser = argparse.ArgumentParser()
    plot_cli.add_parser(parser.add_subparsers(), [])
    args = parser.parse_args(
        [
            "plot",
            str(DATA),
            "-o",
            str(tmp_path),
            "--format",
            "svg",
            "--no-profile",
            "--baseline",
            "vectorized:numpy:float64",
        ]
    )
    assert args.handler(args) == 0
    printed = capsys.readouterr().out.split()
    assert printed and all(Path(p).exists() and p.endswith(".svg") for p in printed)


def many_series_run() -> RunResult:
    """One workload with 12 series, as sin2 has on a machine with every library."""
    cases = [
        case(f"impl{i}", "numpy", n, (1 + i) * 1e-7 * n + 1e-6, seed=i)
        for i in range(12)
        for n in SIZES
    ]
    return run(*cases)


def test_a_narrow_layout_puts_the_legend_below_and_wraps_long_text() -> None:
    from arraybench.report.plot_parts import NARROW

    wide = dict((s, f) for s, _, f in plots.figures(rich_run()))
    narrow = {
        s: f
        for fs in plots.figures_by_workload(rich_run(), layout=NARROW).values()
        for s, _, f in fs
    }
    assert narrow.keys() == wide.keys()
    time = narrow["w-time"]
    ax = time.axes[0]
    # As wide as a phone's page; below the axes, the legend adds a line an entry to the height.
    width, height = time.get_size_inches()
    assert width == NARROW.size[0] and height > NARROW.size[1]
    legend = ax.get_legend()
    assert legend.get_texts()[0].get_text() == "loop (python float64)"
    assert legend.get_bbox_to_anchor().y1 < ax.get_window_extent().y0
    # The title over the figure, not the axes (names beside the axis would push it out); the
    # axis label's aside on a line of its own.
    assert time.get_suptitle() == "w: time per call against size" and not ax.get_title("left")
    assert ax.get_ylabel() == "time per call\n(median; band: 95% CI)"
    # The wide figure as it was: the legend beside the axes.
    assert wide["w-time"].axes[0].get_title("left") == "w: time per call against size"
    phases = narrow["w-phases"].axes
    assert all("\n" in ax.get_title("left") for ax in phases)
    assert all(not ax.get_legend().get_in_layout() for ax in phases)


def test_layout_wrap_keeps_short_text_and_breaks_before_an_aside() -> None:
    from arraybench.report.plot_parts import NARROW, WIDE, Layout

    assert WIDE.wrap("a  b (c)") == "a  b (c)"
    assert NARROW.wrap("size n") == "size n"
    assert Layout((1, 1), line=10).wrap("time per call (median)") == "time per\ncall\n(median)"
    assert Layout((1, 1), line=12).wrap("a long title, no aside") == "a long\ntitle, no\naside"
    assert NARROW.name("vec (numpy float32)") == "vec\n(numpy float32)"
    assert WIDE.name("vec (numpy float32)") == "vec (numpy float32)"


def test_a_card_plot_draws_only_the_series_its_answer_names() -> None:
    r = many_series_run()
    named = [("w", "impl0", "numpy", "cpu", "float64"), ("w", "impl7", "numpy", "cpu", "float64")]
    made = plots.card_figure(r, "w", named)
    assert made is not None
    _, fig = made
    ax = fig.axes[0]
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == ["impl0 (numpy float64)", "impl7 (numpy float64)"]
    drawn = [ln.get_label() for ln in ax.get_lines() if not ln.get_label().startswith("_")]
    assert drawn == legend
    svg = plots.render(fig, "svg").decode()
    assert "impl0 (numpy float64)" in svg and "impl7 (numpy float64)" in svg
    assert not any(f"impl{i} (" in svg for i in (1, 2, 3, 4, 5, 6, 8, 9, 10, 11))
    # Small, legend below (a line each): the card shows it about 3.5 inches wide.
    width, height = fig.get_size_inches()
    assert width == plot_parts.CARD_FIGSIZE[0] and height > plot_parts.CARD_FIGSIZE[1]
    # The full plot still draws every series.
    full = plots.figures(r)[0][2]
    assert len(full.axes[0].get_legend().get_texts()) == 12
    # Each series keeps its colour from the full plot.
    colour = {ln.get_label(): ln.get_color() for ln in full.axes[0].get_lines()}
    assert all(
        colour[ln.get_label()] == ln.get_color()
        for ln in ax.get_lines()
        if ln.get_label() in legend
    )


def test_a_card_plot_of_series_that_did_not_run_is_none() -> None:
    assert (
        plots.card_figure(many_series_run(), "w", [("w", "gone", "numpy", "cpu", "float64")])
        is None
    )
