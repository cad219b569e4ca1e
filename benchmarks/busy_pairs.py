"""Does a busy machine bias two cases measured side by side? One function against itself.

Two identical impls (a NumPy kernel, or a pure-Python one) are measured side by side in one
process, K times, alternately with the timer as it was before (every sample kept, calibration on
one take) and as it is (a sample the scheduler interrupted read by the thread's CPU time where the
call runs on the CPU, else taken again; calibration on the fastest of three takes). Each run's
ratio of the two, with its interval, gets the one verdict rule at the default 5% band; the truth
is "no change", so every "faster" or "slower" is a false verdict.

    .venv/bin/python benchmarks/busy_pairs.py --runs 12
    .venv/bin/python benchmarks/busy_pairs.py --runs 12 --spin 1   # and a process spinning

Not a test: its figures belong to the machine and the hour it ran in (the load is printed).
"""

from __future__ import annotations

import argparse
import collections
import math
import multiprocessing
import os
import statistics
import sys

import numpy as np

import arraybench as ab
from arraybench.base import stats
from arraybench.config import RunConfig
from arraybench.measure import timer
from arraybench.measurement import time_ratio

DATA = np.random.default_rng(0).uniform(-3.0, 3.0, 200_000)
ITEMS = DATA[:4_000].tolist()


def vectorized() -> float:
    return float((np.sin(DATA[:100_000]) ** 2).sum())


def loop() -> float:
    return sum(math.sin(v) ** 2 for v in ITEMS[:2_000])


def _spin() -> None:
    while True:
        pass


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=12, help="runs of each arm and kernel")
    ap.add_argument("--budget", type=float, default=1.0, help="seconds a case (default 1)")
    ap.add_argument("--spin", type=int, default=0, help="processes spinning beside (default 0)")
    opts = ap.parse_args()
    spinners = [multiprocessing.Process(target=_spin, daemon=True) for _ in range(opts.spin)]
    for p in spinners:
        p.start()
    config = RunConfig(
        budget=opts.budget, processes=1, threads=None, backends=("numpy",), check=False
    )
    # (retakes, calibration takes, uninterrupted samples that show a call on the CPU)
    arms = {"before": (0, 1, 10**9), "now": (timer.RETAKES, timer.CONFIRM, timer.ON_CPU_SAMPLES)}
    verdicts: dict[tuple[str, str], collections.Counter[str]] = collections.defaultdict(
        collections.Counter
    )
    errors: dict[tuple[str, str], list[float]] = collections.defaultdict(list)
    loads = []
    try:
        for i in range(opts.runs):
            for name, fn in (("vectorized", vectorized), ("loop", loop)):
                w = ab.Workload(f"busy_{name}", sizes=(1,), dtypes=("float64",))
                w.inputs(lambda size, dtype: {})
                w.impl("numpy", label="a")(lambda fn=fn: fn())
                w.impl("numpy", label="b")(lambda fn=fn: fn())
                for arm, (retakes, confirm, on_cpu) in arms.items():
                    timer.RETAKES, timer.CONFIRM, timer.ON_CPU_SAMPLES = retakes, confirm, on_cpu
                    loads.append(os.getloadavg()[0])
                    run = ab.run(w, config)
                    a, b = (c.measurement for c in run.cases)
                    if a is None or b is None:
                        verdicts[(name, arm)]["failed"] += 1
                        continue
                    iv = time_ratio(b, a)
                    v = stats.band_verdict(iv.low, iv.high, 0.05)
                    verdicts[(name, arm)][v] += 1
                    errors[(name, arm)].append(abs(math.log(iv.value)))
                    print(
                        f"run {i + 1} {name} {arm:6s} loops {a.loops}/{b.loops} "
                        f"{iv.value:.3f}x [{iv.low:.3f}-{iv.high:.3f}] {v}",
                        file=sys.stderr,
                        flush=True,
                    )
    finally:
        timer.RETAKES, timer.CONFIRM, timer.ON_CPU_SAMPLES = arms["now"]
        for p in spinners:
            p.terminate()
    print(
        f"{opts.runs} runs of each arm, one function against itself side by side "
        f"({opts.spin} spinning process(es) beside; load average {min(loads):.1f}-"
        f"{max(loads):.1f} at their start)"
    )
    for (name, arm), c in sorted(verdicts.items()):
        wrong = c["faster"] + c["slower"]
        print(
            f"  {name:10s} {arm:6s}: false verdicts {wrong} of {sum(c.values())} "
            f"({dict(c)}); median |log ratio| {statistics.median(errors[(name, arm)]):.3f}"
        )


if __name__ == "__main__":
    main()
