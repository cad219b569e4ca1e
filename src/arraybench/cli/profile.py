"""``arraybench profile script.py [args...]`` / ``-m module [args...]``: run the program, report its
slow patterns by what they cost."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..advise.output.html import profile_html
from ..advise.output.sarif import profile_sarif
from ..advise.output.text import profile_text, rules_text
from ..advise.profile import profile
from ..advise.records import WORTH_SHARE
from ..advise.run.launch import Target
from ..base.errors import ConfigError
from ..base.files import atomic_write

FORMATS = ("text", "json", "sarif", "html")
#: the format ``-o FILE`` writes when --format is not given, by the file's suffix (any other: text)
SUFFIX_FORMATS = {".json": "json", ".sarif": "sarif", ".html": "html", ".htm": "html"}


def add_parser(sub: Any, parents: list[Any]) -> None:
    p = sub.add_parser(
        "profile",
        parents=parents,
        help="run your program and rank its slow array patterns by measured time",
        description="Run a Python program here, as 'python script.py args' or 'python -m module "
        "args' would (its arguments, output and exit status pass through), then report the slow "
        "array patterns in your own files ranked by what they cost in this run: lint's findings "
        "confirmed or dropped by what the run showed (counts, types, dtypes, devices, shapes), "
        "and what only a run shows (element loops over arrays, conversions and syncs per "
        "iteration, repeated compilations). Each finding gives its measured time and share, "
        "its count, what the rewrite would save, and the rewrite. Findings whose rewrite would "
        f"save under {WORTH_SHARE:.0%} of the run are counted, not listed (--all lists them). "
        "Times are sampled every millisecond; line counts come from line_profiler running in "
        "bursts "
        "(a quarter of the run) and its cost is measured and taken out. Options go before the "
        "script: everything after it is the program's.",
    )
    p.add_argument(
        "-m",
        dest="module",
        nargs=argparse.REMAINDER,
        metavar="MODULE [ARGS]",
        help="run a module, as python -m does (everything after it is the module's)",
    )
    p.add_argument(
        "--format",
        choices=FORMATS,
        default=None,
        help="text, json, sarif or html (default: from -o's file name, .json/.sarif/.html; "
        "otherwise text)",
    )
    p.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write the report to FILE, in the format its name says (FILE.json, FILE.sarif, "
        "FILE.html) unless --format says another",
    )
    p.add_argument(
        "--html",
        metavar="FILE",
        help="also write an HTML page: the hot files' source "
        "with time and counts per line and the findings inline",
    )
    p.add_argument(
        "--all",
        action="store_true",
        dest="show_all",
        help=f"also list findings whose rewrite would save under {WORTH_SHARE * 100:.0f}%% of "
        "the run and the candidates the run dropped, with the reason",
    )
    p.add_argument(
        "--rules",
        action="store_true",
        help="list the rules a run confirms (lint's) and those only a run shows, and exit",
    )
    p.add_argument(
        "program",
        nargs=argparse.REMAINDER,
        metavar="SCRIPT [ARGS]",
        help="the script and its arguments (with -m: the module's arguments)",
    )
    p.set_defaults(handler=main)


def parse_target(args: argparse.Namespace) -> Target:
    rest = list(args.program)
    if rest and rest[0] == "--":
        rest = rest[1:]
    if args.module is not None:
        if not args.module:
            raise ConfigError("-m needs a module name: arraybench profile -m pytest tests/")
        return Target(module=args.module[0], args=(*args.module[1:], *rest))
    if not rest:
        raise ConfigError(
            "name the program to run: arraybench profile script.py [args], or -m module [args]"
        )
    return Target(script=Path(rest[0]), args=tuple(rest[1:]))


def report_format(given: str | None, output: str | None) -> str:
    """The format to write: the one asked for, else the one ``-o``'s file name says, else text
    (``-o out.json`` that wrote text into a .json file was a trap)."""
    if given is not None:
        return given
    if output is None:
        return "text"
    return SUFFIX_FORMATS.get(Path(output).suffix.lower(), "text")


def main(args: argparse.Namespace) -> int:
    if args.rules:
        _emit(args.output, rules_text(run=True))
        return 0
    fmt = report_format(args.format, args.output)
    target = parse_target(args)
    target.check()
    report = profile(target)
    sys.stdout.flush()
    sys.stderr.flush()
    if fmt == "json":
        text = json.dumps(report.to_dict(), indent=1)
    elif fmt == "sarif":
        text = json.dumps(profile_sarif(report), indent=1)
    elif fmt == "html":
        text = profile_html(report)
    else:
        text = profile_text(report, show_all=args.show_all)
    _emit(args.output, text, "\n" if fmt == "text" else "")
    if args.html:
        atomic_write(args.html, profile_html(report))
        if fmt == "text" and not args.output:
            sys.stdout.write(f"HTML: {args.html}\n")
    # the program's exit status is the command's: a CI step that runs a profile fails with it
    return report.outcome.status


def _emit(output: str | None, text: str, lead: str = "") -> None:
    """The report (or the rules) into ``output``, else on stdout after ``lead``."""
    if output:
        atomic_write(output, text + "\n")
    else:
        sys.stdout.write(lead + text + "\n")
