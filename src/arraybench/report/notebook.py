"""A run as a notebook shows it (``RunResult._repr_html_``, the ``%%arraybench`` magics): for
each workload, the answer in a sentence, the compact table (a row per impl, a column per size,
★ on the fastest and those tied with it), the time plot, and the failures, a line per impl; the
table of every case folded below.

    <div class="arraybench">
      workload: answer sentence
      compact table                       median ±95% CI per size, ★ fastest or tied
      time plot                           <img> of SVG, a data: URI (a phone's drawing where
                                          the output is narrow)
      ✗ failures                          a line per impl and kind, the worst error
      <details> every case </details>     export.html_table
    </div>

No network and no script: the plot is a data: URI and the style is inline, so the output reads
the same in Jupyter, in VS Code, exported to HTML, or on GitHub. Every string from the results
is escaped.
"""

from __future__ import annotations

import base64
import math
from html import escape
from typing import TYPE_CHECKING, Any

from ..base.units import UNSTABLE, format_size, format_spread, format_time
from .export import html_table
from .failures import failure_lines
from .summary import (
    MARKS,
    SHORT_DTYPE,
    Column,
    fastest_sentence,
    table_layout,
    tie_threshold,
    unstable_advice,
)

if TYPE_CHECKING:
    from ..results import CaseResult, RunResult

#: The style of the view, every rule under ``.arraybench`` so that nothing else on the page
#: changes. A table's numbers are right-aligned, with tabular figures, and never wrap (a
#: notebook's own style wraps cells; a wide table scrolls in its box instead).
STYLE = """
.arraybench{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;line-height:1.4;
  max-width:100%}
.arraybench .answer{font-size:1.05em;margin:.4em 0}
.arraybench .wrap{overflow-x:auto;max-width:100%}
.arraybench table.compact{border-collapse:collapse;font-variant-numeric:tabular-nums;
  margin:.3em 0}
.arraybench table.compact th,.arraybench table.compact td{padding:.15em .6em;
  text-align:right;border-bottom:1px solid #e4e4e4;white-space:nowrap}
.arraybench table.compact th.k,.arraybench table.compact td.k{text-align:left}
.arraybench td.best{font-weight:600;color:#176b2c}
.arraybench .dim{color:#6b6b6b;font-size:.9em}
.arraybench .fail{color:#b00020}
.arraybench .warn{color:#8a5a00}
.arraybench img{max-width:100%;height:auto}
.arraybench details{margin:.4em 0}
"""
#: Below this width the output shows the plot drawn for a phone (as the HTML report does).
NARROW_PLOTS = "(max-width: 600px)"


def render(result: RunResult, plots: bool = True) -> str:
    """The notebook's view of ``result``: an HTML fragment (no ``<html>``, no script).

    Args:
        result: the run.
        plots: draw the time plot of each workload (needs matplotlib; without it the view says
            so once).
    """
    if len(result.machine_names) > 1:  # a cluster's run: its cases by machine, as before
        return html_table(result)
    out = ['<div class="arraybench">', f"<style>{STYLE}</style>"]
    layout = table_layout(result)
    figures, note = _figures(result) if plots else ({}, "")
    for title, columns in layout:
        workloads = list(dict.fromkeys(col.workload for col in columns))
        for w in workloads:
            out.append(f'<p class="answer"><b>{escape(w)}</b>: ')
            out[-1] += f"{escape(fastest_sentence(result, w))}</p>"
        out.append(_compact(result, title, columns))
        out += [figures[w] for w in workloads if w in figures]
    if note:
        out.append(f'<p class="dim">{escape(note)}</p>')
    advice = unstable_advice(result)
    if advice:
        out.append(f'<p class="warn">{escape(advice)}</p>')
    lines = failure_lines(result)
    if lines:
        out.append(f'<p class="fail"><b>{len(result.failed)} failed</b>:</p><ul>')
        out += [f'<li class="fail">✗ {escape(line)}</li>' for line in lines]
        out.append("</ul>")
    skipped = [s for s in result.skipped if not s.failed]
    if skipped:
        reasons = sorted({s.reason for s in skipped})
        out.append(f'<p class="dim">not run: {escape("; ".join(reasons))}</p>')
    out.append(_measured_how(result))
    out.append(
        f"<details><summary>every case ({len(result.cases)})</summary>"
        f"{html_table(result)}</details>"
    )
    out.append("</div>")
    return "\n".join(out)


