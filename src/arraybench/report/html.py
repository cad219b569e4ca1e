"""One self-contained HTML file per run: what a person reads, shares, or attaches to an issue.

Answers first, detail a click away:

    header        what ran, when, where
    summary       a card per question: its main plot with only the series its answer names, its
                  verdict badge, its answer in a sentence (a run of plain workloads: a card per
                  workload, with the fastest impl per size)
    per question  the time plot (log-log, CI bands, crossovers labelled), then the answer: the
                  sentence, the verdict, each part of the claim with its measured interval; then,
                  folded (<details>), the full answer, more plots, findings, the results tables,
                  cost models and crossovers
    about the run folded: notes on the whole run, failures, environment

It reads at a laptop's width and a phone's (about 390 px): a table never breaks a name or a
number (a wide one scrolls in its box; on a phone each row is a card: the cells that name it,
then each other cell under its column's heading), and each plot of a section is drawn twice,
for a wide page and for a phone's, the page choosing by its width (``NARROW_PLOTS``).

A run from several machines (``--cluster``) is read one machine at a time: the summary gives
each machine's verdict, a Machines section lists the machines' records, and each question shows
the lines across machines (each impl's time over its reference's, machine by machine), then
each machine's plot, answer and folded detail under a heading naming it. A run on one machine
reads as it always did.

No network: the style sheet is inline, the plots are data: URIs, and there is no script (folding
is the browser's own <details>). Every string that comes from the results (names, labels,
errors, environment values) is escaped, so a workload called ``<script>`` shows as text. A plot
is embedded as an ``<img>`` of SVG, not as inline SVG: its markup then cannot reach the page, and
ids in two plots cannot collide. The pieces behind a click are in ``html_parts``, the style sheet
in ``html_style``.
"""

from __future__ import annotations

import base64
import os
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..analysis.claims import AGREES, DISAGREES, PARTLY, UNTESTED, Answer
from ..base.files import atomic_write
from ..results import CaseResult, RunResult
from . import html_parts as parts
from .html_style import CSS, MACHINES_CSS
from .summary import fastest_sentence

if TYPE_CHECKING:
    from ..analysis.findings import Analysis, Finding
    from ..measure.profile import MachineProfile

#: The order findings are listed in: the headline first, caveats last.
FINDING_ORDER = ("fixed-cost", "fastest", "phase", "compile", "roofline", "threads", "noise")
#: Findings of these kinds are caveats on the method, shown dimmed.
DIM_FINDINGS = ("model",)
#: A verdict's class: its badge's colour (grey for "cannot tell" and anything unknown).
VERDICT_CLASS = {AGREES: "good", PARTLY: "mixed", DISAGREES: "bad", UNTESTED: "unknown"}
#: The mark before each part of a claim, by its own verdict.
CLAIM_MARK = {AGREES: "✓", PARTLY: "~", DISAGREES: "✗", UNTESTED: "?"}
#: A time plot against size says more than a one-size dot plot: the main plot is one if any.
AGAINST_SIZE = "against size"
#: Below this width a page shows each plot drawn for a phone (``plot_parts.NARROW``, about
#: 365 px wide): the wide one (about 930 px) would be shrunk by more than 1/7, and its
#: smallest text (7 pt, 9.3 px) under 8 px.
NARROW_PLOTS = "(max-width: 900px)"


class Drawn(NamedTuple):
    """A plot in the page: its title, and its SVG as a data: URI drawn for a wide page and, to
    be shown instead on a narrow one, for a phone ("" when there is none)."""

    title: str
    uri: str
    narrow: str = ""


@dataclass(frozen=True)
class Group:
    """A section of the report: one question (an experiment) or one workload run on its own.

    Attributes:
        anchor: its id in the page.
        title: its heading.
        question: the question it answers ("" for a plain workload).
        workloads: the workloads measured for it that are in the results, in order.
        answer: the experiment's answer; None for a plain workload.
        claim: the published claim it tests.
    """

    anchor: str
    title: str
    question: str
    workloads: tuple[str, ...]
    answer: Answer | None = None
    claim: str = ""
    #: the experiment's name (its key in ``RunResult.extra``); "" for a plain workload.
    name: str = ""


