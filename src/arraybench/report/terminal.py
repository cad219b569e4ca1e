"""The results table in the terminal (rich)."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any

from ..base.units import UNSTABLE, UNSTABLE_ADVICE, format_case_interval, format_size, format_time
from .cells import fit_figures, format_speedup_vs_reference

if TYPE_CHECKING:
    from rich.console import Console

    from ..analysis.claims import Answer
    from ..analysis.findings import Analysis
    from ..measurement import Measurement
    from ..results import CaseResult, RunResult

#: What each warning tag in the notes column means, printed under the table when present.
TAG_LEGEND = {
    "high spread": "samples vary by more than 10% (IQR/median): a busy machine or a variable "
    "kernel; close other programs or raise --budget",
    "bimodal": "the fastest sample is far below the median: trust the median",
    "near floor": "within 10x of arraybench's own per-call cost: mostly call overhead",
    "few samples": "under 6 blocks (slow calls): the interval is the [min–max] range, below 95% "
    "confidence; raise --budget",
    "not converged": "the 95% CI is wider than --target after the budget: raise --budget or "
    "--processes, or quiet the machine",
    "drift": "the machine's speed changed while the case was measured (its blocks disagree "
    "more than noise explains); the interval includes it",
    "process effect": "the case's time depends on the process it runs in (memory layout); the "
    "interval includes it",
    "implausible": "faster than the machine can move or compute: the result was cached or the "
    "work skipped; answers do not use it",
    "zero time": "the clock did not advance: the kernel is below the clock's resolution",
    UNSTABLE: UNSTABLE_ADVICE.removeprefix(f"{UNSTABLE}: "),
}


def warning_tag(text: str) -> str:
    return text.split(":", 1)[0]


def case_tags(c: CaseResult) -> list[str]:
    """The notes of a case's row: its warnings' tags, and ``unstable`` when its interval is."""
    m = c.measurement
    if m is None:
        return []
    tags = {warning_tag(w) for w in m.warnings}
    if c.ok and m.interval.unstable:
        tags.add(UNSTABLE)
    return sorted(tags)


def print_table(result: RunResult, console: Console | None = None, profile: Any = None) -> None:
    """One table per workload, a row per case; fastest first within each size."""
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    by_workload: dict[str, list[CaseResult]] = defaultdict(list)
    for c in result.cases:
        by_workload[c.workload].append(c)
    tags_seen: set[str] = set()
    for workload, cases in by_workload.items():
        table = Table(
            title=f"[bold]{_esc(workload)}[/bold]",
            title_justify="left",
            show_edge=False,
            pad_edge=False,
        )
        show_device = any(c.device != "cpu" for c in cases)
        show_peak = profile is not None and any(c.flops or c.bytes for c in cases)
        columns = [
            "impl",
            "backend",
            *(["device"] if show_device else []),
            "dtype",
            "n",
            "median",
            "95% CI",
            "first call",
            "speedup vs ref",
            *(["of peak"] if show_peak else []),
            "check",
            "notes",
        ]
        for col in columns:
            table.add_column(
                col, justify="right" if col in _RIGHT else "left", no_wrap=col != "notes"
            )
        for size in sorted({c.size for c in cases}):
            rows = sorted(
                (c for c in cases if c.size == size),
                key=lambda c: (not c.ok, c.measurement.median if c.measurement else 0.0),
            )
            for k, c in enumerate(rows):
                tags = case_tags(c)
                tags_seen.update(tags)
                peak = _peak(c, profile) if show_peak else None
                table.add_row(
                    *_cells(result, c, tags, show_device, peak), end_section=k == len(rows) - 1
                )
        console.print(table)
        console.print()
    console.print(f"[dim]{_esc(LEGEND)}[/dim]")
    if tags_seen:
        console.print("[dim]notes:[/dim]")
        for tag in sorted(tags_seen):
            console.print(f"  [yellow]{tag}[/yellow]: {TAG_LEGEND.get(tag, '')}")
    failed = result.failed
    if failed:
        console.print(f"[bold red]{len(failed)} failed[/bold red]:")
        for c in failed:
            console.print(f"  [red]✗[/red] {_esc(c.name)}: {_esc(c.error or '')}")
    # Workloads that could not run at all are failures, printed in red by the command.
    skipped = [s for s in result.skipped if not s.failed]
    if skipped:
        console.print("[dim]not run:[/dim]")
        for s in skipped:
            console.print(f"  [dim]{_esc(s.what)}: {_esc(s.reason)}[/dim]")
    if result.floor:
        console.print(
            f"[dim]harness floor: clock read {format_time(result.floor.clock_read)}, "
            f"{format_time(result.floor.call_overhead)} per call of a no-op[/dim]"
        )
    console.print(f"[dim]{_esc(measured_how(result))}[/dim]")
    crowded = (result.env.get("threads") or {}).get("oversubscribed")
    if crowded:
        console.print(f"[yellow]{_esc(str(crowded))}[/yellow]")


_RIGHT = {"n", "median", "95% CI", "first call", "speedup vs ref", "of peak"}

#: What the columns of the per-case table mean, printed under it.
LEGEND = (
    "median: time per call; 95% CI: where a repeat run's median should land (from the "
    "processes, or the blocks of one process; in brackets, the [min–max] range with the "
    "confidence it reaches when there were too few); first call: the very first call "
    "(compilation, caches) kept apart, with how it found the compile cache (cold: it "
    "compiled; warm: it loaded an earlier process's code); of peak: share of the machine's "
    "memory bandwidth (mem) or matrix-multiply peak (flop) reached, from 'arraybench probe'; "
    "speedup vs ref: how many times faster than the reference impl at the same size and dtype "
    "(its time over this one's: below 1x, slower), with its 95% CI from blocks measured side "
    "by side"
)


def measured_how(result: RunResult) -> str:
    """``"measured in 4 processes, 0.5 s per case; threads: 1 thread per library (...)"``:
    what every reader needs to weigh the figures, from the saved results alone."""
    config = result.config
    n = config.get("processes") or 1
    where = f"in {n} fresh processes" if n > 1 else "in one process"
    started = result.env.get("workers") or {}
    if n > 1 and started.get("forked"):
        z = started.get("zygotes") or 1
        where = (
            f"in {n} processes forked from one that imported the libraries once"
            if z == 1
            else f"in {n} processes forked from {z} that imported the libraries side by side"
        )
        left = started.get("left_to_workers") or {}
        if left:
            where += f" ({', '.join(sorted(left))} imported by each: {next(iter(left.values()))})"
    elif n > 1 and started.get("forked") is False:
        where += f" (they could not be forked: {started.get('why_not') or 'no reason given'})"
    machines = result.machine_names
    if config.get("cluster") or machines:
        k = len(machines)
        on = f"{k} machine{'s' if k != 1 else ''}" if k else "no machine"
        parts = f", each case in {n} parts over a machine's worker processes" if n > 1 else ""
        where = f"on a Dask cluster ({config.get('cluster', '?')}, {on}){parts}"
    budget = config.get("budget")
    per = f", {budget:g} s per case" if isinstance(budget, int | float) else ""
    policy = (result.env.get("threads") or {}).get("policy")
    if policy is None:
        threads = config.get("threads")
        policy = "as found" if threads is None else f"{threads} per library"
    return f"measured {where}{per}; threads: {policy}"


def print_answer(claim: str, answer: Answer, console: Console | None = None, who: str = "") -> None:
    """An experiment's whole answer: the answer with its numbers and details, then the verdict on
    the published ``claim``, part by part (``who``: the machine that answered, default "This
    machine")."""
    from rich.console import Console

    console = console or Console()
    colour = {"agrees": "green", "partly agrees": "yellow", "disagrees": "red"}.get(
        answer.verdict, "dim"
    )
    console.print(f"[bold]Answer:[/bold] {_esc(answer.answer)}")
    for line in answer.details:
        console.print(f"  {_esc(line)}")
    console.print(f"[bold]Published claim:[/bold] {_esc(claim)}")
    parts = claim_lines(answer)
    for line in parts:
        console.print(f"  • {_esc(line)}")
    verdict = f"[{colour}]{_esc(who) if who else 'This machine'} {answer.verdict}[/{colour}]"
    why = answer.context if parts else answer.why
    console.print(verdict + (f": {_esc(why)}" if why else "."))
    console.print()


def claim_lines(answer: Answer) -> list[str]:
    """Each part of the claim with its measured interval and verdict (those that apply here;
    all of them when none does)."""
    parts = [c for c in answer.claims if c.get("text")]
    applicable = [c for c in parts if c.get("applicable", True)]
    return [str(c["text"]) for c in (applicable or parts)]


def _peak(c: CaseResult, profile: Any) -> str:
    """The fraction of the machine's attainable peak this case reaches, or '—'."""
    from ..analysis import roofline

    if not c.ok:
        return ""
    r = roofline.roofline(c, profile)
    if r is None:
        return "—"
    return f"{roofline.percent(r.fraction)} {'mem' if r.bound == 'memory' else 'flop'}"


def _cells(
    result: RunResult, c: CaseResult, tags: list[str], show_device: bool, peak: str | None = None
) -> list[str]:
    extra = [] if peak is None else [peak]
    ident = [
        _esc(c.impl),
        c.backend,
        *([c.device] if show_device else []),
        c.dtype,
        format_size(c.size),
    ]
    if not c.ok or c.measurement is None:
        if c.status == "skipped":
            return [
                *ident,
                "—",
                "",
                "",
                "",
                *extra,
                "[dim]skipped[/dim]",
                f"[dim]{_esc(_short(c.error or ''))}[/dim]",
            ]
        return [*ident, "—", "", "", "", *extra, "[red]✗ failed[/red]", _esc(_short(c.error or ""))]
    m = c.measurement
    vs = format_speedup_vs_reference(result, c)
    from ..results import NO_REFERENCE

    if c.check is None:
        # No other impl to compare with is no warning: a dash, as for an empty cell.
        check = "—" if c.unchecked == NO_REFERENCE else "[yellow]unchecked[/yellow]"
    else:
        check = (
            f"[green]✓[/green] {c.check.max_rel_err:.0e}"
            if c.check.max_rel_err
            else ("[green]✓[/green] exact")
        )
    if c.computed_in:  # pure Python in float32: float32 inputs, double-precision arithmetic
        check += f" [dim](in {c.computed_in})[/dim]"
    notes = ", ".join(tags)
    return [
        *ident,
        format_time(m.median),
        format_case_interval(m.interval),
        format_time(m.first_call) + _cache_note(m),
        vs,
        *extra,
        check,
        f"[yellow]{notes}[/yellow]" if notes else "",
    ]


def _cache_note(m: Measurement) -> str:
    """`` warm``, `` cold`` or `` 1/4 cold`` after a first call: how it found its library's
    persistent compile cache (nothing for an impl that does not compile)."""
    states = m.first_call_cache
    if not states:
        return ""
    cold = states.count("cold")
    label = states[0] if cold in (0, len(states)) else f"{cold}/{len(states)} cold"
    return f" [dim]{label}[/dim]"


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _esc(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def print_findings(analysis: Analysis, console: Console | None = None) -> None:
    """The findings of an analysis, grouped by workload; cost-model caveats dimmed."""
    from rich.console import Console

    console = console or Console()
    if not analysis.findings:
        return
    console.print("[bold]Findings[/bold]")
    order = ("threads", "fixed-cost", "fastest", "phase", "compile", "roofline", "noise", "model")
    for f in sorted(analysis.findings, key=lambda f: (f.workload, order.index(f.kind))):
        where = f"[dim]{_esc(f.workload)}:[/dim] " if f.workload else ""
        text = _esc(f.text)
        console.print(f"  • {where}" + (f"[dim]{text}[/dim]" if f.kind == "model" else text))
    console.print()


def print_fits(analysis: Analysis, console: Console | None = None) -> None:
    """The cost model of every series: fixed cost, growth, and where the model holds."""
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    table = Table(
        title="[bold]Cost models[/bold]  t(n) = a + b·n^k",
        title_justify="left",
        show_edge=False,
        pad_edge=False,
    )
    for col in (
        "workload",
        "series",
        "a: fixed cost [95% CI]",
        "k [95% CI]",
        "marginal at largest n",
        "model",
    ):
        table.add_column(col, justify="left")
    for fit in analysis.fits.values():
        fixed, k, marginal = fit_figures(fit)
        quality = (
            "[green]fits[/green]"
            if fit.good and not fit.problem
            else (
                f"[yellow]{_esc(fit.problem)}[/yellow]"
                if fit.good
                else f"[red]{_esc(fit.problem)}[/red]"
            )
        )
        table.add_row(_esc(fit.series[0]), _esc(fit.name), fixed, k, marginal, quality)
    console.print(table)
    console.print()
