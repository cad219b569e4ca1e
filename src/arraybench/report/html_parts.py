"""Pieces of the HTML report that sit behind a click: results tables, cost models, crossovers,
failures, environment. Each returns a fragment of HTML in which every string from the results is
escaped; html.py arranges them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any, NamedTuple

from ..base.units import UNSTABLE, UNSTABLE_ADVICE, format_interval, format_size, format_time
from ..results import NO_REFERENCE, CaseResult, RunResult
from .cells import fit_figures, format_speedup_vs_reference

if TYPE_CHECKING:
    from ..analysis.crossover import Crossover
    from ..analysis.fit import Fit
    from ..analysis.machines import CrossMachine
    from ..measure.profile import MachineProfile

#: Errors longer than this are cut in the results table; the failures section has them whole.
SHORT_ERROR = 90
#: What each warning tag in the notes column means (the terminal table's legend, in short).
TAG_HELP = {
    "high spread": "samples vary by more than 10% (IQR/median): a busy machine or a variable "
    "kernel",
    "bimodal": "the fastest sample is far below the median: trust the median",
    "near floor": "within 10x of arraybench's own per-call cost: mostly call overhead",
    "few samples": "under 6 blocks (slow calls): the interval is the [min–max] range, below 95%",
    "not converged": "the 95% CI is wider than --target after the budget",
    "drift": "the machine's speed changed while it was measured; the interval includes it",
    "process effect": "its time depends on the process it runs in; the interval includes it",
    "implausible": "faster than the machine can move or compute: the result was cached or the "
    "work skipped; answers do not use it",
    "zero time": "the clock did not advance: below the clock's resolution",
    UNSTABLE: UNSTABLE_ADVICE.removeprefix(f"{UNSTABLE}: "),
}


def results_table(
    result: RunResult, cases: Sequence[CaseResult], profile: MachineProfile | None
) -> str:
    show_device = any(c.device != "cpu" for c in cases)
    show_peak = profile is not None and any(c.flops or c.bytes for c in cases)
    head = [
        Column("impl", key=True),
        Column("backend", key=True),
        *([Column("device", key=True)] if show_device else []),
        Column("dtype", key=True),
        Column("n", "num", key=True),
        Column("median", "num"),
        Column("95% CI", "num"),
        Column("first call", "num"),
        Column("speedup vs ref", "num"),
        *([Column("of peak", "num")] if show_peak else []),
        Column("check"),
        Column("notes"),
    ]
    rows = []
    for k, size in enumerate(sorted({c.size for c in cases})):
        at = sorted(
            (c for c in cases if c.size == size),
            key=lambda c: (not c.ok, c.measurement.median if c.measurement else 0.0),
        )
        for i, c in enumerate(at):
            classes = [*(["sizebreak"] if i == 0 and k > 0 else []), *([] if c.ok else ["failed"])]
            ident = [
                name_td(c.impl),
                td(c.backend),
                *([td(c.device)] if show_device else []),
                td(c.dtype),
                td(format_size(c.size), "num"),
            ]
            rows.append((ident + _measured(result, c, profile, show_peak), " ".join(classes)))
    legend = (
        '<p class="dim">median: time per call; 95% CI: where a repeat run\'s median should land '
        "(in brackets, the [min–max] range and the confidence it reaches when there were too "
        "few blocks); first call: the very first call (compilation, caches), kept apart; "
        "speedup vs ref: how many times faster than the reference impl at the same size and "
        "dtype (its time over this one's: below 1x, slower), with its 95% CI from blocks "
        "measured side by side"
        + (
            "; of peak: share of the machine's memory bandwidth (mem) or GEMM peak (flop)"
            if show_peak
            else ""
        )
        + (
            f"; {UNSTABLE_ADVICE}"
            if any(c.ok and c.measurement and c.measurement.interval.unstable for c in cases)
            else ""
        )
        + ".</p>"
    )
    return table(head, rows) + legend


def _measured(
    result: RunResult, c: CaseResult, profile: MachineProfile | None, show_peak: bool
) -> list[str]:
    m = c.measurement
    if not c.ok or m is None:
        error = c.error or ""
        short = error if len(error) <= SHORT_ERROR else error[: SHORT_ERROR - 1] + "…"
        blanks = 5 if show_peak else 4
        return [
            td("—", "num"),
            *[td("", "num")] * (blanks - 1),
            '<td class="fail check">✗ failed</td>',
            f'<td title="{escape(error)}">{escape(short)}</td>',
        ]
    cells = [
        td(format_time(m.median), "num"),
        (
            f'<td class="num warn" title="{escape(format_interval(m.interval))}">{UNSTABLE}</td>'
            if m.interval.unstable
            else td(format_interval(m.interval), "num")
        ),
        td(format_time(m.first_call), "num"),
        td(format_speedup_vs_reference(result, c), "num"),
    ]
    if show_peak:
        cells.append(td(_peak(c, profile), "num"))
    if c.check is None and c.unchecked == NO_REFERENCE:
        cells.append(
            '<td class="check" title="nothing to compare with: the workload has one impl">—</td>'
        )
    elif c.check is None:
        cells.append('<td class="warn check">unchecked</td>')
    else:
        err = c.check.max_rel_err
        what = "exact" if err == 0 else (f"{err:.0e}" if math.isfinite(err) else "—")
        if c.computed_in:  # pure Python in float32: float32 inputs, double-precision arithmetic
            what += f" (in {c.computed_in})"
        cells.append(
            f'<td class="ok check" title="largest error relative to the reference: '
            f'{escape(str(err))} (tolerance {escape(str(c.check.rtol))})">✓ {escape(what)}</td>'
        )
    tags = []
    for w in m.warnings:
        tag = w.split(":", 1)[0]
        tags.append(f'<span class="warn" title="{escape(w)}">{escape(tag)}</span>')
    if m.interval.unstable:
        tags.append(f'<span class="warn" title="{escape(UNSTABLE_ADVICE)}">{UNSTABLE}</span>')
    cells.append("<td>" + ", ".join(tags) + "</td>")
    return cells


def fits_table(fits: Iterable[Fit]) -> str:
    """t(n) = a + b·n^k per series, with CIs, and whether the model holds; "" for no fits."""
    fits = list(fits)
    if not fits:
        return ""
    from .plot_parts import series_label

    legend = (
        '<p class="dim">t(n) = a + b·n<sup>k</sup> fitted to each series\' medians, with '
        "bootstrap 95% CIs: a is the fixed cost of a call, b·n<sup>k</sup> the part that grows "
        "with the size.</p>"
    )
    head = [
        Column("workload", key=True),
        Column("series", key=True),
        Column("a: fixed cost [95% CI]", "num"),
        Column("k [95% CI]", "num"),
        Column("marginal at the largest n", "num"),
        Column("model"),
    ]
    rows = []
    for fit in fits:
        fixed, k, marginal = fit_figures(fit)
        if fit.kind == "single":
            model = "one size: nothing to fit"
        elif fit.good and fit.fitted_up_to is None:
            model = "holds" if fit.kind != "flat" else "flat: the fixed cost dominates"
        else:
            model = fit.problem or "does not hold"
        cells = [
            name_td(fit.series[0]),
            name_td(series_label(fit.series), "phrase"),
            td(fixed, "num"),
            td(k, "num"),
            phrase_td(marginal, "num phrase"),
            td(model, "prose" if fit.good or fit.kind == "single" else "prose warn"),
        ]
        rows.append((cells, ""))
    return legend + "\n" + table(head, rows)


def crossovers_table(crossovers: Iterable[Crossover]) -> str:
    """Where one series overtakes another, with its CI; "" for none."""
    crossovers = list(crossovers)
    if not crossovers:
        return ""
    from .plot_parts import series_label

    legend = (
        '<p class="dim">Where one series overtakes another (the size from which it stays '
        "faster), with a 95% CI from the cost models, or the bracket of measured sizes when "
        'no model holds there. "Clearly" faster: the two medians\' CIs do not overlap.</p>'
    )
    head = [
        Column("workload", key=True),
        Column("faster"),
        Column("than"),
        Column("from n"),
        Column("how"),
    ]
    rows = []
    for c in crossovers:
        if c.status == "crosses" and c.size is not None:
            bracket = f" [{size_text(c.ci[0])} – {size_text(c.ci[1])}]" if c.ci else ""
            size = size_text(c.size) + bracket
            how = "from the cost models" if c.method == "model" else "between measured sizes"
        elif c.status == "always":
            size = "every size measured"
            how = f"checked up to n={format_size(c.checked_up_to or 0)}"
        elif c.status == "never":
            size = "no clear crossover"
            how = f"checked up to n={format_size(c.checked_up_to or 0)}"
        else:
            size, how = "no size in common", ""
        cells = [
            name_td(c.winner[0]),
            name_td(series_label(c.winner)),
            name_td(series_label(c.loser)),
            td(size),
            td(how),
        ]
        rows.append((cells, ""))
    return legend + "\n" + table(head, rows)


def failures(result: RunResult) -> str:
    """Every failed case with its whole error, and what was not run and why; "" for none."""
    if not result.failed and not result.skipped:
        return ""
    out = []
    if result.failed:
        out.append(
            f"<p>{len(result.failed)} case{'' if len(result.failed) == 1 else 's'} failed: "
            "raised, or disagreed with the reference. They are left out of the plots, fits and "
            "findings.</p>"
        )
        out += [
            f'<h3 class="fail">✗ {escape(c.name)}</h3><pre>{escape(c.error or "")}</pre>'
            for c in result.failed
        ]
    if result.skipped:
        out.append("<h3>Not run</h3><ul>" if result.failed else "<ul>")
        out += [f"<li><b>{escape(s.what)}</b>: {escape(s.reason)}</li>" for s in result.skipped]
        out.append("</ul>")
    return "\n".join(out)


def environment(result: RunResult) -> str:
    """Machine, libraries, settings and the harness's own floor, as definition lists."""
    env = dict(result.env)
    from .terminal import measured_how

    out = [
        f"<p>{escape(measured_how(result))}.</p>",
        '<dl class="env">',
    ]
    backends = env.pop("backends", None)
    for key, value in env.items():
        out.append(f"<dt>{escape(str(key))}</dt><dd>{escape(plain(value, str(key)))}</dd>")
    out.append("</dl>")
    if isinstance(backends, Mapping) and backends:
        out.append('<h3>Libraries</h3><dl class="env">')
        for name, info in backends.items():
            out.append(f"<dt>{escape(str(name))}</dt><dd>{escape(plain(info))}</dd>")
        out.append("</dl>")
    settings = {k: v for k, v in result.config.items() if v is not None}
    if settings:
        out.append('<h3>Settings</h3><dl class="env">')
        out += [
            f"<dt>{escape(str(k))}</dt><dd>{escape(plain(v))}</dd>" for k, v in settings.items()
        ]
        out.append("</dl>")
    if result.floor:
        out.append(
            f"<p>Harness floor: a clock read takes {escape(format_time(result.floor.clock_read))}"
            f", a call of a no-op {escape(format_time(result.floor.call_overhead))}.</p>"
        )
    times = [t for t in (result.started, result.finished) if t]
    if times:
        out.append(f"<p>Run: {escape(' – '.join(times))}.</p>")
    return "\n".join(out)


