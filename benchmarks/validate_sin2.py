"""An independent reference measurement of the ``sin2`` workload, with timeit, against which
arraybench's own analysis (fixed cost per call, crossover sizes) is checked.

y = sin(x)**2 on x ~ uniform(-3, 3), float32, seeded:

- ``python``: ``[math.sin(v) ** 2 for v in x]`` on a list of Python floats;
- ``numpy``:  ``np.sin(x) ** 2`` on a float32 ndarray;
- ``torch``:  ``torch.sin(x) ** 2`` on a float32 CPU tensor (threads left at torch's default).

Each kernel runs in its own fresh ``python -c`` process (nothing of arraybench imported), which
builds the input of each size outside the clock, checks one output against float64, and times
with :class:`timeit.Timer` (gc off), the number of loops chosen by timeit's autorange rule (1, 2,
5, 10, 20, 50, ... until one repeat lasts at least ``--min-time``). The repeats are taken
round-robin: each round times one repeat of every (size, kernel) point, so the ``--repeat``
repeats of a point are spread over the whole run. On a shared machine busy spells last seconds
and slow everything by up to 2x; spread out, they hit a few repeats of many points, which the
median then ignores, instead of all the repeats of a few points. The median and the min of the
per-call times are kept.

From the medians: the fixed cost per call (the time at n=1, and as a second estimate the
intercept of a straight-line fit t = a + b*n over the small sizes), the per-element cost (slope
between the two largest sizes) and the size at which NumPy and torch overtake Python (log-log
interpolation between the grid points where t_backend - t_python changes sign).

Then it runs arraybench itself on the same kernels and saves that run's JSON next to the
reference, so that the two can be compared from saved files alone.

Run from the repository root::

    python benchmarks/validate_sin2.py            # ~3-4 minutes on 2 cores
    python benchmarks/validate_sin2.py --help
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from _worker import LineWorker  # benchmarks/_worker.py, beside this script

from arraybench.measure.env import load1, wait_for_quiet

ROOT = Path(__file__).resolve().parent.parent
TIMEIT_OUT = ROOT / "tests" / "data" / "sin2_timeit.json"
RESULTS_OUT = ROOT / "tests" / "data" / "sin2_results.json"

KERNELS = ("python", "numpy", "torch")
BACKENDS = ("numpy", "torch")  # compared with python

# Fine around the crossovers (a few to a few hundred elements on a typical CPU), then two
# large sizes where the fixed cost is negligible, to pin the per-element slope.
SIZES = (1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500, 1000, 10_000, 100_000)
QUICK_SIZES = (1, 10, 100, 1000)

SEED = 0
# timeit's own autorange aims at 0.2 s per repeat; 50 ms is still far above the clock's
# resolution and the timeit loop's own overhead (~5 ns per loop), and lets 19 sizes x 3 kernels
# x 21 repeats fit in about 2 minutes.
DEFAULT_MIN_TIME_S = 0.05
# 21 repeats: the median of an odd count is one sample, and 21 is enough for a stable median
# under the one-sided noise (interrupts, other tenants) of a shared machine.
DEFAULT_REPEAT = 21
# The straight-line fit t = a + b*n uses sizes up to this: beyond it the fixed cost is a small
# part of the time, so the intercept would be the difference of two large numbers.
FIT_MAX_N = 100
# A machine with 2 cores is quiet enough when the 1-minute load is under 1 (one core free).
DEFAULT_MAX_LOAD = 1.0
# arraybench's run of the same kernels: four sizes per decade from 1 to 1e5, default budget.
ARRAYBENCH_SIZES = "1:1e5:4"
# The saved run should stay small enough to keep in the repository. With the default 0.5 s
# budget and 2 ms samples a case keeps at most ~250 raw samples (~100 kB for the whole run), so
# the default sample cap is not reached; --max-samples lowers it if a longer budget is used.
MAX_RESULTS_BYTES = 1_000_000

# The code of each kernel's worker: a fresh ``python -c`` process, driven line by line over its
# stdin ("calibrate N", "repeat N", "quit"), answering one JSON line per command on its stdout.
# While one worker times, the others wait on a blocking read and use no CPU.
WORKER = r"""
import json, math, sys, timeit
import numpy as np

