"""Where a run's time went: the one line every run ends with, and the split of ``-v``."""

from __future__ import annotations

from arraybench.report.timing import time_line
from arraybench.results import RunResult, TimeSplit


def test_every_run_ends_with_one_line_measuring_first_then_the_largest_parts() -> None:
    parts = {
        "start-up": 3.1,
        "imports": 50.7,
        "compilation": 21.6,
        "first calls": 1.2,
        "inputs and checks": 10.8,
        "measuring": 16.3,
        "extras loops": 0.4,
        "extras tensors": 0.6,
        "reporting": 0.7,
    }
    run = RunResult(cases=(), time=TimeSplit.of(111.6, parts))
    assert time_line(run) == (
        "112 s: measuring 16.3 s (15%), imports 50.7 s, compilation 21.6 s, inputs and checks "
        "10.8 s, start-up 3.1 s, the rest 9.1 s"
    )


def test_a_run_without_its_split_has_no_line() -> None:
    assert time_line(RunResult(cases=())) is None
