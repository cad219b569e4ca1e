"""Shared fixtures: a fake clock, modelled kernels, and a fake backend registered for a test."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

from arraybench import backends
from arraybench.backends.fake import FakeBackend
from arraybench.measure.clock import FakeClock


@pytest.fixture(autouse=True)
def _own_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test (and the commands it starts) keeps its cache (the probe's profile, the
    machine's stability record) in a folder of its own: not the user's, and not another
    test's, whose runs would change what this one reads."""
    monkeypatch.setenv("ARRAYBENCH_CACHE", str(tmp_path_factory.mktemp("cache")))


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