kernel, seed, min_time = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
info = {"numpy": np.__version__}
if kernel == "torch":
    import torch
    info.update(torch=torch.__version__, torch_threads=torch.get_num_threads(),
                torch_interop_threads=torch.get_num_interop_threads())
STMT = {"python": "[math.sin(v) ** 2 for v in x]", "numpy": "np.sin(x) ** 2",
        "torch": "torch.sin(x) ** 2"}[kernel]
timers = {}

def setup(n):
    # The input is made here, outside every timing, once per size.
    x32 = np.random.default_rng(seed).uniform(-3.0, 3.0, n).astype(np.float32)
    if kernel == "python":
        g = {"math": math, "x": x32.tolist()}
    elif kernel == "numpy":
        g = {"np": np, "x": x32}
    else:
        g = {"torch": torch, "x": torch.from_numpy(x32.copy())}
    out = eval(STMT, g)  # the first call, also outside the timing
    out = out.numpy() if kernel == "torch" else np.asarray(out)
    err = float(np.max(np.abs(out.astype(np.float64) - np.sin(x32.astype(np.float64)) ** 2)))
    if not err <= 1e-5:
        raise SystemExit(f"{kernel} n={n}: wrong result, max abs error {err}")
    timer = timeit.Timer(STMT, globals=g)
    # timeit's autorange rule (1, 2, 5, 10, 20, 50, ...), with min_time instead of its 0.2 s.
    i = 1
    while True:
        for j in (1, 2, 5):
            number = i * j
            if timer.timeit(number) >= min_time:
                timers[n] = (timer, number)
                return {"number": number, "max_abs_error": err}
        i *= 10

print(json.dumps(info), flush=True)
for line in sys.stdin:
    op, _, arg = line.strip().partition(" ")
    if op == "quit":
        break
    n = int(arg)
    if op == "calibrate":
        print(json.dumps(setup(n)), flush=True)
    elif op == "repeat":
        timer, number = timers[n]
        print(json.dumps(timer.timeit(number) / number), flush=True)
"""


class Worker(LineWorker):
    """One kernel's fresh Python process, timing one repeat at a time on request."""

    def __init__(self, kernel: str, min_time: float) -> None:
        """Start the process (imports included) and read its versions.

        Args:
            kernel: ``python``, ``numpy`` or ``torch``.
            min_time: the shortest repeat, in seconds, autorange aims at.
        """
        self.kernel = kernel
        argv = [sys.executable, "-c", WORKER, kernel, str(SEED), str(min_time)]
        hint = f"(is {kernel} installed in {sys.executable}?)"
        super().__init__(argv, f"the {kernel} worker", hint)
        self.info: dict[str, Any] = self.ask(None)

    def calibrate(self, n: int) -> dict[str, Any]:
        """Build the input of size n, check one output, choose the loops per repeat.

        Args:
            n: the number of elements.

        Returns:
            ``{"number": loops per repeat, "max_abs_error": vs float64}``.
        """
        result: dict[str, Any] = self.ask(f"calibrate {n}")
        return result

    def repeat(self, n: int) -> float:
        """One timeit repeat at size n (calibrated before).

        Args:
            n: the number of elements.

        Returns:
            Seconds per call over the repeat's loops.
        """
        return float(self.ask(f"repeat {n}"))


def line_fit(ns: Sequence[int], ts: Sequence[float]) -> tuple[float, float]:
    """Least-squares fit of t = a + b*n with weights 1/t^2 (relative errors).

    Relative weights, because timing noise is roughly proportional to the time: plain least
    squares would let the largest size decide the intercept.

    Args:
        ns: sizes.
        ts: times in seconds, one per size.

    Returns:
        ``(a, b)``: the intercept (fixed cost, s) and the slope (s per element).
    """
    w = [1.0 / t**2 for t in ts]
    sw = sum(w)
    sx = sum(wi * n for wi, n in zip(w, ns, strict=True))
    sy = sum(wi * t for wi, t in zip(w, ts, strict=True))
    sxx = sum(wi * n * n for wi, n in zip(w, ns, strict=True))
    sxy = sum(wi * n * t for wi, n, t in zip(w, ns, ts, strict=True))
    det = sw * sxx - sx * sx
    b = (sw * sxy - sx * sy) / det
    a = (sy - b * sx) / sw
    return a, b


