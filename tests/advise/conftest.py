"""The advisor's tests profile small programs in this process, two test workers on a machine
of two cores: BLAS's and torch's threads of both workers would wait on each other (a 16x256
matrix product timed at 15 ms a step where it takes 50 us), and what a run sees, which values
are looked at when, would be the load's. One thread each, as the development set is measured."""

from __future__ import annotations

import sys
from collections.abc import Iterator

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
