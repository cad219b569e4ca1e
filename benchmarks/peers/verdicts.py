"""Each target met or missed, for each of arraybench's two ways of measuring, against the best
peer of the same run."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import engine
from .figures import TARGET, ToolFigures, best, figures, fmt_time, pct
from .runs import ADAPTIVE, ARRAYBENCH, ARRAYBENCH_PROCESSES, OURS, PEERS, PYPERF, TIMEIT

#: Agreement with the reference is judged above this time per call: below it, a few ns of
#: harness is a large share, and the floor figure covers it.
AGREEMENT_FROM_S = 1e-6
AGREEMENT_TARGET = 0.03
#: Time-to-precision target: at most this share of pyperf's default run.
PYPERF_SHARE_TARGET = 0.5
#: An interval should hold another run's median at least this often: docs/method.md's target
#: for the medians of arraybench's own runs ("How far the intervals hold").
COVERAGE_TARGET = 0.80
#: Errors smaller than this count as this much when two tools' errors are put in a ratio: below
#: it both agree within the noise of a ±2% interval, and a ratio of two tiny numbers means nothing.
ERROR_RESOLUTION = 0.005

Figs = dict[str, dict[str, ToolFigures]]


@dataclass(frozen=True)
class Verdict:
    """One target: the figure, met or not, and what was measured."""

    figure: str
    met: bool
    text: str


def processes(data: dict[str, Any]) -> int:
    """How many processes the second arraybench tool measured in."""
    return int(data["settings"].get("processes", engine.DEFAULT_PROCESSES))


def label(tool: str, data: dict[str, Any]) -> str:
    """arraybench's tools as the sentences name them."""
    if tool == ARRAYBENCH_PROCESSES:
        return f"arraybench ×{processes(data)}"
    return tool


def verdicts(data: dict[str, Any]) -> list[Verdict]:
    """Each target, met or missed, and by how much: first for arraybench in one process, then
    for arraybench in the command line's processes (their figure names say which).

    Args:
        data: what :func:`~.measure.measure_all` returned.

    Returns:
        The verdicts: agreement, floor, harness overhead, precision reached, coverage, time to
        precision against pyperf and against adaptive_autorange, repeatability.
    """
    figs = figures(data)
    out: list[Verdict] = []
    for tool in OURS:
        mine = {n: f for n, f in figs.items() if tool in f}
        if not mine:
            continue
        suffix = "" if tool == ARRAYBENCH else f" ({processes(data)} processes)"
        for check in (_agreement, _floor, _precision, _time, _repeatability):
            out += [
                Verdict(v.figure + suffix, v.met, v.text)
                for v in check(tool, label(tool, data), mine, data)
            ]
    return out


def _agreement(tool: str, name: str, figs: Figs, data: dict[str, Any]) -> list[Verdict]:
    above = {n: f for n, f in figs.items() if _ref(data, n) > AGREEMENT_FROM_S}
    if not above:
        return []
    worst_name = max(above, key=lambda n: abs(above[n][tool].error))
    worst = above[worst_name][tool].error
    ratios = []
    for f in above.values():
        b = best(f, lambda x: abs(x.error))
        if b:
            mine = max(abs(f[tool].error), ERROR_RESOLUTION)
            ratios.append(mine / max(b[1], ERROR_RESOLUTION))
    ref_cis = [data["kernels"][n]["reference"]["rel_ci"] for n in above]
    text = (
        f"{name}'s median differs from the reference by up to {abs(worst):.1%} on the kernels "
        f"above 1 µs (largest: {worst_name}, {pct(worst)}); target {AGREEMENT_TARGET:.0%}. The "
        f"reference's own 95% CI: ±{min(ref_cis):.1%} to ±{max(ref_cis):.1%}."
    )
    if ratios:
        text += (
            f" Error against the best peer's, kernel by kernel (errors under "
            f"{ERROR_RESOLUTION:.1%} count as {ERROR_RESOLUTION:.1%}): {min(ratios):.2f}x to "
            f"{max(ratios):.2f}x, median {statistics.median(ratios):.2f}x"
        )
    return [Verdict("agreement", abs(worst) <= AGREEMENT_TARGET, text)]


def _floor(tool: str, name: str, figs: Figs, data: dict[str, Any]) -> list[Verdict]:
    noop = figs.get("noop")
    if not noop or TIMEIT not in noop:
        return []
    ab, ti = noop[tool].median, noop[TIMEIT].median
    b = best(noop, lambda x: x.median)
    assert b is not None
    call = ti - data["timeit_pass"]  # the no-op call itself, timeit's loop taken out
    ab_h, ti_h = ab - call, float(data["timeit_pass"])
    return [
        Verdict(
            "floor",
            ab <= ti * (1 + ERROR_RESOLUTION),
            f"{name} reports {fmt_time(ab)} for a no-op call, timeit {fmt_time(ti)} "
            f"({ab / ti:.2f}x timeit's; best peer {b[0]}, {fmt_time(b[1])}: {ab / b[1]:.2f}x)",
        ),
        Verdict(
            "harness overhead",
            ab_h <= ti_h * (1 + ERROR_RESOLUTION) + 0.5e-9,
            f"{name}'s harness costs {fmt_time(ab_h)} per call, timeit's {fmt_time(ti_h)} "
            f"({ab_h / ti_h:.2f}x); a no-op call itself costs {fmt_time(call)}",
        ),
    ]