def crossover(
    sizes: Sequence[int], backend: Sequence[float], python: Sequence[float]
) -> float | str:
    """The size from which ``backend`` stays faster than ``python``, interpolated in log-log.

    The last sign change of t_backend - t_python from + (slower) to - (faster) is taken, so that
    a single noisy point near the crossover does not decide it; between its two grid points n1,
    n2 the log-ratio d = log(t_backend / t_python) is interpolated linearly in log n.

    Args:
        sizes: increasing sizes.
        backend: the backend's times, one per size.
        python: Python's times, one per size.

    Returns:
        The interpolated size; the smallest size if the backend is faster everywhere;
        ``"never"`` if it is not faster at the largest size.
    """
    d = [math.log(b / p) for b, p in zip(backend, python, strict=True)]
    if d[-1] >= 0:
        return "never"
    if all(v < 0 for v in d):
        return float(sizes[0])
    i = max(k for k in range(len(d) - 1) if d[k] >= 0 > d[k + 1])
    n1, n2 = math.log(sizes[i]), math.log(sizes[i + 1])
    return math.exp(n1 + d[i] / (d[i] - d[i + 1]) * (n2 - n1))


def cpu_model() -> str:
    """The CPU's model name, from /proc/cpuinfo where there is one.

    Returns:
        The model name, or :func:`platform.processor`'s answer.
    """
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def reference(
    sizes: Sequence[int], repeat: int, min_time: float, max_load: float, wait_s: float
) -> dict[str, Any]:
    """Measure the three kernels at every size and derive fixed costs and crossovers.

    Args:
        sizes: increasing sizes, starting at 1.
        repeat: timeit repeats per point.
        min_time: the shortest repeat autorange aims at, seconds.
        max_load: wait for the 1-minute load to fall under this before starting.
        wait_s: the longest wait for it.

    Returns:
        The ``arraybench.validation`` document written to sin2_timeit.json.
    """
    load_start = wait_for_quiet(max_load, wait_s)
    started = time.monotonic()
    workers = {k: Worker(k, min_time) for k in KERNELS}
    try:
        number: dict[str, dict[int, int]] = {k: {} for k in KERNELS}
        for n in sizes:
            for k in KERNELS:
                number[k][n] = workers[k].calibrate(n)["number"]
        # Round-robin: round r times one repeat of every (size, kernel), the kernels' order
        # rotated each round, so that a busy spell of the machine (seconds, on a shared host)
        # falls on a few repeats of many points rather than on all repeats of a few points.
        samples: dict[str, dict[int, list[float]]] = {k: {n: [] for n in sizes} for k in KERNELS}
        loads: list[float] = []
        for r in range(repeat):
            order = KERNELS[r % len(KERNELS) :] + KERNELS[: r % len(KERNELS)]
            for n in sizes:
                for k in order:
                    samples[k][n].append(workers[k].repeat(n))
            loads.append(load1())
            print(f"round {r + 1}/{repeat} done, load {loads[-1]:.2f}", file=sys.stderr)
        info: dict[str, Any] = {}
        for w in workers.values():
            info.update(w.info)
    finally:
        for w in workers.values():
            w.close()
    elapsed = time.monotonic() - started
    med = {k: [statistics.median(samples[k][n]) for n in sizes] for k in KERNELS}
    mins = {k: [min(samples[k][n]) for n in sizes] for k in KERNELS}
    for i, n in enumerate(sizes):
        print(
            f"n={n:<7}"
            + "".join(
                f"  {k} {med[k][i] * 1e6:9.3f} us (min {mins[k][i] * 1e6:9.3f})" for k in KERNELS
            ),
            file=sys.stderr,
        )
    small = [i for i, n in enumerate(sizes) if n <= FIT_MAX_N]
    fits = {k: line_fit([sizes[i] for i in small], [med[k][i] for i in small]) for k in KERNELS}
    env = {
        "python": platform.python_version(),
        "numpy": info.get("numpy"),
        "torch": info.get("torch"),
        "torch_threads": info.get("torch_threads"),
        "torch_interop_threads": info.get("torch_interop_threads"),
        "cpu": cpu_model(),
        "cpu_count": os.cpu_count(),
        "platform": platform.platform(),
        "load_avg_start": round(load_start, 2),
        "load_avg_end": round(load1(), 2),
        "load_avg_max": round(max(loads), 2),
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "elapsed_s": round(elapsed, 1),
    }
    return {
        "format": "arraybench.validation",
        "version": 1,
        "workload": "sin2",
        "method": {
            "tool": "timeit",
            "process": "one fresh 'python -c' process per kernel; repeats round-robin over "
            "(size, kernel), one repeat of every point per round",
            "loops": f"timeit autorange rule (1-2-5 steps) until a repeat lasts >= {min_time} s",
            "repeat": repeat,
            "statistic": "median of per-call times over the repeats (min in times_min)",
            "seed": SEED,
            "dtype": "float32",
            "input": "x = uniform(-3, 3), made outside the timing; python gets x.tolist()",
            "fit": f"t = a + b*n, weights 1/t^2, over sizes <= {FIT_MAX_N}",
        },
        "env": env,
        "sizes": list(sizes),
        "times": {k: {str(n): med[k][i] for i, n in enumerate(sizes)} for k in KERNELS},
        "times_min": {k: {str(n): mins[k][i] for i, n in enumerate(sizes)} for k in KERNELS},
        "loops": {k: {str(n): number[k][n] for n in sizes} for k in KERNELS},
        "samples": {
            k: {str(n): [round(v, 12) for v in samples[k][n]] for n in sizes} for k in KERNELS
        },
        "fixed_cost": {k: med[k][0] for k in KERNELS},
        "fixed_cost_min": {k: mins[k][0] for k in KERNELS},
        "fixed_cost_fit": {k: {"a": fits[k][0], "b": fits[k][1]} for k in KERNELS},
        # Slope between the two largest sizes, from the minima too (see docs/validation.md):
        # torch splits large ops over its 2 threads, and is then many times slower while the
        # other core is busy: at large n its medians can show the machine, its minima do not.
        "per_element": {k: (med[k][-1] - med[k][-2]) / (sizes[-1] - sizes[-2]) for k in KERNELS},
        "per_element_min": {
            k: (mins[k][-1] - mins[k][-2]) / (sizes[-1] - sizes[-2]) for k in KERNELS
        },
        "crossover_vs_python": {b: crossover(sizes, med[b], med["python"]) for b in BACKENDS},
        "crossover_vs_python_min": {b: crossover(sizes, mins[b], mins["python"]) for b in BACKENDS},
    }


