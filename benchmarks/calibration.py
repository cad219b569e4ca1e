"""How far to trust arraybench's intervals: do they hold the next run's figures?

Runs a small fixed case set (benchmarks/calibration_cases.py: one kernel in pure Python, NumPy
and PyTorch, from about 1 µs to 10 ms) K times, each run a fresh ``arraybench run`` process at
the default budget, one after another, and reports **coverage**: over every pair of runs (i, j),
i != j, the share in which run i's stated 95% CI holds run j's figure. Medians are checked with
each case's interval; ratios (each case against the NumPy reference at the same size, measured
side by side) with the ratio's interval. A run's interval that holds 95% of other runs' figures
is honest about the run-to-run truth; one that holds 30% is not.

Targets on a 2-core shared machine (issue 11): >= 80% for medians, >= 90% for ratios, and a
median ratio CI half-width of at most ±5% at the default budget.

    .venv/bin/python benchmarks/calibration.py                 # 10 runs, ~2 minutes
    .venv/bin/python benchmarks/calibration.py --runs 20 --processes 3
    .venv/bin/python benchmarks/calibration.py --keep /tmp/cal  # keep each run's JSON
    .venv/bin/python benchmarks/calibration.py --from-dir /tmp/cal   # analyse saved runs again
    .venv/bin/python benchmarks/calibration.py --pythonpath /tmp/old/src  # another arraybench

Not a test: it takes minutes, and its figures belong to the machine and the hour it ran in.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import _runs  # benchmarks/_runs.py, beside this script

from arraybench.measurement import time_ratio
from arraybench.results import RunResult, load

HERE = Path(__file__).resolve().parent
CASES = HERE / "calibration_cases.py"


def run_once(out: Path, args: argparse.Namespace, variant: Sequence[str] = ()) -> float:
    """One fresh ``arraybench run`` of the case set (with a variant's arguments and
    environment); returns its wall time."""
    extra, variant_env = _runs.split_env(list(variant))
    cmd = [
        sys.executable,
        "-m",
        "arraybench",
        "run",
        str(args.cases),
        "--no-store",
        "-q",
        "--json",
        str(out),
    ]
    if args.budget is not None:
        cmd += ["--budget", str(args.budget)]
    if args.processes is not None:
        cmd += ["--processes", str(args.processes)]
    cmd += [*args.extra, *extra]
    env = dict(os.environ)
    if args.pythonpath:
        env["PYTHONPATH"] = os.pathsep.join([args.pythonpath, env.get("PYTHONPATH", "")])
    env.update(variant_env)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if proc.returncode not in (0, 1) or not out.exists():
        sys.exit(f"arraybench run failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return time.perf_counter() - t0


Key = tuple[str, str, str, str, str, int]


def figures(r: RunResult) -> tuple[dict[Key, tuple[float, float, float]], dict[Key, Any]]:
    """(median, low, high) per case, and the ratio interval of each case against its
    reference, per case."""
    medians = {}
    ratios = {}
    for c in r.cases:
        if not c.ok or c.measurement is None:
            continue
        m = c.measurement
        medians[c.key] = (m.median, *m.ci)
        ref = r.reference_for(c)
        if ref is not None and ref is not c and ref.measurement is not None:
            ratios[c.key] = time_ratio(m, ref.measurement)
    return medians, ratios


def coverage(stated: Sequence[tuple[float, float, float]]) -> tuple[int, int]:
    """(hits, pairs): run i's interval [low, high] holding run j's point, over i != j."""
    hits = pairs = 0
    for i, j in itertools.permutations(range(len(stated)), 2):
        pairs += 1
        hits += stated[i][1] <= stated[j][0] <= stated[i][2]
    return hits, pairs


def analyse(runs: Sequence[RunResult]) -> dict[str, Any]:
    per_med: dict[Key, list[tuple[float, float, float]]] = defaultdict(list)
    per_ratio: dict[Key, list[tuple[float, float, float]]] = defaultdict(list)
    for r in runs:
        meds, ratios = figures(r)
        for k, v in meds.items():
            per_med[k].append(v)
        for k, iv in ratios.items():
            per_ratio[k].append((iv.value, iv.low, iv.high))
    rows = []
    totals = {"median": [0, 0], "ratio": [0, 0]}
    for kind, table in (("median", per_med), ("ratio", per_ratio)):
        for k, vals in sorted(table.items(), key=lambda kv: (kv[0][5], kv[0][2])):
            if len(vals) < 2:
                continue
            hits, pairs = coverage(vals)
            totals[kind][0] += hits
            totals[kind][1] += pairs
            points = [v[0] for v in vals]
            half = [max(v[0] - v[1], v[2] - v[0]) / v[0] for v in vals if v[0] > 0]
            rows.append(
                {
                    "kind": kind,
                    "case": f"{k[2]}{'' if k[3] == 'cpu' else ' ' + k[3]} n={k[5]}",
                    "median": statistics.median(points),
                    "spread": max(points) / min(points) - 1 if min(points) > 0 else math.nan,
                    "halfwidth": statistics.median(half),
                    "coverage": hits / pairs,
                    "runs": len(vals),
                }
            )
    ratio_half = [r["halfwidth"] for r in rows if r["kind"] == "ratio"]
    return {
        "rows": rows,
        "coverage_median": totals["median"][0] / max(1, totals["median"][1]),
        "coverage_ratio": totals["ratio"][0] / max(1, totals["ratio"][1]),
        "ratio_halfwidth": statistics.median(ratio_half) if ratio_half else math.nan,
    }


def fmt_value(kind: str, v: float) -> str:
    if kind == "ratio":
        return f"{v:.3g}x"
    for unit, scale in (("s", 1), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)):
        if v >= scale:
            return f"{v / scale:.3g} {unit}"
    return f"{v:.3g} s"


def render(result: dict[str, Any], meta: dict[str, Any]) -> str:
    lines = [
        f"Calibration: {meta['runs']} runs of {meta['cases']} in fresh processes, "
        f"budget {meta['budget']}, processes {meta['processes'] or 1}, on {meta['machine']} "
        f"({meta['cores']} cores), {meta['when']}; load average {meta['load_before']} before, "
        f"{meta['load_after']} after; {meta['seconds']:.0f} s in all.",
        "",
        "| figure | case | median of runs | spread of runs (max/min - 1) | stated 95% CI (median "
        "half-width) | coverage |",
        "|---|---|---|---|---|---|",
    ]
    lines.extend(
        f"| {row['kind']} | {row['case']} | {fmt_value(row['kind'], row['median'])} | "
        f"{row['spread']:.1%} | ±{row['halfwidth']:.1%} | {row['coverage']:.0%} |"
        for row in result["rows"]
    )
    lines += [
        "",
        f"Coverage of medians: **{result['coverage_median']:.0%}** (target >= 80%); of ratios: "
        f"**{result['coverage_ratio']:.0%}** (target >= 90%); median ratio CI half-width: "
        f"**±{result['ratio_halfwidth']:.1%}** (target <= ±5%).",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--budget", type=float, default=None, help="--budget of each run (default)")
    p.add_argument("--processes", type=int, default=None, help="--processes of each run")
    p.add_argument("--cases", type=Path, default=CASES, help="the workload file to run")
    p.add_argument("--pythonpath", help="an arraybench source folder to run instead")
    p.add_argument("--json", type=Path, help="write the figures as JSON too")
    _runs.add_arguments(p, runs=10)
    _runs.add_variant_argument(p)
    args = p.parse_args(argv)

    load_before = os.getloadavg()[0]
    t0 = time.perf_counter()
    by_variant = _runs.results(args, "calibration", lambda path, extra: run_once(path, args, extra))
    summary = []
    for variant, paths in by_variant.items():
        runs = [load(p) for p in paths]
        result = analyse(runs)
        if variant:
            print(f"\n### variant {variant}: {' '.join(_runs.variants(args)[variant])}\n")
        report(args, runs, result, load_before, t0)
        summary.append((variant, result, runs))
    if len(summary) > 1:
        print("\n| variant | coverage of medians | of ratios | median ratio CI half-width |")
        print("|---|---|---|---|")
        for variant, result, _ in summary:
            print(
                f"| {variant} | {result['coverage_median']:.0%} | {result['coverage_ratio']:.0%} "
                f"| ±{result['ratio_halfwidth']:.1%} |"
            )
    return 0


def report(
    args: argparse.Namespace,
    runs: Sequence[RunResult],
    result: dict[str, Any],
    load_before: float,
    t0: float,
) -> None:
    meta = {
        "runs": len(runs),
        "cases": args.cases.name,
        "budget": args.budget or runs[0].config.get("budget"),
        "processes": args.processes or runs[0].config.get("processes"),
        "machine": runs[0].env.get("cpu") or platform.processor(),
        "cores": runs[0].env.get("usable_cores") or os.cpu_count(),
        "when": time.strftime("%Y-%m-%d %H:%M"),
        "load_before": f"{load_before:.2f}",
        "load_after": f"{os.getloadavg()[0]:.2f}",
        "seconds": time.perf_counter() - t0,
    }
    print(render(result, meta))
    if args.json:
        args.json.write_text(json.dumps({"meta": meta, **result}, indent=1))


if __name__ == "__main__":
    sys.exit(main())