@dataclass(frozen=True)
class MachineView:
    """One machine of a run from several, as the report reads it.

    Attributes:
        name: the machine's name (``CaseResult.machine``).
        anchor: its slug, unique in the page (for ids).
        result: its sub-run (``analysis.machines.machine_view``: its cases, its record as env,
            its own answers).
        analysis: the sub-run's analysis.
        figures: the sub-run's plots by workload.
        profile: its limits when the given profile describes it, else None.
        plot_note: why it has no plots (matplotlib missing), else "".
    """

    name: str
    anchor: str
    result: RunResult
    analysis: Analysis
    figures: Mapping[str, list[Drawn]]
    profile: MachineProfile | None
    plot_note: str = ""


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
        analysis: its analysis; None computes it (``analysis.findings.analyze``). A run from
            several machines is analysed one machine at a time, and this is not used.
        profile: the machine's limits, for the fraction of peak (column and plots); None leaves
            them out. Pass it only for results measured on the machine it describes (in a run
            from several machines, it is used for the machine with its host name).
        title: the page's title.
        plots: whether to embed plots (they need matplotlib; without it the report says so).
        baseline: ``impl:backend:dtype`` for the speedup plots (default: the reference impl).

    Returns:
        The document, self-contained: it loads nothing from anywhere.
    """
    if len(result.machine_names) > 1:
        return _render_machines(result, profile, title=title, plots=plots, baseline=baseline)
    if len(result.machine_names) == 1:  # a cluster of one machine: that machine's own run
        from ..analysis.machines import one_machine

        result = one_machine(result)
        if profile is not None and result.env.get("hostname") != profile.key.get("hostname"):
            profile = None
    if analysis is None:
        from ..analysis.findings import analyze

        analysis = analyze(result, profile)
    groups = groups_of(result)
    figures, plot_note = _figures(result, analysis, profile, baseline) if plots else ({}, "")
    doc = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>",
        f"<style>{CSS}</style></head><body><main>",
        _header(result, title),
        _summary(result, groups, analysis, figures, plot_note),
        *(_group_section(result, g, analysis, figures, profile) for g in groups),
        _about_run(result, analysis),
        _footer(result),
        "</main></body></html>",
    ]
    return "\n".join(p for p in doc if p) + "\n"


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


def groups_of(result: RunResult) -> list[Group]:
    """The report's sections: each experiment saved with the run, then each workload that no
    experiment measured."""
    from .plots import Slugs

    slugs = Slugs()
    present = set(_workloads(result))
    claimed: set[str] = set()
    out = []
    for name, rec in _experiments(result):
        saved = rec.get("answer")
        answer = Answer.from_dict(
            saved if isinstance(saved, Mapping) else {"answer": str(saved or ""), "verdict": ""}
        )
        listed = rec.get("workloads")
        names = [str(w) for w in listed] if isinstance(listed, list) else []
        claimed.update(names)
        out.append(
            Group(
                anchor="q-" + slugs.take(name),
                title=str(rec.get("title") or name),
                question=str(rec.get("question") or ""),
                workloads=tuple(w for w in names if w in present),
                answer=answer,
                claim=str(rec.get("claim") or ""),
                name=name,
            )
        )
    out += [
        Group(anchor="w-" + slugs.take(w), title=w, question="", workloads=(w,))
        for w in _workloads(result)
        if w not in claimed
    ]
    return out


# -- the findings hook ---------------------------------------------------------------------------


def _ordered_findings(analysis: Analysis, workloads: Iterable[str]) -> list[Finding]:
    """The findings to show for these workloads ("" names the whole run), best first.

    The one place findings are chosen and ordered: a ranking replaces this body, keeping the
    signature. For now: by kind (FINDING_ORDER: the headline first, caveats last), then by the
    workload's place in ``workloads``, then as the analysis found them.
    """
    order = {w: i for i, w in enumerate(workloads)}
    chosen = [f for f in analysis.findings if f.workload in order]
    return sorted(chosen, key=lambda f: (_rank(f.kind), order[f.workload]))


def _rank(kind: str) -> int:
    if kind in DIM_FINDINGS:
        return len(FINDING_ORDER) + 1
    return FINDING_ORDER.index(kind) if kind in FINDING_ORDER else len(FINDING_ORDER)


# -- first screen --------------------------------------------------------------------------------


def _header(result: RunResult, title: str) -> str:
    n_workloads = len(_workloads(result))
    failed = len(result.failed)
    when = result.started.replace("T", " ") if result.started else "at an unknown time"
    cpu = result.env.get("cpu") or "an unknown CPU"
    status = (
        f'<a class="fail" href="#failures">{failed} failed</a>'
        if failed
        else '<span class="ok">all passed their check</span>'
    )
    return (
        f"<header><h1>{escape(title)}</h1>"
        f'<p class="sub">{len(result.cases)} cases in {n_workloads} workload'
        f"{'' if n_workloads == 1 else 's'}, {status}; measured {escape(when)} on "
        f"{escape(str(cpu))}</p></header>"
    )


def _summary(
    result: RunResult,
    groups: Sequence[Group],
    analysis: Analysis,
    figures: Mapping[str, list[Drawn]],
    plot_note: str,
) -> str:
    def card(g: Group, anchor: str) -> list[str]:
        out = []
        main = _card_figure(result, g, analysis) if figures else None
        if main is not None:
            caption, uri = main
            out.append(f'<a href="#{anchor}"><img src="{uri}" alt="{escape(caption)}"></a>')
        out.append(f'<h3><a href="#{anchor}">{escape(g.question or g.title)}</a></h3>')
        if g.answer is not None:
            out.append(f"<p>{_badge(g.answer.verdict)} {escape(g.answer.summary)}</p>")
        else:
            out.append(f"<p>{escape(fastest_sentence(result, g.workloads[0]))}</p>")
        return out

    return _cards(groups, plot_note, card)


def _cards(groups: Sequence[Group], plot_note: str, card: Callable[[Group, str], list[str]]) -> str:
    """The summary section: the plot note, then one card per question, its body from
    ``card(group, escaped anchor)``; "" without questions."""
    if not groups:
        return ""
    out = ['<section id="summary"><h2>Summary</h2>']
    if plot_note:
        out.append(f'<p class="warn">{escape(plot_note)}</p>')
    out.append('<div class="cards">')
    for g in groups:
        out.append('<article class="card">')
        out.extend(card(g, escape(g.anchor)))
        out.append("</article>")
    out.append("</div></section>")
    return "\n".join(out)


def _badge(verdict: str) -> str:
    if not verdict or verdict == "?":
        return ""
    cls = VERDICT_CLASS.get(verdict, "unknown")
    return f'<span class="verdict {cls}">{escape(verdict)}</span>'


# -- a question's section ------------------------------------------------------------------------


def _group_section(
    result: RunResult,
    g: Group,
    analysis: Analysis,
    figures: Mapping[str, list[Drawn]],
    profile: MachineProfile | None,
) -> str:
    out = [f'<section id="{escape(g.anchor)}" class="group"><h2>{escape(g.title)}</h2>']
    if g.question:
        out.append(f'<p class="question">{escape(g.question)}</p>')
    main = _main_figure(g, figures)
    if main is not None:
        out.append(_figure(main))
    out.append(_answer_block(result, g))
    out += _group_details(result, g, analysis, figures, main, profile)
    out.append("</section>")
    return "\n".join(out)


def _answer_block(result: RunResult, g: Group, who: str = "This machine") -> str:
    if g.answer is None:
        text = fastest_sentence(result, g.workloads[0])
        return f'<div class="answer plain"><p class="lead">{escape(text)}</p></div>'
    a = g.answer
    cls = VERDICT_CLASS.get(a.verdict, "unknown")
    out = [f'<div class="answer {cls}">', f'<p class="lead">{_badge(a.verdict)} ']
    out[-1] += f"{escape(a.summary)}</p>"
    if g.claim:
        out.append(f'<p><span class="label">Published claim:</span> {escape(g.claim)}</p>')
    claims = _claim_parts(a)
    if claims:
        out.append('<ul class="claims">')
        for c in claims:
            verdict = str(c.get("verdict") or "")
            mark = CLAIM_MARK.get(verdict, "•")
            mcls = VERDICT_CLASS.get(verdict, "unknown")
            out.append(
                f'<li><span class="mark {mcls}" title="{escape(verdict)}">{mark}</span>'
                f"{escape(str(c['text']))}</li>"
            )
        out.append("</ul>")
    said = a.context if claims else a.why
    if a.verdict and a.verdict != "?" and said:
        out.append(f"<p>{escape(who)} {escape(a.verdict)}: {escape(said)}</p>")
    out.append("</div>")
    return "\n".join(out)


def _claim_parts(answer: Answer) -> list[Mapping[str, Any]]:
    """The claim's parts that apply here, each with its measured interval in its text (all of
    them when none applies), as the terminal lists them (``terminal.claim_lines``)."""
    said = [c for c in answer.claims if c.get("text")]
    applicable = [c for c in said if c.get("applicable", True)]
    return applicable or said


def _group_details(
    result: RunResult,
    g: Group,
    analysis: Analysis,
    figures: Mapping[str, list[Drawn]],
    main: Drawn | None,
    profile: MachineProfile | None,
) -> list[str]:
    out = []
    if g.answer is not None:
        out.append(_details("The full answer", _full_answer(g.answer)))
    more = [f for w in g.workloads for f in figures.get(w, []) if f != main]
    if more:
        out.append(_details(f"More plots ({len(more)})", "\n".join(_figure(f) for f in more)))
    found = _ordered_findings(analysis, g.workloads)
    if found:
        items = [
            f"<li{' class=dim' if f.kind in DIM_FINDINGS else ''}>{escape(f.text)}</li>"
            for f in found
        ]
        body = '<ul class="findings">' + "".join(items) + "</ul>"
        out.append(_details(f"Findings ({len(found)})", body))
    by_workload = _cases_by_workload(result)
    tables = []
    for w in g.workloads:
        cases = by_workload.get(w, [])
        if len(g.workloads) > 1:
            tables.append(f"<h3>{escape(w)}</h3>")
        tables.append(parts.results_table(result, cases, profile))
    if tables:
        n = sum(len(by_workload.get(w, [])) for w in g.workloads)
        out.append(_details(f"Results ({n} case{'' if n == 1 else 's'})", "\n".join(tables)))
    fits = [f for s, f in analysis.fits.items() if s[0] in g.workloads]
    if fits:
        out.append(_details(f"Cost models ({len(fits)})", parts.fits_table(fits)))
    crossings = [c for c in analysis.crossovers if c.winner[0] in g.workloads]
    if crossings:
        out.append(_details(f"Crossovers ({len(crossings)})", parts.crossovers_table(crossings)))
    return out


def _full_answer(a: Answer) -> str:
    out = [f"<p>{escape(a.answer)}</p>"] if a.answer else []
    if a.details:
        out.append("<ul>" + "".join(f"<li>{escape(d)}</li>" for d in a.details) + "</ul>")
    if a.why:
        out.append(f'<p><span class="label">Why:</span> {escape(a.why)}</p>')
    return "\n".join(out) or '<p class="dim">No answer was saved.</p>'


# -- about the run -------------------------------------------------------------------------------


def _about_run(result: RunResult, analysis: Analysis) -> str:
    out = ['<section id="about"><h2>About this run</h2>']
    notes = _ordered_findings(analysis, ("",))
    if notes:
        body = '<ul class="findings">' + "".join(f"<li>{escape(f.text)}</li>" for f in notes)
        out.append(_details(f"Notes on the whole run ({len(notes)})", body + "</ul>", "notes"))
    if result.failed or result.skipped:
        label = f"Failures ({len(result.failed)})" if result.failed else "Not run"
        if result.failed and result.skipped:
            label += f" and not run ({len(result.skipped)})"
        out.append(_details(label, parts.failures(result), "failures"))
    out.append(_details("Environment", parts.environment(result), "environment"))
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


# -- a run from several machines -----------------------------------------------------------------


def _render_machines(
    result: RunResult,
    profile: MachineProfile | None,
    *,
    title: str,
    plots: bool,
    baseline: str | None,
) -> str:
    """The report of a run from several machines (see the module): every analysis, plot and
    answer comes from one machine's sub-run, never from the mixed cases."""
    views = _machine_views(result, profile, plots, baseline)
    groups = groups_of(result)
    notes = [v.plot_note for v in views if v.plot_note]
    doc = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>",
        f"<style>{CSS}{MACHINES_CSS}</style></head><body><main>",
        _machines_header(result, title),
        _machines_summary(result, groups, views, notes[0] if notes else ""),
        _machines_section(result, views),
        *(_machines_group_section(result, g, views) for g in groups),
        _machines_about(result, views),
        _footer(result),
        "</main></body></html>",
    ]
    return "\n".join(p for p in doc if p) + "\n"