def run_arraybench(out: Path, max_samples: int | None) -> dict[str, Any]:
    """Run arraybench on the same kernels and save its JSON.

    Args:
        out: where the JSON goes.
        max_samples: arraybench's cap on samples per case (it keeps raw samples); None for
            arraybench's default.

    Returns:
        What was run: the command line, the seconds it took, the file's size and the load.

    Raises:
        RuntimeError: arraybench failed or did not write the file.
    """
    argv = [
        sys.executable, "-m", "arraybench", "run", "sin2",
        "--backend", "python,numpy,torch", "--impl", "loop,vectorized",
        "--sizes", ARRAYBENCH_SIZES, "--json", str(out), "-q",
    ]  # fmt: skip
    if max_samples is not None:
        argv[-1:-1] = ["--max-samples", str(max_samples)]
    load = load1()
    started = time.monotonic()
    proc = subprocess.run(argv, capture_output=True, text=True, check=False, cwd=ROOT)
    if proc.returncode != 0 or not out.exists():
        raise RuntimeError(
            f"arraybench failed (rc {proc.returncode}); run it by hand to see why:\n"
            + " ".join(argv[1:])
            + "\n"
            + (proc.stderr or proc.stdout).strip()[-2000:]
        )
    shown = [_relative(a) for a in argv[1:]]
    return {
        "command": "python " + " ".join(shown),
        "elapsed_s": round(time.monotonic() - started, 1),
        "bytes": out.stat().st_size,
        "load_avg_start": round(load, 2),
        "load_avg_end": round(load1(), 2),
        "table": proc.stdout,
    }


