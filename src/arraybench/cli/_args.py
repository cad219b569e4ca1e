"""Parsing helpers shared by the commands."""

from __future__ import annotations

import argparse
import math
import re
import sys
from typing import NoReturn

from ..base.errors import WorkloadError
from ..config import parse_names
from ..names import MAX_SIZE, suggest, validate_sizes
from ..workload import logsizes

__all__ = ["Parser", "parse_names", "parse_sizes", "parse_target"]

#: argparse's words for a value outside ``choices`` (a command, ``--format``...).
_INVALID_CHOICE = re.compile(r"invalid choice: '([^']*)' \(choose from (.*)\)")


class Parser(argparse.ArgumentParser):
    """argparse, with a usage error said in one line and a pointer to ``--help``, not the whole
    usage block first, and a likely command or value for a misspelt choice."""

    def error(self, message: str) -> NoReturn:
        """``arraybench run: error: ...`` and ``  see 'arraybench run --help'``; exit 2."""
        m = _INVALID_CHOICE.search(message)
        if m:
            known = [c.strip().strip("'") for c in m.group(2).split(",")]
            message += suggest(m.group(1), known)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        print(f"  see '{self.prog} --help'", file=sys.stderr)
        raise SystemExit(2)


def parse_sizes(text: str) -> tuple[int, ...]:
    """``"1,10,100"`` (a list), ``"1:1e6"`` (one per decade), ``"1:1e6:3"`` (three per decade).

    Raises:
        argparse.ArgumentTypeError: naming the part at fault and what to write instead (argparse
            exits with 2).
    """
    if ":" in text:
        parts = text.split(":")
        if len(parts) not in (2, 3):
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a range of sizes: write LO:HI (one size per decade) or "
                "LO:HI:K (K per decade), e.g. 1:1e6"
            )
        lo, hi = (_size(p, text) for p in parts[:2])
        if lo > hi:
            a, b = parts[0].strip(), parts[1].strip()
            raise argparse.ArgumentTypeError(
                f"the range {text!r} goes down: its first size ({a}) is larger than its last "
                f"({b}); write the smaller first, {b}:{a}"
                + (f":{parts[2].strip()}" if len(parts) == 3 else "")
            )
        per = _whole(parts[2], text, "sizes per decade") if len(parts) == 3 else 1
        try:
            return logsizes(lo, hi, per)
        except WorkloadError as e:  # too many sizes: the rule in its own words
            raise argparse.ArgumentTypeError(str(e)) from None
    parts = [p for p in text.split(",") if p.strip()]
    if not parts:
        raise argparse.ArgumentTypeError(
            f"{text!r} names no size: use 1,10,100 or a range 1:1e6 (one size per decade) or "
            "1:1e6:3 (three per decade)"
        )
    return validate_sizes([_size(p, text) for p in parts], "--sizes")


def _size(part: str, text: str) -> int:
    """One size of ``--sizes``: a whole number from 1 to the largest an array can be."""
    return _whole(part, text, "sizes")


def _whole(part: str, text: str, what: str) -> int:
    """``part`` of ``text`` as a whole number >= 1 (``1e6`` and ``1_000`` included), or an
    ArgumentTypeError that names the part: "sizes must be ≥ 1; got 0 in '0,10'"."""
    word = part.strip()
    where = "" if word == text.strip() else f" in {text!r}"
    try:
        value: float = int(word)
    except ValueError:
        try:
            value = float(word)
        except ValueError:
            value = math.nan
    if math.isnan(value) or not word:
        raise argparse.ArgumentTypeError(
            f"{word!r}{where} is not a number: {what} are whole numbers, e.g. --sizes 1,10,100 "
            "or a range 1:1e6 (one size per decade) or 1:1e6:3 (three per decade)"
        )
    if value < 1:
        raise argparse.ArgumentTypeError(f"{what} must be ≥ 1; got {word}{where}")
    if value > MAX_SIZE:
        raise argparse.ArgumentTypeError(
            f"{word}{where} is larger than any array can be (2**63 - 1)"
        )
    if value != int(value):
        raise argparse.ArgumentTypeError(f"{what} are whole numbers; got {word}{where}")
    return int(value)


def parse_target(text: str) -> float:
    """``"2%"`` or ``"0.02"``."""
    try:
        value = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a precision: use 2% or 0.02") from None
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: the target must be between 0% and 100%")
    return value


def parse_threads(text: str) -> int:
    """``"4"`` or ``"all"`` (every core this process may use)."""
    if text.strip().lower() == "all":
        from ..backends.base import usable_cores

        return usable_cores()
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a thread count: use a number such as 1 or 4, or 'all'"
        ) from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: threads must be at least 1")
    return value


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0 or not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r}: must be above 0 and finite")
    return value


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: must be at least 1")
    return value
