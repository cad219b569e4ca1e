"""The advisor's tests profile small programs in this process, two test workers on a machine
of two cores: BLAS's and torch's threads of both workers would wait on each other (a 16x256
matrix product timed at 15 ms a step where it takes 50 us), and what a run sees, which values
are looked at when, would be the load's. One thread each, as the development set is measured.

A test in a file that profiles programs (it calls ``profile(`` or the ``profile`` command) is
run a second time where it fails, once: what it asserts is what a run measured, on a machine
shared with the other worker and other users, whose speed changes for seconds at a time (a slow
spell in one of the two runs an assertion compares). The rerun is listed (``R`` in the summary,
"rerun" in its count); a test that fails twice fails. The others, which read no clock, run once.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from threadpoolctl import threadpool_limits


@pytest.fixture(autouse=True)
def _one_thread() -> Iterator[None]:
    torch = sys.modules.get("torch")
    before = torch.get_num_threads() if torch is not None else None
    if torch is not None:
        torch.set_num_threads(1)
    with threadpool_limits(limits=1):
        yield
    if torch is not None and before is not None:
        torch.set_num_threads(before)


_HERE = Path(__file__).parent
_MEASURES = ("profile(", '"profile"', "profile_score", "run_profile")


@functools.cache
def _profiles(path: Path) -> bool:
    """Whether the test file profiles programs: runs measured, not models with a fake clock."""
    text = path.read_text() if path.suffix == ".py" else ""
    return any(m in text for m in _MEASURES)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.pluginmanager.hasplugin("rerunfailures"):
        return  # (``-p no:rerunfailures``: each test once, as asked)
    for item in items:
        if _HERE in item.path.parents and _profiles(item.path):
            item.add_marker(pytest.mark.flaky(reruns=1))
