"""y = sin(x)**2, elementwise, from 1 to 10**7 elements.

Question: "Why is a PyTorch model 10x slower than a pure Python function?" The published claim: for
small inputs a Python list comprehension beats PyTorch and NumPy, because each library call pays
a fixed cost (dispatch, allocation, conversion from a list) that a small input never amortises.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

import arraybench as ab
from arraybench.report.units import format_size, format_time
from arraybench.results import CaseResult, RunResult
from arraybench.suites.experiment import (
    AGREES,
    PARTLY,
    UNTESTED,
    Answer,
    Experiment,
    env_summary,
    first_size_faster,
    series,
)

sin2 = ab.Workload(
    "sin2",
    sizes=ab.logsizes(1, 10**7),
    description="y = sin(x)**2, elementwise",
    flops=lambda n: 2 * n,
    bytes=lambda n, itemsize: 2 * n * itemsize,
    quick_sizes=(1, 100, 10_000, 1_000_000),
)


@sin2.inputs
def make(n: int, rng: np.random.Generator) -> dict[str, Any]:
    return {"x": rng.uniform(-3.0, 3.0, n)}


@sin2.impl("python")
def loop(x: list[float]) -> list[float]:
    """The list comprehension the question starts from."""
    return [math.sin(v) ** 2 for v in x]


@sin2.impl("numpy", "torch", "jax")
def vectorized(x: Any, xp: Any) -> Any:
    """One vectorized expression, inputs already in the library's array type."""
    return xp.sin(x) ** 2


@sin2.impl("numpy", label="from list", inputs="python")
def numpy_from_list(x: list[float], dtype: str) -> Any:
    """Conversion from a Python list inside the clock, as in a function that takes lists."""
    return np.sin(np.asarray(x, dtype=dtype)) ** 2


@sin2.impl("torch", label="from list", inputs="python")
def torch_from_list(x: list[float], dtype: str, device: str) -> Any:
    """``torch.tensor(list)`` inside the clock: the usual reason small torch calls look slow."""
    import torch

    return torch.sin(torch.tensor(x, dtype=getattr(torch, dtype), device=device)) ** 2


def answer(result: RunResult, extra: Mapping[str, Any]) -> Answer:
    """Fixed cost per call at the smallest size, where each backend overtakes Python, and how
    much of the 'from list' time is the conversion."""
    py = series(result, workload="sin2", impl="loop", backend="python")
    if not py:
        return Answer(
            "the pure-Python case did not run, so there is nothing to compare with", UNTESTED
        )
    smallest = min(py)
    parts, overtakes = [], []
    for backend in ("numpy", "torch", "jax"):
        s = series(
            result,
            workload="sin2",
            impl="vectorized",
            backend=backend,
            dtype="float32",
            device="cpu",
        )
        if not s:
            continue
        if smallest in s:
            parts.append(f"{backend} {format_time(_med(s[smallest]))}")
        n = first_size_faster(s, py)
        overtakes.append(
            f"{backend} from n={format_size(n)}"
            if n is not None
            else f"{backend} never (in the sizes measured)"
        )
    fixed = (
        f"At n={smallest} a call costs: Python {format_time(_med(py[smallest]))}, "
        + ", ".join(parts)
        + " (float32)."
        if parts
        else ""
    )
    text = fixed + " Vectorized float32 overtakes the Python loop: " + "; ".join(overtakes) + "."
    conv = _conversion_share(result)
    if conv:
        text += " " + conv
    torch_s = series(
        result, workload="sin2", impl="vectorized", backend="torch", dtype="float32", device="cpu"
    )
    if not torch_s or smallest not in torch_s:
        return Answer(text.strip(), UNTESTED, "torch did not run")
    small_slower = _med(torch_s[smallest]) > _med(py[smallest])
    large = max(set(torch_s) & set(py))
    large_faster = _med(torch_s[large]) < _med(py[large])
    if small_slower and large_faster:
        return Answer(text.strip(), AGREES)
    why = (
        f"torch is {'slower' if not large_faster else 'faster'} than Python at n={large} "
        f"and {'slower' if small_slower else 'faster'} at n={smallest} "
        f"({env_summary(result, 'torch')})"
    )
    return Answer(text.strip(), PARTLY, why)


def _med(c: CaseResult) -> float:
    assert c.measurement is not None
    return c.measurement.median


def _conversion_share(result: RunResult) -> str:
    out = []
    for backend in ("numpy", "torch"):
        listed = series(
            result,
            workload="sin2",
            impl="from list",
            backend=backend,
            dtype="float32",
            device="cpu",
        )
        direct = series(
            result,
            workload="sin2",
            impl="vectorized",
            backend=backend,
            dtype="float32",
            device="cpu",
        )
        common = set(listed) & set(direct)
        if not common:
            continue
        n = max(common)
        share = 1 - _med(direct[n]) / _med(listed[n])
        out.append(f"{backend} {share:.0%}")
    if not out:
        return ""
    return (
        "Of the 'from list' time at the largest size, conversion from the list is: "
        + ", ".join(out)
        + "."
    )


EXPERIMENT = Experiment(
    name="sin2",
    title="Pure Python vs NumPy vs PyTorch vs JAX on a tiny elementwise function",
    question="Why is a PyTorch model 10x slower than a pure Python function?",
    claim="For small inputs a Python list comprehension beats PyTorch (and NumPy): every library "
    "call pays a fixed cost that small inputs never amortise; large inputs reverse the order.",
    workloads=[sin2],
    answer=answer,
)
