"""One self-contained HTML file per run: what a person reads, shares, or attaches to an issue.

    header        what ran, when, where
    questions     each experiment's question, the published claim, the answer, the verdict
    findings      what the numbers mean, in plain language (analysis.findings)
    workloads     per workload: the plots (inline images), then the results table
    cost models   t(n) = a + b·n^k per series, with CIs; crossovers
    failures      every failed case with its full error; what was not run, and why
    environment   machine, libraries, settings, the harness's own floor

No network: the style sheet is inline, the plots are data: URIs, and there is no script. Every
string that comes from the results (names, labels, errors, environment values) is escaped, so a
workload called ``<script>`` shows as text. A plot is embedded as an ``<img>`` of SVG, not as
inline SVG: its markup then cannot reach the page, and ids in two plots cannot collide.
"""

from __future__ import annotations

import base64
import math
import os
from collections import defaultdict
from collections.abc import Mapping, Sequence
from datetime import datetime, timezone
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._files import atomic_write
from ..results import NO_REFERENCE, CaseResult, RunResult
from ..suites.experiment import Answer
from .terminal import claim_lines
from .units import (
    fit_figures,
    format_interval,
    format_size,
    format_time,
    format_vs_reference,
)

if TYPE_CHECKING:
    from ..analysis.findings import Analysis
    from ..analysis.probe import MachineProfile

#: The order findings are listed in within a workload: the headline first, caveats last.
FINDING_ORDER = ("fixed-cost", "fastest", "phase", "compile", "roofline", "noise", "model")
#: Errors longer than this are cut in the results table; the failures section has them whole.
SHORT_ERROR = 90
VERDICT_CLASS = {"agrees": "good", "partly agrees": "mixed", "disagrees": "bad"}
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
}

CSS = """
:root { --fg: #1d2330; --muted: #5b6475; --line: #d9dee7; --bg2: #f4f6fa; --accent: #2f5d9e;
  --good: #1e7b3a; --mixed: #9a6400; --bad: #b3261e; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--fg); background: #fff; }
main { max-width: 1180px; margin: 0 auto; padding: 24px 28px 64px; }
h1 { font-size: 28px; margin: 0 0 4px; }
h2 { font-size: 21px; margin: 40px 0 10px; padding-bottom: 4px; border-bottom: 2px solid
  var(--line); }
h3 { font-size: 17px; margin: 22px 0 6px; }
a { color: var(--accent); }
.sub { color: var(--muted); margin: 0 0 16px; }
nav { background: var(--bg2); border-radius: 6px; padding: 10px 16px; font-size: 14px; }
nav a { margin-right: 14px; white-space: nowrap; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 12px 18px; margin: 14px 0; }
.card p { margin: 6px 0; }
.label { font-weight: 600; }
.verdict { display: inline-block; padding: 1px 10px; border-radius: 12px; color: #fff;
  font-weight: 600; font-size: 14px; background: var(--muted); }
.verdict.good { background: var(--good); } .verdict.mixed { background: var(--mixed); }
.verdict.bad { background: var(--bad); }
ul.findings li { margin: 3px 0; }
.dim { color: var(--muted); }
table { border-collapse: collapse; font-size: 13px; margin: 8px 0 16px; width: 100%; }
th, td { padding: 3px 8px; border-bottom: 1px solid var(--line); text-align: left;
  vertical-align: top; }
th { background: var(--bg2); font-weight: 600; position: sticky; top: 0; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.sizebreak td { border-top: 2px solid #b9c1cf; }
tr.failed td { background: #fdf0ef; }
.ok { color: var(--good); } .fail { color: var(--bad); font-weight: 600; }
.warn { color: var(--mixed); }
figure { margin: 12px 0 18px; }
figure img { max-width: 100%; height: auto; border: 1px solid var(--line); border-radius: 4px; }
figcaption { color: var(--muted); font-size: 13px; }
pre { background: var(--bg2); padding: 8px 12px; border-radius: 4px; white-space: pre-wrap;
  word-break: break-word; font-size: 12.5px; }
dl.env { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; font-size: 14px; }
dl.env dt { font-weight: 600; } dl.env dd { margin: 0; word-break: break-word; }
footer { margin-top: 48px; color: var(--muted); font-size: 13px; }
"""


