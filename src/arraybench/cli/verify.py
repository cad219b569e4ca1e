"""``arraybench verify OLD NEW``: a rewrite checked against the original, and timed against it."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..advise.verify import DEFAULT_BUDGET_S, DEFAULT_SIZES, load_function, verify
from ..base.errors import ConfigError
from ..base.units import format_size, format_time
from ..names import DTYPES
from ._args import parse_sizes, positive_float


def add_parser(sub: Any, parents: list[Any]) -> None:
    p = sub.add_parser(
        "verify",
        parents=parents,
        help="check that NEW computes what OLD does, and measure how much faster it is",
        description="Import OLD and NEW (each FILE.py:FUNCTION), run both on the same seeded "
        "inputs at each size, check that NEW's output matches OLD's (norm-wise relative error "
        "within the dtype's tolerance), and report the speedup with its 95% CI and the size "
        "from which one overtakes the other. By default each data parameter of OLD gets a "
        "float64 array of n standard-normal values; --inputs names a builder make(n, rng) "
        "returning a dict or a tuple of arguments. Exit 1 if they disagree (or one raises).",
    )
    p.add_argument("old", metavar="OLD", help="the original: FILE.py:FUNCTION")
    p.add_argument("new", metavar="NEW", help="the rewrite: FILE.py:FUNCTION")
    p.add_argument("--inputs", metavar="FILE.py:BUILDER", help="builder of the arguments")
    p.add_argument(
        "--sizes",
        type=parse_sizes,
        default=DEFAULT_SIZES,
        help="sizes: 1,10,100 or 1:1e4 (one per decade; default 1:1e4)",
    )
    p.add_argument(
        "--budget",
        type=positive_float,
        default=DEFAULT_BUDGET_S,
        help=f"seconds of measurement per function and size (default {DEFAULT_BUDGET_S})",
    )
    p.add_argument(
        "--backend",
        default="numpy",
        metavar="NAME[,NAME]",
        help="backend of both, or OLD's and NEW's: numpy (default), python (lists), torch, jax",
    )
    p.add_argument("--dtype", default="float64", choices=sorted(DTYPES), help="input dtype")
    p.add_argument("--device", default="cpu", help="device (cpu, cuda)")
    p.add_argument("--rtol", type=positive_float, help="tolerance of the agreement check")
    p.add_argument("--seed", type=int, default=0, help="seed of the inputs")
    p.add_argument("--json", action="store_true", help="print the verdict as JSON")
    p.add_argument("--save", metavar="PATH", help="also save the full run as a results JSON")
    p.set_defaults(handler=main)


def main(args: argparse.Namespace) -> int:
    backends = [b.strip() for b in args.backend.split(",") if b.strip()]
    if len(backends) not in (1, 2):
        raise ConfigError("--backend takes one name (both) or two: OLD's,NEW's")
    pair = (backends[0], backends[-1])
    old = load_function(args.old)
    new = load_function(args.new)
    inputs = load_function(args.inputs) if args.inputs else None
    v = verify(
        old,
        new,
        inputs=inputs,
        sizes=args.sizes,
        backends=pair,
        dtype=args.dtype,
        device=args.device,
        budget=args.budget,
        seed=args.seed,
        rtol=args.rtol,
    )
    if args.save:
        v.result.save(args.save)
    if args.json:
        print(json.dumps(v.to_dict(), indent=1))
        return 0 if v.agrees else 1
    olds = {c.size: c for c in v.result.cases if c.impl == v.old}
    news = {c.size: c for c in v.result.cases if c.impl == v.new}
    width = max(len(v.old), len(v.new), 4)
    print(f"{'n':>8}  {v.old:>{width}}  {v.new:>{width}}  {'speedup':>8}  agreement")
    for n in sorted(set(olds) | set(news)):
        a, b = olds.get(n), news.get(n)
        ta = format_time(a.measurement.median) if a and a.measurement else "failed"
        tb = format_time(b.measurement.median) if b and b.measurement else "failed"
        ratio = (
            f"{a.measurement.median / b.measurement.median:.3g}x"
            if a and b and a.measurement and b.measurement and b.measurement.median > 0
            else "—"
        )
        check = (
            ("exact" if b.check.max_rel_err == 0 else f"{b.check.max_rel_err:.1e}")
            + ("" if b.check.passed else " FAILS")
            if b and b.check
            else "—"
        )
        print(f"{format_size(n):>8}  {ta:>{width}}  {tb:>{width}}  {ratio:>8}  {check}")
    print()
    print(v.text())
    return 0 if v.agrees else 1
