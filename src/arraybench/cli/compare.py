"""``arraybench compare A B``: which cases got slower or faster between two runs, and why they
might have (what changed in the environment). Exit 1 on a slowdown, for CI.

Exit codes (:data:`EXIT_OK` ...), for CI scripts:

    0   no case slower (and, under --fail-on cannot-tell, none that cannot be told)
    1   some case slower: its whole ratio interval above the band (or --fail-on-slowdown), or,
        where that interval cannot tell, its move against the run's other cases
    2   bad usage, or results that cannot be read or share no case
    3   --fail-on cannot-tell only: none slower, but some case cannot be told (its interval
        reaches past the band), so the runs do not show the change is absent

The no-change band is --threshold, else the runs' --target (:func:`default_threshold`).

``arraybench compare RUN`` with one run from several machines (``--cluster``) compares its
machines: each machine's cases against the first's (``--machine`` picks them). A slower machine
is no regression: such a comparison exits 1 only when ``--fail-on`` or ``--fail-on-slowdown``
is given.

Which runs are compared (:func:`pairs`):

    compare RUN                 RUN's machines, each against the first (or the --machine list)
    compare A B                 A against B; a run of several machines gives the machine named
                                by --machine (once for both, or twice: A's then B's), and two
                                runs of several machines are compared machine by machine
"""

from __future__ import annotations

import argparse
import json
import math
import shlex
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import against
from ..analysis import control, stability
from ..analysis.compare import (
    BESIDE,
    DEFAULT_THRESHOLD,
    FASTER,
    NOTES,
    SLOWER,
    UNSURE,
    WIDE,
    CaseComparison,
    Comparison,
    compare,
)
from ..base.errors import ArraybenchError, ConfigError
from ..base.units import format_size, format_time
from ..results import RunResult
from . import _console
from ._source import load_results

if TYPE_CHECKING:
    from rich.console import JustifyMethod

EXIT_OK, EXIT_SLOWER, EXIT_USAGE, EXIT_CANNOT_TELL = 0, 1, 2, 3
#: What --fail-on takes: exit 1 on a slower case, or also exit 3 on one that cannot be told.
FAIL_ON = ("slower", "cannot-tell")
#: Largest change accepted as a threshold (1000%: 11x); beyond it a typo is likelier than intent.
MAX_THRESHOLD = 10.0
#: Entries of the full environment diff printed when the short list ("Environments differ")
#: is shown: two machines differ in dozens; --json lists them all.
ENV_CHANGES_SHOWN = 12


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
        help="compare two runs, or the machines of one: what got slower or faster, and what "
        "changed",
        description="Compare run B with run A case by case: the ratio of medians B/A with a 95% "
        "CI from the two medians' intervals, a Mann-Whitney test on the runs' independent units "
        "(each process's median, or each block's, for information), and a verdict from the "
        "interval alone: slower or faster when the whole CI lies beyond the no-change band "
        "(±threshold), no change when it lies inside, cannot tell otherwise; where it cannot "
        "tell, a case whose move against the run's other cases (which move together with the "
        "machine's state) lies beyond the band is called slower or faster, and with --control "
        "so is one whose move against that named case, measured beside it, does. Also "
        "names what differs between the two environments (CPU, cores, GPU, Python and library "
        "versions, BLAS, threads), then every entry that differs. Given one run from several "
        "machines (run --cluster), compares its machines: each machine's cases against the "
        "first machine's. Exit codes, for CI: 0 pass (no case slower); 1 some case slower "
        "(by more than --fail-on-slowdown when given; comparing machines, only with --fail-on "
        "or --fail-on-slowdown, as a slower machine is no regression); 2 bad usage or "
        "unreadable results; 3 under --fail-on cannot-tell, none slower but some case cannot "
        "be told.",
    )
    p.add_argument("a", metavar="A", help="the baseline: a results file or a stored run id")
    p.add_argument(
        "b",
        metavar="B",
        nargs="?",
        default=None,
        help="the run to judge: a results file or a stored run id (leave it out to compare "
        "the machines of A, a run from several machines)",
    )
    p.add_argument(
        "--machine",
        action="append",
        default=[],
        metavar="NAME",
        help="with one run of several machines: a machine to compare, given again for each "
        "(the first is the baseline; default: every machine against the first). With two "
        "runs: the machine to take from a run that holds several (once for both runs, or "
        "twice: A's, then B's)",
    )
    p.add_argument(
        "--threshold",
        type=parse_change,
        default=None,
        metavar="PCT",
        help="the no-change band: the smallest change called slower or faster (default: the "
        "runs' --target, the larger of the two, the precision their medians were measured to; "
        f"{DEFAULT_THRESHOLD * 100:.0f}%% for runs that do not record one)",
    )
    p.add_argument(
        "--fail-on",
        choices=FAIL_ON,
        default=None,
        help="the gate, for CI: 'slower' exits 1 when any case is slower (what comparing two "
        "runs does anyway; comparing machines, it turns the gate on); 'cannot-tell' also exits "
        "3 when no case is slower but some cannot be told, a strict gate that wants every "
        "case shown unchanged",
    )
    p.add_argument(
        "--fail-on-slowdown",
        type=parse_change,
        default=None,
        metavar="PCT",
        help="exit 1 when a case is slower by more than this, its whole CI beyond it (default: the "
        "--threshold)",
    )
    p.add_argument(
        "--control",
        metavar="IMPL[:BACKEND]",
        default=None,
        help="a case you know did not change (an impl label; :BACKEND when it runs on several): "
        "each case is also read against it, at the same size, dtype and device, round by round "
        "in the processes where both took turns; that reading decides where a case's own interval "
        "cannot tell (the machine's state, which moves both alike, drops out: docs/ci.md)",
    )
    p.add_argument(
        "--rerun",
        action="store_true",
        help="measure A's and B's code again, side by side in the same rounds of every process "
        "(arraybench run FILE --against A's commit, with B's settings), instead of reading their "
        "saved times: both runs must record a clean commit of this repository (runs of a "
        "workload file do) and the checkout must be at B's. Exit codes as run --against's",
    )
    p.add_argument("--json", action="store_true", help="print the comparison as JSON")
    p.add_argument(
        "--store", metavar="PATH", default=None, help="the history store to find run ids in"
    )
    p.set_defaults(handler=main)