def render(
    result: RunResult,
    analysis: Analysis | None = None,
    profile: MachineProfile | None = None,
    *,
    title: str = "arraybench report",
    plots: bool = True,
    baseline: str | None = None,
) -> str:
    """The report as one HTML document.

    Args:
        result: the run.
        analysis: its analysis; None computes it (``analysis.findings.analyze``).
        profile: the machine's limits, for the fraction of peak (column and plots); None leaves
            them out. Pass it only for results measured on the machine it describes.
        title: the page's title.
        plots: whether to embed plots (they need matplotlib; without it the report says so).
        baseline: ``impl:backend:dtype`` for the speedup plots (default: the reference impl).

    Returns:
        The document, self-contained: it loads nothing from anywhere.
    """
    if analysis is None:
        from ..analysis.findings import analyze

        analysis = analyze(result, profile)
    from .plots import Slugs

    slugs = Slugs()
    anchors = {w: "w-" + slugs.take(w) for w in _workloads(result)}
    figures, plot_note = _figures(result, analysis, profile, baseline) if plots else ({}, "")
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>",
        f"<style>{CSS}</style></head><body><main>",
        _header(result, title),
        _nav(result, analysis, anchors),
        _questions(result, anchors),
        _findings(analysis, anchors),
        _workload_sections(result, anchors, figures, plot_note, profile),
        _fits(analysis),
        _crossovers(analysis),
        _failures(result),
        _environment(result),
        _footer(result),
        "</main></body></html>",
    ]
    return "\n".join(p for p in parts if p) + "\n"


def write(
    result: RunResult,
    path: str | os.PathLike[str],
    analysis: Analysis | None = None,
    profile: MachineProfile | None = None,
    **options: Any,
) -> Path:
    """Write :func:`render`'s document to ``path`` atomically (never half a file).

    Args:
        result, analysis, profile: as for :func:`render`.
        path: the file; its folder is created if missing.
        options: ``title``, ``plots``, ``baseline``, passed to :func:`render`.

    Returns:
        The path written.
    """
    text = render(result, analysis, profile, **options)
    return atomic_write(path, text)


# -- sections ------------------------------------------------------------------------------------


def _header(result: RunResult, title: str) -> str:
    n_workloads = len(_workloads(result))
    failed = len(result.failed)
    when = result.started.replace("T", " ") if result.started else "at an unknown time"
    cpu = result.env.get("cpu") or "an unknown CPU"
    status = (
        f'<span class="fail">{failed} failed</span>'
        if failed
        else '<span class="ok">all passed their check</span>'
    )
    return (
        f"<header><h1>{escape(title)}</h1>"
        f'<p class="sub">{len(result.cases)} cases in {n_workloads} workload'
        f"{'' if n_workloads == 1 else 's'}, {status}; measured {escape(when)} on "
        f"{escape(str(cpu))}</p></header>"
    )


def _nav(result: RunResult, analysis: Analysis, anchors: Mapping[str, str]) -> str:
    links = []
    if _experiments(result):
        links.append('<a href="#questions">Questions</a>')
    if analysis.findings:
        links.append('<a href="#findings">Findings</a>')
    links += [f'<a href="#{escape(a)}">{escape(w)}</a>' for w, a in anchors.items()]
    if analysis.fits:
        links.append('<a href="#fits">Cost models</a>')
    if analysis.crossovers:
        links.append('<a href="#crossovers">Crossovers</a>')
    if result.failed or result.skipped:
        links.append(f'<a href="#failures">{"Failures" if result.failed else "Not run"}</a>')
    links.append('<a href="#environment">Environment</a>')
    return "<nav>" + " ".join(links) + "</nav>"


