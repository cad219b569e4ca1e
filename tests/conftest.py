"""Shared fixtures: a fake clock, modelled kernels, and a fake backend registered for a test."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

from arraybench import backends
from arraybench.backends.fake import FakeBackend
from arraybench.measure import sampling
from arraybench.measure.clock import FakeClock

#: The read costs of the fake clocks that tests run the engine on (the ``clock`` fixture's 50 ns,
#: and FakeClock()'s 0).
FAKE_READ_COSTS = (0, 50)


def pytest_sessionstart(session: pytest.Session) -> None:
    """Measure the fake clocks' harness floors once, here, for every run of the session to reuse.

    A run measures the floor of the clock it is given (~16 million no-op calls, a second), and a
    fake clock's floor depends on its read cost alone, so the engine keeps one per read cost
    (measure/sampling.py). Measuring it here, at the bottom of the stack, also keeps those calls
    off the boundary of CPython 3.11's frame-stack chunks: a loop whose calls cross it allocates
    and frees a chunk on every call, 100 times slower (python/cpython#142183), which at the
    depth of a pytester session in an xdist worker made one test take four minutes."""
    if getattr(session.config.option, "numprocesses", None) and not hasattr(
        session.config, "workerinput"
    ):
        return  # pytest-xdist's controller: its workers run the tests
    for read_cost in FAKE_READ_COSTS:
        sampling._floor(FakeClock(read_cost_ns=read_cost))


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
