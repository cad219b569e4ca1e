"""What a torch model's dtype and autograd cost, measured on the model itself after the run.

A model that runs in float64 (AB401) or records autograd graphs it never uses (AB402) costs a
share of its calls that depends on the model and the machine: a wide matrix product in float64
takes about twice its float32 time on a CPU, a tiny network mostly pays Python and autograd
bookkeeping. So rather than guess, ``profile`` keeps the models the sampler saw and, once the
program has ended, calls each again on random inputs of the shape it saw, in turns: float64
against a float32 copy (under ``no_grad`` both), and with autograd on against ``no_grad``. The
program's own model is called, but the program is over: nothing it computed can change.
"""

from __future__ import annotations

import copy
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

#: Paired calls of each variant at most, and the seconds a measurement may take by default
#: (profile gives it a quarter of the program's time, within 0.5-3 s: the overhead stays
#: within the 3x of the program's own time it is allowed).
PAIRS = 7
BUDGET_S = 3.0
#: Inputs larger than this (elements) are not made again for a measurement.
MAX_ELEMENTS = 50_000_000


def _timed(fn: Callable[[], Any], sync: Callable[[], None]) -> float:
    t0 = time.perf_counter()
    fn()
    sync()
    return time.perf_counter() - t0


def _ratios(
    slow: Callable[[], Any], fast: Callable[[], Any], sync: Callable[[], None], budget: float
) -> tuple[float, float, float] | None:
    """Median and range of slow/fast over paired calls (a warm-up of each first), as many
    pairs as ``budget`` seconds hold (3 to PAIRS); None when 3 pairs would take far longer."""
    per_pair = _timed(slow, sync) + _timed(fast, sync)
    if 3 * per_pair > 4 * budget:
        return None
    pairs = int(min(PAIRS, max(3, budget / max(per_pair, 1e-9))))
    ratios: list[float] = []
    for _ in range(pairs):
        a = _timed(slow, sync)
        b = _timed(fast, sync)
        if b > 0:
            ratios.append(a / b)
    if len(ratios) < 3:
        return None
    return statistics.median(ratios), min(ratios), max(ratios)


def _setup(model: Any, shape: tuple[int, ...], dtype: str) -> tuple[Any, Any, Callable[[], None]]:
    torch = sys.modules["torch"]
    p = next(iter(model.parameters()))
    n = 1
    for d in shape:
        n *= d
    if not shape or n > MAX_ELEMENTS:
        raise ValueError("input too large to make again")
    x = torch.randn(*shape, dtype=getattr(torch, dtype), device=p.device)
    sync = torch.cuda.synchronize if p.device.type == "cuda" else (lambda: None)
    return torch, x, sync


def float32_speedup(
    model: Any, shape: tuple[int, ...], budget: float = BUDGET_S
) -> tuple[float, float, float] | None:
    """How many times faster a float32 copy of the float64 model runs on an input of this shape:
    (median, low, high) over paired calls; None when it cannot be measured."""
    try:
        torch, x, sync = _setup(model, shape, "float64")
        m32 = copy.deepcopy(model).float()
        x32 = x.float()
        with torch.no_grad():
            return _ratios(lambda: model(x), lambda: m32(x32), sync, budget)
    except Exception:
        return None


#: At most this many calls in a row for a model whose output is fed back as its input
#: (``state = model(state)``): with autograd on, each call extends one graph that keeps all the
#: earlier calls' activations alive, so the cost grows with the length of the chain.
CHAIN_MAX = 1_000


def no_grad_speedup(
    model: Any, shape: tuple[int, ...], dtype: str, chain: int = 1, budget: float = BUDGET_S
) -> tuple[float, float, float] | None:
    """How many times faster the model runs under ``torch.no_grad()`` than with autograd on;
    ``chain``: that many calls in a row, each fed the last one's output, as the program does
    (the graph and the activations it keeps grow with it)."""
    try:
        torch, x, sync = _setup(model, shape, dtype)
        calls = max(1, min(chain, CHAIN_MAX))

        def run() -> Any:
            y = x
            for _ in range(calls):
                y = model(y)
            return y

        def with_grad() -> Any:
            with torch.enable_grad():
                return run()

        def without() -> Any:
            with torch.no_grad():
                return run()

        return _ratios(with_grad, without, sync, budget)
    except Exception:
        return None


def refactor_speedup(
    n: int, rhs: tuple[int, ...], solver: str, budget: float = BUDGET_S
) -> tuple[float, float, float] | None:
    """How many times faster a system with an n x n matrix is solved from a factorization made
    once (``lu_solve``; ``inv(A) @ b`` where SciPy is missing) than factored each time
    (``solve``), on random data of the shapes seen."""
    try:
        import numpy as np

        rng = np.random.default_rng(0)
        a = rng.standard_normal((n, n)) + n * np.eye(n)
        b = rng.standard_normal(rhs or (n,))
        try:
            import scipy.linalg as sla  # type: ignore[import-untyped]

            factors = sla.lu_factor(a)

            def once() -> Any:
                return sla.lu_solve(factors, b)

            def each() -> Any:
                return sla.solve(a, b) if solver == "solve" else sla.inv(a) @ b

        except ImportError:
            inv = np.linalg.inv(a)

            def once() -> Any:
                return inv @ b

            def each() -> Any:
                return np.linalg.solve(a, b) if solver == "solve" else np.linalg.inv(a) @ b

        return _ratios(each, once, lambda: None, budget)
    except Exception:
        return None