def _questions(result: RunResult, anchors: Mapping[str, str]) -> str:
    records = _experiments(result)
    if not records:
        return ""
    out = ['<section id="questions"><h2>Questions</h2>']
    for name, rec in records:
        ans = rec.get("answer")
        ans = ans if isinstance(ans, Mapping) else {"answer": str(ans or "")}
        verdict = str(ans.get("verdict") or "")
        out.append('<div class="card">')
        out.append(f"<h3>{escape(str(rec.get('title') or name))}</h3>")
        out.append(
            f'<p><span class="label">Question:</span> {escape(str(rec.get("question", "")))}</p>'
        )
        if rec.get("claim"):
            out.append(
                f'<p><span class="label">Published claim:</span> {escape(str(rec["claim"]))}</p>'
            )
        if ans.get("answer"):
            out.append(f'<p><span class="label">Answer:</span> {escape(str(ans["answer"]))}</p>')
        details = ans.get("details")
        if isinstance(details, list) and details:
            out.append(
                '<ul class="dim">'
                + "".join(f"<li>{escape(str(d))}</li>" for d in details)
                + "</ul>"
            )
        parts = claim_lines(Answer.from_dict(ans))
        if parts:
            out.append("<ul>" + "".join(f"<li>{escape(p)}</li>" for p in parts) + "</ul>")
        if verdict:
            said = ans.get("context") if parts else ans.get("why")
            why = f": {escape(str(said))}" if said else "."
            cls = VERDICT_CLASS.get(verdict, "")
            out.append(
                f'<p>This machine <span class="verdict {cls}">{escape(verdict)}</span>{why}</p>'
            )
        workloads = rec.get("workloads")
        if isinstance(workloads, list):
            links = [
                f'<a href="#{escape(anchors[w])}">{escape(w)}</a>'
                for w in (str(w) for w in workloads)
                if w in anchors
            ]
            if links:
                out.append(f'<p class="dim">Measurements: {", ".join(links)}</p>')
        out.append("</div>")
    out.append("</section>")
    return "\n".join(out)


def _findings(analysis: Analysis, anchors: Mapping[str, str]) -> str:
    if not analysis.findings:
        return ""
    by_workload: dict[str, list[Any]] = defaultdict(list)
    for f in analysis.findings:
        by_workload[f.workload].append(f)
    out = ['<section id="findings"><h2>Findings</h2>']
    for workload, found in by_workload.items():
        if workload:
            anchor = anchors.get(workload)
            name = escape(workload)
            out.append(
                f'<h3><a href="#{escape(anchor)}">{name}</a></h3>' if anchor else f"<h3>{name}</h3>"
            )
        else:
            out.append("<h3>The whole run</h3>")
        out.append('<ul class="findings">')
        for f in sorted(found, key=lambda f: _rank(f.kind)):
            cls = ' class="dim"' if f.kind == "model" else ""
            out.append(f"<li{cls}>{escape(f.text)}</li>")
        out.append("</ul>")
    out.append("</section>")
    return "\n".join(out)


def _workload_sections(
    result: RunResult,
    anchors: Mapping[str, str],
    figures: Mapping[str, list[tuple[str, str]]],
    plot_note: str,
    profile: MachineProfile | None,
) -> str:
    out = []
    if plot_note:
        out.append(f'<p class="warn">{escape(plot_note)}</p>')
    by_workload: dict[str, list[CaseResult]] = defaultdict(list)
    for c in result.cases:
        by_workload[c.workload].append(c)
    for workload, cases in by_workload.items():
        out.append(f'<section id="{escape(anchors[workload])}"><h2>{escape(workload)}</h2>')
        for caption, svg_uri in figures.get(workload, []):
            out.append(
                # The title is drawn in the plot; alt carries it for readers that show no images.
                f'<figure><img src="{svg_uri}" alt="{escape(caption)}"></figure>'
            )
        out.append(_results_table(result, cases, profile))
        out.append("</section>")
    return "\n".join(out)


