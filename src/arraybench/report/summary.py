"""The compact terminal view: each question's answer first, then one table per workload with the
sizes as columns, then the findings that matter.

    answer      the experiment's one- or two-sentence answer, its verdict and the claim's parts
    table       a row per impl/backend/dtype, a column per size: median ±95% CI, ★ on the
                fastest at each size and on those tied with it (their paired ratio's whole
                interval within the tie band, the run's --target); "unstable" in place of an
                interval wider than ±50% of its median (the standing still comes from the
                paired ratios); workloads of one group
                measured at one shared size share a table, a column each
    findings    ranked (findings.ranked): ties, fits over few sizes and repeats left out

``arraybench run -v`` prints the full per-case table and every finding instead (terminal.py).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..analysis.standing import ratio_of, standing
from ..base.units import UNSTABLE, UNSTABLE_ADVICE, format_size, format_spread, format_time
from ..measurement import time_ratio
from ..results import CaseResult, RunResult
from .failures import failure_lines

if TYPE_CHECKING:
    from rich.console import Console

    from ..analysis.claims import Answer
    from ..analysis.findings import Analysis, Finding

#: Findings shown per group in the compact view (the rest with -v).
FINDINGS_SHOWN = 4

VERDICT_STYLE = {
    "agrees": "bold green",
    "partly agrees": "bold yellow",
    "disagrees": "bold red",
}

#: Marks in the compact table's cells, explained in the title of the tables that use them.
MARKS = {
    "★": "fastest or tied",
    "~": "too few blocks: ~ half the [min–max] range, below 95%",
    "!": "implausibly fast: not used",
    "✗": "failed",
}


@dataclass(frozen=True)
class Column:
    """One column of a compact table: a size of one workload."""

    workload: str
    size: int
    title: str


#: Parts of a claim listed one by one when they all agree; beyond it, a count (-v lists them).
PARTS_SHOWN = 4

#: The verdict as the start of a sentence about the published claim.
VERDICT_PHRASE = {
    "agrees": "This machine agrees with the published claim",
    "partly agrees": "This machine partly agrees with the published claim",
    "disagrees": "This machine disagrees with the published claim",
}


def print_answer(answer: Answer, claim: str, console: Console, who: str = "") -> None:
    """The answer first: its summary sentence, the verdict on the published claim, the claim's
    parts with their measured intervals (those that agree counted when there are many), and
    the reasons when it does not agree. ``who`` names the machine that answered (default:
    "This machine")."""
    from .terminal import claim_lines

    console.print(f"[bold]Answer:[/bold] {_esc(answer.summary)}")
    style = VERDICT_STYLE.get(answer.verdict, "bold")
    phrase = VERDICT_PHRASE.get(
        answer.verdict, "This machine cannot tell whether the published claim holds"
    )
    if who:
        phrase = _esc(who) + phrase.removeprefix("This machine")
    console.print(f"[{style}]{phrase}[/{style}]: [italic]{_esc(claim)}[/italic]")
    lines = claim_lines(answer)
    agreeing = [line for line in lines if line.endswith(": agrees")]
    if len(lines) > PARTS_SHOWN and agreeing:
        lines = [line for line in lines if not line.endswith(": agrees")]
    for line in lines:
        console.print(f"  • {_esc(line)}")
    if len(lines) < len(claim_lines(answer)):
        console.print(
            f"  • [dim]{'the other ' if lines else 'all '}{len(agreeing)} parts agree: -v lists "
            "them with their intervals[/dim]"
        )
    why = answer.context if answer.claims else answer.why
    if why and answer.verdict != "agrees":
        console.print(f"  [dim]Why: {_esc(why)}[/dim]")


def table(
    result: RunResult, console: Console | None = None, profile: Any = None, verbose: bool = False
) -> None:
    """Print ``result`` in the terminal as ``arraybench run`` does (``RunResult.table()``): a
    compact table per workload, split to fit the console's width, then the failures; with
    ``verbose`` a row per case with every figure, as ``arraybench run -v`` (with the fraction
    of the machine's peak when given a profile from ``arraybench probe``)."""
    if verbose:
        from .terminal import print_table

        print_table(result, console=console, profile=profile)
        return
    if console is None:
        from rich.console import Console

        console = Console()
    print_tables(result, console)


def print_tables(result: RunResult, console: Console, advise: bool = True) -> None:
    """One compact table per workload (or per group of one-size workloads), marks explained;
    then the failures, a line per impl and kind of failure (:func:`failure_lines`); with
    ``advise``, the advice on unstable cases (:func:`unstable_advice`; a run printed group by
    group says it once, in :func:`print_footer`)."""
    for title, columns in table_layout(result):
        _print_table(result, title, columns, console)
    advice = unstable_advice(result) if advise else None
    if advice:
        console.print(f"[yellow]{_esc(advice)}[/yellow]")
        console.print()
    if result.failed:
        console.print(
            f"[bold red]{len(result.failed)} failed[/bold red] [dim](-v: each case)[/dim]:"
        )
    for line in failure_lines(result):
        console.print(f"  [red]✗[/red] {_esc(line)}")
    # Workloads that could not run at all are failures, printed in red by the command.
    skipped = [s for s in result.skipped if not s.failed]
    if skipped:
        reasons = sorted({s.reason for s in skipped})
        console.print(
            f"[dim]not run: {len(skipped)} case group(s) ("
            + _esc("; ".join(reasons[:2]))
            + ("; …" if len(reasons) > 2 else "")
            + "): -v lists them[/dim]"
        )
    if result.failed or skipped:
        console.print()


def table_layout(result: RunResult) -> list[tuple[str, list[Column]]]:
    """The compact tables: a workload measured at several sizes gets its own table, a column per
    size; workloads measured at one size each, the same one, share a table, a column each."""
    sizes: dict[str, list[int]] = defaultdict(list)
    for c in result.cases:
        if c.size not in sizes[c.workload]:
            sizes[c.workload].append(c.size)
    out: list[tuple[str, list[Column]]] = []
    single: dict[int, list[str]] = defaultdict(list)
    for workload, ns in sizes.items():
        if len(ns) == 1:
            single[ns[0]].append(workload)
    shared = {w for ws in single.values() if len(ws) > 1 for w in ws}
    done: set[str] = set()
    for workload, ns in sizes.items():
        if workload in done:
            continue
        if workload in shared:
            n = ns[0]
            group = single[n]
            done |= set(group)
            out.append(
                (
                    f"{', '.join(group)} at n={format_size(n)}",
                    [Column(w, n, w) for w in group],
                )
            )
        else:
            done.add(workload)
            cols = [Column(workload, n, f"n={format_size(n)}") for n in sorted(ns)]
            out.append((workload, cols))
    return out


def _print_table(
    result: RunResult, title: str, columns: Sequence[Column], console: Console
) -> None:
    from rich.table import Table

    cases = {
        (c.workload, c.size, c.impl, c.backend, c.device, c.dtype): c
        for c in result.cases
        if any(c.workload == col.workload for col in columns)
    }
    rows: dict[tuple[str, str, str, str], None] = {}
    computed_in: dict[tuple[str, str, str, str], str] = {}
    for c in result.cases:
        if any(c.workload == col.workload for col in columns):
            row = (c.impl, c.backend, c.device, c.dtype)
            rows.setdefault(row, None)
            if c.computed_in:  # pure Python under float32: it computes in double precision
                computed_in[row] = c.computed_in
    show_device = any(r[2] != "cpu" for r in rows)
    threshold = tie_threshold(result)
    best = {col: _fastest(cases, col, threshold) for col in columns}
    cells_of = {
        row: [_cell(cases.get((col.workload, col.size, *row)), best[col]) for col in columns]
        for row in rows
    }
    marks = {mark for cells in cells_of.values() for _, mark in cells if mark}
    uneven = any(
        format_spread(c.measurement.interval).startswith(("(", "["))
        for c in cases.values()
        if c.ok and c.measurement is not None
    )
    legend = (
        "median per call ±95% CI"
        + (" (its range where uneven)" if uneven else "")
        + "".join(f" · {m} {MARKS[m]}" for m in MARKS if m in marks)
    )
    # The title on its own line: a table's title would wrap at the (narrow) table's width.
    console.print(f"[bold]{_esc(title)}[/bold]  [dim]{_esc(legend)}[/dim]")

    lowest = {col: _min_median(cases, col) for col in columns}

    def speed(row: tuple[str, str, str, str]) -> float:
        # Rows in order of their time at the largest size they ran at: fastest first.
        for col in reversed(columns):
            found = cases.get((col.workload, col.size, *row))
            if found is not None and found.ok and found.measurement is not None:
                return found.measurement.median / max(1e-300, lowest[col])
        return math.inf

    ordered = sorted(rows, key=speed)
    idents = {}
    for row in ordered:
        impl, backend, device, dtype = row
        short = SHORT_DTYPE.get(dtype, dtype)
        if row in computed_in:
            short += f" (computes in {SHORT_DTYPE.get(computed_in[row], computed_in[row])})"
        idents[row] = [_esc(impl), backend, *([device] if show_device else []), short]
    names = ["impl", "backend", *(["device"] if show_device else []), "dtype"]
    for chunk in _chunks(console, names, idents, cells_of, columns):
        table = Table(
            show_edge=False, pad_edge=False, box=None, header_style="bold", collapse_padding=True
        )
        for name in names:
            table.add_column(name, no_wrap=True)
        for k in chunk:
            table.add_column(_esc(columns[k].title), justify="right", no_wrap=True)
        for row in ordered:
            table.add_row(*idents[row], *(cells_of[row][k][0] for k in chunk))
        console.print(table)
        console.print()


#: Dtype names as the compact table prints them.
SHORT_DTYPE = {"float64": "f64", "float32": "f32", "float16": "f16", "bfloat16": "bf16"}


def _chunks(
    console: Console,
    names: Sequence[str],
    idents: dict[Any, list[str]],
    cells_of: dict[Any, list[tuple[str, str]]],
    columns: Sequence[Column],
) -> list[list[int]]:
    """The size columns split into tables that fit the console's width (all in one when they
    fit): a squeezed column would cut the numbers."""
    from rich.text import Text

    def width(markup: str) -> int:
        return Text.from_markup(markup).cell_len

    fixed = sum(
        max([len(name)] + [width(ident[i]) for ident in idents.values()]) + 1
        for i, name in enumerate(names)
    )
    widths = [
        max([len(col.title)] + [width(cells[k][0]) for cells in cells_of.values()]) + 1
        for k, col in enumerate(columns)
    ]
    room = max(1, console.width - fixed)
    fit = max(1, room // max(widths)) if widths else 1
    # Balanced: 8 sizes that need two tables print as 4 and 4, not 7 and 1.
    parts = math.ceil(len(widths) / fit) if widths else 1
    per = math.ceil(len(widths) / parts) if widths else 0
    return [list(range(i, min(i + per, len(widths)))) for i in range(0, len(widths), per or 1)]


def _min_median(cases: dict[Any, CaseResult], col: Column) -> float:
    ms = [
        c.measurement.median
        for key, c in cases.items()
        if key[0] == col.workload and key[1] == col.size and c.ok and c.measurement is not None
    ]
    return min(ms) if ms else 1.0


def tie_threshold(result: RunResult) -> float:
    """The tie band's half-width for this run: its --target (``compare.threshold_of``)."""
    from ..analysis.compare import threshold_of

    return threshold_of(result.config)


def _fastest(cases: dict[Any, CaseResult], col: Column, threshold: float) -> set[tuple[Any, ...]]:
    """The keys of the cases starred at this column: the fastest and those tied with it
    (:func:`standing`, from the paired ratios: an unstable cell may carry a star)."""
    here = [c for key, c in cases.items() if key[0] == col.workload and key[1] == col.size]
    tied, _ = standing(here, threshold)
    return {(c.workload, c.size, c.impl, c.backend, c.device, c.dtype) for c in tied}


def fastest_sentence(result: RunResult, workload: str) -> str:
    """A workload's answer without a question: which series is fastest at each size, from the
    paired ratios (:func:`standing`: ties named, their ratio's whole interval within the tie
    band; cases neither tied nor told apart named as such, with their ratio), and how it
    compares with the next at the largest size, with that ratio's 95% interval."""
    from ..analysis.claims import usable
    from .plot_parts import series_label

    ok = [c for c in result.cases if c.workload == workload and usable(c)]
    if not ok:
        return f"No case of {workload} ran to the end and checked."
    threshold = tie_threshold(result)
    by_size: dict[int, list[CaseResult]] = defaultdict(list)
    for c in ok:
        by_size[c.size].append(c)
    sizes = sorted(by_size)
    if len({c.series for c in ok}) == 1:
        return _one_series(by_size)
    ranked = {n: standing(by_size[n], threshold) for n in sizes}
    runs: list[tuple[tuple[tuple[str, ...], tuple[str, ...]], list[int]]] = []
    for n in sizes:
        tied, unclear = ranked[n]
        # The same tie in any order is the same run of sizes.
        key = (
            tuple(sorted(series_label(c.series) for c in tied)),
            tuple(sorted(series_label(c.series) for c in unclear)),
        )
        if runs and runs[-1][0] == key:
            runs[-1][1].append(n)
        else:
            runs.append((key, [n]))
    parts = []
    for _, ns in runs:
        tied, unclear = ranked[ns[0]]
        where = "every size" if len(runs) == 1 and len(sizes) > 1 else _sizes_text(ns)
        who = _named([series_label(c.series) for c in tied], "tied")
        if unclear:
            who += " or " + _named([series_label(c.series) for c in unclear], "")
            who += f" (cannot tell apart: {_unclear_ratios(ranked, ns, threshold)})"
        parts.append(f"{who} at {where}")
    text = "Fastest: " + "; ".join(parts) + "."
    top = sizes[-1]
    winners = ranked[top][0]
    if not winners:
        return text
    best = winners[0]
    rival = runner_up(best, by_size[top])
    if rival is not None:
        from ..base.units import format_ratio_with_interval

        r = time_ratio(rival.measurement, best.measurement)  # type: ignore[arg-type]
        band = f"±{threshold:.0%}"
        text += f" At n={format_size(top)} {series_label(best.series)} takes " + (
            f"{format_time(_median_of(best))}, {format_ratio_with_interval(r)} faster than "
            f"{series_label(rival.series)}."
            if r.low > 1.0 + threshold
            else f"{format_time(_median_of(best))}, {series_label(rival.series)} "
            f"{format_time(_median_of(rival))}: their ratio, {format_ratio_with_interval(r)}, "
            + (
                f"lies within the {band} tie band: tied."
                if r.within(threshold)
                else f"reaches past the {band} tie band: cannot tell them apart."
            )
        )
    return text


#: Sizes whose ratio a "cannot tell apart" names one by one; beyond it, their range.
RATIOS_NAMED = 2


def _unclear_ratios(
    ranked: Mapping[int, tuple[list[CaseResult], list[CaseResult]]],
    sizes: Sequence[int],
    threshold: float,
) -> str:
    """What a "cannot tell apart" rests on: the nearest such case's time over the fastest's, with
    its interval, at each size of the run (their range when there are many), against the band."""
    from ..base.units import format_ratio_with_interval

    said = []
    for n in sizes:
        tied, unclear = ranked[n]
        r = ratio_of(unclear[0], tied[0])
        said.append((n, r))
    band = f"the ±{threshold:.0%} tie band"
    if len(said) <= RATIOS_NAMED:
        each = "; ".join(
            f"{format_ratio_with_interval(r)}"
            + (f" at n={format_size(n)}" if len(said) > 1 else "")
            for n, r in said
        )
        return f"their time ratio {each} reaches past {band}"
    values = [r.value for _, r in said]
    return (
        f"their time ratios {min(values):.2f}x–{max(values):.2f}x each have an interval "
        f"reaching past {band}"
    )


def _one_series(by_size: Mapping[int, Sequence[CaseResult]]) -> str:
    """A workload of one series: its time from the smallest size to the largest (an unstable
    time said to be so)."""
    from .plot_parts import series_label

    sizes = sorted(by_size)
    c, low = by_size[sizes[-1]][0], by_size[sizes[0]][0]

    def at(x: CaseResult) -> str:
        said = f"{format_time(_median_of(x))} at n={format_size(x.size)}"
        return said + (f" ({UNSTABLE})" if _unstable(x) else "")

    span = f"{at(low)} to " if low is not c else ""
    return f"{series_label(c.series)} takes {span}{at(c)}."


def _named(names: Sequence[str], tie: str) -> str:
    """``"a"``, ``"a and b (tied)"``, ``"a, b, c and 2 more (tied)"`` (``tie`` empty: no word)."""
    word = f" ({tie})" if tie else ""
    if len(names) == 1:
        return names[0]
    if len(names) > 3:
        return ", ".join(names[:3]) + f" and {len(names) - 3} more" + word
    return " and ".join(names) + word


def _unstable(c: CaseResult) -> bool:
    return c.measurement is not None and c.measurement.interval.unstable


def unstable_advice(result: RunResult) -> str | None:
    """The one line said below a run's tables when any case's interval is unstable (wider than
    ±50% of its median), with what would narrow it; None when none is."""
    from ..analysis.claims import usable

    n = sum(1 for c in result.cases if usable(c) and _unstable(c))
    if not n:
        return None
    return f"{n} case{'s' if n != 1 else ''} {UNSTABLE_ADVICE}"


def runner_up(best: CaseResult, here: Sequence[CaseResult]) -> CaseResult | None:
    """What the fastest case is measured against in a headline: the fastest other impl, in the
    same dtype and device where that impl ran in them; with one impl, the fastest other
    backend; failing that, any other case (another dtype of the same impl). Never the winner's
    own impl in another dtype while another impl or backend is there to beat."""
    others = [c for c in here if c is not best]
    for differs in (
        lambda c: c.impl != best.impl,
        lambda c: c.backend != best.backend,
        lambda c: True,
    ):
        rivals = [c for c in others if differs(c)]
        if rivals:
            alike = [c for c in rivals if (c.dtype, c.device) == (best.dtype, best.device)]
            return min(alike or rivals, key=_median_of)
    return None


#: Tied series a card's plot draws per run of sizes, as the fastest sentence names them.
CARD_TIED = 3


def card_series(
    result: RunResult, workload: str, answer: Answer | None = None
) -> list[tuple[str, str, str, str, str]]:
    """The series of ``workload`` that a summary card's answer names, for its small plot.

    An experiment's answer names the series its claims were measured on (``Answer.series``),
    in this workload or, the same impl, backend, device and dtype, in another of its group; a
    plain workload's answer (:func:`fastest_sentence`) names the fastest at each size (with
    up to :data:`CARD_TIED` tied with it, :func:`standing`) and the
    one it is compared with at the largest size. Falls back to the latter when the answer names
    none of this workload's series (results saved before answers named them). Empty when no
    case of the workload is usable.
    """
    from ..analysis.claims import usable

    ok = [c for c in result.cases if c.workload == workload and usable(c)]
    # An impl the answer names in another workload of its group (the vectorized form a loop is
    # compared with) is named in this one too.
    impls = {s[1:] for s in (answer.series if answer is not None else ())}
    named = [s for s in dict.fromkeys(c.series for c in ok) if s[1:] in impls]
    if named:
        return named
    by_size: dict[int, list[CaseResult]] = defaultdict(list)
    for c in ok:
        by_size[c.size].append(c)
    out: list[tuple[str, str, str, str, str]] = []
    winners: list[CaseResult] = []
    threshold = tie_threshold(result)
    for _, here in sorted(by_size.items()):
        winners, _ = standing(here, threshold)
        out += [c.series for c in winners[:CARD_TIED]]
    if by_size and winners:
        rival = runner_up(winners[0], by_size[max(by_size)])
        if rival is not None:
            out.append(rival.series)
    return list(dict.fromkeys(out))


def _median_of(c: CaseResult) -> float:
    return c.measurement.median if c.measurement is not None else math.inf


def _sizes_text(ns: Sequence[int]) -> str:
    if len(ns) == 1:
        return f"n={format_size(ns[0])}"
    return f"n={format_size(ns[0])}–{format_size(ns[-1])}"


def _cell(c: CaseResult | None, best: set[tuple[Any, ...]]) -> tuple[str, str]:
    """``"221 ns ±5% ★"``, ``"11.6 ms (9.50–16.8)"`` for an uneven interval, ``"232 µs
    unstable"`` for one wider than ±50% of the median (starred too when the paired ratios make
    it the fastest or tied with it); ``"—"`` where the case did not run; the mark it used, if
    any."""
    if c is None or c.status == "skipped":
        return "[dim]—[/dim]", ""
    if not c.ok or c.measurement is None:
        return "[red]✗[/red]", "✗"
    m = c.measurement
    iv = m.interval
    spread = _esc(format_spread(iv))
    # An unstable absolute time says so in its cell (print_tables says once what would narrow
    # it); its standing comes from the paired ratios all the same.
    said = f"[yellow]{UNSTABLE}[/yellow]" if iv.unstable else f"[dim]{spread}[/dim]"
    text = f"{format_time(m.median)} {said}"
    mark = "" if iv.confident or iv.unstable else "~"
    if c.implausible:
        return f"{text} [red]![/red]", "!"
    key = (c.workload, c.size, c.impl, c.backend, c.device, c.dtype)
    if key in best:
        return f"[bold green]{format_time(m.median)}[/bold green] {said} ★", "★"
    return text + "  ", mark


def print_findings(findings: Sequence[Finding], console: Console, more: int = 0) -> None:
    """The ranked findings; how many more ``-v`` shows."""
    if not findings:
        return
    console.print("[bold]Findings[/bold]")
    for f in findings:
        where = f"[dim]{_esc(f.workload)}:[/dim] " if f.workload else ""
        console.print(f"  • {where}{_esc(f.text)}")
    if more:
        console.print(f"  [dim]{more} more finding{'s' if more != 1 else ''}: -v shows them[/dim]")


def print_footer(result: RunResult, console: Console) -> None:
    """The compact view's last lines: what sets the run's intervals when they miss the target,
    the advice on unstable cases (once per run), how the run was measured, and where the full
    detail is."""
    from ..analysis.findings import noise_summary
    from .terminal import measured_how

    noise = noise_summary(result)
    if noise:
        console.print(f"[yellow]{_esc(noise)}[/yellow]")
    advice = unstable_advice(result)
    if advice:
        console.print(f"[yellow]{_esc(advice)}[/yellow]")
    console.print(f"[dim]-v for every case and finding; {_esc(measured_how(result))}[/dim]")


@dataclass(frozen=True)
class View:
    """How much to print: ``verbose`` (-v) the full detail, ``silent`` nothing (--format json)."""

    verbose: bool = False
    silent: bool = False


def print_header(title: str, question: str, console: Console) -> None:
    """A question's rule and the question itself."""
    console.rule(f"[bold]{_esc(title)}")
    console.print(f"[bold]Question:[/bold] {_esc(question)}")


def print_group(
    result: RunResult,
    analysis: Analysis,
    console: Console,
    answer: Answer | None = None,
    claim: str = "",
    verbose: bool = False,
    profile: Any = None,
    who: str = "",
) -> None:
    """One question (or one group of workloads): its answer, its tables, its findings; compact,
    or with ``verbose`` the whole answer, a row per case and every finding. ``who`` names the
    machine that answered, for a run on several (default: "This machine")."""
    from ..analysis.findings import ranked
    from . import terminal

    if verbose:
        if answer is not None:
            terminal.print_answer(claim, answer, console=console, who=who)
        terminal.print_table(result, console=console, profile=profile)
        terminal.print_findings(analysis, console=console)
        return
    if answer is not None:
        print_answer(answer, claim, console, who=who)
        console.print()
    else:
        for workload in dict.fromkeys(c.workload for c in result.cases):
            console.print(
                f"[bold]{_esc(workload)}:[/bold] {_esc(fastest_sentence(result, workload))}"
            )
        console.print()
    print_tables(result, console, advise=False)  # print_footer says it once per run
    shown, more = ranked(analysis.findings, FINDINGS_SHOWN)
    print_findings(shown, console, more)
    if shown:
        console.print()


def _esc(text: str) -> str:
    from rich.markup import escape

    return escape(text)


# -- a run from several machines -----------------------------------------------------------------

#: Cross-machine lines shown per question in the compact view (the rest with -v): those where
#: the machines disagree first, then those whose ratios differ most between machines.
CROSS_SHOWN = 5


def question_parts(result: RunResult) -> list[tuple[Mapping[str, Any] | None, RunResult]]:
    """The run split as ``run`` prints it: each experiment saved with it (its record in
    ``extra``, and its cases and skips), then the workloads no experiment measured (record
    None), if any case or no experiment is left."""
    records = {
        name: rec
        for name, rec in result.extra.items()
        if isinstance(rec, Mapping) and "question" in rec and isinstance(rec.get("workloads"), list)
    }
    out: list[tuple[Mapping[str, Any] | None, RunResult]] = []
    claimed: set[str] = set()
    for name, rec in records.items():
        names = {str(w) for w in rec["workloads"]}
        claimed |= names
        part = replace(
            result,
            cases=tuple(c for c in result.cases if c.workload in names),
            skipped=tuple(s for s in result.skipped if _workload_of(s.what) in names),
        )
        out.append(({"title": name, **rec}, part))
    rest = tuple(c for c in result.cases if c.workload not in claimed)
    if rest or not records:
        skipped = tuple(s for s in result.skipped if _workload_of(s.what) not in claimed)
        out.append((None, replace(result, cases=rest, skipped=skipped)))
    return out


def _workload_of(what: str) -> str:
    # Skips are named "workload/impl on backend..." or just "workload" (runner.plan).
    return what.split("/", 1)[0]


def print_machines(result: RunResult, console: Console, verbose: bool = False) -> None:
    """A run from several machines, whole: the Machines table, then each question (or group of
    workloads) with each machine's answer, tables and findings under a heading naming the
    machine, and the question's cross-machine lines (:func:`print_machine_group`).

    What ``arraybench show`` prints for such a run, and what ``run`` can print after one.

    Args:
        result: a run holding cases from several machines (``RunResult.machine_names``).
        console: the rich console to print on.
        verbose: every case, finding and cross-machine line (``-v``).
    """
    print_machines_table(result, console)
    for record, part in question_parts(result):
        if record is not None:
            print_header(str(record.get("title")), str(record["question"]), console)
        print_machine_group(part, console, record, verbose=verbose)


def print_machines_table(result: RunResult, console: Console) -> None:
    """The machines of a run, a row each: name, CPU, cores, GPU, Python, library versions,
    BLAS, thread policy (the columns no machine reports are left out)."""
    from rich.table import Table

    from ..analysis.machines import ITEMS, descriptions

    described = descriptions(result)
    columns = [w for w in ITEMS if any(d.item(w) for d in described)]
    table = Table(show_edge=False, pad_edge=False, box=None, header_style="bold")
    table.add_column("machine", no_wrap=True)
    for what in columns:
        table.add_column(what, overflow="fold")
    for d in described:
        table.add_row(_esc(d.name), *(_esc(d.item(w)) for w in columns))
    console.print(f"[bold]Machines[/bold] [dim]({len(described)})[/dim]")
    console.print(table)
    console.print()


def print_machine_group(
    result: RunResult,
    console: Console,
    record: Mapping[str, Any] | None = None,
    verbose: bool = False,
) -> None:
    """One question (or group of workloads) of a run from several machines: for each machine,
    a heading naming it, then its answer (from the record's ``"answers"``), its compact tables
    and findings, each computed on that machine's cases alone; then the cross-machine lines
    (:func:`print_cross_machine`).

    Args:
        result: the question's cases from every machine (its experiment record in ``extra``
            is not needed: ``record`` is).
        console: the rich console to print on.
        record: the experiment's record (``RunResult.extra[name]``: claim, answers); None for
            workloads no experiment measured.
        verbose: the full detail per machine, and every cross-machine line.
    """
    from ..analysis.claims import Answer
    from ..analysis.findings import analyze
    from ..analysis.machines import answer_on, in_brief
    from ..measure.profile import cached_for

    claim = str(record.get("claim", "")) if record is not None else ""
    for name in result.machine_names:
        sub = result.on_machine(name)
        console.print(f"[bold cyan]on {_esc(name)}[/bold cyan]: {_esc(in_brief(sub.env))}")
        if not sub.cases:
            console.print("[dim]no cases stored[/dim]")
            console.print()
            continue
        stored = answer_on(result, record, name) if record is not None else None
        answer = Answer.from_dict(stored) if isinstance(stored, Mapping) else None
        profile = cached_for(sub)
        analysis = analyze(sub, profile)
        print_group(
            sub, analysis, console, answer, claim, verbose=verbose, profile=profile, who=name
        )
    print_cross_machine(result, console, verbose=verbose)


def print_cross_machine(
    result: RunResult,
    console: Console,
    workloads: Sequence[str] | None = None,
    verbose: bool = False,
) -> None:
    """``Across machines``: for each workload, each impl's time over its reference's at the
    largest size both machines measured, machine by machine, with the interval of the blocks
    measured side by side there; where the machines disagree on which is faster, it says so.
    Compact: the CROSS_SHOWN lines that differ most (disagreements first)."""
    from ..analysis.machines import cross_machine, ranked

    lines = cross_machine(result, workloads)
    if not lines:
        return
    shown, more = (lines, 0) if verbose else ranked(lines, CROSS_SHOWN)
    several = len({x.workload for x in lines}) > 1
    console.print("[bold]Across machines[/bold] [dim](time over the reference's, 95% CI)[/dim]")
    for x in shown:
        where = f"[dim]{_esc(x.workload)}:[/dim] " if several else ""
        style = "yellow" if x.disagree else ""
        text = _esc(x.text())
        console.print(f"  • {where}" + (f"[{style}]{text}[/{style}]" if style else text))
    if more:
        console.print(f"  [dim]{more} more pair{'s' if more != 1 else ''}: -v lists them[/dim]")
    console.print()
