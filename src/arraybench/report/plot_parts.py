"""The pieces every figure of :mod:`.plots` is drawn with: the style and sizes, a new figure,
axes of sizes, times, ratios and percentages, a one-size dot plot, legends, captions, colours, and
the label of a series."""

from __future__ import annotations

import contextlib
import math
import textwrap
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..base.units import format_size
from ..results import CaseResult

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

Series = tuple[str, str, str, str, str]

#: Inches: wide enough for a legend beside the axes at the size a report shows it.
FIGSIZE = (9.5, 5.0)
#: Height per series of a one-size dot plot, and the least height of one, in inches.
DOT_ROW_HEIGHT, DOTS_MIN_HEIGHT = 0.42, 2.4
#: Inches of a summary card's plot (its legend below adds a line an entry): a card is about
#: 335 px wide on a laptop's page and on a phone's, so it is drawn that wide (365 px with its
#: margins) and its text is shown near the size it is set in.
CARD_FIGSIZE = (3.5, 2.4)
#: The least height of a card's one-size dot plot: near a time plot's shape, so that the
#: cards' frames (html_style) show either without much blank.
CARD_DOTS_MIN_HEIGHT = 2.2
#: Margins of a narrow log axis of dots, a fraction of its span: the values written over the
#: dots at its ends stay inside the figure.
NARROW_DOTS_MARGIN = 0.12
#: Above this ratio between the largest and smallest value, an axis of ratios or times is
#: logarithmic; below it a linear axis reads more easily.
LOG_AXIS_SPAN = 20.0
#: Below this many decades on a log axis, the ticks between powers of ten are labelled too,
#: otherwise a narrow axis shows one label or none.
FEW_DECADES = 1.5
#: Caption lines wrap at this many characters.
CAPTION_WIDTH = 150
#: Inches a legend line adds to a figure whose legend is below its axes (8 pt text, spaced),
#: and points between the axes and that legend: the tick labels and a one-line axis label.
#: (Below the axes, not at the figure's foot: ``bbox_inches="tight"`` moves a figure's own
#: legend away from the figure it was laid out in.)
LEGEND_LINE_HEIGHT, LEGEND_GAP_PT = 0.17, 34.0
#: Style for every figure: light grid, small legend, text as text in SVG (smaller files, and
#: the labels can be searched and copied in a browser), reproducible SVG ids.
STYLE: Mapping[str, Any] = {
    "figure.dpi": 100,
    "font.size": 9,
    "axes.titlesize": 10,
    "axes.titleweight": "bold",
    "axes.grid": True,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "grid.alpha": 0.35,
    "grid.linewidth": 0.6,
    "legend.fontsize": 8,
    "legend.frameon": False,
    "lines.linewidth": 1.6,
    "lines.markersize": 4.5,
    "svg.fonttype": "none",
    "svg.hashsalt": "arraybench",
}
#: Matplotlib's qualitative palette of 20 colours, pairs of one hue: enough for the series of
#: the largest built-in workload (11) to stay apart.
PALETTE = "tab20"


@dataclass(frozen=True)
class Layout:
    """The page a figure is drawn for, and what follows from its width.

    Attributes:
        size: inches of a figure with one axes (its legend beside them included).
        narrow: for a phone: the legend below the axes (the figure grows a line per entry),
            a series' name on two lines where it labels an axis.
        line: characters on a line of a title or an axis label before it wraps.
        legend: characters on a line of a legend's entry.
        caption: characters on a line of the caption.
    """

    size: tuple[float, float]
    narrow: bool = False
    line: int = 1000
    legend: int = 1000
    caption: int = CAPTION_WIDTH

    def wrap(self, text: str, width: int | None = None) -> str:
        """``text`` wrapped to ``width`` characters (the line's), its own line breaks kept; a
        line too long that ends in an aside breaks before its "(" first (``time per
        call\n(median; band: 95% CI)``)."""
        width = width or self.line
        if all(len(part) <= width for part in text.split("\n")):
            return text
        out = []
        for part in text.split("\n"):
            # A closing parenthesis: the part's aside, on a line of its own.
            aside = len(part) > width and part.endswith(")")
            pieces = part.split(" (", 1) if aside else [part]
            pieces[1:] = ["(" + p for p in pieces[1:]]
            out += [line for piece in pieces for line in textwrap.wrap(piece, width)]
        return "\n".join(out)

    def name(self, label: str) -> str:
        """A series' name as an axis shows it: ``impl\n(backend dtype)`` when narrow."""
        return label.replace(" (", "\n(", 1) if self.narrow else label


