"""``arraybench compare A B``: which cases got slower or faster between two runs, and why they
might have (what changed in the environment). Exit 1 on a significant slowdown, for CI."""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import TYPE_CHECKING, Any

from ..analysis.compare import (
    DEFAULT_ALPHA,
    DEFAULT_THRESHOLD,
    FASTER,
    NOTES,
    SLOWER,
    CaseComparison,
    Comparison,
    compare,
)
from ..errors import ArraybenchError
from ..report.units import format_size, format_time
from ..results import RunResult
from . import _console
from ._source import load_results

if TYPE_CHECKING:
    from rich.console import JustifyMethod

EXIT_OK, EXIT_SLOWER, EXIT_USAGE = 0, 1, 2
#: Largest change accepted as a threshold (1000%: 11x); beyond it a typo is likelier than intent.
MAX_THRESHOLD = 10.0


def parse_change(text: str) -> float:
    """``"5%"`` or ``"0.05"``: a relative change, 0 or more.

    Args:
        text: what the user typed.

    Returns:
        The change as a fraction (0.05).
    """
    try:
        value = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a change: use 5% or 0.05") from None
    if not math.isfinite(value) or not 0 <= value <= MAX_THRESHOLD:
        raise argparse.ArgumentTypeError(
            f"{text!r}: a change must be between 0% and {MAX_THRESHOLD:.0%} (5% or 0.05)"
        )
    return value


def add_parser(sub: Any, parents: list[Any]) -> None:
    p = sub.add_parser(
        "compare",
        parents=parents,
        help="compare two runs: what got slower or faster, and what changed",
        description="Compare run B with run A case by case: the ratio of medians B/A with a 95% "
        "CI from the two medians' intervals, a Mann-Whitney test on the runs' independent units "
        "(each process's median, or each block's), and a verdict (slower or faster "
        f"only when p < {DEFAULT_ALPHA:g} and the whole CI lies beyond the threshold). Also "
        "lists what differs between the two environments (versions, BLAS, threads, CPU, "
        "devices, host). Exit codes: 0 no significant slowdown, 1 some case significantly "
        "slower by more than --fail-on-slowdown, 2 bad usage or unreadable results.",
    )
    p.add_argument("a", metavar="A", help="the baseline: a results file or a stored run id")
    p.add_argument("b", metavar="B", help="the run to judge: a results file or a stored run id")
    p.add_argument(
        "--threshold",
        type=parse_change,
        default=DEFAULT_THRESHOLD,
        metavar="PCT",
        help=f"smallest change called slower or faster (default {DEFAULT_THRESHOLD * 100:.0f}%%: "
        "run-to-run drift of unchanged code is a few percent)",
    )
    p.add_argument(
        "--fail-on-slowdown",
        type=parse_change,
        default=None,
        metavar="PCT",
        help="exit 1 when a case is significantly slower by more than this (default: the "
        "--threshold)",
    )
    p.add_argument("--json", action="store_true", help="print the comparison as JSON")
    p.add_argument(
        "--store", metavar="PATH", default=None, help="the history store to find run ids in"
    )
    p.set_defaults(handler=main)


def main(args: argparse.Namespace) -> int:
    try:
        a = load_results(args.a, args.store)
        b = load_results(args.b, args.store)
    except ArraybenchError as e:  # a missing or unreadable input is a usage error, not a slowdown
        print(f"arraybench: error: {e}", file=sys.stderr)
        return EXIT_USAGE
    comparison = compare(a, b, threshold=args.threshold)
    if not comparison.cases:
        print(
            f"arraybench: error: nothing to compare: no case ran and passed in both {args.a} and "
            f"{args.b} ({len(a.cases)} and {len(b.cases)} cases); compare runs of the same "
            "workloads",
            file=sys.stderr,
        )
        return EXIT_USAGE
    fail_at = args.threshold if args.fail_on_slowdown is None else args.fail_on_slowdown
    failing = comparison.slower_beyond(fail_at)
    if args.json:
        out = comparison.to_dict()
        out["fail_on_slowdown"] = fail_at
        out["failing"] = [c.name for c in failing]
        print(json.dumps(out, indent=1, default=str))
    else:
        render(comparison, a, b, args.a, args.b, fail_at, failing)
    return EXIT_SLOWER if failing else EXIT_OK


