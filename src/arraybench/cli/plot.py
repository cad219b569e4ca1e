"""``arraybench plot RESULTS -o DIR``: plots of saved results, as PNG and SVG files."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ._source import load_results

EXIT_OK, EXIT_FAILED = 0, 1


def add_parser(sub: Any, parents: list[Any]) -> None:
    p = sub.add_parser(
        "plot",
        parents=parents,
        help="plot saved results: time against size, speedup, fraction of peak, phases",
        description="Draw the plots of saved results, per workload: time per call against size "
        "with 95% CI bands, speed relative to the reference impl (or --baseline), the fraction "
        "of the machine's limit reached (when this machine's probe is cached and the results "
        "were measured here), and where the time goes (declared phases, first-call "
        "compilation). A run from several machines (run --cluster) gets a folder per machine "
        "in DIR. Prints the files written. Needs matplotlib.",
    )
    add_source_arguments(p)
    p.add_argument("-o", "--output", required=True, metavar="DIR", help="folder to write into")
    p.add_argument(
        "--format",
        default="png,svg",
        metavar="png,svg",
        help="file formats, comma-separated: png, svg, pdf (default: png,svg)",
    )
    p.add_argument(
        "--baseline",
        metavar="IMPL:BACKEND:DTYPE",
        default=None,
        help="the series speedups are relative to, e.g. vectorized:numpy:float64 "
        "(default: each workload's reference impl)",
    )
    p.set_defaults(handler=main)


def add_source_arguments(p: argparse.ArgumentParser) -> None:
    """RESULTS, ``--store`` and ``--no-profile``: shared with ``arraybench report``."""
    p.add_argument(
        "results", metavar="RESULTS", help="a results file (run --json) or a run id of the store"
    )
    p.add_argument(
        "--store", metavar="PATH", default=None, help="the history store to find run ids in"
    )
    p.add_argument(
        "--no-profile",
        action="store_true",
        help="leave out the fraction of peak even when this machine's probe is cached",
    )


def matching_profile(result: Any, wanted: bool = True) -> Any:
    """This machine's cached probe profile if the results were measured on this machine.

    Another machine's limits say nothing about these numbers, so they are not used.
    """
    if not wanted:
        return None
    from ..measure.profile import cached_for

    return cached_for(result)


def main(args: argparse.Namespace) -> int:
    formats = tuple(f.strip().lower() for f in args.format.split(",") if f.strip())
    result = load_results(args.results, args.store)
    profile = matching_profile(result, not args.no_profile)
    try:
        from ..report import plots

        if args.baseline is not None:
            plots.parse_baseline(args.baseline)  # a usage error before any drawing
        if len(result.machine_names) > 1:
            paths = _save_by_machine(result, args, formats)
        else:
            paths = plots.save(
                result, args.output, formats=formats, profile=profile, baseline=args.baseline
            )
    except ImportError as e:
        print(f"arraybench: error: {e}", file=sys.stderr)
        return EXIT_FAILED
    if not paths:
        print("arraybench: no plots: every case failed, so nothing was measured", file=sys.stderr)
        return EXIT_FAILED
    for path in paths:
        print(path)
    return EXIT_OK


def _save_by_machine(result: Any, args: argparse.Namespace, formats: tuple[str, ...]) -> list[Any]:
    """Each machine's plots in a folder of its own under ``args.output`` (cases of two machines
    share their series: one plot of both would mix them)."""
    from pathlib import Path

    from ..analysis.machines import machine_view
    from ..report import plots

    slugs = plots.Slugs()
    paths = []
    for name in result.machine_names:
        sub = machine_view(result, name)
        paths += plots.save(
            sub,
            Path(args.output) / slugs.take(name),
            formats=formats,
            profile=matching_profile(sub, not args.no_profile),
            baseline=args.baseline,
        )
    return paths
