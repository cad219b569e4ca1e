"""Does ``pytest --arraybench-against REV`` fail a slower function, and pass an unchanged one?

Makes a git repository (in a temporary folder) holding a library whose kernel does work set by
a constant (``WORK``, loops of a NumPy and a pure-Python kernel over fixed data) and a test file
measuring both with ``abench``; commits it with the work at 1.00, then runs pytest with
``--arraybench-against=HEAD`` K times each with the work tree's work at 1.00 (unchanged), 1.10
and 1.25, in turns, and counts the sessions in which each test failed:

    unchanged   failures (target: 0)
    +10%, +25%  failures (targets: every session at +25%; +10% is reported)

    .venv/bin/python benchmarks/gate_against.py --runs 10

With ``--saved``, the gate is against one saved baseline instead: ``--arraybench-save`` once at
the start (the committed code, work 1.00), then every session runs ``--arraybench-compare`` on
that file (which measures the baseline's recorded commit beside each function) and saves its
own run, and ``arraybench compare base.json new.json --fail-on slower`` reads the two files; the
sessions are spread over ``--spread`` seconds (an hour: the machine's state moves), and the
script counts where the two disagree (target: never).

    .venv/bin/python benchmarks/gate_against.py --saved --runs 20 --spread 3600

Not a test: its figures belong to the machine and the hour it ran in.
"""

from __future__ import annotations

import argparse
import collections
import json
import math
import os
import statistics
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
    ap.add_argument("--saved", action="store_true", help="gate against one saved baseline")
    ap.add_argument("--spread", type=float, default=0.0, help="seconds to spread the sessions over")
    opts = ap.parse_args()
    failed: dict[float, collections.Counter[str]] = {w: collections.Counter() for w in WORKS}
    disagree: list[str] = []
    loads = []
    readings: dict[float, list[tuple[str, float, float, float]]] = {w: [] for w in WORKS}
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="gate-against-") as tmp:
        repo = Path(tmp)
        (repo / "mylib.py").write_text(LIB.format(work=1.0))
        (repo / "test_speed.py").write_text(TESTS)
        git = ["git", "-c", "user.email=bench@arraybench", "-c", "user.name=bench"]
        subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
        subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
        subprocess.run([*git, "commit", "-qm", "base"], cwd=repo, check=True)
        env = {**os.environ, "ARRAYBENCH_CACHE": str(repo / ".cache")}
        pytest = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        gate = ["--arraybench-against=HEAD"]
        if opts.saved:
            subprocess.run(
                [*pytest, "--arraybench-save=base.json", "test_speed.py"],
                cwd=repo, capture_output=True, text=True, env=env, check=True,
            )  # fmt: skip
            gate = ["--arraybench-compare=base.json", "--arraybench-save=new.json"]
        for i in range(opts.runs):
            if opts.spread and i:  # the rounds spread evenly over --spread seconds
                time.sleep(max(0.0, start + opts.spread * i / opts.runs - time.perf_counter()))
            for work in WORKS:
                (repo / "mylib.py").write_text(LIB.format(work=work))
                loads.append(os.getloadavg()[0])
                t0 = time.perf_counter()
                p = subprocess.run(
                    [*pytest, *gate, "test_speed.py"],
                    cwd=repo, capture_output=True, text=True, env=env, check=False,
                )  # fmt: skip
                gated = set()
                for name in ("test_vectorized", "test_loop"):
                    if f"FAILED test_speed.py::{name}" in p.stdout:
                        failed[work][name] += 1
                        gated.add(name)
                if opts.saved:
                    c = subprocess.run(
                        [sys.executable, "-m", "arraybench", "compare", "base.json", "new.json",
                         "--fail-on", "slower", "--json"],
                        cwd=repo, capture_output=True, text=True, env=env, check=False,
                    )  # fmt: skip
                    try:
                        read = json.loads(c.stdout)["cases"]
                    except (ValueError, KeyError):  # no reading: say what each side said
                        print(p.stdout[-3000:], c.stdout[-2000:], c.stderr[-2000:], file=sys.stderr)
                        disagree.append(f"work {work}: compare gave no reading (rc {c.returncode})")
                        continue
                    slower = {
                        x["workload"].rsplit(".", 1)[-1] for x in read if x["verdict"] == "slower"
                    }
                    for x in read:  # each reading, to see how far sessions move beyond intervals
                        name = x["workload"].rsplit(".", 1)[-1]
                        lo, hi = x["ratio_ci"]
                        readings[work].append((name, x["ratio"], lo, hi))
                        print(
                            f"  {name} {x['ratio']:.3f}x [{lo:.3f}-{hi:.3f}] {x['verdict']}",
                            file=sys.stderr,
                        )
                    if slower != gated:
                        disagree.append(
                            f"work {work}: pytest {sorted(gated)}, compare {sorted(slower)}"
                        )
                took = time.perf_counter() - t0
                print(f"session {i + 1}/{opts.runs} work {work:.2f}: {took:.1f} s", file=sys.stderr)
    load = f"{min(loads):.1f}-{max(loads):.1f}"
    hours = (time.perf_counter() - start) / 3600
    against = "one saved baseline" if opts.saved else "HEAD measured beside"
    print(
        f"{opts.runs} sessions of each variant against {against}, over {hours:.2f} h (load "
        f"average {load} at their start)"
    )
    if opts.saved:
        print(f"  compare --fail-on slower disagreed with the gate in {len(disagree)} sessions")
        for d in disagree:
            print(f"    {d}")
    for work in WORKS:
        what = "unchanged" if work == 1.0 else f"+{work - 1:.0%}"
        counts = ", ".join(
            f"{name} {failed[work][name]}" for name in ("test_vectorized", "test_loop")
        )
        print(f"  {what}: sessions in which the test failed, of {opts.runs}: {counts}")
        for name in ("test_vectorized", "test_loop"):
            got = [r for r in readings[work] if r[0] == name]
            if len(got) < 3:
                continue
            logs = [math.log(r[1]) for r in got]
            half = statistics.median((math.log(r[3]) - math.log(r[2])) / 2 for r in got)
            print(
                f"    {name}: ratios {min(r[1] for r in got):.3f}-{max(r[1] for r in got):.3f}x, "
                f"their spread (sd of logs) {statistics.stdev(logs):.3f} against the intervals' "
                f"median half-width {half:.3f} (an honest interval's is ~1.96 sd)"
            )


if __name__ == "__main__":
    main()