def machines_table(result: RunResult) -> str:
    """The machines of a run from several, a row each: name, CPU, cores, GPU, Python, library
    versions, BLAS, thread policy (columns no machine reports are left out)."""
    from ..analysis.machines import ITEMS, descriptions

    described = descriptions(result)
    columns = [w for w in ITEMS if any(d.item(w) for d in described)]
    head = [Column("machine", key=True), *(Column(w) for w in columns)]
    rows = [([name_td(d.name), *(td(d.item(w)) for w in columns)], "") for d in described]
    return table(head, rows, "machines")


#: Lines across machines shown before the rest are folded (the terminal's CROSS_SHOWN).
CROSS_SHOWN = 5


def cross_machine_list(lines: Sequence[CrossMachine], name_workloads: bool = False) -> str:
    """``Across machines``: each impl's time over its reference's, machine by machine, those
    where the machines disagree on which is faster marked; the lines that differ most first
    shown, the rest folded. "" for none."""
    from ..analysis.machines import ranked

    if not lines:
        return ""

    def item(x: CrossMachine) -> str:
        where = f'<span class="dim">{escape(x.workload)}:</span> ' if name_workloads else ""
        cls = ' class="warn"' if x.disagree else ""
        return f"<li{cls}>{where}{escape(x.text())}</li>"

    shown, more = ranked(lines, CROSS_SHOWN)
    out = [
        '<div class="across"><p><span class="label">Across machines</span> '
        "<span class=\"dim\">(each impl's time over its reference's at the largest size both "
        "machines measured, with the 95% interval of blocks measured side by side on each)"
        '</span></p><ul class="findings">',
        *(item(x) for x in shown),
        "</ul>",
    ]
    if more:
        rest = [x for x in lines if x not in shown]
        out.append(
            f"<details><summary>{more} more pair{'s' if more != 1 else ''}</summary>"
            '<div class="body"><ul class="findings">'
            + "".join(item(x) for x in rest)
            + "</ul></div></details>"
        )
    out.append("</div>")
    return "\n".join(out)


