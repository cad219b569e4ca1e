"""The thread policy: 1 thread per library by default, shown with every result, and pools that
would fight for the cores named before their figures are trusted."""

from __future__ import annotations

import argparse

import pytest

import arraybench as ab
from arraybench.backends.base import usable_cores
from arraybench.backends.fake import FakeBackend
from arraybench.cli._args import parse_threads
from arraybench.config import DEFAULT_THREADS, RunConfig
from arraybench.measure import threads as T
from arraybench.measure.clock import FakeClock


def test_the_default_is_one_thread_per_library() -> None:
    assert RunConfig().threads == DEFAULT_THREADS == 1
    assert "1 thread per library" in T.policy(1, 16)
    assert "every usable core" in T.policy(16, 16)
    assert "as found" in T.policy(None, 16)


def test_two_pools_of_all_cores_are_oversubscription() -> None:
    note = T.oversubscription({"numpy": 16, "torch": 16, "python": 1}, 16)
    assert note is not None
    assert "numpy (16 threads) and torch (16 threads)" in note and "32 threads on 16 cores" in note
    assert "--threads 1" in note and "--threads 8" in note


@pytest.mark.parametrize(
    "sizes",
    [{"numpy": 1, "torch": 1}, {"numpy": 16, "torch": 1}, {"numpy": 8, "torch": 8}, {}],
)
def test_one_pool_or_pools_within_the_cores_are_fine(sizes: dict[str, int]) -> None:
    assert T.oversubscription(sizes, 16) is None


def test_pools_read_each_library_and_jax_from_its_start_up() -> None:
    env = {
        "backends": {
            "numpy": {"threads": 4},
            "torch": {"threads": 4},
            "jax": {"threads": "fixed at process start"},
            "cupy": {"available": False},
        }
    }
    # In worker processes JAX starts with the run's count in its environment.
    assert T.pools(env, 16, 4, workers=True) == {"numpy": 4, "torch": 4, "jax": 4}
    # In this process it kept the pool it started with: every core unless XLA_FLAGS says.
    assert T.pools(env, 16, 4, workers=False)["jax"] in (16, *range(1, 17))


def test_every_run_records_its_thread_policy(clock: FakeClock, fake_backend: FakeBackend) -> None:
    import numpy as np

    w = ab.Workload("t", sizes=(10,))

    @w.inputs
    def make(n: int, rng: np.random.Generator) -> dict[str, object]:
        return {"x": rng.standard_normal(n)}

    @w.impl("numpy")
    def ref(x: object) -> object:
        clock.advance(1e-6)
        return x

    result = ab.run(w, clock=clock, budget=0.01)
    threads = result.env["threads"]
    assert threads["policy"].startswith("1 thread per library")
    assert threads["pools"]["numpy"] == 1
    assert "oversubscribed" not in threads
    assert result.config["threads"] == 1


def test_the_command_line_takes_a_count_or_all() -> None:
    assert parse_threads("3") == 3
    assert parse_threads("all") == usable_cores()
    for bad in ("0", "-2", "many"):
        with pytest.raises(argparse.ArgumentTypeError):
            parse_threads(bad)
