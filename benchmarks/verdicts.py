"""Do the classic suite's verdicts hold from run to run?

Runs ``arraybench run --quick`` K times (default 5), each in a fresh process, and tabulates each
experiment's verdict and each part of its claim per run. A verdict may move between "agrees" (or
"disagrees") and "cannot tell" as the intervals come out wider or narrower; it must never flip
between "agrees" and "disagrees". It also lists every case marked implausible (faster than the
hardware can go: cached or skipped work), which no answer may rest on.

    .venv/bin/python benchmarks/verdicts.py               # 5 runs, ~2.5 minutes on 2 cores
    .venv/bin/python benchmarks/verdicts.py --runs 3 -- --budget 0.2
    .venv/bin/python benchmarks/verdicts.py --from-dir /tmp/v   # the run_*.json of a folder

Exit status 1 when a verdict or a part flipped. Not a test: it takes minutes.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import _runs  # benchmarks/_runs.py, beside this script

from arraybench.results import RunResult, load

FLIPS = {frozenset({"agrees", "disagrees"})}


def run_once(out: Path, extra: Sequence[str]) -> float:
    cmd = [sys.executable, "-m", "arraybench", "run", "--quick", "--no-store", "-q"]
    cmd += ["--json", str(out), *extra]
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if not out.exists():
        sys.exit(f"arraybench run failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return time.perf_counter() - t0


def verdicts(r: RunResult) -> dict[str, str]:
    """Each experiment's verdict, and each applicable part's, by name."""
    out = {}
    for name, rec in r.extra.items():
        if not isinstance(rec, dict) or "answer" not in rec:
            continue
        ans = rec["answer"]
        out[name] = str(ans.get("verdict"))
        for part in ans.get("claims") or ():
            if part.get("applicable", True):
                out[f"{name}: {part['quantity']}"] = str(part["verdict"])
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    _runs.add_arguments(p, runs=5)
    args = p.parse_args(argv)
    paths = _runs.results(args, "verdicts", lambda path, extra: run_once(path, args.extra))[""]
    runs = [load(path) for path in paths]
    table = [verdicts(r) for r in runs]
    names = list(dict.fromkeys(n for t in table for n in t))
    flipped = []
    print(f"| verdict | {' | '.join(f'run {k + 1}' for k in range(len(runs)))} |")
    print(f"|---|{'---|' * len(runs)}")
    for name in names:
        seen = [t.get(name, "—") for t in table]
        flip = any(frozenset({a, b}) in FLIPS for a in seen for b in seen)
        if flip:
            flipped.append(name)
        mark = " **flips**" if flip else ""
        print(f"| {name}{mark} | {' | '.join(seen)} |")
    implausible = [
        f"run {k + 1}: {c.name}: {c.implausible}"
        for k, r in enumerate(runs)
        for c in r.cases
        if c.implausible
    ]
    print()
    print(f"{len(flipped)} of {len(names)} verdicts flipped between agrees and disagrees.")
    print(f"{len(implausible)} implausible cases (never used by an answer).")
    for line in implausible:
        print(f"  {line}")
    return 1 if flipped else 0


if __name__ == "__main__":
    sys.exit(main())
