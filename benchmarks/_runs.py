"""What calibration.py and verdicts.py share: runs in fresh processes, kept as run_NN.json."""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path


def add_arguments(p: argparse.ArgumentParser, runs: int) -> None:
    """--runs, --keep, --from-dir and the arguments passed on to ``arraybench run``."""
    p.add_argument("--runs", type=int, default=runs, help=f"runs, each a fresh process ({runs})")
    p.add_argument(
        "--warmup-runs",
        type=int,
        default=0,
        help="runs made first and not counted (kept as warmup_NN.json): a machine just started "
        "(a lent GPU machine, say) reads 10-40%% slower for its first minute or two (0)",
    )
    p.add_argument("--keep", type=Path, help="keep each run's results JSON in this folder")
    p.add_argument("--from-dir", type=Path, help="read the run_*.json of a folder instead")
    p.add_argument("extra", nargs="*", help="more arguments for arraybench run (after --)")


def results(args: argparse.Namespace, prefix: str, run_once: Callable[[Path], float]) -> list[Path]:
    """The run_*.json of ``--from-dir``; else ``--runs`` new runs (``run_once(path)`` makes one
    and returns its seconds), kept in ``--keep`` or a temporary folder."""
    if args.from_dir:
        return sorted(args.from_dir.glob("run_*.json"))
    folder = args.keep or Path(tempfile.mkdtemp(prefix=f"arraybench-{prefix}-"))
    folder.mkdir(parents=True, exist_ok=True)
    for k in range(args.warmup_runs):
        took = run_once(folder / f"warmup_{k:02d}.json")
        print(
            f"warm-up run {k + 1}/{args.warmup_runs}: {took:.1f} s (not counted)", file=sys.stderr
        )
    paths = []
    for k in range(args.runs):
        path = folder / f"run_{k:02d}.json"
        took = run_once(path)
        print(f"run {k + 1}/{args.runs}: {took:.1f} s", file=sys.stderr)
        paths.append(path)
    return paths
