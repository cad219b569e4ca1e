"""Parsing helpers shared by the commands."""

from __future__ import annotations

import argparse
import math

from ..config import parse_names
from ..errors import WorkloadError
from ..workload import logsizes, validate_sizes

__all__ = ["parse_names", "parse_sizes", "parse_target"]


def parse_sizes(text: str) -> tuple[int, ...]:
    """``"1,10,100"`` (a list), ``"1:1e6"`` (one per decade), ``"1:1e6:3"`` (three per decade).

    Raises:
        argparse.ArgumentTypeError: saying which forms are accepted (argparse exits with 2).
    """
    try:
        if ":" in text:
            parts = text.split(":")
            if len(parts) not in (2, 3):
                raise ValueError
            lo, hi = (_int(p) for p in parts[:2])
            per = int(parts[2]) if len(parts) == 3 else 1
            return logsizes(lo, hi, per)
        return validate_sizes([_int(p) for p in text.split(",") if p.strip()], "--sizes")
    except WorkloadError as e:  # the rules of sizes, said in their own words
        raise argparse.ArgumentTypeError(str(e)) from None
    except (ValueError, ArithmeticError):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a list of sizes: use 1,10,100 or a range 1:1e6 "
            "(one size per decade) or 1:1e6:3 (three per decade)"
        ) from None


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
        from ..measure.env import usable_cores

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


def _int(text: str) -> int:
    value = float(text.strip())
    if value != int(value) or value < 1:
        raise ValueError(text)
    return int(value)
