"""Findings: what the numbers mean, in plain language, each citing the measurements behind it.

    fits        t(n) = a + b·n^k per series (fit.py)
    crossovers  every series against the pure-Python series of its workload, and against the
                series fastest at the largest size (crossover.py)
    findings    fixed cost and where Python stops winning; where the fastest series is not;
                steps declared with extends=/phase= and their share; first-call compilation;
                fraction of the machine's limits (when a probe is cached, for workloads that
                declare flops=/bytes= growing as the time does); cost models that do not
                hold; noisy measurements

Everything here is computed from a RunResult alone, so saved results can be explained again.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..base.units import format_size, format_time
from ..results import CaseResult, RunResult
from .compare import threshold_of
from .crossover import Crossover, clear_order, crossover
from .fit import Fit, Series, fit_all
from .standing import standing

#: A first call this many times the steady time, and at least COMPILE_MIN_S longer, is reported as
#: compilation or tracing (JAX's jit, torch.compile, first-use initialisation).
COMPILE_RATIO = 100.0
COMPILE_MIN_S = 1e-3
#: Report a declared step (extends=/phase=) only when its share is at least this at some size.
PHASE_MIN_SHARE = 0.10
#: Fractions of the machine's limits worth a sentence: far below it, or close to it.
ROOFLINE_LOW, ROOFLINE_HIGH = 0.10, 0.50


@dataclass(frozen=True)
class Finding:
    """One sentence about the results, with what it rests on.

    Attributes:
        kind: fixed-cost, fastest, phase, compile, roofline, model, noise.
        text: the sentence.
        cites: the series or cases (by name) whose measurements it rests on.
        values: the numbers in it, for programs.
    """

    kind: str
    text: str
    cites: tuple[str, ...] = ()
    values: dict[str, Any] = field(default_factory=dict)
    workload: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.text,
            "cites": list(self.cites),
            "values": self.values,
        }


@dataclass(frozen=True)
class Analysis:
    fits: dict[Series, Fit]
    crossovers: tuple[Crossover, ...]
    findings: tuple[Finding, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "fits": [f.to_dict() for f in self.fits.values()],
            "crossovers": [c.to_dict() for c in self.crossovers],
            "findings": [f.to_dict() for f in self.findings],
        }


def analyze(result: RunResult, profile: Any = None) -> Analysis:
    """Fits, crossovers and findings for a run.

    Args:
        result: the run (from memory, a JSON file or the store).
        profile: a machine profile from ``arraybench probe``, for the fraction of peak; None
            leaves those findings out.
    """
    fits = fit_all(result)
    by_workload: dict[str, list[Fit]] = defaultdict(list)
    for s, f in fits.items():
        by_workload[s[0]].append(f)
    crossovers: list[Crossover] = []
    findings: list[Finding] = []
    by_series: dict[Series, list[CaseResult]] = defaultdict(list)
    for c in result.cases:
        by_series[c.series].append(c)

    def between(a: Fit, b: Fit) -> Crossover:
        return crossover(a, b, clear_order(by_series[a.series], by_series[b.series]))

    threshold = threshold_of(result.config)

    def fastest_at(group: Sequence[Fit], n: int) -> Series | None:
        here = [c for f in group for c in by_series[f.series] if c.size == n]
        tied, _ = standing(here, threshold)
        return tied[0].series if tied else None

    for group in by_workload.values():
        for more_c, more_f in (
            _against_python(group, between),
            _against_fastest(group, between, fastest_at),
        ):
            crossovers += more_c
            findings += more_f
    findings += _phases(result, fits)
    findings += _compile(result)
    if profile is not None:
        findings += _roofline(result, fits, profile)
        findings += [Finding("threads", text) for text in profile.collapsed()]
    crowded = (result.env.get("threads") or {}).get("oversubscribed")
    if crowded:
        findings.append(Finding("threads", str(crowded)))
    findings += _models(fits)
    findings += _noise(result)
    return Analysis(fits, tuple(crossovers), tuple(findings))


def _python_series(group: Sequence[Fit]) -> Fit | None:
    for f in group:
        if f.series[2] == "python":
            return f
    return None


Between = Callable[[Fit, Fit], Crossover]


def _against_python(
    group: Sequence[Fit], between: Between
) -> tuple[list[Crossover], list[Finding]]:
    py = _python_series(group)
    if py is None:
        return [], []
    out_c, out_f = [], []
    for f in group:
        if f is py or f.kind == "single":
            continue
        c = between(py, f)
        out_c.append(c)
        cost = f"{f.name} costs {_with_ci(f.a, f.a_ci)} per call before any work"
        if c.status == "crosses" and c.winner == f.series:
            text = f"{cost}; pure Python is faster below n ≈ {_size_ci(c)}"
        elif c.status == "crosses":
            text = (
                f"{cost}; it is faster than pure Python for small sizes, but pure Python "
                f"overtakes it from n ≈ {_size_ci(c)}"
            )
        elif c.status == "always" and c.winner == f.series:
            text = (
                f"{cost}, and pure Python is never clearly faster at the sizes measured "
                f"(from n={format_size(f.sizes[0])})"
            )
        elif c.status == "always":
            text = (
                f"{cost}; pure Python stays faster up to n={format_size(c.checked_up_to or 0)}"
                ", the largest size measured"
            )
        else:
            continue
        out_f.append(
            Finding(
                "fixed-cost",
                text,
                (f.name, py.name),
                {
                    "fixed_cost": f.a,
                    "fixed_cost_ci": list(f.a_ci),
                    "crossover": c.size,
                    "crossover_ci": list(c.ci) if c.ci else None,
                    "crossover_text": _size_ci(c) if c.status == "crosses" else None,
                    "python_wins_below": c.status == "crosses" and c.winner == f.series,
                    "series": f.name,
                    "sizes": len(f.sizes),
                },
                workload=f.series[0],
            )
        )
    return out_c, out_f


def _against_fastest(
    group: Sequence[Fit], between: Between, fastest_at: Callable[[Sequence[Fit], int], Any]
) -> tuple[list[Crossover], list[Finding]]:
    """The fastest at the largest size (by the paired ratios: :func:`.standing.standing`), and
    the sizes below which another series is faster than it."""
    top = max(max(f.sizes) for f in group)
    at_top = [f for f in group if top in f.sizes]
    if len(at_top) < 2:
        return [], []
    named = fastest_at(at_top, top)
    fastest = next((f for f in at_top if f.series == named), None)
    if fastest is None:
        return [], []
    out_c, out_f = [], []
    for f in group:
        if f is fastest or f.series[2] == "python" or f.kind == "single":
            continue
        c = between(f, fastest)
        # "crosses" already means told apart at both ends (crossover.py): never a tie.
        if c.status == "crosses" and c.winner == fastest.series:
            out_c.append(c)
            out_f.append(
                Finding(
                    "fastest",
                    f"{fastest.name} is the fastest at n={format_size(top)}, but below n ≈ "
                    f"{_size_ci(c)} {f.name} is faster",
                    (fastest.name, f.name),
                    {
                        "crossover": c.size,
                        "crossover_text": _size_ci(c),
                        "fastest": fastest.name,
                        "series": f.name,
                        "at": top,
                        "sizes": min(len(f.sizes), len(fastest.sizes)),
                    },
                    workload=f.series[0],
                )
            )
    return out_c, out_f


def _phases(result: RunResult, fits: dict[Series, Fit]) -> list[Finding]:
    out = []
    by_series: dict[Series, list[CaseResult]] = defaultdict(list)
    for c in result.cases:
        if c.ok and c.extends and c.phase:
            by_series[c.series].append(c)
    for series, cases in by_series.items():
        parts = []
        shares = []
        for c in sorted(cases, key=lambda c: c.size):
            base = _find(result, c, impl=c.extends)
            if base is None:
                continue
            m, mb = c.measurement, base.measurement
            assert m is not None and mb is not None
            step = m.median - mb.median
            overlap = m.ci[0] <= mb.ci[1] and mb.ci[0] <= m.ci[1]
            share = 0.0 if overlap or step <= 0 else step / m.median
            shares.append(share)
            parts.append((c.size, share, step, m.median))
        if not parts or max(shares) < PHASE_MIN_SHARE:
            continue
        first, last = parts[0], parts[-1]
        name = fits[series].name if series in fits else series[1]
        ends = [first] if first is last else [first, last]
        desc = " and ".join(f"{_share(s)} at n={format_size(n)}" for n, s, _, _ in ends)
        n_last, share_last, step_last, total_last = last
        amount = (
            f"{format_time(step_last)} of {format_time(total_last)} at n={format_size(n_last)}"
            if share_last > 0
            else f"no difference beyond the noise at n={format_size(n_last)}"
        )
        out.append(
            Finding(
                "phase",
                f"{cases[0].phase} is {desc} of {name}'s time ({amount}; measured as the "
                f"difference from '{cases[0].extends}')",
                (name, cases[0].extends or ""),
                {"shares": {str(n): s for n, s, _, _ in parts}},
                workload=series[0],
            )
        )
    return out


def _compile(result: RunResult) -> list[Finding]:
    by_series: dict[Series, list[CaseResult]] = defaultdict(list)
    for c in result.cases:
        if c.ok and c.measurement is not None:
            by_series[c.series].append(c)
    out = []
    for series, cases in by_series.items():
        extra = []
        for c in cases:
            m = c.measurement
            assert m is not None
            cost = m.first_call - m.median
            if cost >= COMPILE_MIN_S and m.first_call >= COMPILE_RATIO * m.median:
                extra.append((c.size, cost, m.median))
        # Paid at most of three or more sizes: a cost per new shape (JIT compilation), not a
        # library's one-time start-up on first use.
        if len(cases) >= 3 and len(extra) * 2 >= len(cases):
            costs = sorted(e[1] for e in extra)
            lo, hi = costs[0], costs[-1]
            n, cost, steady = extra[0]
            name = f"{series[1]} ({series[2]} {series[4]})"
            out.append(
                Finding(
                    "compile",
                    f"{name} pays {format_time(lo)}-{format_time(hi)} on the first call at "
                    f"each new size (compilation or tracing), apart from its steady time: at "
                    f"n={format_size(n)}, {format_time(cost)} against {format_time(steady)} "
                    f"per call, the cost of {cost / steady:,.0f} calls" + _prepared(result, series),
                    (name,),
                    {"compile_min": lo, "compile_max": hi},
                    workload=series[0],
                )
            )
        elif extra and extra[0][0] == min(c.size for c in cases) and _compiles(result, series):
            # A backend that compiles every impl once per argument types (numba, pytensor): only
            # the series' first size pays; later sizes reuse the machine code.
            n, cost, steady = extra[0]
            name = f"{series[1]} ({series[2]} {series[4]})"
            out.append(
                Finding(
                    "compile",
                    f"{name} pays {format_time(cost)} on its first call (compilation, once per "
                    f"dtype and ndim), apart from its steady time: at n={format_size(n)}, "
                    f"{format_time(steady)} per call, so it costs {cost / steady:,.0f} calls; "
                    "later sizes reuse the compiled code",
                    (name,),
                    {"compile_min": cost, "compile_max": cost},
                    workload=series[0],
                )
            )
    return out


def _prepared(result: RunResult, series: Series) -> str:
    """What the series' backend did once before the workers were forked (``--start fork``),
    which a process of the user's own pays in its first compilation: said beside the cost."""
    prepared = ((result.env.get("workers") or {}).get("prepared") or {}).get(series[2])
    if not isinstance(prepared, int | float) or prepared <= 0:
        return ""
    what = _PREPARED.get(series[2], "its library's preparation for compiling")
    return (
        f"; and {format_time(prepared)} once per process, done before the workers were forked "
        f"({what}), which a program's first compilation pays too"
    )


