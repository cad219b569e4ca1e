"""``arraybench list``: the built-in experiments and workloads, or those named or in files, with
impls and backends."""

from __future__ import annotations

import argparse
from typing import Any

from ..suites import builtin, builtin_experiments, resolve
from ..suites.experiment import Experiment
from ..workload import Workload
from . import _console


def add_parser(sub: Any, parents: list[Any]) -> None:
    p = sub.add_parser(
        "list",
        parents=parents,
        help="list the experiments and workloads with their impls and backends",
        description="List the built-in experiments (what 'arraybench run' answers) and "
        "workloads, or those NAME names (an experiment, a workload), or those defined in "
        "FILE.py.",
    )
    p.add_argument(
        "targets",
        nargs="*",
        metavar="NAME|FILE.py",
        help="built-in experiments or workloads, or workload files, to list instead",
    )
    p.set_defaults(handler=main)


def main(args: argparse.Namespace) -> int:
    from rich.markup import escape

    console = _console.console()
    # The same names as 'arraybench run' takes, and the same error for one it does not know.
    items = resolve(args.targets) if args.targets else list(builtin_experiments().values())
    experiments = [i for i in items if isinstance(i, Experiment)]
    if experiments:
        width = max(len(e.name) for e in experiments)
        console.print(
            "[bold]experiments[/bold]  [dim]'arraybench run NAME' runs one and answers its "
            "question; 'arraybench run' runs them all[/dim]"
        )
        for e in experiments:
            console.print(f"  [bold]{escape(e.name):<{width}}[/bold]  {escape(e.title)}")
    groups: list[tuple[str, list[Workload]]] = []
    if not args.targets:
        groups = [(f"workloads of {e.name}", list(e.workloads)) for e in experiments]
        listed = {id(w) for _, ws in groups for w in ws}
        rest = [w for w in builtin().values() if id(w) not in listed]
        if rest:
            groups.append(("other built-in workloads", rest))
    else:
        for item in items:
            if isinstance(item, Experiment):
                groups.append((f"workloads of {item.name}", list(item.workloads)))
                continue
            heading = f"workloads in {item.origin}" if item.origin else "built-in workloads"
            if groups and groups[-1][0] == heading:
                groups[-1][1].append(item)
            else:
                groups.append((heading, [item]))
    for k, (heading, workloads) in enumerate(groups):
        if experiments or len(groups) > 1:
            hint = "  [dim]'arraybench run NAME' runs one workload alone[/dim]" if k == 0 else ""
            console.print()
            console.print(f"[bold]{escape(heading)}[/bold]{hint}")
        for w in workloads:
            _print_workload(w, console)
    return 0


def _print_workload(w: Workload, console: Any) -> None:
    """The workload's name and description, sizes and dtypes, and a line per impl."""
    from rich.markup import escape

    from .. import backends
    from ..base.units import format_size

    ref, ref_backend = w.reference_impl()
    sizes = ", ".join(format_size(s) for s in w.sizes)
    console.print(f"[bold]{escape(w.name)}[/bold]  {escape(w.description)}")
    console.print(f"  sizes: {sizes}   dtypes: {', '.join(w.dtypes)}")
    for impl in w.impls:
        marks = []
        if impl is ref and not w.has_reference():
            marks.append("nothing to check it against (the only impl)")
        elif impl is ref:
            marks.append(f"reference ({ref_backend})")
        if impl.inputs:
            marks.append(f"inputs as {impl.inputs}")
        if impl.takes_xp:
            marks.append("generic")
        if impl.compile:
            marks.append("compiled by its backend (first call apart)")
        elif impl.compile is False:
            marks.append("run as written (compile=False)")
        if impl.rtol:
            marks.append(f"rtol {', '.join(f'{d} {t:g}' for d, t in impl.rtol.items())}")
        status = []
        for b in impl.backends:
            try:
                ok, _ = backends.get(b).available()
            except Exception:
                ok = False
            status.append(b if ok else f"[dim]{b} (not installed)[/dim]")
        extra = f"  [dim]{'; '.join(marks)}[/dim]" if marks else ""
        console.print(f"  - {escape(impl.label)}: {', '.join(status)}{extra}")
