"""``arraybench list``: the built-in workloads and those in files, with impls and backends."""

from __future__ import annotations

import argparse
from typing import Any

from ..suites import builtin, load_file
from . import _console


def add_parser(sub: Any, parents: list[Any]) -> None:
    p = sub.add_parser(
        "list",
        parents=parents,
        help="list workloads with their impls and backends",
        description="List the built-in workloads, or those defined in FILE.py.",
    )
    p.add_argument("files", nargs="*", metavar="FILE.py", help="workload files to list instead")
    p.set_defaults(handler=main)


def main(args: argparse.Namespace) -> int:
    from rich.markup import escape

    from .. import backends
    from ..report.units import format_size

    console = _console.console()
    workloads = (
        [w for f in args.files for w in load_file(f)] if args.files else list(builtin().values())
    )
    for w in workloads:
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
    return 0
