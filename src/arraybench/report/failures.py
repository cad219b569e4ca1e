"""The failed cases of a run, a line per impl and kind of failure (what ``arraybench run`` prints
under its tables; ``-v`` lists every case instead)."""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from ..base.units import format_size
from ..results import CaseResult, RunResult


def failure_lines(result: RunResult) -> list[str]:
    """The failed cases, a line per impl (on its backend, device and dtype) and kind of failure,
    with the sizes it failed at and the worst error:
    ``"cdist (torch float64) at n=100–1e3: wrong numbers, relative error up to 9.3e-9 >
    1e-9"`` (the largest error of those sizes, and the tolerance it exceeds). Sizes that
    follow each other among the series' sizes read as a range."""
    from .plot_parts import series_label

    groups: dict[tuple[Any, ...], list[CaseResult]] = defaultdict(list)
    for c in result.failed:
        groups[(c.machine, *c.series, c.failure or "")].append(c)
    several = len({c.workload for c in result.cases}) > 1
    out = []
    for (machine, *series, _), cases in groups.items():
        cases.sort(key=lambda c: c.size)
        label = series_label(tuple(series))  # type: ignore[arg-type]
        if several:
            label = f"{series[0]}/{label}"
        if machine is not None:
            label += f" on {machine}"
        tried = sorted({c.size for c in result.cases if c.series == cases[0].series})
        out.append(f"{label} at {_failed_sizes([c.size for c in cases], tried)}: {_why(cases)}")
    return out


def _failed_sizes(failed: Sequence[int], tried: Sequence[int]) -> str:
    """``n=100–1e3`` when the failed sizes follow each other among those tried, else a list."""
    if len(failed) == 1:
        return f"n={format_size(failed[0])}"
    first, last = tried.index(failed[0]), tried.index(failed[-1])
    if last - first + 1 == len(failed):
        return f"n={format_size(failed[0])}–{format_size(failed[-1])}"
    return "n=" + ", ".join(format_size(n) for n in failed)


def _why(cases: Sequence[CaseResult]) -> str:
    """The failure of a group of cases: for wrong numbers, the worst error against its
    tolerance; else the first size's error (and that the others' differ, -v showing them)."""
    checks = [c.check for c in cases if c.check is not None and math.isfinite(c.check.max_rel_err)]
    if checks and all(c.failure == "mismatch" for c in cases) and len(checks) == len(cases):
        worst = max(checks, key=lambda k: k.max_rel_err / max(k.rtol, 1e-300))
        upto = " up to" if len(cases) > 1 else ""
        # The worst is within 1000x of its tolerance: say how a different algorithm is accepted.
        from ..measure.check import close_hint

        return (
            f"wrong numbers, relative error{upto} {_e(worst.max_rel_err)} > {_e(worst.rtol)}"
            + close_hint(worst, cases[0].dtype)
        )
    messages = [_PROCESS.sub("", c.error or "") for c in cases]
    text = messages[0]
    if len(set(messages)) > 1:
        text += f" (at n={format_size(cases[0].size)}; the other sizes' errors differ)"
    return text


def _e(x: float) -> str:
    """``2.2e-4``, ``1e-9``, ``0.05``: an error or a tolerance, short."""
    if x == 0 or abs(x) >= 0.01:
        return f"{x:.2g}"
    mantissa, exponent = f"{x:.1e}".split("e")
    return f"{mantissa.removesuffix('.0')}e{int(exponent)}"


#: The prefix a run in several processes puts before a failed case's error.
_PROCESS = re.compile(r"^in process \d+ of \d+: ")