def main(args: argparse.Namespace) -> int:
    try:
        a = load_results(args.a, args.store)
        b = load_results(args.b, args.store) if args.b is not None else None
        chosen = pairs(a, b, args.machine, args.a, args.b)
    except ArraybenchError as e:  # a missing or unreadable input is a usage error, not a slowdown
        print(f"arraybench: error: {e}", file=sys.stderr)
        return EXIT_USAGE
    machines_of_one_run = b is None
    if args.rerun:
        try:
            if b is None:
                raise ConfigError("--rerun measures two stored runs again: give A and B")
            command = against.rerun_args(a, b, args.a, args.b, Path.cwd())
            command += ["--store", args.store] if args.store else []
        except ArraybenchError as e:
            print(f"arraybench: error: {e}", file=sys.stderr)
            return EXIT_USAGE
        from rich.markup import escape

        _console.console().print(
            f"[dim]measuring A's and B's code again, side by side: {escape(shlex.join(command))}"
            "[/dim]",
            soft_wrap=True,
        )
        return subprocess.run(
            [sys.executable, "-m", "arraybench", *command], check=False
        ).returncode
    if args.control is not None:
        try:
            impl, _ = control.parse(args.control)
        except ValueError as e:
            print(f"arraybench: error: {e}", file=sys.stderr)
            return EXIT_USAGE
        labels = sorted({c.impl for run in (a, b) if run is not None for c in run.cases})
        if impl not in labels:
            print(
                f"arraybench: error: --control {args.control}: no case has the impl "
                f"{impl!r}; the runs' impls: {', '.join(labels)}",
                file=sys.stderr,
            )
            return EXIT_USAGE
    if args.threshold is not None:
        threshold, source = args.threshold, "--threshold"
    else:
        threshold, source = default_threshold(a, *([b] if b is not None else []))
    drift = None if machines_of_one_run else stability.drift_here(a, b)
    comparisons = [
        (
            compare(x, y, threshold=threshold, paired=False)
            if machines_of_one_run
            else compare(x, y, threshold=threshold, drift=drift, control=args.control),
            x,
            y,
            name_x,
            name_y,
        )
        for x, y, name_x, name_y in chosen
    ]
    if not any(c.cases for c, *_ in comparisons):
        a_cases = sum(len(x.cases) for _, x, *_ in comparisons)
        b_cases = sum(len(y.cases) for _, _, y, *_ in comparisons)
        what = f"{args.a} and {args.b}" if b is not None else f"the machines of {args.a}"
        print(
            f"arraybench: error: nothing to compare: no case ran and passed in both {what} "
            f"({a_cases} and {b_cases} cases); compare runs of the same workloads",
            file=sys.stderr,
        )
        return EXIT_USAGE
    # Comparing machines, a slower machine is no regression: exit 1 only when asked to gate.
    gate = not machines_of_one_run or args.fail_on_slowdown is not None or args.fail_on is not None
    fail_at = threshold if args.fail_on_slowdown is None else args.fail_on_slowdown
    failing = [c.slower_beyond(fail_at) if gate else () for c, *_ in comparisons]
    unsure = [c.with_verdict(UNSURE) for c, *_ in comparisons]
    if any(failing):
        code = EXIT_SLOWER
    elif args.fail_on == "cannot-tell" and any(unsure):
        code = EXIT_CANNOT_TELL
    else:
        code = EXIT_OK
    if args.json:
        out = [
            _json(c, f, fail_at, source, args.fail_on, code)
            for (c, *_), f in zip(comparisons, failing, strict=True)
        ]
        if len(out) == 1:
            print(json.dumps(out[0], indent=1, default=str))
        else:
            every = [
                _prefixed(c.name, y)
                for (_, _, y, *_), f in zip(comparisons, failing, strict=True)
                for c in f
            ]
            doc = {
                "comparisons": out,
                "fail_on_slowdown": fail_at,
                "failing": every,
                "exit_code": code,
            }
            print(json.dumps(doc, indent=1, default=str))
    else:
        for i, ((c, x, y, name_x, name_y), f) in enumerate(zip(comparisons, failing, strict=True)):
            if i:
                _console.console().rule()
            render(c, x, y, name_x, name_y, fail_at, f, gate=gate, source=source)
        if code == EXIT_CANNOT_TELL:
            n = sum(len(u) for u in unsure)
            _console.console().print(
                f"[yellow]{n} case{'s' if n != 1 else ''} cannot be told[/yellow] and "
                "--fail-on cannot-tell asks that every case be shown unchanged: exit code 3"
            )
    return code