#: What each backend's ``before_fork`` does, as the compile finding names it.
_PREPARED = {"torch": "inductor's probe of the CPU's vector instructions"}


def _compiles(result: RunResult, series: Series) -> bool:
    """Whether the series' backend compiles every impl (its ``info()`` says so)."""
    info = (result.env.get("backends") or {}).get(series[2])
    return isinstance(info, dict) and bool(info.get("compiles"))


def _roofline(result: RunResult, fits: dict[Series, Fit], profile: Any) -> list[Finding]:
    """Each series' share of the machine's limit at its largest size, for workloads that
    declare their work (``flops=``/``bytes=``); a workload that declares none gets nothing.

    The share is only as good as the declared work: where the time grows clearly faster with n
    than the declared quantity, the declaration does not count what the impl does, and no share
    is given (one sentence per workload says so; when every series that can be checked outgrows
    it, the series measured at one size get none either). A low share is explained by what the
    measurements show: a fixed cost that is most of the call (call overhead), pure Python, or
    else work the declaration does not count; with one size, by none of these.
    """
    from . import roofline

    placed = []
    growths: dict[str, list[tuple[Fit, Growth]]] = defaultdict(list)
    for series, f in fits.items():
        case = _largest(result, series)
        r = roofline.roofline(case, profile) if case is not None else None
        if case is None or r is None:
            continue
        growth = _growth(result, series, r.bound)
        if growth is not None:
            growths[series[0]].append((f, growth))
        placed.append((f, case, r, growth))
    outgrown = {w: [(f, g) for f, g in gs if g.outgrown] for w, gs in growths.items()}
    # The declaration itself is wrong when every series that can be checked outgrows it.
    suspect = {w for w, gs in growths.items() if all(g.outgrown for _, g in gs)}
    out = []
    for f, case, r, growth in placed:
        if growth.outgrown if growth is not None else f.series[0] in suspect:
            continue
        if not (r.fraction < ROOFLINE_LOW or r.fraction >= ROOFLINE_HIGH):
            continue
        what = "bytes" if r.bound == roofline.MEMORY else "flops"
        cause, verdict = (
            _why_low(f, case, what)
            if r.fraction < ROOFLINE_LOW
            else ("", "close to the machine's limit")
        )
        out.append(
            Finding(
                "roofline",
                f"{f.name} at n={format_size(case.size)} runs at {roofline.fraction_text(r)}: "
                f"{verdict}",
                (case.name,),
                {
                    "fraction": r.fraction,
                    "gflops": r.gflops,
                    "gbps": r.gbps,
                    "series": f.name,
                    "size": case.size,
                    "fraction_text": roofline.fraction_text(r),
                    "cause": cause,
                },
                workload=f.series[0],
            )
        )
    for workload, items in outgrown.items():
        if items:
            out.append(_outgrown(workload, items, workload in suspect))
    return out