def _totals(figs: Figs, tool: str, ok: Callable[[ToolFigures], int], of: str) -> tuple[int, int]:
    """``ok`` and the attribute ``of`` summed over the kernels the tool ran."""
    fs = [f[tool] for f in figs.values() if tool in f]
    return sum(ok(f) for f in fs), sum(getattr(f, of) for f in fs)


def _precision(tool: str, name: str, figs: Figs, data: dict[str, Any]) -> list[Verdict]:
    missed = [
        f"{n} ({f[tool].converged}/{f[tool].runs})"
        for n, f in figs.items()
        if f[tool].converged < f[tool].runs
    ]
    ok, runs = _totals(figs, tool, lambda f: f.converged, "runs")
    peers = {t: _totals(figs, t, lambda f: f.converged, "runs") for t in PEERS}
    out = [
        Verdict(
            "precision reached",
            not missed,
            f"{name}'s stated 95% intervals were within ±{TARGET:.0%} in {ok} of {runs} runs"
            + (f" (not on every run: {', '.join(missed)})" if missed else "")
            + "; the peers', from their own samples: "
            + ", ".join(f"{t} {k}/{n}" for t, (k, n) in peers.items() if n),
        )
    ]
    held, pairs = _totals(figs, tool, lambda f: f.held, "pairs")
    if pairs:
        theirs = {t: _totals(figs, t, lambda f: f.held, "pairs") for t in PEERS}
        out.append(
            Verdict(
                "coverage",
                held >= COVERAGE_TARGET * pairs,
                f"{name}'s interval held another of its runs' medians in {held} of {pairs} "
                f"pairs ({held / pairs:.0%}); target {COVERAGE_TARGET:.0%}. The peers' intervals "
                "from their own samples: "
                + ", ".join(f"{t} {h / p:.0%}" for t, (h, p) in theirs.items() if p),
            )
        )
    return out


def _time(tool: str, name: str, figs: Figs, data: dict[str, Any]) -> list[Verdict]:
    out = []
    vs_pyperf = [(n, f[tool].wall / f[PYPERF].wall) for n, f in figs.items() if PYPERF in f]
    if vs_pyperf:
        most = max(vs_pyperf, key=lambda x: x[1])
        out.append(
            Verdict(
                "time to precision vs pyperf",
                most[1] <= PYPERF_SHARE_TARGET,
                f"{name} takes {min(r for _, r in vs_pyperf):.3f}x to {most[1]:.3f}x of "
                f"pyperf's default run's wall time (most: {most[0]}); target at most "
                f"{PYPERF_SHARE_TARGET:g}x",
            )
        )
    vs_adaptive = [(n, f[tool].wall / f[ADAPTIVE].wall) for n, f in figs.items() if ADAPTIVE in f]
    if vs_adaptive:
        most = max(vs_adaptive, key=lambda x: x[1])
        over = [f"{n} {r:.2f}x" for n, r in vs_adaptive if r > 1]
        ok, runs = _totals(figs, ADAPTIVE, lambda f: f.converged, "runs")
        out.append(
            Verdict(
                "time to precision vs adaptive_autorange",
                most[1] <= 1,
                f"{name} takes {min(r for _, r in vs_adaptive):.2f}x to {most[1]:.2f}x of "
                "adaptive_autorange's wall time; target at most 1x"
                + (f"; over on {', '.join(over)}" if over else "")
                + f"; adaptive_autorange's runs reached ±{TARGET:.0%} at 95% in {ok} of {runs}",
            )
        )
    return out


def _repeatability(tool: str, name: str, figs: Figs, data: dict[str, Any]) -> list[Verdict]:
    ratios, lost = [], []
    for n, f in figs.items():
        mine, b = f[tool].spread, best(f, lambda x: x.spread)
        if mine is None or b is None:
            continue
        ratios.append(mine / max(b[1], 1e-4))
        if mine > b[1]:
            lost.append(f"{n} ({pct(mine, False)} vs {b[0]} {pct(b[1], False)})")
    if not ratios:
        return []
    return [
        Verdict(
            "repeatability",
            not lost,
            f"spread of {name}'s medians over {data['settings']['rounds']} runs against the best "
            f"peer's: {min(ratios):.2f}x to {max(ratios):.2f}x, median "
            f"{statistics.median(ratios):.2f}x"
            + (f"; a peer is steadier on {', '.join(lost)}" if lost else ""),
        )
    ]


def _ref(data: dict[str, Any], kernel: str) -> float:
    return float(data["kernels"][kernel]["reference"]["median"])