def _machine_views(
    result: RunResult, profile: MachineProfile | None, plots: bool, baseline: str | None
) -> list[MachineView]:
    from ..analysis.findings import analyze
    from ..analysis.machines import machine_view
    from .plots import Slugs

    slugs = Slugs()
    views = []
    for name in result.machine_names:
        sub = machine_view(result, name)
        here = profile
        if here is not None and sub.env.get("hostname") != here.key.get("hostname"):
            here = None  # another machine's limits say nothing of this one's numbers
        analysis = analyze(sub, here)
        figures, note = _figures(sub, analysis, here, baseline) if plots else ({}, "")
        views.append(MachineView(name, "m-" + slugs.take(name), sub, analysis, figures, here, note))
    return views


def _machine_group(result: RunResult, g: Group, view: MachineView) -> Group:
    """Group ``g`` as machine ``view.name`` answered it: its answer from ``"answers"``, the
    workloads it measured."""
    present = {c.workload for c in view.result.cases}
    answer = g.answer
    if g.name:
        from ..analysis.machines import answer_on

        rec = result.extra.get(g.name)
        saved = answer_on(result, rec, view.name) if isinstance(rec, Mapping) else None
        answer = Answer.from_dict(saved) if isinstance(saved, Mapping) else None
    return replace(
        g,
        anchor=f"{g.anchor}-{view.anchor}",
        workloads=tuple(w for w in g.workloads if w in present),
        answer=answer,
    )