def _outgrown(workload: str, items: Sequence[tuple[Fit, Growth]], every: bool) -> Finding:
    """One sentence for the series of a workload whose time outgrows its declared work."""
    g = items[0][1]
    names = [f"{f.name} as n^{gi.time:.1f}" for f, gi in items]
    these = "these impls do" if len(items) > 1 else "this impl does"
    whose = (
        "the declaration does not count the work done"
        if every
        else f"{these} work the declaration does not count (or more than the work needs)"
    )
    return Finding(
        "roofline",
        f"the time grows faster than the declared {g.what} (n^{g.work:.1f}) from "
        f"n={format_size(g.low)} to n={format_size(g.high)}: {_listed(names)}; {whose}, so no "
        f"share of the machine's limit is given"
        + (f" (declare {g.what}= as what one call {_DOES[g.what]})" if every else ""),
        tuple(f.name for f, _ in items),
        {
            "cause": OUTGROWN,
            "series": ", ".join(f.name for f, _ in items),
            "declared_exponent": g.work,
            "time_exponents": {f.name: gi.time for f, gi in items},
        },
        workload=workload,
    )


_DOES = {"bytes": "must move", "flops": "computes"}


#: A path that does the work in small steps, in words.
_SLOW_PATH = "a slow path (a Python loop, an unvectorized library path)"
#: Why a series runs far below the machine's limits (``values["cause"]`` of a roofline finding).
OVERHEAD, INTERPRETER, UNCOUNTED, UNKNOWN = "overhead", "interpreter", "uncounted", "unknown"
#: The time grows faster than the declared work: no share given.
OUTGROWN = "outgrown"
#: The fixed cost is "most of the call" from this share of its time.
OVERHEAD_SHARE = 0.5
#: The time "grows clearly faster" than the declared work when, between the two largest sizes,
#: even its lowest growth (the intervals' far ends) exceeds the work's exponent by this much:
#: n^2 temporaries against a declared n, not a cache boundary (n^1.2 over a decade).
OUTGROWN_BY = 0.5


