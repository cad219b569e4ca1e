"""Where the time goes: parts charged on a fake clock add up to the wall time, a worker's parts
replace the parent's wait for it, imports are their own part, and the timing loop never pays for
the import hook."""

from __future__ import annotations

import builtins
import sys
from pathlib import Path

import pytest

from arraybench.measure import walltime
from arraybench.measure.walltime import (
    COMPILATION,
    IMPORTS,
    MEASURING,
    OTHER,
    START_UP,
    WAITING,
    WallTime,
    measuring,
    watching_imports,
)
from arraybench.results import RunResult, TimeSplit


class Ticks:
    """A clock that moves only when told to."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_time_is_charged_to_the_innermost_part_and_the_parts_add_up() -> None:
    now = Ticks()
    wall = WallTime(now)
    now.t += 1.0  # outside any part: other
    with wall.part(START_UP):
        now.t += 2.0
        with wall.part(COMPILATION):
            now.t += 5.0
        now.t += 0.5
    with wall.part(MEASURING):
        now.t += 3.0
    assert wall.totals() == {OTHER: 1.0, START_UP: 2.5, COMPILATION: 5.0, MEASURING: 3.0}
    split = wall.split({}, wall=now.t)
    assert split.parts == {START_UP: 2.5, COMPILATION: 5.0, MEASURING: 3.0, OTHER: 1.0}
    assert sum(split.parts.values()) == pytest.approx(split.wall)


def test_a_workers_parts_replace_the_wait_for_it_and_the_rest_is_other() -> None:
    now = Ticks()
    wall = WallTime(now)
    with wall.waiting():
        now.t += 10.0
    # The worker says where its 9 s went; the last second was the pipe and JSON.
    wall.absorb({IMPORTS: 4.0, MEASURING: 5.0})
    split = wall.split({}, wall=10.0)
    assert split.parts == pytest.approx({IMPORTS: 4.0, MEASURING: 5.0, OTHER: 1.0})
    # A worker never accounts for more than the parent waited: its parts shrink to fit.
    with wall.waiting():
        now.t += 2.0
    wall.absorb({MEASURING: 4.0})
    assert wall.totals()[MEASURING] == pytest.approx(7.0)
    assert wall.totals()[WAITING] == pytest.approx(1.0)  # the first wait's pipe and JSON


def test_take_reports_the_parts_since_the_last_reply() -> None:
    now = Ticks()
    wall = WallTime(now)
    with wall.part(MEASURING):
        now.t += 2.0
    assert wall.take() == {MEASURING: 2.0}
    now.t += 1.0
    with wall.part(MEASURING):
        now.t += 0.5
    assert wall.take() == {OTHER: 1.0, MEASURING: 0.5}
    assert wall.take() == {}


def test_a_command_starts_in_start_up_with_the_process_age_and_moves_on() -> None:
    now = Ticks()
    wall = WallTime(now)
    now.t += 7.0  # before the command began: forgotten, its age stands for it
    wall.restart(START_UP, before=0.8)
    now.t += 0.2
    wall.rebase(OTHER)
    now.t += 1.0
    assert wall.totals() == pytest.approx({START_UP: 1.0, OTHER: 1.0})
    age = walltime.process_age()
    assert age is None or age > 0


def test_an_import_is_its_own_part_and_the_hook_goes_back(tmp_path: Path) -> None:
    (tmp_path / "ab_slow_module_for_walltime.py").write_text("import time\ntime.sleep(0.05)\n")
    sys.path.insert(0, str(tmp_path))
    wall = WallTime()
    original = builtins.__import__
    try:
        with watching_imports(wall), wall.part(COMPILATION):
            import ab_slow_module_for_walltime  # noqa: F401
        assert builtins.__import__ is original
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("ab_slow_module_for_walltime", None)
    totals = wall.totals()
    assert totals[IMPORTS] >= 0.05  # the sleep inside the import counts there
    assert totals.get(COMPILATION, 0.0) < totals[IMPORTS]


def test_measuring_takes_the_import_hook_out_of_the_timing_loop() -> None:
    wall = WallTime()
    with watching_imports(wall):
        hooked = builtins.__import__
        assert isinstance(hooked, walltime._ImportWatch)  # the hook is in
        with measuring(wall):
            assert builtins.__import__ is not hooked  # an impl's `import` costs what it costs
        assert builtins.__import__ is hooked


def test_the_split_is_kept_in_the_results_file_and_old_files_have_none() -> None:
    split = TimeSplit.of(10.0, {"measuring": 4.0, "extras loops": 1.0, "start-up": 2.0})
    assert list(split.parts) == ["start-up", "measuring", "extras loops", "other"]
    assert split.parts["other"] == pytest.approx(3.0)
    result = RunResult(cases=(), time=split)
    back = RunResult.from_dict(result.to_dict())
    assert back.time == split
    old = result.to_dict()
    del old["time"]
    assert RunResult.from_dict(old).time is None
    total = TimeSplit.total([split, TimeSplit.of(5.0, {"measuring": 5.0})])
    assert total.wall == 15.0 and total.parts["measuring"] == 9.0