def _machines_header(result: RunResult, title: str) -> str:
    from ..analysis.machines import descriptions

    n_workloads = len(_workloads(result))
    failed = len(result.failed)
    when = result.started.replace("T", " ") if result.started else "at an unknown time"
    status = (
        f'<a class="fail" href="#failures">{failed} failed</a>'
        if failed
        else '<span class="ok">all passed their check</span>'
    )
    described = descriptions(result)
    where = ", ".join(f"{escape(d.name)} ({escape(d.cpu or 'an unknown CPU')})" for d in described)
    return (
        f"<header><h1>{escape(title)}</h1>"
        f'<p class="sub">{len(result.cases)} cases in {n_workloads} workload'
        f"{'' if n_workloads == 1 else 's'}, {status}; measured {escape(when)} on "
        f'<a href="#machines">{len(described)} machines</a>: {where}</p></header>'
    )


def _machines_summary(
    result: RunResult, groups: Sequence[Group], views: Sequence[MachineView], plot_note: str
) -> str:
    """A card per question: the first machine's main plot, then each machine's verdict and
    answer in a sentence, and whether the machines disagree on which is faster."""
    from ..analysis.machines import cross_machine

    def card(g: Group, anchor: str) -> list[str]:
        out = []
        for v in views[:1]:
            mg = _machine_group(result, g, v)
            main = _card_figure(v.result, mg, v.analysis) if v.figures else None
            if main is not None:
                caption, uri = main
                alt = f"{v.name}: {caption}"
                out.append(f'<a href="#{anchor}"><img src="{uri}" alt="{escape(alt)}"></a>')
        out.append(f'<h3><a href="#{anchor}">{escape(g.question or g.title)}</a></h3>')
        for v in views:
            mg = _machine_group(result, g, v)
            if not mg.workloads:
                continue
            if mg.answer is not None:
                said = f"{_badge(mg.answer.verdict)} {escape(mg.answer.summary)}"
            else:
                said = escape(fastest_sentence(v.result, mg.workloads[0]))
            out.append(f'<p><span class="label">{escape(v.name)}:</span> {said}</p>')
        flips = [x for x in cross_machine(result, g.workloads) if x.disagree]
        if flips:
            n = len(flips)
            out.append(
                f'<p class="warn">The machines disagree on which is faster in {n} '
                f"comparison{'' if n == 1 else 's'}: {escape(flips[0].label)}"
                f"{' and others' if n > 1 else ''}.</p>"
            )
        return out

    return _cards(groups, plot_note, card)


