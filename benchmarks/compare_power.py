"""Does ``arraybench compare`` call noise a change, and does it see a real one?

Runs benchmarks/compare_cases.py (8 cases: Python, NumPy, PyTorch, and a NumPy impl whose work
is a parameter) K times as it is and K times each with the tunable impl made 10% and 25% slower,
each run a fresh ``arraybench run`` process at default settings, in turns (base, +10%, +25%,
base, ...) so the machine's slow and fast spells fall on all three alike. Then compares:

    false alarms  every pair of base runs (i < j): the share of case comparisons that say
                  "slower" or "faster" (target <= 1%)
    power         every base run against every slowed run: the share of pairs in which the
                  tunable impl at n=1e5 is called "slower" (targets: >= 90% at +10%, 100% at
                  +25%); the other 6 cases (not the tunable impl at n=1e3, also slowed) count
                  towards false alarms too

each by two rules: the case's own ratio alone (``absolute_verdict``) and compare's final
verdict (its own ratio where it decides, else its move against the run's other cases:
analysis/relative.py), and states how often each verdict came out, so "cannot tell" is
visible, and where the relative reading was on.

    .venv/bin/python benchmarks/compare_power.py --runs 5          # 15 runs, ~6 minutes
    .venv/bin/python benchmarks/compare_power.py --keep /tmp/cp     # keep each run's JSON
    .venv/bin/python benchmarks/compare_power.py --from-dir /tmp/cp # analyse saved runs again
    .venv/bin/python benchmarks/compare_power.py --from-dir /tmp/cp --control vectorized

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

import _runs  # benchmarks/_runs.py, beside this script

from arraybench.analysis.compare import FASTER, SLOWER, Comparison, compare
from arraybench.results import RunResult, load

HERE = Path(__file__).resolve().parent
CASES = HERE / "compare_cases.py"
SLOWDOWNS = (0.0, 0.10, 0.25)
TARGET = ("compare_cases", "tunable", "numpy", "cpu", "float64", 100_000)


def run_once(out: Path, slower: float, extra: Sequence[str]) -> float:
    args, variant_env = _runs.split_env(list(extra))
    cmd = [sys.executable, "-m", "arraybench", "run", str(CASES), "--no-store", "-q"]
    cmd += ["--json", str(out), *args]
    env = dict(os.environ, ARRAYBENCH_SLOWER=str(slower), **variant_env)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if proc.returncode not in (0, 1) or not out.exists():
        sys.exit(f"arraybench run failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return time.perf_counter() - t0


#: The two rules compared: a case's own ratio alone, and the final verdict (its own ratio where
#: it decides, else its move against the run's other cases: analysis/relative.py).
RULES = (("absolute only", "absolute_verdict"), ("final (absolute, then relative)", "verdict"))


def analyse(runs: dict[float, list[RunResult]], control: str | None = None) -> str:
    base = runs[0.0]
    same = [compare(a, b, control=control) for a, b in itertools.combinations(base, 2)]
    slowed = {
        s: [compare(a, b, control=control) for a, b in itertools.product(base, runs[s])]
        for s in SLOWDOWNS[1:]
    }
    lines = []
    rules = RULES
    if control is not None:
        rules = (RULES[0], (f"final (absolute, then against {control}, then relative)", "verdict"))
    for label, attr in rules:
        lines.append(f"rule: {label}")
        verdicts: collections.Counter[str] = collections.Counter()
        for comparison in same:
            verdicts.update(getattr(c, attr) for c in comparison.cases)
        pairs = sum(verdicts.values())
        alarms = verdicts[SLOWER] + verdicts[FASTER]
        lines.append(
            f"  false alarms: {alarms} of {pairs} case comparisons between identical runs "
            f"({alarms / max(pairs, 1):.1%}); verdicts: {dict(verdicts)}"
        )
        for slower, comparisons in slowed.items():
            lines += _power(slower, comparisons, attr)
    lines += _relative_state(same, slowed)
    return "\n".join(lines)


def _power(slower: float, comparisons: list[Comparison], attr: str) -> list[str]:
    """How often the slowed case is called slower, and the other cases' false alarms."""
    hit = n = others = other_alarms = relative = by_control = 0
    seen: collections.Counter[str] = collections.Counter()
    ratios = []
    for comparison in comparisons:
        for c in comparison.cases:
            verdict = getattr(c, attr)
            if c.key == TARGET:
                n += 1
                hit += verdict == SLOWER
                relative += verdict == SLOWER and attr == "verdict" and c.by_relative
                by_control += verdict == SLOWER and attr == "verdict" and c.by_control
                seen[verdict] += 1
                ratio, lo, hi = c.decisive if attr == "verdict" else (c.ratio, *c.ratio_ci)
                ratios.append(f"{ratio:.3f} [{lo:.3f}-{hi:.3f}]")
            elif c.key[1] != "tunable":
                others += 1
                other_alarms += verdict in (SLOWER, FASTER)
    return [
        f"  +{slower:.0%}: tunable n=1e5 called slower in {hit} of {n} pairs "
        f"({hit / max(n, 1):.0%}{f', {relative} by the relative reading' if relative else ''}"
        f"{f', {by_control} by the control' if by_control else ''}); "
        f"verdicts {dict(seen)}; other cases' false alarms "
        f"{other_alarms} of {others}",
        "     ratios: " + ", ".join(ratios[:8]) + (" ..." if len(ratios) > 8 else ""),
    ]


