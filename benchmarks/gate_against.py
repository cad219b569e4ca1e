"""Does ``pytest --arraybench-against REV`` fail a slower function, and pass an unchanged one?

Makes a git repository (in a temporary folder) holding a library whose kernel does work set by
a constant (``WORK``, loops of a NumPy and a pure-Python kernel over fixed data) and a test file
measuring both with ``abench``; commits it with the work at 1.00, then runs pytest with
``--arraybench-against=HEAD`` K times each with the work tree's work at 1.00 (unchanged), 1.10
and 1.25, in turns, and counts the sessions in which each test failed:

    unchanged   failures (target: 0)
    +10%, +25%  failures (targets: every session at +25%; +10% is reported)

    .venv/bin/python benchmarks/gate_against.py --runs 10

Not a test: its figures belong to the machine and the hour it ran in.
"""

from __future__ import annotations

import argparse
import collections
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LIB = """
import math

import numpy as np

WORK = {work}
DATA = np.random.default_rng(0).uniform(-3.0, 3.0, 200_000)
ITEMS = DATA[:4_000].tolist()


def vectorized():
    n = round(WORK * 100_000)
    return float((np.sin(DATA[:n]) ** 2).sum())


def loop():
    n = round(WORK * 2_000)
    return sum(math.sin(v) ** 2 for v in ITEMS[:n])
"""

TESTS = """
import mylib


def test_vectorized(abench):
    assert abench(mylib.vectorized) > 0


def test_loop(abench):
    assert abench(mylib.loop) > 0
"""
WORKS = (1.0, 1.10, 1.25)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=10, help="sessions of each variant (default 10)")
    opts = ap.parse_args()
    failed: dict[float, collections.Counter[str]] = {w: collections.Counter() for w in WORKS}
    loads = []
    with tempfile.TemporaryDirectory(prefix="gate-against-") as tmp:
        repo = Path(tmp)
        (repo / "mylib.py").write_text(LIB.format(work=1.0))
        (repo / "test_speed.py").write_text(TESTS)
        git = ["git", "-c", "user.email=bench@arraybench", "-c", "user.name=bench"]
        subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
        subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
        subprocess.run([*git, "commit", "-qm", "base"], cwd=repo, check=True)
        env = {**os.environ, "ARRAYBENCH_CACHE": str(repo / ".cache")}
        for i in range(opts.runs):
            for work in WORKS:
                (repo / "mylib.py").write_text(LIB.format(work=work))
                loads.append(os.getloadavg()[0])
                t0 = time.perf_counter()
                p = subprocess.run(
                    [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                     "--arraybench-against=HEAD", "test_speed.py"],
                    cwd=repo, capture_output=True, text=True, env=env, check=False,
                )  # fmt: skip
                for name in ("test_vectorized", "test_loop"):
                    if f"FAILED test_speed.py::{name}" in p.stdout:
                        failed[work][name] += 1
                took = time.perf_counter() - t0
                print(f"session {i + 1}/{opts.runs} work {work:.2f}: {took:.1f} s", file=sys.stderr)
    load = f"{min(loads):.1f}-{max(loads):.1f}"
    print(f"{opts.runs} sessions of each variant (load average {load} at their start)")
    for work in WORKS:
        what = "unchanged" if work == 1.0 else f"+{work - 1:.0%}"
        counts = ", ".join(
            f"{name} {failed[work][name]}" for name in ("test_vectorized", "test_loop")
        )
        print(f"  {what}: sessions in which the test failed, of {opts.runs}: {counts}")


if __name__ == "__main__":
    main()