def _machines_section(result: RunResult, views: Sequence[MachineView]) -> str:
    """The machines' records: a table of what tells them apart, then each one's whole record,
    folded."""
    out = ['<section id="machines"><h2>Machines</h2>', parts.machines_table(result)]
    out += [
        _details(f"{v.name}: the whole record", parts.environment(v.result), f"env-{v.anchor}")
        for v in views
    ]
    out.append("</section>")
    return "\n".join(out)


def _machines_group_section(result: RunResult, g: Group, views: Sequence[MachineView]) -> str:
    from ..analysis.machines import cross_machine, in_brief

    out = [f'<section id="{escape(g.anchor)}" class="group"><h2>{escape(g.title)}</h2>']
    if g.question:
        out.append(f'<p class="question">{escape(g.question)}</p>')
    out.append(parts.cross_machine_list(cross_machine(result, g.workloads), len(g.workloads) > 1))
    for v in views:
        mg = _machine_group(result, g, v)
        out.append(f'<h3 id="{escape(mg.anchor)}" class="machine">On {escape(v.name)}</h3>')
        out.append(f'<p class="sub">{escape(in_brief(v.result.env))}</p>')
        if not mg.workloads:
            out.append(f'<p class="dim">{escape(v.name)} measured none of its workloads.</p>')
            continue
        figures = v.figures
        main = _main_figure(mg, figures)
        if main is not None:
            out.append(_figure(main._replace(title=f"{v.name}: {main.title}")))
        out.append(_answer_block(v.result, mg, who=v.name))
        out += _group_details(v.result, mg, v.analysis, figures, main, v.profile)
    out.append("</section>")
    return "\n".join(out)