def _relative(arg: str) -> str:
    """A path under the repository as a relative path (the command works from the root)."""
    path = Path(arg)
    return str(path.relative_to(ROOT)) if path.is_absolute() and path.is_relative_to(ROOT) else arg


def _size_list(text: str) -> tuple[int, ...]:
    try:
        sizes = tuple(sorted({int(float(s)) for s in text.split(",") if s.strip()}))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give sizes as 1,2,5,10") from None
    if len(sizes) < 3 or sizes[0] != 1:
        raise argparse.ArgumentTypeError(f"{text!r}: give at least 3 sizes, starting at 1")
    return sizes


def _fmt_n(v: float | str) -> str:
    return v if isinstance(v, str) else f"{v:.1f}"


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: measure, write both JSON files, print the summary.

    Args:
        argv: the arguments (default: sys.argv[1:]).

    Returns:
        The exit status.
    """
    p = argparse.ArgumentParser(
        description="Reference timeit measurement of sin(x)**2 (python, numpy, torch; float32), "
        f"each point in a fresh process; writes {TIMEIT_OUT.relative_to(ROOT)}, then runs "
        f"arraybench on the same kernels and writes {RESULTS_OUT.relative_to(ROOT)}."
    )
    p.add_argument("--sizes", type=_size_list, default=SIZES, help="comma-separated sizes")
    p.add_argument("--quick", action="store_true", help=f"sizes {QUICK_SIZES}, 5 repeats")
    p.add_argument("--repeat", type=int, default=DEFAULT_REPEAT, help="timeit repeats")
    p.add_argument(
        "--min-time", type=float, default=DEFAULT_MIN_TIME_S, help="seconds per repeat, at least"
    )
    p.add_argument(
        "--max-load", type=float, default=DEFAULT_MAX_LOAD, help="wait for a load under this"
    )
    p.add_argument("--wait", type=float, default=120.0, help="the longest wait, seconds")
    p.add_argument("--timeit-out", type=Path, default=TIMEIT_OUT, help="the reference JSON")
    p.add_argument("--results-out", type=Path, default=RESULTS_OUT, help="arraybench's JSON")
    p.add_argument(
        "--max-samples", type=int, help="arraybench's cap on samples per case (default: its own)"
    )
    p.add_argument("--no-arraybench", action="store_true", help="the reference only")
    args = p.parse_args(argv)
    sizes, repeat = (QUICK_SIZES, 5) if args.quick else (args.sizes, args.repeat)

    doc = reference(sizes, repeat, args.min_time, args.max_load, args.wait)
    args.timeit_out.parent.mkdir(parents=True, exist_ok=True)
    args.timeit_out.write_text(json.dumps(doc, indent=1) + "\n")  # kept if arraybench fails
    if not args.no_arraybench:
        wait_for_quiet(args.max_load, args.wait)
        args.results_out.parent.mkdir(parents=True, exist_ok=True)
        ab = run_arraybench(args.results_out, args.max_samples)
        print(ab.pop("table"), file=sys.stderr)
        doc["arraybench_run"] = ab
        if ab["bytes"] > MAX_RESULTS_BYTES:
            print(
                f"warning: {args.results_out} is {ab['bytes']} bytes; lower --max-samples",
                file=sys.stderr,
            )
        args.timeit_out.write_text(json.dumps(doc, indent=1) + "\n")

    print(f"fixed cost (t at n=1; fit intercept over n <= {FIT_MAX_N}; per element):")
    for k in KERNELS:
        print(
            f"  {k:>6}: {doc['fixed_cost'][k] * 1e6:8.3f} us; "
            f"{doc['fixed_cost_fit'][k]['a'] * 1e6:8.3f} us; "
            f"{doc['per_element'][k] * 1e9:8.3f} ns "
            f"(from minima {doc['per_element_min'][k] * 1e9:.3f} ns)"
        )
    for b in BACKENDS:
        c, cm = doc["crossover_vs_python"][b], doc["crossover_vs_python_min"][b]
        print(f"  {b} overtakes python at n = {_fmt_n(c)} (medians), {_fmt_n(cm)} (minima)")
    print(f"wrote {args.timeit_out}" + ("" if args.no_arraybench else f" and {args.results_out}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
