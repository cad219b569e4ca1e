"""arraybench in IPython and Jupyter: ``%load_ext arraybench``, then

    %%arraybench [options]        compare the cell's expressions over sizes (a setup part that
                                  builds inputs from n, then ``label (backend): expression``
                                  lines: :mod:`._cell`)
    %arraybench W [options]       run the Workload W (or a list of them) of the notebook
    %arraybench_profile [-f F] STATEMENT
                                  run STATEMENT under the advisor (``arraybench profile``):
                                  its slow array patterns ranked by measured cost

Each measures with the same engine as ``arraybench run``: in 4 worker processes forked from
zygotes (never the kernel itself), the notebook's functions sent to them by value. The result
shows as one HTML output (``report.notebook``), which a progress bar stands in for while the
run measures, and is kept in a variable with ``-o NAME``. The magics return nothing, so that
nothing is shown twice.
"""

from __future__ import annotations

import argparse
import shlex
import time
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from ..base.errors import ArraybenchError, ConfigError
from ..config import DEFAULT_BUDGET_S, DEFAULT_PROCESSES, RunConfig
from ..results import CaseResult, RunResult
from ..workload import Workload
from ._args import parse_names, parse_sizes

#: Seconds per case with ``--quick`` (as ``arraybench run --quick``).
QUICK_BUDGET_S = 0.1
#: The sizes of a cell that names none: a small, a middling and a large array.
CELL_SIZES = (10, 1000, 100_000)
#: The progress bar is redrawn at most this often (each redraw is a message to the front end).
PROGRESS_EVERY_S = 0.25


class _Parser(argparse.ArgumentParser):
    """Options of a magic: an error is raised (and said in one line), never an exit."""

    def error(self, message: str) -> Any:
        raise ConfigError(f"{self.prog}: {message}; see {self.prog}? for the options")


def _parser(prog: str, cell: bool) -> argparse.ArgumentParser:
    p = _Parser(prog=prog, add_help=False)
    if not cell:
        p.add_argument(
            "target", help="the Workload (or a list of them) to run: a name or an expression"
        )
    p.add_argument(
        "-n",
        "--sizes",
        type=parse_sizes,
        help="sizes: 10,1e3,1e5 or a range 10:1e6 (one per decade) or 10:1e6:3"
        + (f" (default {','.join(map(str, CELL_SIZES))})" if cell else ""),
    )
    p.add_argument(
        "-d",
        "--dtype",
        help="dtypes, comma-separated (default " + ("float64)" if cell else "the workload's)"),
    )
    p.add_argument("-b", "--backend", help="only these backends, comma-separated")
    p.add_argument(
        "-t", "--budget", type=float, help=f"seconds per case (default {DEFAULT_BUDGET_S:g})"
    )
    p.add_argument(
        "-q", "--quick", action="store_true", help=f"a fast look: {QUICK_BUDGET_S:g} s per case"
    )
    p.add_argument(
        "-p",
        "--processes",
        type=int,
        default=DEFAULT_PROCESSES,
        help=f"worker processes (default {DEFAULT_PROCESSES}; 1: in the kernel's own process)",
    )
    p.add_argument("--threads", type=int, default=1, help="threads per library (default 1)")
    if cell:
        p.add_argument("--name", default="cell", help="the workload's name in the report")
    p.add_argument("-o", "--out", metavar="NAME", help="keep the RunResult in this variable")
    p.add_argument("--no-plot", action="store_true", help="leave the plot out")
    return p


def _parse(parser: argparse.ArgumentParser, line: str, target: bool = False) -> argparse.Namespace:
    """The options of ``line``; with ``target``, the words before the first option are one
    expression (``%arraybench [a, b] --quick``)."""
    words = shlex.split(line)
    if target:
        k = next((i for i, w in enumerate(words) if w.startswith("-")), len(words))
        words = ([" ".join(words[:k])] if k else []) + words[k:]
    return parser.parse_args(words)


def config_of(args: argparse.Namespace, cell: bool) -> RunConfig:
    """The run's settings from a magic's options."""
    budget = args.budget if args.budget is not None else None
    if budget is None:
        budget = QUICK_BUDGET_S if args.quick else DEFAULT_BUDGET_S
    return RunConfig(
        backends=parse_names(args.backend),
        dtypes=parse_names(args.dtype),
        sizes=None if cell else args.sizes,
        budget=budget,
        quick=bool(args.quick) and not cell,
        processes=args.processes,
        threads=args.threads,
    )


def measure_cell(
    line: str, cell: str, namespace: dict[str, Any], show: Callable[[Any], Any] | None = None
) -> RunResult:
    """``%%arraybench LINE`` over ``cell``: its workload run, shown, kept in ``-o``'s name."""
    from ._cell import workload

    args = _parse(_parser("%%arraybench", cell=True), line)
    w = workload(
        cell,
        namespace,
        name=args.name,
        sizes=args.sizes or CELL_SIZES,
        dtypes=parse_names(args.dtype) or ("float64",),
    )
    return _run([w], args, config_of(args, cell=True), namespace, show)


def measure_workload(
    line: str, namespace: dict[str, Any], show: Callable[[Any], Any] | None = None
) -> RunResult:
    """``%arraybench W LINE``: the notebook's workload W run, shown, kept in ``-o``'s name."""
    args = _parse(_parser("%arraybench", cell=False), line, target=True)
    try:
        target = eval(args.target, namespace)
    except Exception as e:
        raise ConfigError(
            f"%arraybench: {args.target!r} is not a name of this notebook ({type(e).__name__}: "
            f"{e}); write %arraybench W, where W = arraybench.Workload(...)"
        ) from None
    workloads = [target] if isinstance(target, Workload) else list(target)
    if not workloads or not all(isinstance(w, Workload) for w in workloads):
        raise ConfigError(
            f"%arraybench: {args.target!r} is a {type(target).__name__}, not a Workload or a "
            "list of them"
        )
    return _run(workloads, args, config_of(args, cell=False), namespace, show)