def default_threshold(*runs: RunResult) -> tuple[float, str]:
    """The no-change band of a comparison of these runs, and where it came from: the largest of
    their ``--target`` (each median was measured to that precision, so a smaller band could
    not be resolved), else :data:`DEFAULT_THRESHOLD` for runs that record none."""
    targets: list[float] = []
    for run in runs:
        t = run.config.get("target")
        if isinstance(t, int | float) and not isinstance(t, bool) and 0 < t < 1:
            targets.append(float(t))
    if not targets:
        return DEFAULT_THRESHOLD, "the default"
    return max(targets), "the runs' --target"


def _json(
    comparison: Comparison,
    failing: tuple[CaseComparison, ...],
    fail_at: float,
    source: str,
    fail_on: str | None,
    code: int,
) -> dict[str, Any]:
    out = comparison.to_dict()
    out["threshold_from"] = source
    out["fail_on"] = fail_on
    out["fail_on_slowdown"] = fail_at
    out["failing"] = [c.name for c in failing]
    out["exit_code"] = code
    return out


def _prefixed(name: str, run: RunResult) -> str:
    # Several comparisons in one answer: a failing case names the machine it is slower on.
    machines = run.machine_names
    return f"{machines[0]}: {name}" if machines else name


def pairs(
    a: RunResult,
    b: RunResult | None,
    machines: list[str],
    name_a: str,
    name_b: str | None,
) -> list[tuple[RunResult, RunResult, str, str]]:
    """Which runs to compare: (A, B, A's name, B's name) for each comparison to make, each a
    run of one machine (see the module's docstring).

    Raises:
        ConfigError: what was given cannot be compared (one run of one machine, a machine a
            run does not hold, two runs of several machines and none in common).
    """
    if b is None:
        held = a.machine_names
        if len(held) < 2:
            raise ConfigError(
                f"{name_a} holds the cases of one machine: give a second run to compare it "
                "with (arraybench compare A B), or a run from several machines (run --cluster)"
            )
        names = list(dict.fromkeys(machines)) or list(held)
        for m in names:
            _require(a, m, name_a)
        if len(names) < 2:
            raise ConfigError(
                f"name two machines of {name_a} to compare (--machine A --machine B); it holds "
                f"{', '.join(held)}"
            )
        base = a.on_machine(names[0])
        return [(base, a.on_machine(m), names[0], m) for m in names[1:]]
    assert name_b is not None
    if len(machines) > 2:
        raise ConfigError("--machine with two runs: give it once (for both) or twice (A's, B's)")
    if machines:
        want_a, want_b = machines[0], machines[-1]
        return [
            (_pick(a, want_a, name_a), _pick(b, want_b, name_b), _label(name_a, a, want_a),
             _label(name_b, b, want_b))
        ]  # fmt: skip
    many_a, many_b = len(a.machine_names) > 1, len(b.machine_names) > 1
    if many_a and many_b:
        common = [m for m in a.machine_names if m in b.machine_names]
        if not common:
            raise ConfigError(
                f"{name_a} and {name_b} hold no machine in common ({', '.join(a.machine_names)}"
                f" against {', '.join(b.machine_names)}): pick one of each with --machine A_NAME "
                "--machine B_NAME"
            )
        return [
            (a.on_machine(m), b.on_machine(m), f"{name_a} on {m}", f"{name_b} on {m}")
            for m in common
        ]
    for run, name in ((a, name_a), (b, name_b)):
        if len(run.machine_names) > 1:
            raise ConfigError(
                f"{name} holds several machines ({', '.join(run.machine_names)}): pick one with "
                "--machine NAME"
            )
    return [(_single(a), _single(b), name_a, name_b)]


