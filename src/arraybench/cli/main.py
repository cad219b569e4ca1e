"""``arraybench``: the entry point. Exit codes: 0 success, 1 a failure at run time, 2 bad usage."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .. import __version__
from ..errors import ArraybenchError, ConfigError
from . import compare, env, explain, history, listing, plot, probe, report, run, show

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
COMMANDS = (run, explain, compare, history, show, plot, report, probe, listing, env)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="arraybench",
        description="Measure, check and explain the speed of array code across NumPy, PyTorch, "
        "JAX, HIPS autograd and pure Python.",
        epilog="Run 'arraybench COMMAND --help' for a command's options.",
    )
    parser.add_argument("--version", action="version", version=f"arraybench {__version__}")
    parser.add_argument(
        "--debug", action="store_true", help="show full tracebacks instead of one-line errors"
    )
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--debug",
        action="store_true",
        default=argparse.SUPPRESS,
        help="show full tracebacks instead of one-line errors",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMANDS:
        module.add_parser(sub, [common])
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_USAGE
    try:
        return int(args.handler(args))
    except ConfigError as e:
        if args.debug:
            raise
        print(f"arraybench: error: {e}", file=sys.stderr)
        return EXIT_USAGE
    except ArraybenchError as e:
        if args.debug:
            raise
        print(f"arraybench: error: {e}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        print("arraybench: interrupted", file=sys.stderr)
        return 130


def entry() -> None:  # pragma: no cover - the console script
    sys.exit(main())
