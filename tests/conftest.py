"""Shared fixtures: a fake clock, modelled kernels, and a fake backend registered for a test."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

from arraybench import backends
from arraybench.backends.fake import FakeBackend
from arraybench.measure.clock import FakeClock


def pytest_configure(config: pytest.Config) -> None:
    """The suite's runs (and the commands it starts) keep their cache (the probe's profile, the
    machine's stability record) in a folder of their own, not the user's."""
    import os
    import tempfile

    if "ARRAYBENCH_CACHE" not in os.environ:
        os.environ["ARRAYBENCH_CACHE"] = tempfile.mkdtemp(prefix="arraybench-test-cache-")


@pytest.fixture
def clock() -> FakeClock:
    # 50 ns per clock read, about what perf_counter_ns costs on a real machine.
    return FakeClock(read_cost_ns=50)


def kernel(
    clock: FakeClock, cost: float | Callable[[], float], out: Any = None
) -> Callable[[], Any]:
    """A function that 'takes' ``cost`` seconds of fake time per call (or cost() if callable)."""

    def call() -> Any:
        clock.advance(cost() if callable(cost) else cost)
        return out

    return call


def noisy(rng: np.random.Generator, base: float, rel_sd: float) -> Callable[[], float]:
    """Seeded log-normal costs around ``base``: the same 'noise' on every run."""
    return lambda: float(base * rng.lognormal(0.0, rel_sd))


@pytest.fixture
def fake_backend() -> Iterator[FakeBackend]:
    b = FakeBackend("fake")
    with backends.registered(b):
        yield b