def render(
    comparison: Comparison,
    a: RunResult,
    b: RunResult,
    name_a: str,
    name_b: str,
    fail_at: float,
    failing: tuple[CaseComparison, ...],
) -> None:
    """Print the comparison: the two runs, what changed in the environment, the table (worst
    first), unmatched and failed cases, and the summary."""
    from rich.markup import escape
    from rich.table import Table

    console = _console.console()
    for label, name, run in (("A", name_a, a), ("B", name_b, b)):
        console.print(
            f"[bold]{label}[/bold] {escape(name)}: {len(run.cases)} cases, "
            f"{escape(run.started or 'at an unknown time')}, "
            f"{escape(str(run.env.get('hostname', '?')))} "
            f"({escape(str(run.env.get('cpu', 'an unknown CPU')))})"
        )
    console.print()
    if comparison.env_changes:
        console.print("[bold]Environment differences[/bold] (A -> B)")
        for change in comparison.env_changes:
            console.print(f"  • {escape(change.describe())}")
    else:
        console.print("[bold]Environment differences[/bold]: none (same software and machine)")
    console.print()

    table = Table(
        title=f"[bold]B against A[/bold]  (verdict: p < {comparison.alpha:g} and the 95% CI "
        f"beyond ±{comparison.threshold:.0%})",
        title_justify="left",
        show_edge=False,
        pad_edge=False,
    )
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("case", "left"),
        ("median A", "right"),
        ("median B", "right"),
        ("ratio B/A [95% CI]", "right"),
        ("p", "right"),
        ("verdict", "left"),
    )
    for col, justify in columns:
        table.add_column(col, justify=justify, no_wrap=col != "verdict")
    notes: set[str] = set()
    for c in comparison.cases:
        style = {SLOWER: "red", FASTER: "green"}.get(c.verdict, "")
        verdict = f"[{style}]{c.verdict}[/{style}]" if style else c.verdict
        if c.note:
            verdict += f" [dim]({escape(c.note)})[/dim]"
            notes.add(c.note)
        table.add_row(
            escape(c.name),
            format_time(c.median_a),
            format_time(c.median_b),
            _ratio(c),
            _p(c.p),
            verdict,
        )
    console.print(table)
    for note in sorted(notes):
        console.print(f"  [dim]{escape(note)}: {escape(NOTES[note])}[/dim]")
    console.print()

    for (side, series), sizes in _group_unmatched(comparison).items():
        console.print(
            f"  [yellow]only in {side}[/yellow]: {escape(series)} n="
            + ", ".join(format_size(n) for n in sizes)
        )
    for f in comparison.failed:
        console.print(
            f"  [red]failed in {f.failed_in}[/red]: {escape(f.name)}: {escape(f.error[:120])}"
        )
    if comparison.unmatched or comparison.failed:
        console.print()

    console.print(f"[bold]Summary[/bold]: {escape(comparison.summary.text())}")
    if failing:
        console.print(
            f"[red]{len(failing)} case{'s' if len(failing) != 1 else ''} significantly slower "
            f"by more than {fail_at:.0%}[/red]: exit code 1"
        )


def _ratio(c: CaseComparison) -> str:
    if not math.isfinite(c.ratio):
        return "—"
    lo, hi = c.ratio_ci
    return f"{c.ratio:.2f}x [{lo:.2f}–{hi:.2f}]"


def _p(p: float) -> str:
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def _group_unmatched(comparison: Comparison) -> dict[tuple[str, str], list[int]]:
    """Unmatched cases by run and series, so a backend missing from one run is one line."""
    groups: dict[tuple[str, str], list[int]] = {}
    for u in comparison.unmatched:
        workload, impl, backend, device, dtype, size = u.key
        series = f"{workload}/{impl}[{backend}:{device}:{dtype}]"
        groups.setdefault((u.side, series), []).append(size)
    return {k: sorted(v) for k, v in groups.items()}