def _require(run: RunResult, machine: str, name: str) -> None:
    if machine not in run.machine_names:
        held = ", ".join(run.machine_names) or "none: it ran on one machine"
        raise ConfigError(f"{name} holds no machine {machine!r} (its machines: {held})")


def _pick(run: RunResult, machine: str, name: str) -> RunResult:
    """Machine ``machine``'s cases of ``run``; a run of one machine, whatever its name, whole."""
    if len(run.machine_names) <= 1 and machine not in run.machine_names:
        return _single(run)
    _require(run, machine, name)
    return run.on_machine(machine)


def _label(name: str, run: RunResult, machine: str) -> str:
    return f"{name} on {machine}" if machine in run.machine_names else name


def _single(run: RunResult) -> RunResult:
    """A run of one machine with that machine's record as its environment."""
    names = run.machine_names
    return run.on_machine(names[0]) if names else run


def render(
    comparison: Comparison,
    a: RunResult,
    b: RunResult,
    name_a: str,
    name_b: str,
    fail_at: float,
    failing: tuple[CaseComparison, ...],
    gate: bool = True,
    source: str = "",
) -> None:
    """Print the comparison: the two runs, what differs in their machines (the short list),
    what changed in the environment (every entry), the table (worst first), unmatched and
    failed cases, and the summary. ``gate``: whether slowdowns fail the command (not when
    comparing the machines of one run without --fail-on or --fail-on-slowdown). ``source``:
    where the band came from (``"the runs' --target"``), said beside it."""
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
    if comparison.environment:
        console.print(
            "[bold]Environments differ[/bold] (A -> B): the ratios below hold these differences "
            "as well as the code's"
        )
        for d in comparison.environment:
            console.print(f"  • {escape(d.describe())}")
        console.print()
    if comparison.env_changes:
        console.print("[bold]Environment differences[/bold] (A -> B)")
        # Two machines differ in many entries: the short list above says what matters.
        shown = comparison.env_changes
        if comparison.environment and len(shown) > ENV_CHANGES_SHOWN:
            shown = shown[:ENV_CHANGES_SHOWN]
        for change in shown:
            console.print(f"  • {escape(change.describe())}")
        if len(shown) < len(comparison.env_changes):
            console.print(
                f"  [dim]… and {len(comparison.env_changes) - len(shown)} more: --json lists "
                "them all[/dim]"
            )
    else:
        console.print("[bold]Environment differences[/bold]: none (same software and machine)")
    if comparison.speed is not None:
        taken = "; the times are compared after that" if comparison.speed.moved else ""
        console.print(
            f"[bold]Machine speed[/bold] (the runs' canaries): "
            f"{escape(comparison.speed.describe())}{taken}"
        )
    elif comparison.widened is not None and not all(c.note == BESIDE for c in comparison.cases):
        why = "; ".join(f"{side}: {reason}" for side, reason in comparison.no_canary)
        console.print(
            f"[bold]Machine speed[/bold]: no canary reading in {escape(why)}, so every interval "
            f"is widened by this machine's run-to-run drift, ±{comparison.widened:.0%} (its "
            "stability record: 'arraybench env')"
        )
    if comparison.beside is not None:
        n = sum(1 for c in comparison.cases if c.note == BESIDE)
        console.print(
            f"[bold]Measured beside[/bold]: B measured A's code (commit "
            f"{escape(comparison.beside[:10])}) beside its own, in the same rounds of every "
            f"process: {n} case{'s' if n != 1 else ''} read from that pairing, which the "
            "machine's move between the runs does not touch"
        )
    relative_line = _relative_line(comparison)
    if relative_line:
        console.print(f"[bold]Against the run[/bold]: {escape(relative_line)}")
    if comparison.control is not None:
        off = "; ".join(f"{why} ({n})" for why, n in comparison.control_off)
        console.print(
            f"[bold]Against the control[/bold] {escape(comparison.control)}: "
            f"{comparison.control_read} case{'s' if comparison.control_read != 1 else ''} read "
            f"against it{escape(f' (not read: {off})') if off else ''}"
        )
        other = _other_kind(comparison)
        if other:
            console.print(
                f"  {other} of them on another backend than the control: work of another kind "
                "can move apart from it between runs, which nothing inside a run shows (read "
                "against NumPy, a Python loop moved 25% between identical runs); a control of "
                "the case's own backend is safer"
            )
    reference_line = _reference_line(comparison)
    if reference_line:
        console.print(f"[bold]Against the unchanged cases[/bold]: {escape(reference_line)}")
    console.print()

    table = Table(
        title=f"[bold]B against A[/bold]  (no-change band ±{comparison.threshold:.0%}"
        f"{f' ({escape(source)})' if source else ''}: slower or faster when the whole 95% CI "
        "lies beyond it, no change when inside, else cannot tell)",
        title_justify="left",
        show_edge=False,
        pad_edge=False,
    )
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("case", "left"),
        ("median A", "right"),
        ("median B", "right"),
        ("ratio B/A [95% CI]", "right"),
        *((("against the run", "right"),) if comparison.relative_read else ()),
        *((("against the control", "right"),) if comparison.control_read else ()),
        *((("against the unchanged", "right"),) if _reference_read(comparison) else ()),
        ("p", "right"),
        ("verdict", "left"),
    )
    # Each reason a case got no verdict is said once, below the table; its rows point to it.
    notes: dict[str, int] = {}
    rows = []
    for c in comparison.cases:
        style = {SLOWER: "red", FASTER: "green"}.get(c.verdict, "")
        verdict = f"[{style}]{c.verdict}[/{style}]" if style else c.verdict
        plain = c.verdict
        if c.note:
            k = notes.setdefault(c.note, len(notes) + 1)
            verdict += f" [dim]\\[{k}][/dim]"
            plain += f" [{k}]"
        texts = [
            c.name,
            format_time(c.median_a),
            format_time(c.median_b),
            _ratio(c),
            *((_relative(c),) if comparison.relative_read else ()),
            *((_against_control(c),) if comparison.control_read else ()),
            *((_against_control(c),) if _reference_read(comparison) else ()),
            _p(c.p),
            plain,
        ]
        rows.append((texts, verdict))
    # A narrow terminal folds the case names; no figure and no verdict is ever cut short.
    for i, (col, justify) in enumerate(columns):
        if col == "case":
            table.add_column(col, justify=justify, overflow="fold", min_width=24)
            continue
        width = max([len(col)] + [len(texts[i]) for texts, _ in rows])
        table.add_column(col, justify=justify, no_wrap=True, min_width=width)
    for texts, verdict in rows:
        # A space before the bracket lets a narrow terminal break the name there.
        table.add_row(escape(texts[0].replace("[", " [", 1)), *texts[1:-1], verdict)
    console.print(table)
    for note, i in notes.items():
        why = NOTES.get(note, "")
        console.print(f"  [dim]\\[{i}] {escape(note)}{': ' + escape(why) if why else ''}[/dim]")
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
    hint = _control_hint(comparison)
    if hint:
        console.print(f"[dim]{escape(hint)}[/dim]")
    if not gate and comparison.with_verdict(SLOWER):
        console.print(
            "[dim]comparing machines: a slower machine is not a failure (exit 0); "
            "--fail-on slower or --fail-on-slowdown PCT makes it one[/dim]"
        )
    if failing:
        console.print(
            f"[red]{len(failing)} case{'s' if len(failing) != 1 else ''} slower "
            f"by more than {fail_at:.0%}[/red]: exit code 1"
        )