def _relative_state(same: list[Comparison], slowed: dict[float, list[Comparison]]) -> list[str]:
    """Where the relative reading was on, the run's common moves, and why it was off."""
    lines = ["relative reading:"]
    for label, comparisons in (("identical", same), *((f"+{s:.0%}", c) for s, c in slowed.items())):
        read = sum(c.relative_read for c in comparisons)
        cases = sum(len(c.cases) for c in comparisons)
        off: collections.Counter[str] = collections.Counter()
        for c in comparisons:
            off.update(dict(c.relative_off))
        moves = sorted(c.common_move for c in comparisons if c.common_move is not None)
        spread = f"common moves {moves[0]:.3f}-{moves[-1]:.3f}" if moves else "no common move"
        lines.append(f"  {label}: {read} of {cases} cases read; {spread}; off: {dict(off)}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=5, help="runs of each of the three variants")
    p.add_argument("--keep", type=Path, help="keep each run's results JSON in this folder")
    p.add_argument("--from-dir", type=Path, help="analyse the JSON of a --keep folder instead")
    p.add_argument(
        "--control",
        help="also read each case against this impl (compare --control: 'vectorized' is the "
        "NumPy impl doing the tunable one's work beside it)",
    )
    p.add_argument("extra", nargs="*", help="more arguments for arraybench run (after --)")
    _runs.add_variant_argument(p)
    args = p.parse_args(argv)
    named = _runs.variants(args)
    folder = args.from_dir or args.keep or Path(tempfile.mkdtemp(prefix="arraybench-power-"))
    if not args.from_dir:
        for v in named:
            (folder / v).mkdir(parents=True, exist_ok=True)
        for k in range(args.runs):
            for slower in SLOWDOWNS:
                for v in _runs.rounds_order(list(named), k):
                    path = folder / v / f"run_{k:02d}_{round(slower * 100):02d}.json"
                    took = run_once(path, slower, [*args.extra, *named[v]])
                    print(
                        f"run {k + 1}/{args.runs} +{slower:.0%} {v}: {took:.1f} s", file=sys.stderr
                    )
    for v in named:
        if v:
            print(f"\n### variant {v}: {' '.join(named[v])}\n")
        report(folder / v, args.control)
    return 0


def report(folder: Path, control: str | None) -> None:
    runs: dict[float, list[RunResult]] = {s: [] for s in SLOWDOWNS}
    for s in SLOWDOWNS:
        runs[s] = [load(f) for f in sorted(folder.glob(f"run_*_{round(s * 100):02d}.json"))]
    every = [r for rs in runs.values() for r in rs]
    loads = [r.env["load_average"][0] for r in every if r.env.get("load_average")]
    busy = f"load average {min(loads):.1f}-{max(loads):.1f}" if loads else "load not recorded"
    procs = sorted({str(r.config.get("processes")) for r in every})
    print(
        f"{len(every)} runs from {folder} (--processes {', '.join(procs)}; {busy} at their start)"
    )
    print(analyse(runs, control))


if __name__ == "__main__":
    raise SystemExit(main())
