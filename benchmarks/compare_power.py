"""Does ``arraybench compare`` call noise a change, and does it see a real one?

Runs benchmarks/compare_cases.py (8 cases: Python, NumPy, PyTorch, and a NumPy impl whose work
is a parameter) K times as it is and K times each with the tunable impl made 10% and 25% slower,
each run a fresh ``arraybench run`` process at default settings, in turns (base, +10%, +25%,
base, ...) so the machine's slow and fast spells fall on all three alike. Then compares:

    false alarms  every pair of base runs (i < j): the share of case comparisons that say
                  "slower" or "faster" (target <= 1%)
    power         every base run against every slowed run: the share of pairs in which the
                  tunable impl at n=1e5 is called "slower" (targets: >= 90% at +10%, 100% at
                  +25%); the other 7 cases count towards false alarms too

and states how often each verdict came out, so "cannot tell" is visible.

    .venv/bin/python benchmarks/compare_power.py --runs 5          # 15 runs, ~6 minutes
    .venv/bin/python benchmarks/compare_power.py --keep /tmp/cp     # keep each run's JSON
    .venv/bin/python benchmarks/compare_power.py --from-dir /tmp/cp # analyse saved runs again

Not a test: its figures belong to the machine and the hour it ran in.
"""

from __future__ import annotations

import argparse
import collections
import itertools
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from arraybench.analysis.compare import FASTER, SLOWER, compare
from arraybench.results import RunResult, load

HERE = Path(__file__).resolve().parent
CASES = HERE / "compare_cases.py"
SLOWDOWNS = (0.0, 0.10, 0.25)
TARGET = ("compare_cases", "tunable", "numpy", "cpu", "float64", 100_000)


def run_once(out: Path, slower: float, extra: Sequence[str]) -> float:
    cmd = [sys.executable, "-m", "arraybench", "run", str(CASES), "--no-store", "-q"]
    cmd += ["--json", str(out), *extra]
    env = dict(os.environ, ARRAYBENCH_SLOWER=str(slower))
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if proc.returncode not in (0, 1) or not out.exists():
        sys.exit(f"arraybench run failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return time.perf_counter() - t0


def analyse(runs: dict[float, list[RunResult]]) -> str:
    base = runs[0.0]
    verdicts: collections.Counter[str] = collections.Counter()
    alarms = pairs = 0
    for a, b in itertools.combinations(base, 2):
        for c in compare(a, b).cases:
            verdicts[c.verdict] += 1
            pairs += 1
            alarms += c.verdict in (SLOWER, FASTER)
    lines = [
        f"false alarms: {alarms} of {pairs} case comparisons between identical runs "
        f"({alarms / max(pairs, 1):.1%}); verdicts: {dict(verdicts)}"
    ]
    for slower in SLOWDOWNS[1:]:
        hit = n = others = other_alarms = 0
        seen: collections.Counter[str] = collections.Counter()
        ratios = []
        for a, b in itertools.product(base, runs[slower]):
            for c in compare(a, b).cases:
                if c.key == TARGET:
                    n += 1
                    hit += c.verdict == SLOWER
                    seen[c.verdict] += 1
                    ratios.append(f"{c.ratio:.3f} [{c.ratio_ci[0]:.3f}-{c.ratio_ci[1]:.3f}]")
                elif c.key[1] != "tunable":
                    others += 1
                    other_alarms += c.verdict in (SLOWER, FASTER)
        lines.append(
            f"+{slower:.0%}: tunable n=1e5 called slower in {hit} of {n} pairs "
            f"({hit / max(n, 1):.0%}); verdicts {dict(seen)}; other cases' false alarms "
            f"{other_alarms} of {others}"
        )
        lines.append("   ratios: " + ", ".join(ratios[:12]) + (" ..." if len(ratios) > 12 else ""))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=5, help="runs of each of the three variants")
    p.add_argument("--keep", type=Path, help="keep each run's results JSON in this folder")
    p.add_argument("--from-dir", type=Path, help="analyse the JSON of a --keep folder instead")
    p.add_argument("extra", nargs="*", help="more arguments for arraybench run (after --)")
    args = p.parse_args(argv)
    folder = args.from_dir or args.keep or Path(tempfile.mkdtemp(prefix="arraybench-power-"))
    if not args.from_dir:
        folder.mkdir(parents=True, exist_ok=True)
        for k in range(args.runs):
            for slower in SLOWDOWNS:
                path = folder / f"run_{k:02d}_{round(slower * 100):02d}.json"
                took = run_once(path, slower, args.extra)
                print(f"run {k + 1}/{args.runs} +{slower:.0%}: {took:.1f} s", file=sys.stderr)
    runs: dict[float, list[RunResult]] = {s: [] for s in SLOWDOWNS}
    for s in SLOWDOWNS:
        runs[s] = [load(f) for f in sorted(folder.glob(f"run_*_{round(s * 100):02d}.json"))]
    count = sum(map(len, runs.values()))
    print(f"{count} runs from {folder}, load average {os.getloadavg()[0]:.2f}")
    print(analyse(runs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
