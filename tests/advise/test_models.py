"""The after-run measurements of run/models.py: what runs around the timed calls. Never a
wall-clock assertion."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from arraybench.advise.run import models


def test_the_hook_runs_before_each_timed_call_outside_its_time() -> None:
    order: list[str] = []
    got = models._ratios(
        lambda: order.append("slow"),
        lambda: order.append("fast"),
        lambda: None,
        budget=0.01,
        before=lambda: order.append("before"),
    )
    assert got is not None
    assert order[:4] == ["before", "slow", "before", "fast"]
    assert order.count("before") == order.count("slow") + order.count("fast")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc_trim")
def test_the_heap_is_given_back_with_glibc() -> None:
    release = models._heap_release()
    assert release is not None
    release()  # and it can be called


def test_a_chain_of_calls_with_autograd_is_timed_on_fresh_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # ``state = model(state)``: each call's activations stay alive in one graph and take memory
    # the program had not used; the heap is given back before each timed chain (never for one
    # call, whose graph is freed and its memory reused)
    torch = pytest.importorskip("torch")
    released: list[int] = []

    def release() -> Any:
        return lambda: released.append(1)

    monkeypatch.setattr(models, "_heap_release", release)
    model = torch.nn.Sequential(torch.nn.Linear(2, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
    # (a budget far above the calls' time: a tight one gives None when a loaded machine makes
    # the first pair slow, which is the budget's rule, not this test's)
    got = models.no_grad_speedup(model, (16, 2), "float32", chain=50, budget=5.0)
    assert got is not None and len(released) >= 8  # a warm-up pair and 3+ pairs
    released.clear()
    assert models.no_grad_speedup(model, (16, 2), "float32", chain=1, budget=5.0) is not None
    assert released == []
