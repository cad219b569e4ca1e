"""The machine's stability record: each run's canary remembered, the run-to-run drift from it."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from arraybench.analysis import stability
from arraybench.analysis.compare import SLOWER, compare
from arraybench.measure.canary import CANARY_KEY, FORMAT
from arraybench.measurement import Measurement
from arraybench.results import OK, CaseResult, RunResult


def canary_extra(factor: float) -> dict[str, Any]:
    base = {"python": 20e-6, "copy": 100e-6, "gemm": 10e-6}
    readings = [[float(t), {k: v * factor for k, v in base.items()}] for t in range(5)]
    return {CANARY_KEY: {"format": FORMAT, "kinds": list(base), "readings": readings}}


def when(minutes: float) -> str:
    start = dt.datetime(2026, 11, 26, 6, 0, tzinfo=dt.UTC)
    return (start + dt.timedelta(minutes=minutes)).isoformat()


def test_runs_are_remembered_and_their_drift_is_the_95th_percentile(tmp_path: Path) -> None:
    where = tmp_path / "stability.json"
    assert stability.load(where).drift is None
    factors = [1.0, 1.05, 1.0, 0.97, 1.0, 1.1, 1.0]
    for k, f in enumerate(factors):
        stability.remember(when(5 * k), canary_extra(f), where)
    record = stability.load(where)
    assert len(record.runs) == len(factors)
    assert len(record.changes()) == 6
    assert record.drift == pytest.approx(0.1, rel=1e-6)  # the largest of 6 changes
    assert "moved up to 10%" in record.describe()
    # A run without a canary is not remembered; one more than an hour after the last does not
    # make a pair with it.
    assert stability.remember(when(40), {}, where) is None
    stability.remember(when(200), canary_extra(2.0), where)
    assert len(stability.load(where).changes()) == 6


def test_a_record_of_another_version_or_damaged_reads_as_empty(tmp_path: Path) -> None:
    where = tmp_path / "stability.json"
    where.write_text(json.dumps({"version": 99, "runs": []}))
    assert stability.load(where).runs == ()
    where.write_text("{not json")
    assert stability.load(where).runs == ()
    assert "4 are needed" in stability.load(where).describe()


def one_case(median: float, first_round: int) -> RunResult:
    s = tuple(median * (1 + 0.001 * k) for k in range(-20, 20))
    rounds = tuple(range(first_round, first_round + 8))
    m = Measurement(samples=s, loops=1, first_call=median, blocks=(5,) * 8, rounds=rounds)
    return RunResult((CaseResult("w", "f", "numpy", "cpu", "float64", 10, OK, measurement=m),))


def test_without_canaries_a_known_drift_widens_the_comparison() -> None:
    a, b = one_case(1.0e-3, 0), one_case(1.15e-3, 100)
    (plain,) = compare(a, b).cases
    assert plain.verdict == SLOWER
    cmp = compare(a, b, drift=0.1)
    (wide,) = cmp.cases
    assert cmp.widened == 0.1
    assert wide.ratio == plain.ratio
    assert wide.ratio_ci[0] == pytest.approx(plain.ratio_ci[0] / 1.1)
    assert wide.ratio_ci[1] == pytest.approx(plain.ratio_ci[1] * 1.1)
    assert wide.verdict != SLOWER
