"""Plots of saved results: time against size, speed against a baseline, fraction of peak, phases.

Per workload, up to four figures (and, for a summary card, a small time plot of the series its
answer names: ``card_figure``):

    time      median time per call against size (log-log), one line per series, its 95% CI
              as a band; given the analysis, the fitted cost models dotted and the crossovers
              ringed and labelled ``n ≈ 43``; one size only: a dot per series with its CI
    speedup   baseline time / series time against size (log-x): above 1 is faster than the
              baseline (the workload's reference impl unless ``baseline=`` names a series)
    peak      the fraction of the machine's limit each case reaches (needs a probe profile)
    phases    stacked shares of the time: a declared step (``extends=``/``phase=``) on top of
              the impl it extends, and the first call's extra cost (compilation) on top of a
              steady call

Figures are built as ``matplotlib.figure.Figure`` objects, never through pyplot: no backend is
selected or changed, no window opens, and nothing is kept in pyplot's registry of open figures.
Style settings apply only inside ``matplotlib.rc_context``, so the caller's settings are left as
they were. Failed cases are left out of every plot (the reports list them with their errors).
"""

from __future__ import annotations

import io
import math
import os
import re
from collections import Counter, defaultdict
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..base.errors import ConfigError
from ..base.files import atomic_write
from ..base.units import format_size, format_time
from ..results import CaseResult, RunResult
from .plot_parts import (
    LOG_AXIS_SPAN,
    NARROW,
    WIDE,
    Layout,
    Series,
    add_caption,
    add_legend,
    add_title,
    by_series,
    dots,
    formatter,
    log_axis,
    need_matplotlib,
    new_figure,
    percent_text,
    percent_tick,
    ratio_tick,
    series_colours,
    series_label,
    size_axis,
    style,
    time_tick,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ..analysis.findings import Analysis
    from ..measure.profile import MachineProfile

#: One plot: (slug, title, figure). The slug names its files: ``{slug}.png``.
Plot = tuple[str, str, "Figure"]

#: Formats ``save`` writes; matplotlib picks the writer from the file's suffix.
FORMATS = ("png", "svg", "pdf")
#: Height of one panel of the phase figure, in inches.
PHASE_PANEL_HEIGHT = 1.9
#: More sizes than this in a phase panel: labels turn so that they do not overlap.
PHASE_FLAT_LABELS = 10
#: A narrow phase panel: inches more for its title's second line, and room above the bars (a
#: fraction of the axis, 100% = a whole bar) for its legend.
PHASE_NARROW_EXTRA, PHASE_NARROW_ROOM = 0.35, 0.55
#: Characters on a line of a narrow phase panel's legend: two entries side by side.
PHASE_NARROW_LEGEND = 24
#: Pixels per inch of PNG files: sharp on a laptop screen, ~100 kB a figure.
PNG_DPI = 110
#: Opacity of a CI band: visible, yet lines of other series show through it.
BAND_ALPHA = 0.18
#: Crossovers labelled on a time plot at most, and the least ratio between the sizes of two
#: labels: more, or closer, and the labels would cover each other and the lines.
MAX_CROSSOVER_LABELS, CROSSOVER_LABEL_GAP = 6, 2.0
MARKERS = "osD^vP*X<>hp"
#: Colours of the two parts of a phase bar: the part measured before, and the step on top.
BASE_COLOUR, STEP_COLOUR = "#9db4d0", "#e8833a"


# -- public API ---------------------------------------------------------------------------------


def figures(
    result: RunResult,
    analysis: Analysis | None = None,
    profile: MachineProfile | None = None,
    baseline: str | None = None,
) -> list[Plot]:
    """Every plot of a run, workload by workload.

    Args:
        result: the run.
        analysis: its analysis (``analysis.findings.analyze``); when given, each series' fitted
            cost model t(n) = a + b·n^k is drawn dotted on the time plot where it holds.
        profile: the machine's limits (``measure.profile.load_cached()``); None leaves out the
            fraction-of-peak plots.
        baseline: ``"impl:backend:dtype"`` (or ``"impl:backend:device:dtype"``), the series the
            speedup plots compare with; None compares each case with its reference impl.

    Returns:
        ``(slug, title, figure)`` per plot; the slug is safe as a file name and unique.

    Raises:
        ConfigError: ``baseline`` is malformed or names no series of the run.
    """
    out: list[Plot] = []
    for plots in figures_by_workload(result, analysis, profile, baseline).values():
        out += plots
    return out


def figures_by_workload(
    result: RunResult,
    analysis: Analysis | None = None,
    profile: MachineProfile | None = None,
    baseline: str | None = None,
    layout: Layout = WIDE,
) -> dict[str, list[Plot]]:
    """:func:`figures`, grouped by workload name (in the run's order), drawn for ``layout``
    (``plot_parts.NARROW``: a phone's page).

    A workload whose cases all failed has an empty list: there is nothing to draw.
    """
    base = parse_baseline(baseline) if baseline is not None else None
    if base is not None and not any(_matches(c, base) and c.ok for c in result.cases):
        known = sorted({f"{c.impl}:{c.backend}:{c.device}:{c.dtype}" for c in result.cases})
        raise ConfigError(
            f"--baseline {baseline!r} matches no measured series; use impl:backend:dtype, one of: "
            + ", ".join(known[:20])
            + (" ..." if len(known) > 20 else "")
        )
    caption = environment_caption(result)
    slugs = Slugs()
    out: dict[str, list[Plot]] = {}
    with style():
        for workload, cases in _by_workload(result).items():
            ok = [c for c in cases if c.ok and c.measurement is not None]
            plots: list[Plot] = []
            out[workload] = plots
            if not ok:
                continue
            slug = slugs.take(workload)
            for kind, made in (
                ("time", _time_figure(workload, ok, analysis, layout=layout)),
                ("speedup", _speedup_figure(result, workload, ok, base, layout)),
                ("peak", _peak_figure(workload, ok, profile, layout)),
                ("phases", _phase_figure(result, workload, ok, layout)),
            ):
                if made is None:
                    continue
                title, fig = made
                add_caption(fig, caption, layout)
                plots.append((f"{slug}-{kind}", title, fig))
    return out


def card_figure(
    result: RunResult,
    workload: str,
    series: Collection[Series],
    analysis: Analysis | None = None,
) -> tuple[str, Figure] | None:
    """A summary card's plot: the time plot of ``workload`` with only ``series`` drawn (those
    its answer names, ``summary.card_series``), small enough to read at a card's size. The full
    plot, every series, stays with :func:`figures`. None when none of them has an ok case.
    """
    ok = [c for c in result.cases if c.workload == workload and c.ok and c.measurement]
    with style():
        # A card is about as wide as a phone's page: its names and legend are laid out so.
        return _time_figure(workload, ok, analysis, only=set(series), layout=NARROW)


def time_figure(
    result: RunResult, workload: str, layout: Layout = WIDE
) -> tuple[str, Figure] | None:
    """``workload``'s time plot alone, with its caption (a notebook's view draws no other):
    ``(title, figure)``, or None when no case of it has a time."""
    ok = [c for c in result.cases if c.workload == workload and c.ok and c.measurement]
    with style():
        made = _time_figure(workload, ok, None, layout=layout) if ok else None
        if made is not None:
            add_caption(made[1], environment_caption(result), layout)
    return made


def save(
    result: RunResult,
    outdir: str | os.PathLike[str],
    formats: Sequence[str] = ("png", "svg"),
    analysis: Analysis | None = None,
    profile: MachineProfile | None = None,
    baseline: str | None = None,
) -> list[Path]:
    """Write every plot of a run into ``outdir`` as ``{slug}.{format}``.

    Args:
        result: the run.
        outdir: the folder, created if missing.
        formats: any of ``png``, ``svg``, ``pdf``.
        analysis, profile, baseline: as for :func:`figures`.

    Returns:
        The files written, in order. Each is written atomically (no half files on a crash).

    Raises:
        ConfigError: an unknown format, or a baseline that names no series.
    """
    bad = [f for f in formats if f not in FORMATS]
    if bad or not formats:
        raise ConfigError(
            f"unknown plot format {', '.join(bad) or '(none)'}: use one or more of "
            + ", ".join(FORMATS)
        )
    folder = Path(outdir)
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for slug, _, fig in figures(result, analysis, profile, baseline):
        for fmt in formats:
            path = folder / f"{slug}.{fmt}"
            atomic_write(path, render(fig, fmt))
            written.append(path)
    return written


def render(fig: Figure, fmt: str = "svg") -> bytes:
    """The figure as a file's bytes (``png``, ``svg`` or ``pdf``), legend and caption included."""
    buf = io.BytesIO()
    with style():
        fig.savefig(
            buf,
            format=fmt,
            dpi=PNG_DPI,
            bbox_inches="tight",
            pad_inches=0.15,
            facecolor="white",
            # No creation date: the same results give the same bytes.
            metadata={"Date": None} if fmt in ("svg", "pdf") else None,
        )
    return buf.getvalue()


def parse_baseline(text: str) -> tuple[str, str, str | None, str]:
    """``impl:backend:dtype`` or ``impl:backend:device:dtype`` -> (impl, backend, device, dtype).

    The impl label may itself contain colons: the fields are split from the right.

    Raises:
        ConfigError: fewer than three fields.
    """
    parts = text.rsplit(":", 3)
    if len(parts) == 4 and all(parts) and _is_dev(parts[2]):
        return parts[0], parts[1], parts[2], parts[3]
    parts = text.rsplit(":", 2)
    if len(parts) != 3 or not all(parts):
        raise ConfigError(
            f"baseline {text!r} must be impl:backend:dtype, e.g. 'vectorized:numpy:float64'"
        )
    return parts[0], parts[1], None, parts[2]


def environment_caption(result: RunResult) -> str:
    """The machine and libraries of a run, in a line or two: what its numbers hold for."""
    env = result.env
    parts = []
    cpu = env.get("cpu")
    if cpu:
        cores = env.get("cores")
        usable = env.get("usable_cores")
        where = str(cpu)
        if cores:
            where += f", {cores} cores"
            if usable and usable != cores:
                where += f" ({usable} usable)"
        mem = env.get("memory_bytes")
        if isinstance(mem, int | float) and mem > 0:
            where += f", {mem / 2**30:.0f} GiB"
        parts.append(where)
    if env.get("platform"):
        parts.append(str(env["platform"]))
    if env.get("python"):
        parts.append(f"Python {env['python']}")
    libs = []
    backends = env.get("backends")
    if isinstance(backends, Mapping):
        for name, info in backends.items():
            if name == "python" or not isinstance(info, Mapping) or not info.get("version"):
                continue
            lib = f"{name} {info['version']}"
            blas = info.get("blas")
            if isinstance(blas, list) and blas and isinstance(blas[0], Mapping):
                vendor = blas[0].get("vendor")
                if vendor:
                    lib += f" ({vendor})"
            libs.append(lib)
    if libs:
        parts.append(", ".join(libs))
    version = result.arraybench_version or env.get("arraybench")
    if version:
        parts.append(f"arraybench {version}")
    if result.started:
        parts.append(f"measured {result.started.replace('T', ' ')}")
    return "; ".join(parts) or "environment not recorded"


# -- the figures ---------------------------------------------------------------------------------


def _time_figure(
    workload: str,
    ok: Sequence[CaseResult],
    analysis: Analysis | None,
    only: Collection[Series] | None = None,
    layout: Layout = WIDE,
) -> tuple[str, Figure] | None:
    """The time plot, drawn for ``layout``; with ``only``, a summary card's: those series
    alone (in the colours and markers they have in the full plot), small, without fitted
    models."""
    every = by_series(ok)
    colours = series_colours(every)
    marks = {s: MARKERS[i % len(MARKERS)] for i, s in enumerate(every)}
    card = only is not None
    groups = {s: cs for s, cs in every.items() if only is None or s in only}
    if not groups:
        return None
    sizes = sorted({c.size for cs in groups.values() for c in cs})
    if len(sizes) == 1:
        title = f"{workload}: time per call at n={format_size(sizes[0])}"
        points = []
        for s, cs in groups.items():
            m = cs[0].measurement
            assert m is not None
            lo, hi = m.ci
            points.append((s, m.median, lo, hi))
        fig, ax = new_figure(len(points), card, layout)
        dots(ax, points, colours, time_tick, format_time, layout=layout)
        ax.set_xlabel("time per call (median, 95% CI)")
        if not card:
            add_title(ax, title, layout)
        return title, fig

    title = f"{workload}: time per call against size"
    fig, ax = new_figure(card=card, layout=layout)
    values: list[float] = []
    fitted = False
    for s, cs in groups.items():
        xs = [c.size for c in cs]
        med = [c.measurement.median for c in cs]  # type: ignore[union-attr]
        lows = [c.measurement.ci[0] for c in cs]  # type: ignore[union-attr]
        highs = [c.measurement.ci[1] for c in cs]  # type: ignore[union-attr]
        values += lows + highs
        colour = colours[s]
        marker = marks[s]
        if len(cs) == 1:
            ax.errorbar(
                xs, med, yerr=[[med[0] - lows[0]], [highs[0] - med[0]]], color=colour,
                marker=marker, linestyle="none", capsize=2, label=series_label(s),
            )  # fmt: skip
        else:
            ax.plot(xs, med, color=colour, marker=marker, label=series_label(s))
            ax.fill_between(xs, lows, highs, color=colour, alpha=BAND_ALPHA, linewidth=0)
        fit = analysis.fits.get(s) if analysis is not None and not card else None
        if fit is not None and fit.good and fit.kind in ("fit", "two-point"):
            top = fit.fitted_up_to or fit.sizes[-1]
            grid = np.geomspace(fit.sizes[0], top, 60)
            ax.plot(grid, fit.predict(grid), color=colour, linestyle=":", linewidth=1.0)
            fitted = True
    if fitted:
        ax.plot([], [], color="0.4", linestyle=":", linewidth=1.0, label="fitted a + b·nᵏ")
    _mark_crossovers(ax, workload, groups, colours, analysis)
    ax.set_xscale("log")
    ax.set_yscale("log")
    size_axis(ax, sizes)
    log_axis(ax.yaxis, [v for v in values if v > 0], time_tick)
    ax.set_xlabel("size n")
    if card:
        ax.set_ylabel("time per call")
        add_legend(ax, layout)
        return title, fig
    ax.set_ylabel(layout.wrap("time per call (median; band: 95% CI)"))
    add_title(ax, title, layout)
    add_legend(ax, layout)
    return title, fig


def _mark_crossovers(
    ax: Axes,
    workload: str,
    groups: Mapping[Series, Sequence[CaseResult]],
    colours: Mapping[Series, Any],
    analysis: Analysis | None,
) -> None:
    """Where the lines cross: a ring on the line most crossovers share (pure Python, or the
    fastest series), in the other series' colour, labelled ``n ≈ 43`` where labels have room."""
    if analysis is None:
        return
    crossings = [
        c
        for c in analysis.crossovers
        if c.winner[0] == workload
        and c.status == "crosses"
        and c.size is not None
        and c.winner in groups
        and c.loser in groups
    ]
    # Against pure Python when the workload has it: the question most plots answer.
    python = [c for c in crossings if "python" in (c.winner[2], c.loser[2])]
    crossings = python or crossings
    if not crossings:
        return
    shared = Counter(s for c in crossings for s in (c.winner, c.loser)).most_common(1)[0][0]
    labelled: list[float] = []
    for c in sorted(crossings, key=lambda c: c.size or 0.0):
        assert c.size is not None
        other = c.loser if c.winner == shared else c.winner
        y = _time_at(groups[shared], analysis.fits.get(shared), c.size)
        ax.plot([c.size], [y], marker="o", markersize=7, markerfacecolor="none",
                markeredgecolor=colours[other], markeredgewidth=1.6, linestyle="none")  # fmt: skip
        room = all(max(c.size, n) / min(c.size, n) >= CROSSOVER_LABEL_GAP for n in labelled)
        if room and len(labelled) < MAX_CROSSOVER_LABELS:
            # Alternately above and below the line, so that neighbours do not touch.
            below = len(labelled) % 2 == 1
            labelled.append(c.size)
            ax.annotate(
                f"n ≈ {_crossing_size(c.size)}", (c.size, y), xytext=(5, -13 if below else 7),
                textcoords="offset points", fontsize=7.5, fontweight="bold",
                color=colours[other], bbox={"boxstyle": "round,pad=0.15", "fc": "white",
                "ec": "none", "alpha": 0.85},
            )  # fmt: skip
    ax.plot([], [], marker="o", markerfacecolor="none", markeredgecolor="0.3", linestyle="none",
            label=f"crossover with {series_label(shared)}")  # fmt: skip


def _time_at(cases: Sequence[CaseResult], fit: Any, n: float) -> float:
    """The series' time at size n: its cost model where that holds (model crossovers are solved
    on it, so the ring sits where the dotted lines cross), else its medians interpolated."""
    holds = fit is not None and fit.good and fit.kind in ("fit", "two-point")
    if holds and fit.sizes[0] <= n <= (fit.fitted_up_to or fit.sizes[-1]):
        return float(fit.predict(n))
    log_n = [math.log(c.size) for c in cases]
    log_t = [math.log(c.measurement.median) for c in cases]  # type: ignore[union-attr]
    return math.exp(float(np.interp(math.log(n), log_n, log_t)))


def _crossing_size(n: float) -> str:
    """``6.1``, ``43``, ``380``, ``37,000``: two significant digits, as the findings say it."""
    if n < 10:
        return f"{n:.1f}"
    return f"{float(f'{n:.2g}'):,.0f}"


def _speedup_figure(
    result: RunResult,
    workload: str,
    ok: Sequence[CaseResult],
    base: tuple[str, str, str | None, str] | None,
    layout: Layout = WIDE,
) -> tuple[str, Figure] | None:
    points: dict[Series, list[tuple[int, float, float, float]]] = defaultdict(list)
    base_names: set[str] = set()
    for c in ok:
        ref = _baseline_case(result, ok, c, base)
        if ref is None or ref is c or ref.series == c.series:
            continue
        m, mr = c.measurement, ref.measurement
        assert m is not None and mr is not None
        if m.median <= 0 or m.ci[0] <= 0:
            continue
        base_names.add(series_label(ref.series))
        # The ratio's interval from both CIs, conservatively: slowest ref / fastest case, ...
        points[c.series].append(
            (c.size, mr.median / m.median, mr.ci[0] / m.ci[1], mr.ci[1] / m.ci[0])
        )
    if not points:
        return None
    against = " / ".join(sorted(base_names))
    what = "the reference" if base is None else "the baseline"
    sizes = sorted({n for ps in points.values() for n, *_ in ps})
    colours = series_colours(points)
    ratios = [v for ps in points.values() for p in ps for v in p[1:]]
    if len(sizes) == 1:
        title = f"{workload}: speed relative to {what} at n={format_size(sizes[0])}"
        fig, ax = new_figure(len(points), layout=layout)
        dots(
            ax,
            [(s, ps[0][1], ps[0][2], ps[0][3]) for s, ps in points.items()],
            colours,
            ratio_tick,
            lambda v: f"{v:.3g}×",
            layout=layout,
        )
        ax.axvline(1.0, color="0.3", linewidth=1.0, linestyle="--")
        ax.set_xlabel(layout.wrap(f"{what} time / this time (above 1: faster than {against})"))
        add_title(ax, title, layout)
        return title, fig
    title = f"{workload}: speed relative to {what}"
    fig, ax = new_figure(layout=layout)
    for i, (s, ps) in enumerate(points.items()):
        ps.sort()
        xs = [p[0] for p in ps]
        ax.plot(
            xs,
            [p[1] for p in ps],
            color=colours[s],
            marker=MARKERS[i % len(MARKERS)],
            label=series_label(s),
        )
        if len(ps) > 1:
            ax.fill_between(
                xs,
                [p[2] for p in ps],
                [p[3] for p in ps],
                color=colours[s],
                alpha=BAND_ALPHA,
                linewidth=0,
            )
    ax.axhline(1.0, color="0.3", linewidth=1.0, linestyle="--", label=f"{what}: {against}")
    ax.set_xscale("log")
    size_axis(ax, sizes)
    positive = [v for v in ratios if v > 0]
    if positive and max(positive) / min(positive) > LOG_AXIS_SPAN:
        ax.set_yscale("log")
        log_axis(ax.yaxis, positive, ratio_tick)
    else:
        ax.yaxis.set_major_formatter(formatter(ratio_tick))
    ax.set_xlabel("size n")
    ax.set_ylabel(f"{what} time / this time\n(above 1: faster)")
    add_title(ax, title, layout)
    add_legend(ax, layout)
    return title, fig


def _peak_figure(
    workload: str,
    ok: Sequence[CaseResult],
    profile: MachineProfile | None,
    layout: Layout = WIDE,
) -> tuple[str, Figure] | None:
    if profile is None:
        return None
    from ..analysis.roofline import MEMORY, roofline

    points: dict[Series, list[tuple[int, float]]] = defaultdict(list)
    bounds: dict[Series, set[str]] = defaultdict(set)
    for c in ok:
        r = roofline(c, profile)
        if r is None or r.fraction <= 0:
            continue
        points[c.series].append((c.size, r.fraction))
        bounds[c.series].add("memory bandwidth" if r.bound == MEMORY else r.peak_used)
    if not points:
        return None
    colours = series_colours(points)
    sizes = sorted({n for ps in points.values() for n, _ in ps})
    fractions = [f for ps in points.values() for _, f in ps]

    limits = sorted({", ".join(sorted(b)) for b in bounds.values()})
    # One limit for every series goes in the axis label; several, beside each series.
    several = len(limits) > 1
    common = "of each series' limit" if several else f"of {limits[0]}"

    def label(s: Series) -> str:
        limit = ", ".join(sorted(bounds[s]))
        return f"{series_label(s)}: of {limit}" if several else series_label(s)

    if len(sizes) == 1:
        title = f"{workload}: fraction of the machine's limit at n={format_size(sizes[0])}"
        fig, ax = new_figure(len(points), layout=layout)
        dots(
            ax,
            [(s, ps[0][1], ps[0][1], ps[0][1]) for s, ps in points.items()],
            colours,
            percent_tick,
            percent_text,
            labels={s: label(s) for s in points},
            layout=layout,
        )
        ax.axvline(1.0, color="0.3", linewidth=1.0, linestyle="--")
        ax.set_xlabel(layout.wrap(f"achieved / attainable ({common}, from arraybench probe)"))
        add_title(ax, title, layout)
        return title, fig
    title = f"{workload}: fraction of the machine's limit"
    fig, ax = new_figure(layout=layout)
    for i, (s, ps) in enumerate(points.items()):
        ps.sort()
        ax.plot(
            [p[0] for p in ps],
            [p[1] for p in ps],
            color=colours[s],
            marker=MARKERS[i % len(MARKERS)],
            label=label(s),
        )
    ax.axhline(1.0, color="0.3", linewidth=1.0, linestyle="--", label="the machine's limit")
    ax.set_xscale("log")
    ax.set_yscale("log")
    size_axis(ax, sizes)
    log_axis(ax.yaxis, [*fractions, 1.0], percent_tick)
    ax.set_xlabel("size n")
    ax.set_ylabel(layout.wrap(f"achieved / attainable\n({common}, from arraybench probe)"))
    add_title(ax, title, layout)
    add_legend(ax, layout)
    return title, fig


def _phase_figure(
    result: RunResult, workload: str, ok: Sequence[CaseResult], layout: Layout = WIDE
) -> tuple[str, Figure] | None:
    from ..analysis.findings import COMPILE_MIN_S, COMPILE_RATIO

    # Each panel: (title, lower part's name, upper part's name, [(size, lower s, upper s)]).
    panels: list[tuple[str, str, str, list[tuple[int, float, float]]]] = []
    index = {c.key: c for c in ok}
    groups = by_series(ok)
    for s, cs in groups.items():
        if not (cs[0].extends and cs[0].phase):
            continue
        bars = []
        for c in cs:
            base = index.get((c.workload, cs[0].extends, c.backend, c.device, c.dtype, c.size))
            if base is None:
                continue
            m, mb = c.measurement, base.measurement
            assert m is not None and mb is not None
            step = max(0.0, m.median - mb.median)
            bars.append((c.size, m.median - step, step))
        if bars:
            label = f"{series_label(s)} = '{cs[0].extends}' + {cs[0].phase}"
            panels.append((label, f"'{cs[0].extends}'", cs[0].phase, bars))
    for s, cs in groups.items():
        bars = []
        compiled = 0
        for c in cs:
            m = c.measurement
            assert m is not None
            extra = max(0.0, m.first_call - m.median)
            compiled += extra >= COMPILE_MIN_S and m.first_call >= COMPILE_RATIO * m.median
            bars.append((c.size, m.median, extra))
        # As the findings judge it: paid at half the sizes or more, a cost of each new size
        # (compilation), not a library's one-time start-up at the first size.
        if compiled and compiled * 2 >= len(cs):
            label = f"{series_label(s)}: first call = a steady call + compilation, tracing, caches"
            panels.append((label, "a steady call", "first call's extra", bars))
    if not panels:
        return None
    mpl = need_matplotlib()
    from matplotlib.figure import Figure
    from matplotlib.ticker import PercentFormatter

    del mpl
    # Narrow: each panel's title takes two lines, and its legend sits in the room above the
    # bars (a legend beside them would leave the bars no width).
    panel = PHASE_PANEL_HEIGHT + (PHASE_NARROW_EXTRA if layout.narrow else 0.0)
    fig = Figure(figsize=(layout.size[0], panel * len(panels) + 0.6), layout="constrained")
    axes = fig.subplots(len(panels), 1, squeeze=False)[:, 0]
    for ax, (label, lower, upper, bars) in zip(axes, panels, strict=True):
        bars.sort()
        xs = list(range(len(bars)))
        totals = [lo + up for _, lo, up in bars]
        low = [lo / t if t > 0 else 0.0 for (_, lo, _), t in zip(bars, totals, strict=True)]
        up = [u / t if t > 0 else 0.0 for (_, _, u), t in zip(bars, totals, strict=True)]
        ax.bar(xs, low, color=BASE_COLOUR, label=lower, width=0.7)
        ax.bar(xs, up, bottom=low, color=STEP_COLOUR, label=upper, width=0.7)
        crowded = len(bars) > PHASE_FLAT_LABELS
        for x, t in zip(xs, totals, strict=True):
            ax.annotate(
                format_time(t), (x, 1.0), xytext=(0, 2), textcoords="offset points",
                ha="center", va="bottom", fontsize=7 if layout.narrow or not crowded else 6.5,
                color="0.25",
                rotation=90 if crowded else 0,
            )  # fmt: skip
        if crowded:
            ax.set_xticks(xs, [format_size(n) for n, _, _ in bars], rotation=45, ha="right")
        else:
            ax.set_xticks(xs, [f"n={format_size(n)}" for n, _, _ in bars])
        room = PHASE_NARROW_ROOM if layout.narrow else 0.0
        ax.set_ylim(0, (1.5 if crowded else 1.18) + room)
        ax.set_yticks([0, 0.5, 1.0])
        ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
        ax.grid(axis="x", visible=False)
        add_title(ax, label, layout, panel=True)
        if layout.narrow:
            # In the room above the bars; kept out of the layout, which would otherwise
            # shrink the axes to fit a legend wider than they are, and wrapped to fit.
            names = [layout.wrap(name, PHASE_NARROW_LEGEND) for name in (lower, upper)]
            legend = ax.legend(names, loc="upper left", ncol=2, borderaxespad=0.2)
            legend.set_in_layout(False)
        else:
            ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))
    axes[-1].set_xlabel(layout.wrap("share of the time per size (above each bar: the total)"))
    title = f"{workload}: where the time goes"
    fig.suptitle(layout.wrap(title), x=0.01, ha="left", fontweight="bold", fontsize=10)
    return title, fig


