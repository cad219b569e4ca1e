"""``arraybench report RESULTS -o PATH``: one self-contained HTML file with everything."""

from __future__ import annotations

import argparse
from typing import Any

from ..analysis.findings import analyze
from ._source import load_results
from .plot import add_source_arguments, matching_profile

EXIT_OK = 0


def add_parser(sub: Any, parents: list[Any]) -> None:
    p = sub.add_parser(
        "report",
        parents=parents,
        help="write an HTML report of saved results (plots, tables, findings, answers)",
        description="Write one self-contained HTML file (no network needed to view it): the "
        "experiments' questions, answers and verdicts, the findings, per workload the plots and "
        "the results table, the cost models and crossovers, every failed case with its error, "
        "and the environment. Plots need matplotlib; without it the report is written without "
        "them and says so.",
    )
    add_source_arguments(p)
    p.add_argument("-o", "--output", required=True, metavar="PATH", help="the HTML file to write")
    p.add_argument(
        "--baseline",
        metavar="IMPL:BACKEND:DTYPE",
        default=None,
        help="the series the speedup plots compare with (default: each workload's reference)",
    )
    p.add_argument("--title", default="arraybench report", help="the page's title")
    p.add_argument("--no-plots", action="store_true", help="tables and text only (faster)")
    p.set_defaults(handler=main)


def main(args: argparse.Namespace) -> int:
    from ..report import html

    result = load_results(args.results, args.store)
    profile = matching_profile(result, not args.no_profile)
    if args.baseline is not None:
        from ..report.plots import parse_baseline

        parse_baseline(args.baseline)  # a usage error before any work
    # A run from several machines is analysed one machine at a time, by the report itself.
    analysis = analyze(result, profile) if not result.machine_names else None
    path = html.write(
        result,
        args.output,
        analysis,
        profile,
        title=args.title,
        plots=not args.no_plots,
        baseline=args.baseline,
    )
    print(path)
    # The report was written: failed cases are in it, and are not this command's failure.
    return EXIT_OK