def _ratio(c: CaseComparison) -> str:
    if not math.isfinite(c.ratio):
        return "—"
    lo, hi = c.ratio_ci
    return f"{c.ratio:.2f}x [{lo:.2f}–{hi:.2f}]"


def _relative(c: CaseComparison) -> str:
    if c.relative is None:
        return "—"
    lo, hi = c.relative.ci
    return f"{c.relative.ratio:.2f}x [{lo:.2f}–{hi:.2f}]"


def _control_hint(comparison: Comparison) -> str:
    """Where cases could not tell and no control was named: the impls measured beside them
    (same workload, backend, device, dtype and size, in both runs) that --control could name."""
    if comparison.control is not None:
        return ""
    # A case read against the unchanged cases, or one of them, needs no control named.
    reference = comparison.reference.keys if comparison.reference is not None else frozenset()
    unsure = [
        c
        for c in comparison.cases
        if c.verdict == UNSURE and c.note == WIDE and c.control is None and c.key not in reference
    ]
    beside: dict[str, int] = {}
    for c in unsure:
        workload, impl, *rest = c.key
        for other in comparison.cases:
            o_workload, o_impl, *o_rest = other.key
            if o_workload == workload and o_rest == rest and o_impl != impl:
                beside[o_impl] = beside.get(o_impl, 0) + 1
    if not beside:
        return ""
    named = ", ".join(sorted(beside, key=lambda k: (-beside[k], k))[:3])
    n = len(unsure)
    return (
        f"{n} case{'s' if n != 1 else ''} cannot tell from {'their' if n != 1 else 'its'} own "
        f"interval. If one impl beside them did not change ({named}), --control IMPL reads the "
        "others against it, round by round, where the machine's move between runs drops out"
    )


