"""Plain sentences for the page: where the misses come from, and where a peer wins."""

from __future__ import annotations

import statistics
from typing import Any

from . import engine
from .figures import TARGET, ToolFigures, best, fmt_time, pct
from .runs import ARRAYBENCH, ARRAYBENCH_PROCESSES, OURS, TIMEIT, Run
from .verdicts import (
    AGREEMENT_FROM_S,
    AGREEMENT_TARGET,
    ERROR_RESOLUTION,
    Figs,
    label,
    processes,
)

#: A harness this much slower per call than timeit's is reported as a cost of its own.
HARNESS_EXCESS_S = 5e-9
#: A tool whose runs' medians spread by more than this many times their interval's half-width
#: moved by more than the interval allows.
SPREAD_PER_HALFWIDTH = 4


def explanations(data: dict[str, Any], figs: Figs) -> list[str]:
    """Why the figures are what they are, from the data: one sentence per cause found.

    Args:
        data: the measured data.
        figs: :func:`~.figures.figures` of it.

    Returns:
        Sentences for the page.
    """
    out = []
    noop = figs.get("noop", {})
    for tool in OURS:
        if tool in noop and TIMEIT in noop:
            excess = noop[tool].median - noop[TIMEIT].median
            if excess > HARNESS_EXCESS_S:
                out.append(
                    f"Floor: {label(tool, data)}'s no-op reads {fmt_time(excess)} more than "
                    "timeit's. Its sampling loop is compiled for the call as timeit compiles its "
                    "statement (arguments in locals, gc off) and adds a sync of the last output "
                    "and two clock reads per sample of at least 2 ms; this run does not tell "
                    "where the rest goes. On kernels under ~1 µs (noop, scalar) it is a visible "
                    "share of the difference from the reference."
                )
    noisy = [
        (n, d["reference"]["rel_ci"])
        for n, d in data["kernels"].items()
        if d["reference"]["rel_ci"] > AGREEMENT_TARGET
    ]
    if noisy:
        out.append(
            "Machine noise: the reference itself is known only to "
            + ", ".join(f"±{ci:.0%} ({n})" for n, ci in noisy)
            + f" (95% CI of its median); the 1-minute load reached {data['env']['load_max']} "
            f"on {data['env']['cores']} cores. Agreement at {AGREEMENT_TARGET:.0%} cannot be "
            "judged on those kernels in this run, for any tool."
        )
    out += _time_spent(data, figs)
    for tool in OURS:
        wide = [
            (n, f[tool].spread, f[tool].rel_ci)
            for n, f in figs.items()
            if tool in f and (f[tool].spread or 0) > SPREAD_PER_HALFWIDTH * f[tool].rel_ci
        ]
        if wide:
            out.append(
                f"Repeatability: the medians of {label(tool, data)}'s runs moved by more than "
                "their own intervals allow ("
                + ", ".join(f"{n}: spread {sp:.0%} against ±{ci:.1%}" for n, sp, ci in wide)
                + "): "
                + (
                    "a run in one process sees one state of the machine and one memory layout, "
                    "and its interval covers that run's blocks, not the next run's."
                    if tool == ARRAYBENCH
                    else "the machine's speed moved between runs by more than between the "
                    "processes of one run."
                )
            )
    return out


def _time_spent(data: dict[str, Any], figs: Figs) -> list[str]:
    """Where an arraybench run's wall time goes, against adaptive_autorange's."""
    out = []
    ab_runs = [
        Run.from_dict(r) for d in data["kernels"].values() for r in d["runs"].get(ARRAYBENCH, [])
    ]
    outside = [r.wall - float(r.extra.get("own_elapsed", r.wall)) for r in ab_runs]
    if outside:
        budget = engine.DEFAULT_BUDGET_S
        out.append(
            "Time to precision: of each `arraybench.run` call, a median "
            f"{fmt_time(statistics.median(outside))} is spent outside the case's own measuring "
            "(the harness floor, measured anew on every run, the environment, the reference "
            f"output for the check). Within it the whole budget of {budget:g} s is spent, "
            f"{engine.WARMUP_FRACTION:.0%} on warm-up and the rest in about "
            f"{engine.BLOCKS_PER_BUDGET} blocks, with no early stop, so that the interval rests "
            "on blocks spread over the time (docs/method.md); `adaptive_autorange` stops once "
            "IQR/median < 10%, after as little as 0.01 s, which is why it is faster."
        )
    extra = [
        f[ARRAYBENCH_PROCESSES].wall - f[ARRAYBENCH].wall
        for f in figs.values()
        if ARRAYBENCH in f and ARRAYBENCH_PROCESSES in f
    ]
    if extra:
        out.append(
            f"In {processes(data)} processes, arraybench takes a median "
            f"{statistics.median(extra):.2f} s more per run than in one: each worker process "
            "starts Python and imports arraybench and the kernel's libraries, and each takes "
            "its share of the budget in turn (the command line starts them once per command, "
            "not per case)."
        )
    return out


def peer_wins(data: dict[str, Any], figs: Figs) -> list[str]:
    """Plain sentences for each kernel and figure where a peer does better than arraybench.

    Args:
        data: the measured data.
        figs: :func:`~.figures.figures` of it.

    Returns:
        One sentence per win.
    """
    out = []
    for tool in OURS:
        name = label(tool, data)
        for kernel, f in figs.items():
            mine = f.get(tool)
            if mine is not None:
                out += [f"{kernel}, {w}" for w in _wins(kernel, name, mine, f, data)]
    return out


def _wins(
    kernel: str, name: str, mine: ToolFigures, f: dict[str, ToolFigures], data: dict[str, Any]
) -> list[str]:
    """The figures of one kernel where the best peer does better than ``mine``."""
    out = []
    above = data["kernels"][kernel]["reference"]["median"] > AGREEMENT_FROM_S
    b = best(f, lambda x: abs(x.error))
    if above and b and abs(mine.error) > max(b[1], ERROR_RESOLUTION):
        out.append(f"agreement: {b[0]} {pct(f[b[0]].error)} against {name}'s {pct(mine.error)}")
    b = best(f, lambda x: x.wall if x.converged == x.runs else None)
    if b and (mine.converged < mine.runs or mine.wall > b[1]):
        out.append(
            f"time to precision: {b[0]} {b[1]:.2f} s (all runs at ±{TARGET:.0%}) against "
            f"{name}'s {mine.wall:.2f} s ({mine.converged}/{mine.runs} runs at ±{TARGET:.0%})"
        )
    b = best(f, lambda x: None if x.coverage is None else -x.coverage)
    if b and mine.coverage is not None and mine.coverage < -b[1]:
        out.append(
            f"coverage: {b[0]}'s intervals held {-b[1]:.0%} of its other runs' medians against "
            f"{name}'s {mine.coverage:.0%}"
        )
    b = best(f, lambda x: x.spread)
    if b and mine.spread is not None and mine.spread > b[1]:
        out.append(f"repeatability: {b[0]} {b[1]:.1%} against {name}'s {mine.spread:.1%}")
    if kernel == "noop":
        b = best(f, lambda x: x.median)
        if b and mine.median > b[1]:
            out.append(
                f"floor: {b[0]} reports {fmt_time(b[1])} against {name}'s {fmt_time(mine.median)}"
            )
    return out
