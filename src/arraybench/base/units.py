"""Human-readable numbers with units."""

from __future__ import annotations

import math

from .stats import Interval

_TIME_UNITS = ((1.0, "s"), (1e-3, "ms"), (1e-6, "µs"), (1e-9, "ns"))


def format_time(seconds: float, digits: int = 3) -> str:
    """``0.0000123`` -> ``"12.3 µs"``: three significant digits in the largest fitting unit."""
    if seconds is None or not math.isfinite(seconds):
        return "—"
    if seconds == 0:
        return "0 s"
    for scale, unit in _TIME_UNITS:
        if abs(seconds) >= scale:
            return f"{_sig(seconds / scale, digits)} {unit}"
    return f"{_sig(seconds / 1e-9, digits)} ns"


def format_size(n: int) -> str:
    """Sizes as people read them: 1000 -> 1e3 only when a power of ten, else with separators."""
    if n >= 1000 and 10 ** round(math.log10(n)) == n:
        return f"1e{round(math.log10(n))}"
    return f"{n:,}"


def format_ratio(x: float) -> str:
    """``1,234x``, ``12.3x``, ``1.23x``, ``0.123x``, ``0.0012x``: never ``0.00x`` for a ratio
    far below 1 (two significant digits there)."""
    if not math.isfinite(x):
        return "—"
    if x >= 100:
        return f"{x:,.0f}x"
    if x >= 10:
        return f"{x:.1f}x"
    if x >= 0.1 or x <= 0:
        return f"{x:.2f}x"
    return f"{_sig(x, 2)}x"


def _sig(x: float, digits: int) -> str:
    if x == 0:
        return "0"
    decimals = max(0, digits - 1 - math.floor(math.log10(abs(x))))
    return f"{x:.{decimals}f}"


def format_time_interval(low: float, high: float) -> str:
    """``"536–552 ns"`` (one unit when both ends share it), ``"980 µs–1.02 ms"`` otherwise."""
    a, b = format_time(low), format_time(high)
    ua, ub = a.rsplit(" ", 1), b.rsplit(" ", 1)
    if len(ua) == 2 and len(ub) == 2 and ua[1] == ub[1]:
        return f"{ua[0]}–{ub[0]} {ua[1]}"
    return f"{a}–{b}"


def format_interval(iv: Interval, kind: str = "time") -> str:
    """An interval as every report states it: ``"536–552 ns"`` at 95%, and as its bracketed
    [min–max] range, with the level it reaches, below 95% (too few blocks): ``"[0.98–1.3 s] 75%"``.
    ``kind`` is ``time`` (seconds) or ``ratio``."""
    if not (math.isfinite(iv.low) and math.isfinite(iv.high)):
        return "—"
    if kind == "ratio":
        text = f"{_ratio_bound(iv.low)}–{_ratio_bound(iv.high)}"
    else:
        text = format_time_interval(iv.low, iv.high)
    return text if iv.confident else f"[{text}] {iv.level:.0%}"


#: Shown in place of a case's interval when it is unstable (``Interval.unstable``: it reaches
#: further than ±50% of the median), in every table. It describes the absolute time only: the
#: case's standing (fastest, ★, tied) comes from ratios measured side by side, which cancel
#: what moved every case of the round.
UNSTABLE = "unstable"
#: The one line a report prints below its tables when a case is unstable (once per run).
UNSTABLE_ADVICE = (
    "unstable: the interval reaches further than ±50% of the median (a busy machine), so "
    "the time itself cannot tell (who is fastest still comes from the ratios measured side by "
    "side); raise --budget or --processes, or quiet the machine"
)


def format_case_interval(iv: Interval) -> str:
    """A case's interval as the tables state it (:func:`format_interval`), or ``"unstable"``
    when it reaches further than ±50% of its median."""
    return UNSTABLE if iv.unstable else format_interval(iv)


def format_ratio_with_interval(iv: Interval) -> str:
    """``"1.49x [1.40–1.58]"``: a ratio and its interval (bracketed range below 95%)."""
    if not math.isfinite(iv.value):
        return "—"
    inner = f"{_ratio_bound(iv.low)}–{_ratio_bound(iv.high)}"
    level = "" if iv.confident else f" {iv.level:.0%}"
    return f"{format_ratio(iv.value)} [{inner}]{level}"


def _ratio_bound(x: float) -> str:
    return format_ratio(x).removesuffix("x") if math.isfinite(x) else "—"


#: A ``±x%`` after a median says the interval reaches as far on both sides, to within this many
#: percent of the median; an interval more uneven than that is shown as its range.
SYMMETRIC_WITHIN = 0.05


def format_spread(iv: Interval) -> str:
    """How far a median's interval reaches, for a cell after the median: ``"±5%"`` when it is
    about even on both sides, else its range in the median's unit, ``"(9.50–16.8)"``. Below
    95% confidence (too few blocks) the range is the bracketed [min–max]: ``"~5%"``,
    ``"[9.50–16.8]"``. An interval
    that reaches further than ±50% of the median is ``"unstable"``: it cannot tell."""
    if iv.unstable:
        return UNSTABLE
    if not (iv.value > 0 and math.isfinite(iv.low) and math.isfinite(iv.high)):
        return ""
    down, up = (iv.value - iv.low) / iv.value, (iv.high - iv.value) / iv.value
    if abs(up - down) <= 2 * SYMMETRIC_WITHIN:
        half = max(up, down)
        pct = f"{half:.1%}" if half < 0.01 else f"{half:.0%}"
        return ("±" if iv.confident else "~") + pct
    scale = _unit_scale(iv.value)
    inner = f"{_sig(iv.low / scale, 3)}–{_sig(iv.high / scale, 3)}"
    return f"({inner})" if iv.confident else f"[{inner}]"


def _unit_scale(seconds: float) -> float:
    """The scale of the unit ``format_time`` writes ``seconds`` in."""
    for scale, _ in _TIME_UNITS:
        if abs(seconds) >= scale:
            return scale
    return 1e-9
