"""arraybench's analysis of its own sin2 run against an independent reference (timeit in fresh
processes), both saved in tests/data by benchmarks/validate_sin2.py on the same machine.

Deterministic: it reads saved measurements; nothing here is timed. The target (issue: within a
factor of 1.5) is the agreement of the fixed cost per call and of the size at which NumPy and
torch overtake the pure-Python loop.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import arraybench as ab
from arraybench.analysis.findings import analyze

DATA = Path(__file__).parent.parent / "data"
FACTOR = 1.5


@pytest.fixture(scope="module")
def both() -> tuple[dict, dict]:  # type: ignore[type-arg]
    reference = json.loads((DATA / "sin2_timeit.json").read_text())
    analysis = analyze(ab.load(DATA / "sin2_results.json"))
    fits = {(s[2], s[4]): f for s, f in analysis.fits.items()}
    crossings = {
        c.winner[2]: c
        for c in analysis.crossovers
        if c.loser[2] == "python" and c.winner[4] == "float32"
    }
    return reference, {"fits": fits, "crossings": crossings}


@pytest.mark.parametrize(
    ("backend", "dtype"), [("python", "float64"), ("numpy", "float32"), ("torch", "float32")]
)
def test_fixed_cost_agrees_with_timeit(
    both: tuple[dict, dict],
    backend: str,  # type: ignore[type-arg]
    dtype: str,
) -> None:
    reference, ours = both
    fit = ours["fits"][(backend, dtype)]
    ref = reference["fixed_cost"][backend]
    assert 1 / FACTOR <= fit.a / ref <= FACTOR, (backend, fit.a, ref)


@pytest.mark.parametrize("backend", ["numpy", "torch"])
def test_crossover_against_python_agrees_with_timeit(
    both: tuple[dict, dict],  # type: ignore[type-arg]
    backend: str,
) -> None:
    reference, ours = both
    c = ours["crossings"][backend]
    ref = reference["crossover_vs_python"][backend]
    assert c.status == "crosses" and c.size is not None
    assert 1 / FACTOR <= c.size / ref <= FACTOR, (backend, c.size, ref)
