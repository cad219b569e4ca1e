"""What measuring through a Dask cluster costs, and whether it reads the same: the same case set
run here and on a ``local:N`` cluster, the two taking turns, in one process.

    overhead per case   (wall time of a cluster run - wall time of the run here) / cases, the
                        cluster already started (its start-up is given apart, once)
    agreement           each case's median on the cluster against the run here: inside the
                        other's stated 95% interval, and the ratio of the two medians; and the
                        same for a second run here, the yardstick: how often one run's
                        interval holds another's median when nothing but the time differs

Two pairings, each the way a user would run them:
    1 process     ``processes=1``: in this process  vs  ``local:1`` (one worker process)
    4 processes   ``processes=4``: 4 fresh worker processes here (the command line's default)
                  vs  ``local:4`` with each case in 4 parts, one in each worker process

    .venv/bin/python benchmarks/cluster_overhead.py               # 3 rounds, ~3 min on 2 cores
    .venv/bin/python benchmarks/cluster_overhead.py --rounds 1    # a look
    .venv/bin/python benchmarks/cluster_overhead.py --json out.json
    .venv/bin/python benchmarks/cluster_overhead.py --only 4 --workers 2 --rounds 6   # local:2

The wall times include each case's budget, the same in both; their difference is the path's
own cost: starting each size group's task, sending the request and the workload file, the
reply, the polling. Target: under 50 ms per case.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import Any

import arraybench as ab
from arraybench.catalog import load_file
from arraybench.measure.cluster_client import shared_cluster
from arraybench.measure.processes import shared_pool

WORKLOAD = textwrap.dedent(
    """
    import math
    import arraybench as ab

    w = ab.Workload("overhead", sizes=[10, 1000, 100000])

    @w.inputs
    def make(n, rng):
        return {"x": rng.standard_normal(n)}

    @w.impl("numpy")
    def sin2(x, xp):
        return xp.sin(x) ** 2

    @w.impl("numpy", label="product")
    def product(x, xp):
        s = xp.sin(x)
        return s * s

    @w.impl("python")
    def loop(x):
        return [math.sin(v) ** 2 for v in x]
    """
)


def pairings(workers: int) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    """The two pairings; the second's cluster has ``workers`` worker processes (each case's 4
    parts go to them in turn)."""
    return {
        "1 process": ({"processes": 1}, {"processes": 1, "cluster": "local:1"}),
        "4 processes": ({"processes": 4}, {"processes": 4, "cluster": f"local:{workers}"}),
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--rounds", type=int, default=3, help="runs of each side, in turns (3)")
    p.add_argument("--budget", type=float, default=0.1, help="seconds per case (0.1)")
    p.add_argument(
        "--workers",
        type=int,
        default=4,
        help="worker processes of the 4-process pairing's cluster (4)",
    )
    p.add_argument(
        "--only", choices=("1", "4"), help="run one pairing: 1 process, or 4 (both by default)"
    )
    p.add_argument("--json", type=Path, help="keep the figures as JSON")
    args = p.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="arraybench-cluster-bench-"))
    path = folder / "overhead_workload.py"
    path.write_text(WORKLOAD)
    (w,) = load_file(path)
    out: dict[str, Any] = {
        "rounds": args.rounds,
        "budget": args.budget,
        "workers": args.workers,
        "pairings": {},
    }
    for name, (here, there) in pairings(args.workers).items():
        if args.only and not name.startswith(args.only):
            continue
        with shared_pool(), shared_cluster():
            t0 = time.perf_counter()
            ab.run(w, budget=0.005, sizes=(10,), **there)  # start the cluster, warm its workers
            start = time.perf_counter() - t0
            ab.run(w, budget=0.005, sizes=(10,), **here)  # and the pool here
            walls: dict[str, list[float]] = {"here": [], "cluster": [], "again": []}
            runs: dict[str, list[ab.RunResult]] = {"here": [], "cluster": [], "again": []}
            for k in range(args.rounds):
                order = [("here", here), ("cluster", there), ("again", here)]
                for side, settings in order[k % 3 :] + order[: k % 3]:
                    t0 = time.perf_counter()
                    r = ab.run(w, budget=args.budget, **settings)
                    walls[side].append(time.perf_counter() - t0)
                    runs[side].append(r)
        n = len(runs["here"][0].cases)
        per_case = [(c - h) / n for h, c in zip(walls["here"], walls["cluster"], strict=True)]
        agreement = _agreement(runs["here"], runs["cluster"])
        yardstick = _agreement(runs["here"], runs["again"])
        out["pairings"][name] = {
            "yardstick": yardstick,
            "cases": n,
            "cluster_start_s": start,
            "wall_here_s": walls["here"],
            "wall_cluster_s": walls["cluster"],
            "overhead_per_case_s": per_case,
            **agreement,
        }
        _print(name, out["pairings"][name])
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))
    return 0


def _agreement(here: list[ab.RunResult], there: list[ab.RunResult]) -> dict[str, Any]:
    """Round by round, case by case: the cluster's median inside the interval stated here, the
    one here inside the cluster's, and the ratio of the two medians."""
    inside_here = inside_there = total = 0
    ratios: list[float] = []
    by_case: dict[str, list[float]] = {}
    for a, b in zip(here, there, strict=True):
        by_key = {c.key: c for c in b.cases}
        for c in a.cases:
            d = by_key.get(c.key)
            if d is None or c.measurement is None or d.measurement is None:
                continue
            m, n = c.measurement, d.measurement
            total += 1
            inside_here += m.ci[0] <= n.median <= m.ci[1]
            inside_there += n.ci[0] <= m.median <= n.ci[1]
            ratios.append(n.median / m.median)
            by_case.setdefault(f"{c.impl}[{c.backend}:{c.dtype}] n={c.size}", []).append(
                n.median / m.median
            )
    logs = sorted(abs(math.log(r)) for r in ratios)
    return {
        "compared": total,
        "cluster_median_in_ci_here": inside_here,
        "median_here_in_cluster_ci": inside_there,
        "ratio_median": statistics.median(ratios),
        "ratio_min": min(ratios),
        "ratio_max": max(ratios),
        "abs_log_ratio_p90": logs[int(0.9 * (len(logs) - 1))],
        "ratio_by_case": {k: statistics.median(v) for k, v in by_case.items()},
    }


