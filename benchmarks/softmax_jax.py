"""Does arraybench time eager JAX as timeit does? The row softmax of issue 35, JAX float32 and
float64 at every size, arraybench's median and interval against timeit's median.

Each round runs ``arraybench run benchmarks/softmax_workload.py --backend jax`` (``--quick``, or
the default settings with ``--full``) for each code under test, then, right after, timeit in a
fresh process per case: the same function, its input made as arraybench's JAX backend makes it
(``jax.device_put`` of the float64 data cast to the dtype), float64 on only for float64 (as a
user's own script runs: JAX's default is off), with the thread settings arraybench's workers
start with (one XLA thread: ``worker_env(1)``), one call before timing, then ``autorange`` and 5
repeats of ``manual(x).block_until_ready()``; the median per call. A case agrees when timeit's
median lies inside arraybench's interval.

``--old PATH`` adds the code before (a checkout's ``src``, run with it first on PYTHONPATH),
interleaved with the code here in each round: the 44.7 ms of the issue was the code before.

    .venv/bin/python benchmarks/softmax_jax.py                 # 2 rounds, --quick
    .venv/bin/python benchmarks/softmax_jax.py --full --rounds 1
    .venv/bin/python benchmarks/softmax_jax.py --old /tmp/before/src

Not a test: its figures belong to the machine and the hour it ran in.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
WORKLOAD = HERE / "softmax_workload.py"

#: timeit in a fresh process: argv is dtype and n; prints seconds per call.
TIMEIT = r"""
import statistics, sys, timeit
import numpy as np
import jax, jax.numpy as jnp

dtype, n = sys.argv[1], int(sys.argv[2])
jax.config.update("jax_enable_x64", dtype == "float64")
rng = np.random.default_rng([0, n])
x = jax.device_put(np.asarray(rng.standard_normal((n, 64)), dtype=dtype)).block_until_ready()


def manual(x, xp=jnp):
    m = xp.max(x, axis=1, keepdims=True)
    e = xp.exp(x - m)
    return e / xp.sum(e, axis=1, keepdims=True)


manual(x).block_until_ready()
t = timeit.Timer("manual(x).block_until_ready()", globals={"manual": manual, "x": x})
loops, _ = t.autorange()
print(statistics.median(v / loops for v in t.repeat(5, loops)))
"""


def arraybench_run(src: Path | None, full: bool) -> dict[tuple[str, int], dict[str, float]]:
    """One run of the workload's JAX cases: (dtype, n) -> median and interval."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "r.json"
        args = [sys.executable, "-m", "arraybench", "run", str(WORKLOAD), "--backend", "jax"]
        args += ["--json", str(out), "--no-store", "-q", *([] if full else ["--quick"])]
        env = dict(os.environ)
        if src is not None:
            env["PYTHONPATH"] = str(src)
        subprocess.run(args, env=env, capture_output=True, text=True, check=False, timeout=1200)
        data = json.loads(out.read_text())
    cases = {}
    for c in data["cases"]:
        m = c.get("measurement")
        if c["backend"] != "jax" or m is None:
            cases[(c["dtype"], c["size"])] = {"failed": 1.0}
            continue
        cases[(c["dtype"], c["size"])] = {
            "median": m["median"],
            "low": m["ci_low"],
            "high": m["ci_high"],
        }
    return cases


def timeit_case(dtype: str, n: int) -> float:
    from arraybench.measure.processes import IN_WORKER, worker_env

    threads = {k: v for k, v in worker_env(1).items() if k != IN_WORKER}
    p = subprocess.run(
        [sys.executable, "-c", TIMEIT, dtype, str(n)],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
        env={**os.environ, **threads},
    )
    return float(p.stdout.strip().splitlines()[-1])


def fmt(s: float) -> str:
    for unit, f in (("s", 1), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)):
        if s >= f:
            return f"{s / f:.3g} {unit}"
    return f"{s:.3g} s"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--full", action="store_true", help="default settings, not --quick")
    ap.add_argument("--old", type=Path, help="the code before: a checkout's src folder")
    ap.add_argument("--json", type=Path, help="keep the raw figures")
    args = ap.parse_args()
    sides: dict[str, Path | None] = {"new": None}
    if args.old is not None:
        sides = {"old": args.old, "new": None}
    rows: list[dict[str, Any]] = []
    for k in range(args.rounds):
        order = list(sides) if k % 2 == 0 else list(reversed(sides))
        for side in order:
            runs = arraybench_run(sides[side], args.full)
            for (dtype, n), fig in sorted(runs.items(), key=lambda kv: (kv[0][1], kv[0][0])):
                t = timeit_case(dtype, n)
                inside = "failed" not in fig and fig["low"] <= t <= fig["high"]
                rows.append({"round": k, "side": side, "dtype": dtype, "n": n, "timeit": t, **fig})
                said = (
                    f"{fmt(fig['median'])} [{fmt(fig['low'])}–{fmt(fig['high'])}]"
                    if "failed" not in fig
                    else "failed"
                )
                print(
                    f"round {k} {side:3} {dtype} n={n:<5} arraybench {said:32} timeit "
                    f"{fmt(t):9} {'inside' if inside else 'OUTSIDE'}",
                    flush=True,
                )
    for side in sides:
        mine = [r for r in rows if r["side"] == side]
        held = sum("failed" not in r and r["low"] <= r["timeit"] <= r["high"] for r in mine)
        worst = max(
            (r["median"] / r["timeit"] for r in mine if "failed" not in r), default=float("nan")
        )
        print(
            f"{side}: timeit inside the interval in {held} of {len(mine)} cases; the largest "
            f"arraybench/timeit ratio {worst:.3g}x; "
            f"median ratio {statistics.median(r['median'] / r['timeit'] for r in mine):.3g}x"
        )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