# -- pieces --------------------------------------------------------------------------------------


def _by_workload(result: RunResult) -> dict[str, list[CaseResult]]:
    out: dict[str, list[CaseResult]] = defaultdict(list)
    for c in result.cases:
        out[c.workload].append(c)
    return dict(out)


def _is_dev(text: str) -> bool:
    return text in ("cpu", "cuda", "gpu", "mps", "tpu") or text.startswith(("cuda", "gpu"))


def _matches(c: CaseResult, base: tuple[str, str, str | None, str]) -> bool:
    impl, backend, device, dtype = base
    return (
        c.impl == impl
        and c.backend == backend
        and c.dtype == dtype
        and (device is None or c.device == device)
    )


def _baseline_case(
    result: RunResult,
    ok: Sequence[CaseResult],
    case: CaseResult,
    base: tuple[str, str, str | None, str] | None,
) -> CaseResult | None:
    if base is None:
        return result.reference_for(case)
    same = [c for c in ok if c.size == case.size and _matches(c, base)]
    # Several devices match a baseline that names none: prefer the case's own device.
    same.sort(key=lambda c: c.device != case.device)
    return same[0] if same else None


class Slugs:
    """File-safe, unique names for workloads (a name may hold any character)."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def take(self, name: str) -> str:
        base = re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("._") or "workload"
        slug, k = base, 2
        while slug in self.used:
            slug, k = f"{base}-{k}", k + 1
        self.used.add(slug)
        return slug
