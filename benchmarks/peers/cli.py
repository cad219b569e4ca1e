"""The command line: measure (or reload saved data), write the page's part, print the verdicts."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from .kernels import KERNELS, Kernel, by_name
from .measure import measure_all
from .plan import QUICK_ROUNDS, ROUNDS
from .reference import REPEATS_PER_ROUND
from .render import BEGIN, END, render, write_part
from .verdicts import verdicts

ROOT = Path(__file__).resolve().parents[2]
DOC_OUT = ROOT / "docs" / "performance.md"
#: Wait for a 1-minute load under this before measuring (2 cores: one of them free).
DEFAULT_MAX_LOAD = 1.0


def _kernels(text: str) -> tuple[Kernel, ...]:
    try:
        return by_name(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def parser() -> argparse.ArgumentParser:
    """The command line's options."""
    p = argparse.ArgumentParser(
        prog="python -m benchmarks.peers",
        description="arraybench against timeit, torch.utils.benchmark, pyperf and "
        "pytest-benchmark on seven kernels (30 ns to 100 ms), interleaved; writes its part of "
        f"{DOC_OUT.relative_to(ROOT)} (between the lines {BEGIN} and {END}).",
        epilog="kernels: " + ", ".join(k.name for k in KERNELS),
    )
    p.add_argument(
        "--quick",
        action="store_true",
        help=f"{QUICK_ROUNDS} rounds, pyperf --fast only (~4 minutes; a look, not the figures)",
    )
    p.add_argument("--rounds", type=int, help=f"runs per tool per kernel (default {ROUNDS})")
    p.add_argument("--kernels", type=_kernels, default=KERNELS, help="comma-separated names")
    p.add_argument("--no-pyperf-default", action="store_true", help="skip pyperf's default run")
    p.add_argument(
        "--out",
        type=Path,
        default=DOC_OUT,
        help="the Markdown page to write the part into (a new file: a page of its own)",
    )
    p.add_argument("--json", type=Path, help="also save the raw data here")
    p.add_argument(
        "--from-json", type=Path, help="render the part from saved data; measure nothing"
    )
    p.add_argument(
        "--max-load", type=float, default=DEFAULT_MAX_LOAD, help="wait for a load under this"
    )
    p.add_argument("--wait", type=float, default=120.0, help="the longest wait, seconds")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Measure (or reload), write the part of the page, print the verdicts.

    Args:
        argv: the arguments (default: sys.argv[1:]).

    Returns:
        The exit status: 0; 1 when a tool failed or the page has no markers.
    """
    p = parser()
    args = p.parse_args(argv)
    if args.rounds is not None and args.rounds < 2:
        p.error("--rounds must be at least 2 (repeatability needs two runs)")
    if args.from_json:
        data = json.loads(args.from_json.read_text())
    else:
        rounds = args.rounds or (QUICK_ROUNDS if args.quick else ROUNDS)
        words = sys.argv[1:] if argv is None else list(argv)
        try:
            data = measure_all(
                args.kernels,
                rounds,
                not (args.quick or args.no_pyperf_default),
                REPEATS_PER_ROUND,
                args.max_load,
                args.wait,
                " ".join(["python -m benchmarks.peers", *words]),
            )
        except (RuntimeError, ImportError) as e:
            print(f"error: {e}", file=sys.stderr)
            return 1
        if args.json:
            args.json.write_text(json.dumps(data, indent=1) + "\n")
    try:
        write_part(args.out, render(data))
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    for v in verdicts(data):
        print(f"{'met ' if v.met else 'MISS'}  {v.figure}: {v.text}")
    print(f"wrote {args.out}")
    return 0
