"""What calibration.py and verdicts.py share: runs in fresh processes, kept as run_NN.json."""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path


def add_variant_argument(p: argparse.ArgumentParser) -> None:
    """--variant NAME=ARGS, repeated: the runs of each round go through every variant in turn."""
    p.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME=ARGS",
        help="measure side by side: each round makes one run of every variant, in turn (ABBA "
        "from round to round), ARGS added to its arraybench run; e.g. --variant "
        "'fresh=--start fresh' --variant 'fork=--start fork'. A variant's ARGS may also set "
        "PYTHONPATH=FOLDER for another arraybench. Repeat for each",
    )


def variants(args: argparse.Namespace) -> dict[str, list[str]]:
    """The variants by name, each its extra arguments ({"": []} when none were given)."""
    out: dict[str, list[str]] = {}
    for spec in getattr(args, "variant", []):
        name, _, rest = spec.partition("=")
        if not name:
            raise SystemExit(f"--variant {spec!r}: give NAME=ARGS")
        out[name] = rest.split()
    return out or {"": []}


def rounds_order(names: list[str], k: int) -> list[str]:
    """Round ``k``'s order of the variants: as given in even rounds, reversed in odd ones, so
    that no variant always runs first after a pause (ABBA)."""
    return names if k % 2 == 0 else list(reversed(names))


def split_env(extra: list[str]) -> tuple[list[str], dict[str, str]]:
    """A variant's arguments without its ``NAME=VALUE`` environment settings, and those."""
    args, env = [], {}
    for a in extra:
        if "=" in a and not a.startswith("-") and a.split("=", 1)[0].isupper():
            key, value = a.split("=", 1)
            env[key] = value
        else:
            args.append(a)
    return args, env


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


def results(
    args: argparse.Namespace, prefix: str, run_once: Callable[[Path, list[str]], float]
) -> dict[str, list[Path]]:
    """By variant (:func:`variants`; ``""`` alone when none was given), the run_*.json of
    ``--from-dir`` (a variant's in a folder of its name); else ``--runs`` new runs of each,
    made in turn round by round (``run_once(path, extra)`` makes one and returns its seconds),
    kept in ``--keep`` or a temporary folder. Each variant's wall times are kept beside its
    runs (``seconds.txt``)."""
    named = variants(args)
    if args.from_dir:
        return {v: sorted((args.from_dir / v).glob("run_*.json")) for v in named}
    folder = args.keep or Path(tempfile.mkdtemp(prefix=f"arraybench-{prefix}-"))
    for v in named:
        (folder / v).mkdir(parents=True, exist_ok=True)
    for k in range(args.warmup_runs):
        for v in rounds_order(list(named), k):
            took = run_once(folder / v / f"warmup_{k:02d}.json", named[v])
            print(
                f"warm-up run {k + 1}/{args.warmup_runs} {v}: {took:.1f} s (not counted)",
                file=sys.stderr,
            )
    paths: dict[str, list[Path]] = {v: [] for v in named}
    for k in range(args.runs):
        for v in rounds_order(list(named), k):
            path = folder / v / f"run_{k:02d}.json"
            took = run_once(path, named[v])
            print(f"run {k + 1}/{args.runs} {v}: {took:.1f} s", file=sys.stderr)
            with open(folder / v / "seconds.txt", "a", encoding="utf-8") as f:
                f.write(f"{took:.2f}\n")
            paths[v].append(path)
    return paths
