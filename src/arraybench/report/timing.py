"""Where a run's wall time went (``RunResult.time``): one line at the end of every run
(:func:`time_line`), and a few lines for ``arraybench run -v`` (:func:`time_split_lines`)."""

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


#: Parts the one line names by themselves (the largest after measuring); the rest are summed.
LINE_PARTS = 4
MEASURING, OTHER = "measuring", "other"


def time_line(result: RunResult) -> str | None:
    """``112 s: measuring 16.3 s (15%), imports 50.7 s, compilation 21.6 s, inputs and checks
    10.8 s, start-up 3.1 s, the rest 9.4 s``: the wall time, the share spent measuring, and
    what took the rest, largest first (each experiment's extras counted as one part). None for
    a run that did not record it."""
    split = result.time
    if split is None or split.wall <= 0:
        return None
    parts: dict[str, float] = {}
    for name, seconds in split.parts.items():
        key = EXTRAS.strip() if name.startswith(EXTRAS) else name
        parts[key] = parts.get(key, 0.0) + seconds
    measuring = parts.pop(MEASURING, 0.0)
    other = parts.pop(OTHER, 0.0)  # what no part names: always with the rest
    ranked = sorted(parts.items(), key=lambda kv: -kv[1])
    named, rest = ranked[:LINE_PARTS], ranked[LINE_PARTS:]
    items = [f"{MEASURING} {_s(measuring)} ({_share(measuring, split.wall)})"]
    items += [f"{name} {_s(seconds)}" for name, seconds in named]
    left = sum(v for _, v in rest) + other
    if left > 0:
        items.append(f"the rest {_s(left)}")
    return f"{_s(split.wall)}: " + ", ".join(items)


def print_time_line(result: RunResult, console: Console) -> None:
    from rich.markup import escape

    line = time_line(result)
    if line is not None:
        console.print(f"[dim]{escape(line)}[/dim]", soft_wrap=True)


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