def _results_table(
    result: RunResult, cases: Sequence[CaseResult], profile: MachineProfile | None
) -> str:
    show_device = any(c.device != "cpu" for c in cases)
    show_peak = profile is not None and any(c.flops or c.bytes for c in cases)
    head = [
        ("impl", ""),
        ("backend", ""),
        *([("device", "")] if show_device else []),
        ("dtype", ""),
        ("n", "num"),
        ("median", "num"),
        ("95% CI", "num"),
        ("first call", "num"),
        ("vs ref", "num"),
        *([("of peak", "num")] if show_peak else []),
        ("check", ""),
        ("notes", ""),
    ]
    rows = [
        "<table><thead><tr>"
        + "".join(f'<th class="{cls}">{escape(h)}</th>' for h, cls in head)
        + "</tr></thead><tbody>"
    ]
    for k, size in enumerate(sorted({c.size for c in cases})):
        at = sorted(
            (c for c in cases if c.size == size),
            key=lambda c: (not c.ok, c.measurement.median if c.measurement else 0.0),
        )
        for i, c in enumerate(at):
            classes = [*(["sizebreak"] if i == 0 and k > 0 else []), *([] if c.ok else ["failed"])]
            attr = f' class="{" ".join(classes)}"' if classes else ""
            ident = [
                _td(c.impl),
                _td(c.backend),
                *([_td(c.device)] if show_device else []),
                _td(c.dtype),
                _td(format_size(c.size), "num"),
            ]
            rows.append(f"<tr{attr}>" + "".join(ident + _measured(result, c, profile, show_peak)))
            rows[-1] += "</tr>"
    rows.append("</tbody></table>")
    legend = (
        '<p class="dim">median: time per call; 95% CI: where a repeat run\'s median should land '
        "(in brackets, the [min–max] range and the confidence it reaches when there were too "
        "few blocks); first call: the very first call (compilation, caches), kept apart; vs "
        "ref: how many times faster than the reference impl at the same size and dtype, with "
        "its 95% CI from blocks measured side by side"
        + (
            "; of peak: share of the machine's memory bandwidth (mem) or GEMM peak (flop)"
            if show_peak
            else ""
        )
        + ".</p>"
    )
    return "\n".join(rows) + legend


def _measured(
    result: RunResult, c: CaseResult, profile: MachineProfile | None, show_peak: bool
) -> list[str]:
    m = c.measurement
    if not c.ok or m is None:
        error = c.error or ""
        short = error if len(error) <= SHORT_ERROR else error[: SHORT_ERROR - 1] + "…"
        blanks = 5 if show_peak else 4
        return [
            _td("—", "num"),
            *[_td("", "num")] * (blanks - 1),
            '<td class="fail">✗ failed</td>',
            f'<td title="{escape(error)}">{escape(short)}</td>',
        ]
    cells = [
        _td(format_time(m.median), "num"),
        _td(format_interval(m.interval), "num"),
        _td(format_time(m.first_call), "num"),
        _td(format_vs_reference(result, c), "num"),
    ]
    if show_peak:
        cells.append(_td(_peak(c, profile), "num"))
    if c.check is None and c.unchecked == NO_REFERENCE:
        cells.append('<td title="nothing to compare with: the workload has one impl">—</td>')
    elif c.check is None:
        cells.append('<td class="warn">unchecked</td>')
    else:
        err = c.check.max_rel_err
        what = "exact" if err == 0 else (f"{err:.0e}" if math.isfinite(err) else "—")
        if c.computed_in:  # pure Python in float32: float32 inputs, double-precision arithmetic
            what += f" (in {c.computed_in})"
        cells.append(
            f'<td class="ok" title="largest error relative to the reference: '
            f'{escape(str(err))} (tolerance {escape(str(c.check.rtol))})">✓ {escape(what)}</td>'
        )
    tags = []
    for w in m.warnings:
        tag = w.split(":", 1)[0]
        tags.append(f'<span class="warn" title="{escape(w)}">{escape(tag)}</span>')
    cells.append("<td>" + ", ".join(tags) + "</td>")
    return cells