def _run(
    workloads: Sequence[Workload],
    args: argparse.Namespace,
    config: RunConfig,
    namespace: dict[str, Any],
    show: Callable[[Any], Any] | None,
) -> RunResult:
    from ..measure.runner import run

    bar = _Progress(show)
    try:
        result = run(workloads, config, progress=bar)
    except BaseException:
        bar.close()
        raise
    if args.out:
        namespace[args.out] = result
    bar.finish(_Shown(result, plots=not args.no_plot))
    return result


class _Shown:
    """A RunResult shown once, with or without its plot."""

    def __init__(self, result: RunResult, plots: bool = True) -> None:
        self.result, self.plots = result, plots

    def _repr_html_(self) -> str:
        from ..report.notebook import render

        return render(self.result, plots=self.plots)

    def __repr__(self) -> str:
        return f"<arraybench result: {len(self.result.cases)} cases>"


class _Progress:
    """A notebook progress bar, one output that the result replaces when the run ends. Where
    there is no notebook (IPython in a terminal) nothing is drawn while it runs, and the
    result is printed as ``arraybench run`` prints it."""

    def __init__(self, show: Callable[[Any], Any] | None) -> None:
        self.handle: Any = None
        self.last = 0.0
        self.show = show
        if show is None and _in_notebook():
            from IPython.display import display

            self.handle = display(_Bar(0, 1, "starting the worker processes"), display_id=True)

    def __call__(self, done: int, total: int, case: Any, result: CaseResult | None) -> None:
        now = time.monotonic()
        if self.handle is None or (now - self.last < PROGRESS_EVERY_S and done < total):
            return
        self.last = now
        what = f"{case.impl} ({case.backend} {case.dtype}) n={case.size}" if case else ""
        self.handle.update(_Bar(done, total, what))

    def finish(self, shown: _Shown) -> None:
        if self.show is not None:
            self.show(shown)
        elif self.handle is not None:
            self.handle.update(shown)
        else:  # a terminal: the answers, then the tables, as `arraybench run` prints them
            from ..report.summary import fastest_sentence

            for w in dict.fromkeys(c.workload for c in shown.result.cases):
                print(f"{w}: {fastest_sentence(shown.result, w)}")
            shown.result.table()

    def close(self) -> None:
        if self.handle is not None:
            self.handle.update(_Bar(0, 0, "stopped"))


def _in_notebook() -> bool:
    """Whether this is a kernel with a front end that draws HTML (Jupyter, VS Code...)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    return hasattr(get_ipython(), "kernel")


class _Bar:
    def __init__(self, done: int, total: int, what: str) -> None:
        self.done, self.total, self.what = done, total, what

    def _repr_html_(self) -> str:
        return (
            f'<div><progress value="{self.done}" max="{max(self.total, 1)}" '
            f'style="width:16em"></progress> <span>{self.done}/{self.total} cases'
            f"{' · ' + escape(self.what) if self.what else ''}</span></div>"
        )

    def __repr__(self) -> str:
        return f"arraybench: {self.done}/{self.total} cases"


def profile_in_notebook(
    line: str, namespace: dict[str, Any], show: Callable[[Any], Any] | None = None
) -> Any:
    """``%arraybench_profile LINE``: the advisor's report on the statement, shown once (HTML in
    a notebook, text in a terminal); returns the ProfileReport."""
    from ._profile_cell import profile_statement

    report, text, page = profile_statement(line, namespace)
    shown = _Report(text, page)
    if show is not None:
        show(shown)
    elif _in_notebook():
        from IPython.display import display

        display(shown)
    else:
        print(text)
    return report


class _Report:
    """The profile report, as HTML and as text."""

    def __init__(self, text: str, page: str) -> None:
        self.text, self.page = text, page

    def _repr_html_(self) -> str:
        return self.page

    def __repr__(self) -> str:
        return self.text


# -- IPython ----------------------------------------------------------------------------------


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext arraybench``: register the magics."""
    from IPython.core.magic import Magics, line_cell_magic, line_magic, magics_class

    @magics_class
    class ArraybenchMagics(Magics):  # type: ignore[misc]
        @line_cell_magic  # type: ignore[misc, untyped-decorator]
        def arraybench(self, line: str, cell: str | None = None) -> None:
            try:
                if cell is None:
                    measure_workload(line, self.shell.user_ns)
                else:
                    measure_cell(line, cell, self.shell.user_ns)
            except ArraybenchError as e:  # a usage error: said in a line, no traceback
                print(f"arraybench: {e}")

        @line_magic  # type: ignore[misc, untyped-decorator]
        def arraybench_profile(self, line: str) -> None:
            try:
                profile_in_notebook(line, self.shell.user_ns)
            except ArraybenchError as e:
                print(f"arraybench: {e}")

    ArraybenchMagics.arraybench.__doc__ = _help()
    ArraybenchMagics.arraybench_profile.__doc__ = _profile_help()
    ipython.register_magics(ArraybenchMagics)


def _profile_help() -> str:
    from ._profile_cell import __doc__ as profile_doc

    return profile_doc or ""


def _help() -> str:
    from ._cell import __doc__ as cell_doc

    return (
        (__doc__ or "")
        + "\n"
        + (cell_doc or "")
        + "\nOptions of %%arraybench:\n"
        + _parser("%%arraybench", cell=True).format_help()
        + "\nOptions of %arraybench W:\n"
        + _parser("%arraybench", cell=False).format_help()
    )