@dataclass(frozen=True)
class Growth:
    """Exponents of the time and of the declared work between two sizes of a series."""

    what: str
    work: float
    time: float
    low: int
    high: int
    #: the time grows clearly faster than the work (by OUTGROWN_BY, its intervals' far ends)
    outgrown: bool


def _growth(result: RunResult, series: Series, bound: str) -> Growth | None:
    """How the series' time and its declared work (the quantity its roof is set by) grow
    between its two largest measured sizes; None with one size or no declared work."""
    from .roofline import MEMORY

    what = "bytes" if bound == MEMORY else "flops"
    cases = sorted(
        (c for c in result.cases if c.series == series and c.ok and c.measurement is not None),
        key=lambda c: c.size,
    )
    if len(cases) < 2:
        return None
    small, big = cases[-2], cases[-1]
    w_small, w_big = getattr(small, what), getattr(big, what)
    ms, mb = small.measurement, big.measurement
    assert ms is not None and mb is not None
    if not (w_small and w_big and w_small > 0 and w_big > 0 and ms.median > 0 and mb.median > 0):
        return None
    span = math.log(big.size / small.size)
    work = math.log(w_big / w_small) / span
    # The least growth the intervals allow.
    slowest = math.log(max(mb.ci[0], 1e-300) / max(ms.ci[1], 1e-300)) / span
    time = math.log(mb.median / ms.median) / span
    return Growth(what, work, time, small.size, big.size, slowest >= work + OUTGROWN_BY)


