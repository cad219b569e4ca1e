"""Does ``arraybench run FILE --against REV`` see a change to every impl, and stay quiet on none?

Makes a git repository (in a temporary folder) holding a workload file of 6 cases (y = sin(x)**2
in a Python loop, NumPy and PyTorch, at 1e3 and 1e5 float64 elements) whose every impl does
extra work set by a constant in a helper module beside it (``EXTRA``, a share of its own work),
commits it with ``EXTRA = 0``, then runs ``arraybench run bench.py --against HEAD`` with the
work tree's ``EXTRA`` at 0 (identical code), 0.10 and 0.25, in turns (0, 0.10, 0.25, 0, ...),
each a fresh ``arraybench run`` at default settings, and counts each case's verdict:

    false alarms  identical code: the share of case comparisons called slower or faster
                  (target <= 1%); "no change" and "cannot tell" are right
    power         +10% and +25%: the share called slower (targets >= 90%, 100%); every case
                  does more work, though at n=1e3 the extra call's overhead makes it more

    .venv/bin/python benchmarks/against_power.py --runs 5            # 15 runs, ~3 minutes
    .venv/bin/python benchmarks/against_power.py --runs 5 --keep /tmp/ap

Not a test: its figures belong to the machine and the hour it ran in.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = """
import math

import arraybench as ab
from helper import EXTRA

w = ab.Workload("kern", sizes=(1_000, 100_000), dtypes=("float64",))


@w.inputs
def make(n, rng):
    return {"x": rng.uniform(-3.0, 3.0, n)}


@w.impl("numpy", "torch")
def vectorized(x, xp):
    y = xp.sin(x) ** 2
    k = round(EXTRA * x.shape[0])
    if k:
        xp.sin(x[:k]) ** 2
    return y


@w.impl("python")
def loop(x):
    k = round(EXTRA * len(x))
    if k:
        [math.sin(v) ** 2 for v in x[:k]]
    return [math.sin(v) ** 2 for v in x]
"""
EXTRAS = (0.0, 0.10, 0.25)


def make_repo(where: Path) -> Path:
    (where / "bench.py").write_text(BENCH)
    (where / "helper.py").write_text("EXTRA = 0.0\n")
    git = ["git", "-c", "user.email=bench@arraybench", "-c", "user.name=bench"]
    subprocess.run(["git", "init", "-q"], cwd=where, check=True)
    subprocess.run(["git", "add", "-A"], cwd=where, check=True)
    subprocess.run([*git, "commit", "-qm", "base"], cwd=where, check=True)
    return where / "bench.py"


def run_once(bench: Path, extra: float, out: Path, args: list[str]) -> tuple[float, int]:
    (bench.parent / "helper.py").write_text(f"EXTRA = {extra}\n")
    cmd = [sys.executable, "-m", "arraybench", "run", str(bench), "--against", "HEAD"]
    cmd += ["--no-store", "-q", "--json", str(out), *args]
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if p.returncode not in (0, 1) or not out.exists():
        sys.exit(f"arraybench run failed ({p.returncode}):\n{p.stderr[-2000:]}")
    return time.perf_counter() - t0, p.returncode


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="runs of each variant (default 5)")
    ap.add_argument("--keep", type=Path, help="keep each run's JSON in this folder")
    ap.add_argument("--args", default="", help="more arguments for each run, e.g. '--quick'")
    opts = ap.parse_args()
    verdicts: dict[float, collections.Counter[str]] = {e: collections.Counter() for e in EXTRAS}
    ratios: dict[float, list[float]] = {e: [] for e in EXTRAS}
    loads = []
    with tempfile.TemporaryDirectory(prefix="against-power-") as tmp:
        bench = make_repo(Path(tmp))
        keep = opts.keep or Path(tmp) / "runs"
        keep.mkdir(parents=True, exist_ok=True)
        for i in range(opts.runs):
            for extra in EXTRAS:
                out = keep / f"run_{i:02d}_{round(extra * 100):02d}.json"
                loads.append(os.getloadavg()[0])
                took, code = run_once(bench, extra, out, opts.args.split())
                print(
                    f"run {i + 1}/{opts.runs} +{extra:.0%}: {took:.1f} s (exit {code})",
                    file=sys.stderr,
                )
                pairs = json.loads(out.read_text())["extra"]["against"]["pairs"]
                for p in pairs:
                    verdicts[extra][p["verdict"]] += 1
                    ratios[extra].append(p["ratio"])
    load = f"{min(loads):.1f}-{max(loads):.1f}"
    print(f"{opts.runs} runs of each variant (load average {load} at their start)")
    for extra in EXTRAS:
        v = verdicts[extra]
        total = sum(v.values())
        if extra == 0:
            alarms = v["slower"] + v["faster"]
            print(
                f"  identical: {alarms} of {total} case comparisons called slower or faster "
                f"({alarms / max(total, 1):.1%}); {dict(v)}"
            )
        else:
            print(
                f"  +{extra:.0%}: {v['slower']} of {total} called slower "
                f"({v['slower'] / max(total, 1):.0%}); {dict(v)}; ratios "
                f"{min(ratios[extra]):.3f}-{max(ratios[extra]):.3f}"
            )


if __name__ == "__main__":
    main()