def _machines_about(result: RunResult, views: Sequence[MachineView]) -> str:
    out = ['<section id="about"><h2>About this run</h2>']
    for v in views:
        notes = _ordered_findings(v.analysis, ("",))
        if notes:
            body = '<ul class="findings">' + "".join(f"<li>{escape(f.text)}</li>" for f in notes)
            out.append(_details(f"Notes on {v.name} ({len(notes)})", body + "</ul>"))
    failing = [v for v in views if v.result.failed or v.result.skipped]
    if failing:
        n = len(result.failed)
        label = f"Failures ({n})" if n else "Not run"
        body = "\n".join(
            f"<h3>On {escape(v.name)}</h3>\n{parts.failures(v.result)}" for v in failing
        )
        out.append(_details(label, body, "failures"))
    out.append(_details("Environment", parts.environment(result), "environment"))
    out.append("</section>")
    return "\n".join(out)


# -- pieces --------------------------------------------------------------------------------------


def _details(label: str, body: str, anchor: str = "") -> str:
    """A folded section: closed until the reader opens it (no script: the browser's own)."""
    ident = f' id="{escape(anchor)}"' if anchor else ""
    return (
        f"<details{ident}><summary>{escape(label)}</summary>"
        f'<div class="body">{body}</div></details>'
    )