def _why_low(f: Fit, case: CaseResult, what: str) -> tuple[str, str]:
    """(cause, the words) for a series far below the machine's limits, from its cost model."""
    m = case.measurement
    assert m is not None
    low = "far below the machine's limit"
    if f.kind == "single":
        return UNKNOWN, (
            f"{low}; measured at one size, the cause cannot be told: a fixed cost per call, "
            f"{_SLOW_PATH} or work the declared {what} do not count (temporaries)"
        )
    t, fixed = m.median, min(f.a, m.median)
    if fixed >= OVERHEAD_SHARE * t:
        return OVERHEAD, (
            f"{low}, because its fixed cost per call ({format_time(fixed)} of its "
            f"{format_time(t)}) is most of the time: call overhead, not work"
        )
    if case.backend == "python":
        return INTERPRETER, f"{low}: pure Python works one element at a time in the interpreter"
    return UNCOUNTED, (
        f"{low}, though its fixed cost per call is only {format_time(fixed)} of its "
        f"{format_time(t)}: the time goes to work the declared {what} do not count "
        f"(temporaries, extra passes over memory) or to {_SLOW_PATH}"
    )


def _models(fits: dict[Series, Fit]) -> list[Finding]:
    return [
        Finding("model", f"cost model of {f.name}: {f.problem}", (f.name,), workload=f.series[0])
        for f in fits.values()
        if f.kind not in ("single", "two-point") and (not f.good or f.fitted_up_to is not None)
    ]


#: What sets a case's interval, in words (Measurement.dominant).
_SOURCES = {
    "processes": "the differences between processes (memory layout)",
    "between": "the machine's speed changing while it was measured",
    "within": "call-to-call noise",
}