class Column(NamedTuple):
    """A column of a table: its heading, its cells' class, and whether it names the row (the
    phone's layout puts those cells on the row's first line, the others under their heading)."""

    heading: str
    cls: str = ""
    key: bool = False


#: Where a name may wrap: after a ``.`` or ``_`` between letters or digits and a letter
#: (``torch.<wbr>softmax``, ``manual_<wbr>with_<wbr>out``), never inside a number (``1.5``).
NAME_BREAK = re.compile(r"(?<=[A-Za-z0-9][._])(?=[A-Za-z])")


def table(head: Sequence[Column], rows: Iterable[tuple[Sequence[str], str]], cls: str = "") -> str:
    """A table in its own scroll box: ``rows`` are (cells, the row's classes), a cell per
    column, each made by :func:`td` (or starting ``<td``). Each cell is given its column's
    heading (``data-label``) and, in a column that names the row, ``data-key``: the phone's
    style sheet shows a row as a card from them (html_style)."""
    out = [
        f'<div class="scroll"><table{_class(cls)}><thead><tr>'
        + "".join(f"<th{_class(c.cls)}>{escape(c.heading)}</th>" for c in head)
        + "</tr></thead><tbody>"
    ]
    for cells, classes in rows:
        if len(cells) != len(head):
            raise ValueError(f"a row of {len(cells)} cells in a table of {len(head)} columns")
        marked = [
            f'<td data-label="{escape(c.heading)}"{" data-key" if c.key else ""}'
            + cell.removeprefix("<td")
            for c, cell in zip(head, cells, strict=True)
        ]
        out.append(f"<tr{_class(classes)}>" + "".join(marked) + "</tr>")
    out.append("</tbody></table></div>")
    return "\n".join(out)


