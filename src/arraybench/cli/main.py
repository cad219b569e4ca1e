"""``arraybench``: the entry point. Exit codes: 0 success, 1 a failure at run time, 2 bad usage,
130 stopped by Ctrl-C (SIGINT), 143 by SIGTERM (``run`` stops on it as on Ctrl-C)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ..base.errors import ArraybenchError, ConfigError
from ..base.interrupts import exit_code
from ..base.version import __version__
from . import (
    compare,
    env,
    explain,
    history,
    lint,
    listing,
    plot,
    probe,
    profile,
    report,
    run,
    show,
    verify,
)
from ._args import Parser

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
COMMANDS = (
    run,
    explain,
    compare,
    history,
    show,
    plot,
    report,
    probe,
    lint,
    profile,
    verify,
    listing,
    env,
)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
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
    args, extras = parser.parse_known_args(argv)
    if extras:  # a command's unknown option: that command's error, pointing at its --help
        command = parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction) and args.command is not None:
                command = action.choices[args.command]
        command.error(f"unrecognized arguments: {' '.join(extras)}")
    if args.command is None:
        parser.print_help()
        return EXIT_USAGE
    try:
        return int(args.handler(args))
    except ConfigError as e:
        if args.debug:
            raise
        _print_error(str(e), e)
        return EXIT_USAGE
    except ArraybenchError as e:
        if args.debug:
            raise
        _print_error(str(e), e)
        return EXIT_FAILED
    except OSError as e:  # a file that cannot be read or written: the user can fix it
        if args.debug:
            raise
        where = f"{e.filename}: " if e.filename else ""
        _print_error(f"{where}{e.strerror or e}", e)
        return EXIT_FAILED
    except Exception as e:  # a bug: one line, and how to see (and report) the rest
        if args.debug:
            raise
        _print_error(
            f"unexpected {type(e).__name__}: {e}. This is a bug in arraybench or in code it "
            "ran: run again with --debug for the traceback, and please report it",
            None,
        )
        return EXIT_FAILED
    except KeyboardInterrupt as e:  # Ctrl-C, or SIGTERM where the command stops on it (run)
        code = exit_code(e)
        print(f"arraybench: {'terminated' if code == 143 else 'interrupted'}", file=sys.stderr)
        return code


def _print_error(message: str, e: BaseException | None) -> None:
    """``arraybench: error: ...`` on stderr; a hint when a traceback was kept for --debug."""
    print(f"arraybench: error: {message}", file=sys.stderr)
    # Only a cause from outside arraybench (the user's code, the system) has a traceback worth
    # reading; an ArraybenchError's message already says everything.
    if e is not None and e.__cause__ is not None and not isinstance(e.__cause__, ArraybenchError):
        print("  (run again with --debug to see the traceback)", file=sys.stderr)


def entry() -> None:  # pragma: no cover - the console script
    sys.exit(main())