#: A laptop's page, and files: the legend beside the axes.
WIDE = Layout(FIGSIZE)
#: A phone's page: drawn about 3.8 inches (365 px) wide with its margins, near the width a
#: 390 px screen gives it, so that its text is shown at about the size it is set in, where the
#: wide figure would be shrunk to a third (9 pt text drawn 4 px high).
NARROW = Layout((3.5, 3.1), narrow=True, line=34, legend=46, caption=62)


def need_matplotlib() -> Any:
    """matplotlib, or an ImportError that says how to install it."""
    try:
        import matplotlib
    except ImportError:
        raise ImportError(
            "plots need matplotlib: pip install matplotlib (or pip install 'arraybench[plot]')"
        ) from None
    return matplotlib


@contextlib.contextmanager
def style() -> Iterator[None]:
    """arraybench's plot style, for the duration of the block only."""
    mpl = need_matplotlib()
    with mpl.rc_context(dict(STYLE)):
        yield


def series_label(series: Series) -> str:
    """``vectorized (numpy float32)``, with the device when it is not the CPU."""
    _, impl, backend, device, dtype = series
    dev = "" if device == "cpu" else f" {device}"
    return f"{impl} ({backend}{dev} {dtype})"


def new_figure(
    rows: int | None = None, card: bool = False, layout: Layout = WIDE
) -> tuple[Figure, Axes]:
    """A figure with one axes; ``rows`` dots of a one-size plot set its height; ``card``: the
    size of a summary card's plot, else the layout's."""
    need_matplotlib()
    from matplotlib.figure import Figure

    width, height = CARD_FIGSIZE if card else layout.size
    if rows is not None:
        # A narrow plot's names take two lines each.
        per_row = DOT_ROW_HEIGHT * (1.25 if layout.narrow else 1.0)
        height = max(CARD_DOTS_MIN_HEIGHT if card else DOTS_MIN_HEIGHT, per_row * rows + 1.4)
    fig = Figure(figsize=(width, height), layout="constrained")
    return fig, fig.add_subplot()


def dots(
    ax: Axes,
    points: Sequence[tuple[Series, float, float, float]],
    colours: Mapping[Series, Any],
    tick: Any,
    text: Any,
    labels: Mapping[Series, str] | None = None,
    layout: Layout = WIDE,
) -> None:
    """One size only: a dot per series with its interval, sorted, values written beside."""
    order = sorted(points, key=lambda p: p[1], reverse=True)
    ys = list(range(len(order)))
    for y, (s, v, lo, hi) in zip(ys, order, strict=True):
        ax.errorbar(
            [v], [y], xerr=[[max(0.0, v - lo)], [max(0.0, hi - v)]], color=colours[s], marker="o",
            capsize=3, linestyle="none",
        )  # fmt: skip
        ax.annotate(
            text(v), (v, y), xytext=(0, 6), textcoords="offset points", ha="center", fontsize=7,
            color="0.25",
        )  # fmt: skip
    names = [(labels or {}).get(s, series_label(s)) for s, *_ in order]
    ax.set_yticks(ys, [layout.name(n) for n in names])
    ax.set_ylim(-0.7, len(order) - 0.3)
    ax.grid(axis="y", visible=False)
    values = [v for _, mid, lo, hi in order for v in (mid, lo, hi) if v > 0]
    if values and max(values) / min(values) > LOG_AXIS_SPAN:
        ax.set_xscale("log")
        log_axis(ax.xaxis, values, tick)
        if layout.narrow:  # room for the value written over the last dot
            ax.set_xmargin(NARROW_DOTS_MARGIN)
    else:
        ax.xaxis.set_major_formatter(formatter(tick))
        ax.set_xlim(left=0, right=max(values, default=1.0) * 1.15)


def size_axis(ax: Axes, sizes: Sequence[int]) -> None:
    log_axis(ax.xaxis, [float(n) for n in sizes], lambda v: format_size(round(v)))
    ax.set_xlim(min(sizes) / 1.5, max(sizes) * 1.5)