def _reference_read(comparison: Comparison) -> int:
    """How many cases were read against the unchanged cases."""
    return comparison.reference.read if comparison.reference is not None else 0


def _reference_line(comparison: Comparison) -> str:
    """What the header says of the reading against the cases whose code did not change (no
    --control): how many there were and how many changed cases they served, or why none."""
    ref = comparison.reference
    if ref is None or not comparison.cases:
        return ""
    if not ref.known:
        return (
            "a run does not say what code each case ran (results from before arraybench kept "
            "it), so no case can serve as the reference; --control IMPL names one you know did "
            "not change"
        )
    if not ref.unchanged:
        return (
            f"the code or environment of every one of the {ref.changed} cases changed between "
            "the runs, so none is left to read them against: each is judged by its own ratio "
            "alone, which carries the machine's move between the runs; 'arraybench run FILE.py "
            "--against REV' measures the two versions side by side, or --control IMPL names "
            "one you know did not change"
        )
    if not ref.changed:
        return f"no case's code or environment changed ({ref.unchanged} cases)"
    off = "; ".join(f"{why} ({n})" for why, n in ref.off)
    return (
        f"{ref.changed} case{'s' if ref.changed != 1 else ''} ran other code (or in another "
        f"environment); {ref.read} of them read, round by round, against the {ref.used} of the "
        f"{ref.unchanged} unchanged cases of their workload, size, backend and device and of a "
        f"time per call within {control.KIND_FACTOR:g}x of theirs"
        + (f" (not read: {off})" if off else "")
    )


def _other_kind(comparison: Comparison) -> int:
    """How many cases were read against a control on another backend than their own."""
    if comparison.control is None:
        return 0
    _, backend = control.parse(comparison.control)
    if backend is None:
        return 0
    return sum(1 for c in comparison.cases if c.control is not None and c.key[2] != backend)


def _against_control(c: CaseComparison) -> str:
    if c.control is None:
        return "—"
    return f"{c.control.ratio:.2f}x [{c.control.low:.2f}–{c.control.high:.2f}]"


def _relative_line(comparison: Comparison) -> str:
    """What the header says of the relative reading: the run's common move and the cases left
    unread, or why it is off (empty when there is nothing to say: no case matched)."""
    off = "; ".join(
        f"{why} ({n} case{'s' if n != 1 else ''})" for why, n in comparison.relative_off
    )
    if comparison.relative_read and comparison.common_move is not None:
        line = (
            f"the run's cases moved together by {comparison.common_move:.2f}x; each case is also "
            "read against them"
        )
        return f"{line} (not read: {off})" if off else line
    if off:
        return f"each case is read on its own: {off}"
    return ""


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
