"""``arraybench lint PATH...``: slow array patterns in Python files, found without running them."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..advise.codes import RULES
from ..advise.lint import check_codes, lint_paths
from ..advise.output.sarif import to_sarif
from ..advise.output.text import lint_text, rules_text
from ..base.errors import ConfigError
from ..base.files import atomic_write

FORMATS = ("text", "json", "sarif")


def add_parser(sub: Any, parents: list[Any]) -> None:
    p = sub.add_parser(
        "lint",
        parents=parents,
        help="find slow array patterns (element loops, syncs in loops, unsynced GPU timing...)",
        description="Read Python files (directories: every *.py below, skipping .venv, .git, "
        "__pycache__) and report NumPy/PyTorch/JAX patterns that cost time: Python loops over "
        "elements, syncs and transfers inside loops, arrays grown in loops, GPU code timed "
        "without synchronizing, float64 fed to torch models, inference without no_grad, jit "
        "inside loops. Each finding has a code, the line, and the rewrite. A finding in loops "
        "whose count the code does not show (for c in coefs: three or a million) is possible: "
        "counted, and listed with --all. Silence one with a "
        "comment on its line: '# arraybench: ignore[AB101]' (or '# arraybench: ignore'). "
        "Exit 1 when something is found (or a file cannot be read), 0 when clean, 2 on bad "
        "usage.",
    )
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or directories to check")
    p.add_argument(
        "--format", choices=FORMATS, default="text", help="text (default), json, or sarif 2.1.0"
    )
    p.add_argument(
        "--select",
        metavar="CODES",
        help="only these codes or prefixes, comma-separated (AB1,AB201)",
    )
    p.add_argument("--ignore", metavar="CODES", help="leave out these codes or prefixes")
    p.add_argument(
        "--all",
        action="store_true",
        dest="possible",
        help="also list the possible findings: patterns in loops whose count the code does not "
        "show (slow only if they run many times)",
    )
    p.add_argument("-o", "--output", metavar="FILE", help="write the report to FILE")
    p.add_argument("--rules", action="store_true", help="list the rules and exit")
    p.set_defaults(handler=main)


def main(args: argparse.Namespace) -> int:
    if args.rules:
        _emit(args, rules_text())
        return 0
    if not args.paths:
        raise ConfigError("name at least one file or directory to check, e.g. arraybench lint src/")
    select = _codes(args.select, "--select")
    ignore = _codes(args.ignore, "--ignore")
    try:
        report = lint_paths(args.paths, select, ignore, possible=args.possible)
    except FileNotFoundError as e:
        raise ConfigError(str(e)) from None
    if args.format == "json":
        text = json.dumps(report.to_dict(), indent=1)
    elif args.format == "sarif":
        text = json.dumps(to_sarif(report), indent=1)
    else:
        text = lint_text(report)
    _emit(args, text)
    return 0 if report.clean else 1


def _codes(text: str | None, option: str) -> list[str] | None:
    if not text:
        return None
    codes = [c.strip().upper() for c in text.split(",") if c.strip()]
    unknown = check_codes(codes)
    if unknown:
        raise ConfigError(
            f"{option}: no rule matches {', '.join(unknown)}; the codes are {', '.join(RULES)} "
            "(arraybench lint --rules describes them)"
        )
    return codes


def _emit(args: argparse.Namespace, text: str) -> None:
    if args.output:
        atomic_write(args.output, text + "\n")
    else:
        sys.stdout.write(text + "\n")