def log_axis(axis: Any, values: Sequence[float], tick: Any) -> None:
    """Ticks of a log axis in the given units; between powers of ten too when it is narrow."""
    from matplotlib.ticker import LogLocator, NullFormatter

    axis.set_major_locator(LogLocator(base=10, numticks=12))
    axis.set_major_formatter(formatter(tick))
    positive = [v for v in values if v > 0]
    narrow = bool(positive) and math.log10(max(positive) / min(positive)) < FEW_DECADES
    if narrow:
        axis.set_minor_locator(LogLocator(base=10, subs=(2.0, 5.0), numticks=12))
        axis.set_minor_formatter(formatter(tick))
    else:
        axis.set_minor_formatter(NullFormatter())


def formatter(tick: Any) -> Any:
    from matplotlib.ticker import FuncFormatter

    return FuncFormatter(lambda v, _pos: tick(v) if v > 0 else ("0" if v == 0 else ""))


def time_tick(seconds: float) -> str:
    """Tick labels: ``100 ns``, ``1 µs``, ``2.5 ms`` (no trailing zeros, unlike a table's)."""
    for scale, unit in ((1.0, "s"), (1e-3, "ms"), (1e-6, "µs"), (1e-9, "ns")):
        if seconds >= scale * 0.9999:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def ratio_tick(v: float) -> str:
    return f"{v:.3g}×"


def percent_tick(v: float) -> str:
    return f"{v * 100:.3g}%"


def percent_text(v: float) -> str:
    from ..analysis.roofline import percent

    return percent(v)


def add_legend(ax: Axes, layout: Layout = WIDE) -> None:
    """The legend beside the axes; below them, a line an entry, in a narrow layout (the figure
    grows to hold it, so that the axes keep their height)."""
    if not layout.narrow:
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0)
        return
    from matplotlib.transforms import ScaledTranslation

    handles, labels = ax.get_legend_handles_labels()
    labels = [layout.wrap(label, layout.legend) for label in labels]
    fig = ax.get_figure(root=True)
    assert fig is not None
    below = ScaledTranslation(0.0, -LEGEND_GAP_PT / 72.0, fig.dpi_scale_trans)
    ax.legend(
        handles,
        labels,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        bbox_transform=ax.transAxes + below,
        ncol=1,
    )
    lines = sum(label.count("\n") + 1 for label in labels)
    fig.set_figheight(fig.get_figheight() + LEGEND_LINE_HEIGHT * lines)


#: The size of a panel's title, under the figure's own.
PANEL_TITLE_SIZE = 8.5


def add_title(ax: Axes, title: str, layout: Layout = WIDE, panel: bool = False) -> None:
    """The title over the axes from their left edge; a narrow figure's (not a panel's) from
    the figure's: long names beside a narrow axis would push it out of the figure."""
    text = layout.wrap(title)
    if not layout.narrow or panel:
        if panel:
            ax.set_title(text, loc="left", fontsize=PANEL_TITLE_SIZE)
        else:
            ax.set_title(text, loc="left")
        return
    from matplotlib import rcParams

    fig = ax.get_figure(root=True)
    assert fig is not None
    size, weight = rcParams["axes.titlesize"], rcParams["axes.titleweight"]
    fig.suptitle(text, x=0.01, ha="left", fontsize=size, fontweight=weight)


def add_caption(fig: Figure, text: str, layout: Layout = WIDE) -> None:
    wrapped = "\n".join(textwrap.wrap(text, layout.caption))
    fig.text(0.005, -0.01, wrapped, ha="left", va="top", fontsize=7, color="0.35")


def series_colours(series: Mapping[Series, Any] | Sequence[Series]) -> dict[Series, Any]:
    from matplotlib import colormaps

    cmap = colormaps[PALETTE]
    # Even entries first: the strong half of each pair, so few series get distinct hues.
    order = [*range(0, cmap.N, 2), *range(1, cmap.N, 2)]
    return {s: cmap(order[i % len(order)]) for i, s in enumerate(series)}


def by_series(cases: Sequence[CaseResult]) -> dict[Series, list[CaseResult]]:
    out: dict[Series, list[CaseResult]] = defaultdict(list)
    for c in cases:
        out[c.series].append(c)
    for cs in out.values():
        cs.sort(key=lambda c: c.size)
    return dict(out)
