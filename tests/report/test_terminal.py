"""The terminal table's check cell: a check, nothing to compare with, or unchecked."""

from __future__ import annotations

from dataclasses import replace

from arraybench.report.terminal import _cells
from arraybench.results import NO_REFERENCE, REFERENCE_UNAVAILABLE, Check

from .test_plots import case, run

CHECK = -2  # the check cell: the one before the notes


def test_one_impl_with_nothing_to_compare_with_shows_a_dash() -> None:
    c = replace(case("solo", "torch", 10, 1e-6), unchecked=NO_REFERENCE)
    assert _cells(run(c), c, [], False)[CHECK] == "—"


def test_a_missing_reference_or_checking_off_is_a_yellow_unchecked() -> None:
    lost = replace(case("lost", "torch", 10, 1e-6), unchecked=REFERENCE_UNAVAILABLE)
    off = case("off", "torch", 10, 1e-6)
    for c in (lost, off):
        assert _cells(run(c), c, [], False)[CHECK] == "[yellow]unchecked[/yellow]"


def test_python_in_float32_says_it_computed_in_double() -> None:
    c = replace(
        case("loop", "python", 10, 1e-6, dtype="float32"),
        check=Check(True, 1e-9, 3e-8, 1e-4),
        computed_in="float64",
    )
    assert _cells(run(c), c, [], False)[CHECK] == "[green]✓[/green] 3e-08 [dim](in float64)[/dim]"