def _fits(analysis: Analysis) -> str:
    if not analysis.fits:
        return ""
    from .plots import series_label

    rows = [
        '<section id="fits"><h2>Cost models</h2>',
        '<p class="dim">t(n) = a + b·n<sup>k</sup> fitted to each series\' medians, with '
        "bootstrap 95% CIs: a is the fixed cost of a call, b·n<sup>k</sup> the part that grows "
        "with the size.</p>",
        "<table><thead><tr><th>workload</th><th>series</th><th class=num>a: fixed cost "
        "[95% CI]</th><th class=num>k [95% CI]</th><th class=num>marginal at the largest n</th>"
        "<th>model</th></tr></thead><tbody>",
    ]
    for fit in analysis.fits.values():
        fixed, k, marginal = fit_figures(fit)
        if fit.kind == "single":
            model = "one size: nothing to fit"
        elif fit.good and fit.fitted_up_to is None:
            model = "holds" if fit.kind != "flat" else "flat: the fixed cost dominates"
        else:
            model = fit.problem or "does not hold"
        cls = "" if fit.good or fit.kind == "single" else ' class="warn"'
        rows.append(
            "<tr>"
            + _td(fit.series[0])
            + _td(series_label(fit.series))
            + _td(fixed, "num")
            + _td(k, "num")
            + _td(marginal, "num")
            + f"<td{cls}>{escape(model)}</td></tr>"
        )
    rows.append("</tbody></table></section>")
    return "\n".join(rows)


def _crossovers(analysis: Analysis) -> str:
    if not analysis.crossovers:
        return ""
    from .plots import series_label

    rows = [
        '<section id="crossovers"><h2>Crossovers</h2>',
        '<p class="dim">Where one series overtakes another (the size from which it stays '
        "faster), with a 95% CI from the cost models, or the bracket of measured sizes when "
        'no model holds there. "Clearly" faster: the two medians\' CIs do not overlap.</p>',
        "<table><thead><tr><th>workload</th><th>faster</th><th>than</th><th>from n</th>"
        "<th>how</th></tr></thead><tbody>",
    ]
    for c in analysis.crossovers:
        if c.status == "crosses" and c.size is not None:
            size = _n(c.size) + (f" [{_n(c.ci[0])} – {_n(c.ci[1])}]" if c.ci else "")
            how = "from the cost models" if c.method == "model" else "between measured sizes"
        elif c.status == "always":
            size = "every size measured"
            how = f"checked up to n={format_size(c.checked_up_to or 0)}"
        elif c.status == "never":
            size = "no clear crossover"
            how = f"checked up to n={format_size(c.checked_up_to or 0)}"
        else:
            size, how = "no size in common", ""
        rows.append(
            "<tr>"
            + _td(c.winner[0])
            + _td(series_label(c.winner))
            + _td(series_label(c.loser))
            + _td(size)
            + _td(how)
            + "</tr>"
        )
    rows.append("</tbody></table></section>")
    return "\n".join(rows)


def _failures(result: RunResult) -> str:
    if not result.failed and not result.skipped:
        return ""
    heading = "Failures" if result.failed else "Not run"
    out = [f'<section id="failures"><h2>{heading}</h2>']
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
    out.append("</section>")
    return "\n".join(out)