def _print(name: str, d: dict[str, Any]) -> None:
    ms = [1e3 * x for x in d["overhead_per_case_s"]]
    print(f"\n{name}: {d['cases']} cases a run", file=sys.stderr)
    print(f"  cluster start-up (once): {d['cluster_start_s']:.2f} s")
    walls = zip(d["wall_here_s"], d["wall_cluster_s"], strict=True)
    print("  wall here / cluster, s: " + ", ".join(f"{h:.2f}/{c:.2f}" for h, c in walls))
    print(
        f"  overhead per case: median {statistics.median(ms):.1f} ms "
        f"(rounds: {', '.join(f'{x:.1f}' for x in ms)})"
    )
    print(
        f"  medians: cluster's inside the 95% CI stated here {d['cluster_median_in_ci_here']}/"
        f"{d['compared']}; here inside the cluster's {d['median_here_in_cluster_ci']}/"
        f"{d['compared']}; cluster/here ratio median {d['ratio_median']:.3f} "
        f"[{d['ratio_min']:.3f}-{d['ratio_max']:.3f}], 90% of cases within "
        f"{100 * math.expm1(d['abs_log_ratio_p90']):.1f}%"
    )
    y = d["yardstick"]
    print(
        f"  yardstick, a second run here: its median inside the first's CI "
        f"{y['cluster_median_in_ci_here']}/{y['compared']}, the first's inside its "
        f"{y['median_here_in_cluster_ci']}/{y['compared']}; ratio median {y['ratio_median']:.3f} "
        f"[{y['ratio_min']:.3f}-{y['ratio_max']:.3f}], 90% of cases within "
        f"{100 * math.expm1(y['abs_log_ratio_p90']):.1f}%"
    )


if __name__ == "__main__":
    raise SystemExit(main())
