"""Where a run's wall time went (``RunResult.time``), in a few lines for ``arraybench run -v``."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

    from ..results import RunResult

#: Lines are wrapped to this many columns: the split must read on an 80-column terminal.
WIDTH = 78
EXTRAS = "extras "


def time_split_lines(result: RunResult) -> list[str]:
    """``where the time went: 74.2 s``, then the parts (seconds and share of the wall time,
    each experiment's extras together), then how the first calls found the compile caches."""
    split = result.time
    if split is None:
        return []
    wall = split.wall
    items: list[str] = []
    extras = {k[len(EXTRAS) :]: v for k, v in split.parts.items() if k.startswith(EXTRAS)}
    for name, seconds in split.parts.items():
        if name.startswith(EXTRAS):
            if name[len(EXTRAS) :] == next(iter(extras)):
                total = sum(extras.values())
                each = ", ".join(f"{k} {_s(v)}" for k, v in extras.items())
                items.append(f"extras {_s(total)} ({_share(total, wall)}: {each})")
            continue
        items.append(f"{name} {_s(seconds)} ({_share(seconds, wall)})")
    lines = [f"where the time went: {_s(wall)} in all"]
    lines += textwrap.wrap(
        ", ".join(items), WIDTH, initial_indent="  ", subsequent_indent="  ", break_on_hyphens=False
    )
    lines += textwrap.wrap(_caches(result), WIDTH, initial_indent="  ", subsequent_indent="    ")
    return lines


def print_time_split(result: RunResult, console: Console) -> None:
    from rich.markup import escape

    for line in time_split_lines(result):
        console.print(f"[dim]{escape(line)}[/dim]")


def _caches(result: RunResult) -> str:
    """How the first calls of compiled impls found their library's persistent cache."""
    split = result.time
    if split is None or split.compile_cache is None:
        return (
            "compile caches off: each process compiled its own (ARRAYBENCH_COMPILE_CACHE=off, "
            "or a run in the calling process)"
        )
    states = [
        s
        for c in result.cases
        if c.measurement is not None and c.measurement.first_call_cache
        for s in c.measurement.first_call_cache
    ]
    cold, warm = states.count("cold"), states.count("warm")
    return (
        f"compile caches in {split.compile_cache}: {cold} first calls cold (compiled), "
        f"{warm} warm (loaded)"
    )


def _s(seconds: float) -> str:
    return f"{seconds:.1f} s" if seconds < 100 else f"{seconds:.0f} s"


def _share(part: float, whole: float) -> str:
    return f"{part / whole:.0%}" if whole > 0 else "—"