def _environment(result: RunResult) -> str:
    env = dict(result.env)
    from .terminal import measured_how

    out = [
        '<section id="environment"><h2>Environment</h2>',
        f"<p>{escape(measured_how(result))}.</p>",
        '<dl class="env">',
    ]
    backends = env.pop("backends", None)
    for key, value in env.items():
        out.append(f"<dt>{escape(str(key))}</dt><dd>{escape(_plain(value, str(key)))}</dd>")
    out.append("</dl>")
    if isinstance(backends, Mapping) and backends:
        out.append('<h3>Libraries</h3><dl class="env">')
        for name, info in backends.items():
            out.append(f"<dt>{escape(str(name))}</dt><dd>{escape(_plain(info))}</dd>")
        out.append("</dl>")
    settings = {k: v for k, v in result.config.items() if v is not None}
    if settings:
        out.append('<h3>Settings</h3><dl class="env">')
        out += [
            f"<dt>{escape(str(k))}</dt><dd>{escape(_plain(v))}</dd>" for k, v in settings.items()
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
    out.append("</section>")
    return "\n".join(out)


def _footer(result: RunResult) -> str:
    made = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    version = result.arraybench_version or str(result.env.get("arraybench", ""))
    measured = f"Measured with arraybench {escape(version)}; r" if version else "R"
    return (
        f"<footer>{measured}eport made {escape(made)}. "
        "Medians with 95% intervals that a repeat run should fall in; the full samples are in "
        "the results file."
        "</footer>"
    )


# -- pieces --------------------------------------------------------------------------------------


def _figures(
    result: RunResult,
    analysis: Analysis,
    profile: MachineProfile | None,
    baseline: str | None,
) -> tuple[dict[str, list[tuple[str, str]]], str]:
    """Each workload's plots as (title, data: URI of the SVG); or a note on why there are none."""
    try:
        from . import plots
    except ImportError as e:  # pragma: no cover - plots imports nothing optional at module level
        return {}, str(e)
    try:
        by_workload = plots.figures_by_workload(result, analysis, profile, baseline)
    except ImportError as e:
        return {}, f"No plots: {e}"
    out: dict[str, list[tuple[str, str]]] = {}
    for workload, figs in by_workload.items():
        out[workload] = []
        for _, title, fig in figs:
            data = base64.b64encode(plots.render(fig, "svg")).decode("ascii")
            out[workload].append((title, f"data:image/svg+xml;base64,{data}"))
    return out, ""


def _experiments(result: RunResult) -> list[tuple[str, Mapping[str, Any]]]:
    return [
        (str(name), rec)
        for name, rec in result.extra.items()
        if isinstance(rec, Mapping) and "question" in rec and "answer" in rec
    ]


def _workloads(result: RunResult) -> list[str]:
    return list(dict.fromkeys(c.workload for c in result.cases))


def _td(text: str, cls: str = "") -> str:
    attr = f' class="{cls}"' if cls else ""
    return f"<td{attr}>{escape(text)}</td>"


def _peak(c: CaseResult, profile: MachineProfile | None) -> str:
    from ..analysis import roofline

    if profile is None:
        return ""
    r = roofline.roofline(c, profile)
    if r is None:
        return "—"
    return f"{roofline.percent(r.fraction)} {'mem' if r.bound == roofline.MEMORY else 'flop'}"


def _rank(kind: str) -> int:
    return FINDING_ORDER.index(kind) if kind in FINDING_ORDER else len(FINDING_ORDER)


def _n(n: float) -> str:
    if n < 100:
        return f"{n:.1f}" if n < 10 else f"{n:.0f}"
    return f"{float(f'{n:.2g}'):,.0f}"


def _plain(value: Any, key: str = "") -> str:
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
        return "; ".join(f"{k}: {_plain(v, str(k))}" for k, v in value.items())
    if isinstance(value, list | tuple):
        inner = [_plain(v) for v in value]
        return " | ".join(inner) if any(isinstance(v, Mapping) for v in value) else ", ".join(inner)
    return "—" if value is None else str(value)