def _figure(plot: Drawn) -> str:
    # The title is drawn in the plot; alt carries it for readers that show no images.
    img = f'<img src="{plot.uri}" alt="{escape(plot.title)}">'
    if plot.narrow:
        # A data: URI holds no space, so srcset reads it whole despite its comma.
        source = f'<source media="{NARROW_PLOTS}" srcset="{plot.narrow}">'
        img = f"<picture>{source}{img}</picture>"
    return f"<figure>{img}</figure>"


def _main_figure(g: Group, figures: Mapping[str, list[Drawn]]) -> Drawn | None:
    """The group's first time plot against size, else its first plot of any kind."""
    drawn = [f for w in g.workloads for f in figures.get(w, [])[:1]]
    against_size = [f for f in drawn if f.title.endswith(AGAINST_SIZE)]
    if against_size:
        return against_size[0]
    return drawn[0] if drawn else None


def _card_figure(result: RunResult, g: Group, analysis: Analysis) -> tuple[str, str] | None:
    """A summary card's plot: the time plot of the workload the main plot shows, with only the
    series the card's answer names (``summary.card_series``); the full plot stays in the
    group's section. None when there is nothing to draw or no matplotlib."""
    from .summary import card_series

    ok = _cases_by_workload(result)
    measured = [w for w in g.workloads if any(c.ok for c in ok.get(w, []))]
    against_size = [w for w in measured if len({c.size for c in ok[w] if c.ok}) > 1]
    if not measured:
        return None
    workload = (against_size or measured)[0]
    try:
        from . import plots

        named = card_series(result, workload, g.answer)
        made = plots.card_figure(result, workload, named, analysis)
    except ImportError:
        return None
    if made is None:
        return None
    title, fig = made
    return title, _svg_uri(fig)


def _figures(
    result: RunResult,
    analysis: Analysis,
    profile: MachineProfile | None,
    baseline: str | None,
) -> tuple[dict[str, list[Drawn]], str]:
    """Each workload's plots, drawn for a wide page and for a phone's; or a note on why there
    are none."""
    try:
        from . import plots
        from .plot_parts import NARROW
    except ImportError as e:  # pragma: no cover - plots imports nothing optional at module level
        return {}, str(e)
    try:
        wide = plots.figures_by_workload(result, analysis, profile, baseline)
        narrow = plots.figures_by_workload(result, analysis, profile, baseline, NARROW)
    except ImportError as e:
        return {}, f"No plots: {e}"
    out: dict[str, list[Drawn]] = {}
    for workload, figs in wide.items():
        # The same data gives the same plots in the same order, whatever the layout.
        pairs = zip(figs, narrow[workload], strict=True)
        out[workload] = [
            Drawn(title, _svg_uri(fig), _svg_uri(small)) for (_, title, fig), (_, _, small) in pairs
        ]
    return out, ""


def _svg_uri(fig: Any) -> str:
    from . import plots

    data = base64.b64encode(plots.render(fig, "svg")).decode("ascii")
    return f"data:image/svg+xml;base64,{data}"


def _experiments(result: RunResult) -> list[tuple[str, Mapping[str, Any]]]:
    return [
        (str(name), rec)
        for name, rec in result.extra.items()
        if isinstance(rec, Mapping) and "question" in rec and "answer" in rec
    ]


def _workloads(result: RunResult) -> list[str]:
    return list(dict.fromkeys(c.workload for c in result.cases))


def _cases_by_workload(result: RunResult) -> dict[str, list[CaseResult]]:
    out: dict[str, list[CaseResult]] = defaultdict(list)
    for c in result.cases:
        out[c.workload].append(c)
    return out