def _compact(result: RunResult, title: str, columns: list[Column]) -> str:
    """One compact table as HTML: the terminal's (``summary._print_table``), row for row."""
    from ..analysis.standing import standing

    names = {col.workload for col in columns}
    cases = {
        (c.workload, c.size, c.impl, c.backend, c.device, c.dtype): c
        for c in result.cases
        if c.workload in names
    }
    rows = list(dict.fromkeys((k[2], k[3], k[4], k[5]) for k in cases))
    show_device = any(r[2] != "cpu" for r in rows)
    threshold = tie_threshold(result)
    best: dict[Column, set[tuple[Any, ...]]] = {}
    lowest: dict[Column, float] = {}
    for col in columns:
        here = [c for k, c in cases.items() if k[0] == col.workload and k[1] == col.size]
        tied, _ = standing(here, threshold)
        best[col] = {(c.workload, c.size, c.impl, c.backend, c.device, c.dtype) for c in tied}
        medians = [c.measurement.median for c in here if c.ok and c.measurement is not None]
        lowest[col] = min(medians) if medians else 1.0

    def speed(row: tuple[str, str, str, str]) -> float:
        for col in reversed(columns):  # fastest first, at the largest size each ran at
            c = cases.get((col.workload, col.size, *row))
            if c is not None and c.ok and c.measurement is not None:
                return c.measurement.median / max(1e-300, lowest[col])
        return math.inf

    head = ["impl", "backend", *(["device"] if show_device else []), "dtype"]
    marks: set[str] = set()
    body = []
    for row in sorted(rows, key=speed):
        impl, backend, device, dtype = row
        ident = [impl, backend, *([device] if show_device else []), SHORT_DTYPE.get(dtype, dtype)]
        cells = [f'<td class="k">{escape(v)}</td>' for v in ident]
        for col in columns:
            cell, mark = _cell(cases.get((col.workload, col.size, *row)), best[col])
            cells.append(cell)
            if mark:
                marks.add(mark)
        body.append("<tr>" + "".join(cells) + "</tr>")
    legend = "median per call ±95% CI" + "".join(f" · {m} {MARKS[m]}" for m in MARKS if m in marks)
    ths = [f'<th class="k">{h}</th>' for h in head]
    ths += [f"<th>{escape(col.title)}</th>" for col in columns]
    return (
        f'<p class="dim"><b>{escape(title)}</b> · {escape(legend)}</p>'
        '<div class="wrap"><table class="compact"><thead><tr>'
        + "".join(ths)
        + "</tr></thead><tbody>"
        + "".join(body)
        + "</tbody></table></div>"
    )


def _cell(c: CaseResult | None, best: set[tuple[Any, ...]]) -> tuple[str, str]:
    """A compact table's cell and the mark it uses (the terminal's ``summary._cell``)."""
    if c is None or c.status == "skipped":
        return '<td class="dim">—</td>', ""
    if not c.ok or c.measurement is None:
        return f'<td class="fail" title="{escape(c.error or "")}">✗</td>', "✗"
    m = c.measurement
    iv = m.interval
    said = UNSTABLE if iv.unstable else format_spread(iv)
    text = f"{format_time(m.median)} {said}"
    if c.implausible:
        return f'<td class="warn" title="{escape(c.implausible)}">{escape(text)} !</td>', "!"
    key = (c.workload, c.size, c.impl, c.backend, c.device, c.dtype)
    if key in best:
        return f'<td class="best">{escape(text)} ★</td>', "★"
    return f"<td>{escape(text)}</td>", "" if iv.confident or iv.unstable else "~"


def _measured_how(result: RunResult) -> str:
    """How the run measured: processes, budget, threads (the terminal's footer, in short)."""
    config = result.config
    workers = result.env.get("workers") or {}
    processes = int(workers.get("processes") or config.get("processes") or 1)
    where = (
        f"in {processes} worker processes" + (" (forked)" if workers.get("forked") else "")
        if processes > 1
        else "in this process (processes=1: the interval leaves out the process's own effect)"
    )
    budget = config.get("budget")
    sizes = sorted({c.size for c in result.cases})
    text = f"measured {where}"
    if isinstance(budget, int | float):
        text += f", {budget:g} s per case"
    if sizes:
        text += f", n = {', '.join(format_size(n) for n in sizes)}"
    return f'<p class="dim">{escape(text)}</p>'


def _figures(result: RunResult) -> tuple[dict[str, str], str]:
    """Each workload's time plot as HTML (wide, with a phone's drawing for a narrow output);
    or why there are none."""
    try:
        from . import plots
        from .plot_parts import NARROW
    except ImportError as e:  # pragma: no cover - plots imports nothing optional at load
        return {}, f"No plots: {e}"
    out: dict[str, str] = {}
    for workload in dict.fromkeys(c.workload for c in result.cases):
        try:
            wide = plots.time_figure(result, workload)
            small = plots.time_figure(result, workload, NARROW)
        except ImportError as e:
            return out, f"No plots: {e}"
        if wide is None or small is None:
            continue
        img = f'<img src="{_uri(plots.render(wide[1]))}" alt="{escape(wide[0])}">'
        source = f'<source media="{NARROW_PLOTS}" srcset="{_uri(plots.render(small[1]))}">'
        out[workload] = f"<picture>{source}{img}</picture>"
    return out, ""


def _uri(svg: bytes) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")
