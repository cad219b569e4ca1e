"""Calling the lint and verify commands in-process, as ``arraybench`` would."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from arraybench.base.errors import ArraybenchError, ConfigError
from arraybench.cli import lint, verify
from arraybench.cli import main as cli_main


def registered() -> bool:
    """Whether cli/main.py lists the lint and verify commands."""
    return lint in cli_main.COMMANDS and verify in cli_main.COMMANDS


def run(argv: Sequence[str]) -> int:
    """The exit code of ``arraybench ARGV``: through cli.main once the commands are registered,
    else through a parser with the same error handling (0 ok, 1 found/failed, 2 usage)."""
    if registered():
        try:
            return cli_main.main(list(argv))
        except SystemExit as e:  # argparse's own usage errors
            return int(e.code or 0)
    parser = argparse.ArgumentParser(prog="arraybench")
    sub = parser.add_subparsers(dest="command")
    for module in (lint, verify):
        module.add_parser(sub, [])
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as e:
        return int(e.code or 0)
    try:
        return int(args.handler(args))
    except ConfigError:
        return cli_main.EXIT_USAGE
    except ArraybenchError:
        return cli_main.EXIT_FAILED