def td(text: str, cls: str = "") -> str:
    return f"<td{_class(cls)}>{escape(text)}</td>"


#: A number and its unit (``150 ns``, ``74.9 ns/flop``), kept on one line in a phrase.
NUMBER_UNIT = re.compile(r"(?<=\d) (?=[^\W\d])")


def phrase_td(text: str, cls: str = "") -> str:
    """A cell of a phrase with numbers in it (``150 ns per unit of n at n=4,096``): it may wrap
    between words, never between a number and its unit."""
    return f"<td{_class(cls)}>" + NUMBER_UNIT.sub("&nbsp;", escape(text)) + "</td>"


def name_td(text: str, cls: str = "") -> str:
    """A cell of a name (impl, workload, series, machine): where it may wrap, NAME_BREAK marks
    with <wbr> (the style sheet says where it may: at spaces, or there too on a phone)."""
    return f"<td{_class(cls)}>" + NAME_BREAK.sub("<wbr>", escape(text)) + "</td>"


def _class(cls: str) -> str:
    return f' class="{cls}"' if cls else ""


def _peak(c: CaseResult, profile: MachineProfile | None) -> str:
    from ..analysis import roofline

    if profile is None:
        return ""
    r = roofline.roofline(c, profile)
    if r is None:
        return "—"
    return f"{roofline.percent(r.fraction)} {'mem' if r.bound == roofline.MEMORY else 'flop'}"


def size_text(n: float) -> str:
    if n < 100:
        return f"{n:.1f}" if n < 10 else f"{n:.0f}"
    return f"{float(f'{n:.2g}'):,.0f}"


def plain(value: Any, key: str = "") -> str:
    """An environment value as one line of text: ``key: value`` pairs, lists with commas."""
    if isinstance(value, str):
        return value
    if key.endswith("bytes") and isinstance(value, int) and value > 0:
        return f"{value / 2**30:.1f} GiB ({value:,} bytes)"
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, Mapping):
        if not value:
            return "—"
        return "; ".join(f"{k}: {plain(v, str(k))}" for k, v in value.items())
    if isinstance(value, list | tuple):
        inner = [plain(v) for v in value]
        return " | ".join(inner) if any(isinstance(v, Mapping) for v in value) else ", ".join(inner)
    return "—" if value is None else str(value)