def _noise(result: RunResult) -> list[Finding]:
    """One sentence on where the run's uncertainty comes from, and what would narrow it."""
    measured = [c for c in result.cases if c.ok and c.measurement is not None]
    if not measured:
        return []
    counts = Counter(
        (c.measurement.dominant if c.measurement else None) or "within" for c in measured
    )
    halves = sorted(c.measurement.rel_ci for c in measured if c.measurement)
    half = halves[len(halves) // 2]
    parts = [f"{counts[k]} by {_SOURCES[k]}" for k in _SOURCES if counts[k]]
    text = (
        f"What sets the 95% intervals of the {len(measured)} cases: {'; '.join(parts)}. The "
        f"median interval reaches ±{half:.1%} of its median."
    )
    target = result.config.get("target")
    if isinstance(target, int | float) and half > target:
        if counts["processes"] >= counts["between"]:
            fix = "more --processes"
        else:
            fix = "a longer --budget (more of the machine's states) or a quieter machine"
        text += f" That is wider than the ±{target:.0%} target: {fix} would narrow it."
    load = result.env.get("load_average")
    cores = result.env.get("usable_cores")
    if load and cores and load[0] >= 0.5 * cores:
        text += f" The load average was {load[0]:.1f} on {cores} cores at the start."
    noisy = [c for c in measured if c.measurement and c.measurement.rel_ci > half]
    return [
        Finding(
            "noise",
            text,
            tuple(c.name for c in noisy[:10]),
            {
                "sources": dict(counts),
                "median_halfwidth": half,
                "measured": len(measured),
                "over_target": isinstance(target, int | float) and half > target,
            },
        )
    ]


def _find(result: RunResult, like: CaseResult, **changes: Any) -> CaseResult | None:
    want = {
        "workload": like.workload,
        "impl": like.impl,
        "backend": like.backend,
        "device": like.device,
        "dtype": like.dtype,
        "size": like.size,
        **changes,
    }
    for c in result.find(**want):
        if c.ok and c.measurement is not None:
            return c
    return None


def _largest(result: RunResult, series: Series) -> CaseResult | None:
    cases = [c for c in result.cases if c.series == series and c.ok]
    return max(cases, key=lambda c: c.size) if cases else None


def _with_ci(v: float, ci: tuple[float, float]) -> str:
    return f"{format_time(v)} [{format_time(ci[0])}–{format_time(ci[1])}]"


def _size_ci(c: Crossover) -> str:
    assert c.size is not None
    text = _fmt_n(c.size)
    if c.ci:
        bracket = " (between measured sizes)" if c.method == "data" else ""
        text += f" [{_fmt_n(c.ci[0])}–{_fmt_n(c.ci[1])}]{bracket}"
    return text


def _fmt_n(n: float) -> str:
    if n < 100:
        return f"{n:.0f}" if n >= 10 else f"{n:.1f}"
    return f"{float(f'{n:.2g}'):,.0f}"


def _share(s: float) -> str:
    return "~0%" if s == 0 else f"{s:.0%}"


# -- ranking for the compact view ----------------------------------------------------------------

#: The order findings are shown in when only a few fit: what changes a user's choice first.
RANK = ("threads", "fixed-cost", "phase", "compile", "fastest", "roofline", "noise", "model")
#: A fit over fewer sizes than this is not worth a sentence in the compact view.
MIN_FIT_SIZES = 4
#: Names listed in one merged sentence before "and N more".
MERGED_NAMES = 4


def ranked(findings: Sequence[Finding], limit: int) -> tuple[list[Finding], int]:
    """The findings that matter most, at most ``limit``, and how many were left out.

    Left out: cost-model caveats, sentences resting on a fit over fewer than
    :data:`MIN_FIT_SIZES` sizes, and the noise summary (said once per run: noise_summary).
    Repeats (the same kind of sentence about one workload) merge into one. Ties never reach
    here: a crossover or an ordering is only stated where intervals tell the series apart.
    """
    kept = [f for f in findings if _matters(f)]
    groups: dict[tuple[str, str], list[Finding]] = defaultdict(list)
    for f in kept:
        cause = str(f.values.get("cause") or "") if f.kind == "roofline" else ""
        groups[(f.kind, cause)].append(f)
    merged = [_merge(fs) for fs in groups.values()]
    merged.sort(key=lambda f: RANK.index(f.kind) if f.kind in RANK else len(RANK))
    shown = merged[:limit]
    covered = sum(int(f.values.get("merged", 1)) for f in shown)
    return shown, len(findings) - covered


def _matters(f: Finding) -> bool:
    if f.kind == "model":
        return False
    if f.kind in ("fixed-cost", "fastest") and int(f.values.get("sizes", MIN_FIT_SIZES)) < (
        MIN_FIT_SIZES
    ):
        return False
    # The run's noise summary is said once for the whole run (noise_summary), not per group.
    return f.kind != "noise"


def noise_summary(result: RunResult) -> str | None:
    """What sets the run's intervals and what would narrow them, when they miss the target (the
    compact view's last line); None when they meet it."""
    found = _noise(result)
    if not found or not found[0].values.get("over_target"):
        return None
    return found[0].text


def _merge(fs: Sequence[Finding]) -> Finding:
    """One sentence for several findings of one kind (the first alone, with a count, when they
    cannot be merged); names carry their workload when the findings span several."""
    first = fs[0]
    if len(fs) == 1:
        return first
    n = len(fs)
    several = len({f.workload for f in fs}) > 1
    where = "" if several else first.workload

    def name(f: Finding) -> str:
        return f"{f.workload} {f.values['series']}" if several else str(f.values["series"])

    def merged(text: str) -> Finding:
        return Finding(first.kind, text, first.cites, {"merged": n}, where)

    if first.kind == "fixed-cost" and all(f.values.get("python_wins_below") for f in fs):
        ordered = sorted(fs, key=lambda f: float(f.values.get("crossover") or 0.0))
        items = [f"{name(f)} below n ≈ {f.values['crossover_text']}" for f in ordered]
        return merged("pure Python is faster than " + _listed(items))
    if first.kind == "fastest" and not several and all("crossover_text" in f.values for f in fs):
        items = [f"{f.values['series']} below n ≈ {f.values['crossover_text']}" for f in fs]
        top = format_size(int(first.values["at"]))
        return merged(
            f"{first.values['fastest']} is the fastest at n={top}, but smaller sizes favour "
            + _listed(items)
        )
    cause = str(first.values.get("cause") or "")
    if (
        first.kind == "roofline"
        and cause in _LOW_MERGED
        and all("fraction_text" in f.values and f.values.get("cause") == cause for f in fs)
    ):
        items = [
            f"{name(f)} {f.values['fraction_text']} at n={format_size(int(f.values['size']))}"
            for f in sorted(fs, key=lambda f: float(f.values["fraction"]))
        ]
        return merged(_LOW_MERGED[cause] + ": " + _listed(items))
    return Finding(
        first.kind, f"{first.text} (and {n - 1} more like it)", first.cites, {}, first.workload
    )


#: The merged sentence for series far below the machine's limits, by cause.
_LOW_MERGED = {
    OVERHEAD: "far below the machine's limits, because the fixed cost per call is most of the "
    "time (call overhead, not work)",
    INTERPRETER: "far below the machine's limits: pure Python works one element at a time",
    UNCOUNTED: "far below the machine's limits, though the fixed cost per call is a small part of "
    "the time: it goes to work the declared bytes or flops do not count (temporaries, extra "
    f"passes over memory) or to {_SLOW_PATH}",
    UNKNOWN: "far below the machine's limits at the one size measured, where a fixed cost per "
    f"call cannot be told from {_SLOW_PATH} or from work the declared bytes or flops do not "
    "count",
}


def _listed(items: Sequence[str]) -> str:
    if len(items) <= MERGED_NAMES:
        return "; ".join(items)
    rest = len(items) - MERGED_NAMES
    return "; ".join(items[:MERGED_NAMES]) + f"; and {rest} more"
