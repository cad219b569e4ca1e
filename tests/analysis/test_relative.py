"""Each case read against the run's other cases (analysis/relative.py), and compare's final
verdict from it, on fake runs measured as arraybench measures: several processes, the cases of
one size taking turns in rounds, each round's machine speed slowing every case of it alike."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np
import pytest

from arraybench.analysis import relative
from arraybench.analysis.compare import (
    FASTER,
    RELATIVE,
    SLOWER,
    UNSURE,
    CaseComparison,
    Comparison,
    compare,
)
from arraybench.base import stats
from arraybench.measurement import Measurement
from arraybench.results import OK, CaseResult, RunResult

IMPLS = {"loop": "python", "vectorized": "numpy", "torch_vec": "torch", "tunable": "numpy"}
COST = {"loop": 80e-6, "vectorized": 4e-6, "torch_vec": 5e-6, "tunable": 4.4e-6}
SIZES = (1_000, 100_000)
TUNABLE = ("w", "tunable", "numpy", "cpu", "float64", 100_000)


def measured_run(
    seed: int,
    slow: Mapping[tuple[str, int], float] | None = None,
    *,
    sizes: Sequence[int] = SIZES,
    processes: int = 4,
    rounds: int = 6,
    per_block: int = 5,
    process_sd: float = 0.08,
    round_sd: float = 0.02,
) -> RunResult:
    """A run of 4 impls at each size, in ``processes`` processes of ``rounds`` rounds each.

    The machine's speed in each process (log-normal, ``process_sd``) and in each round
    (``round_sd``) slows every case of the round alike: that is what makes a case's own
    interval across runs wide, and what reading it against the others takes out. Each
    process's memory layout moves each case by 0.3%, each sample by 0.3%. ``slow`` multiplies
    the cost of (impl, size).
    """
    rng = np.random.default_rng(seed)
    states = rng.lognormal(0.0, process_sd, processes)
    rid = seed * 1_000_000  # round ids never repeat across runs: nothing pairs them
    cases = []
    for n in sizes:
        samples: dict[str, list[float]] = {impl: [] for impl in IMPLS}
        ids: list[int] = []
        for state in states:
            layout = {impl: rng.lognormal(0.0, 0.003) for impl in IMPLS}
            for _ in range(rounds):
                rid += 1
                ids.append(rid)
                speed = state * rng.lognormal(0.0, round_sd)
                for impl in IMPLS:
                    cost = COST[impl] * n / 1_000 * (slow or {}).get((impl, n), 1.0)
                    block = cost * layout[impl] * speed * rng.lognormal(0.0, 0.003, per_block)
                    samples[impl] += [float(v) for v in block]
        for impl, backend in IMPLS.items():
            m = Measurement(
                samples=tuple(samples[impl]),
                loops=1,
                first_call=samples[impl][0],
                blocks=(per_block,) * (processes * rounds),
                rounds=tuple(ids),
                processes=(rounds,) * processes,
            )
            cases.append(CaseResult("w", impl, backend, "cpu", "float64", n, OK, measurement=m))
    return RunResult(cases=tuple(cases), env={"hostname": "host-a"}, started=f"run {seed}")


def alarms(c: Comparison) -> list[CaseComparison]:
    return [x for x in c.cases if x.verdict in (SLOWER, FASTER)]


# -- the pieces ----------------------------------------------------------------------------------


def test_the_round_index_takes_out_a_speed_shared_by_the_cases_of_a_round() -> None:
    run = measured_run(0)
    ms = {c.key: c.measurement for c in run.cases if c.measurement is not None}
    logs = relative.adjusted_logs(ms)
    for key, m in ms.items():
        raw = [math.log(v) for v in m.process_medians or ()]
        # The processes' medians scatter by the rounds' speed; the adjusted figures do not.
        assert np.std(logs[key], ddof=1) < 0.01 < np.std(raw, ddof=1)


def test_a_move_is_the_difference_of_means_with_welchs_variance() -> None:
    m = relative.move([0.0, 0.1, 0.2], [1.0, 1.0, 1.3, 1.1])
    assert m.d == pytest.approx(1.1 - 0.1)
    va, vb = 0.01 / 3, 0.02 / 4
    assert m.var == pytest.approx(va + vb)
    assert m.df == pytest.approx((va + vb) ** 2 / (va**2 / 2 + vb**2 / 3))


def test_the_common_move_is_the_plain_median_and_tau_grows_only_with_the_scatter() -> None:
    # The most precise case is the outlier: a weighted median would land on it.
    moves = [relative.Move(d, 1e-4, 10.0) for d in (0.0, 0.01, 0.02)]
    moves.append(relative.Move(0.5, 1e-8, 10.0))
    common = relative.common_move(moves)
    assert common.f == pytest.approx(0.015)
    tight = relative.common_move([relative.Move(d, 1e-4, 10.0) for d in (0.0, 0.001, 0.002)])
    assert tight.tau == 0.0
    ds = (0.0, 0.05, 0.1, 0.15)
    spread = relative.common_move([relative.Move(d, 1e-6, 10.0) for d in ds])
    # The smallest tau with median((d - F)^2 / (v + tau^2)) at the chi-square median.
    q = [(d - spread.f) ** 2 / (1e-6 + spread.tau**2) for d in ds]
    assert stats.median(q) == pytest.approx(relative.CHI2_1_MEDIAN, rel=1e-6)
    assert spread.var_f == pytest.approx(math.pi / 2 * (1e-6 + spread.tau**2) / 4)


def test_the_t_quantile_between_whole_degrees_of_freedom() -> None:
    assert relative.t_quantile(0.975, 4.0) == pytest.approx(stats.t_quantile(0.975, 4))
    mid = relative.t_quantile(0.975, 4.5)
    assert stats.t_quantile(0.975, 5) < mid < stats.t_quantile(0.975, 4)


# -- compare: the final verdict ------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_identical_runs_raise_no_alarm_against_the_run(seed: int) -> None:
    c = compare(measured_run(10 + seed), measured_run(20 + seed))
    assert not alarms(c)
    assert c.relative_read == 8 and c.common_move is not None
    assert all(x.relative is not None and x.relative.verdict == UNSURE for x in c.cases)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_case_25_percent_slower_among_8_is_slower_against_the_run(seed: int) -> None:
    c = compare(measured_run(seed), measured_run(seed + 50, slow={("tunable", 100_000): 1.25}))
    (case,) = [x for x in c.cases if x.key == TUNABLE]
    # Its own interval cannot tell: the processes' speed moved every case by 8% or so.
    assert case.absolute_verdict == UNSURE
    assert case.verdict == SLOWER and case.note == RELATIVE and case.by_relative
    assert case.relative is not None
    assert 1.2 < case.relative.ci[0] < case.relative.ratio < case.relative.ci[1] < 1.3
    assert case.decisive == (case.relative.ratio, *case.relative.ci)
    assert case.slower_beyond(0.05) and not case.slower_beyond(0.35)
    assert alarms(c) == [case] and c.cases[0] is case
    assert c.summary.slower == 1 and "against the run" in c.summary.text()
    d = case.to_dict()
    assert d["verdict"] == SLOWER and d["absolute_verdict"] == UNSURE
    assert d["decided_by"] == "relative" and d["relative"]["verdict"] == SLOWER
    assert d["relative"]["side_by_side"]["others"] == 3
    assert d["relative"]["all_others"]["others"] == 7
    whole = c.to_dict()
    assert whole["format"] == 4 and whole["relative"]["cases_read"] == 8


def test_a_case_whose_own_ratio_decides_keeps_it() -> None:
    # Quiet rounds: each case's own interval is narrow enough to decide.
    c = compare(
        measured_run(1, process_sd=0.002, round_sd=0.002),
        measured_run(2, slow={("tunable", 100_000): 1.25}, process_sd=0.002, round_sd=0.002),
    )
    for x in c.cases:
        assert x.verdict == x.absolute_verdict and not x.by_relative
    (case,) = [x for x in c.cases if x.key == TUNABLE]
    assert case.verdict == SLOWER and case.to_dict()["decided_by"] == "absolute"


def test_cases_of_one_size_moving_together_are_not_called_changed() -> None:
    # 3 of the 4 cases at 1e4 move 18% together (memory-bound cases of one size, say), the
    # other 9 do not: read against all the others alone each would look 18% slower; read
    # against the cases measured beside it too, it does not.
    moved = {(impl, 10_000): 1.18 for impl in ("vectorized", "torch_vec", "tunable")}
    sizes = (1_000, 10_000, 100_000)
    c = compare(measured_run(3, sizes=sizes), measured_run(4, moved, sizes=sizes))
    assert not alarms(c)
    for x in c.cases:
        if (x.key[1], x.key[5]) in moved:
            assert x.relative is not None and x.relative.verdict == UNSURE
            assert x.relative.all_others.low > 1.05  # alone, this reading would call it slower
            assert x.relative.side_by_side.low < 1.05


def test_a_change_touching_most_cases_turns_the_relative_reading_off() -> None:
    moved = {(impl, 100_000): 1.25 for impl in IMPLS} | {("vectorized", 1_000): 1.25}
    c = compare(measured_run(5), measured_run(6, moved))
    assert c.relative_read == 0 and c.common_move is None
    assert c.relative_off == ((relative.OFF_SCATTER, 8),)
    assert all(x.relative_off == relative.OFF_SCATTER for x in c.cases)
    # The untouched cases are not called faster, as the touched majority would make them look.
    assert not [x for x in c.cases if x.verdict == FASTER]
    assert all(x.verdict == x.absolute_verdict for x in c.cases)


def test_too_few_cases_or_side_by_side_turn_it_off() -> None:
    run_a, run_b = measured_run(7), measured_run(8, {("tunable", 100_000): 1.25})
    keep = [k for k in (c.key for c in run_a.cases) if k[5] == 100_000][:3]
    keep.append(next(c.key for c in run_a.cases if c.key[5] == 1_000))

    def only(run: RunResult, keys: Sequence[tuple[str, str, str, str, str, int]]) -> RunResult:
        return RunResult(cases=tuple(c for c in run.cases if c.key in keys), env=run.env)

    few = compare(only(run_a, keep), only(run_b, keep))
    assert few.relative_read == 0 and few.relative_off == ((relative.OFF_FEW, 4),)
    # 6 cases: 4 at 1e5 and 2 at 1e3, whose only side-by-side other is one case.
    six = [c.key for c in run_a.cases if c.key[5] == 100_000 or c.key[1] in ("loop", "tunable")]
    c = compare(only(run_a, six), only(run_b, six))
    assert dict(c.relative_off) == {relative.OFF_SIDE: 2}
    assert c.relative_read == 4


def test_results_without_rounds_or_processes_read_each_case_on_its_own() -> None:
    def old(run: RunResult) -> RunResult:
        cases = []
        for c in run.cases:
            assert c.measurement is not None
            m = Measurement(samples=c.measurement.samples, loops=1, first_call=1e-6)
            cases.append(CaseResult(*c.key[:2], c.backend, c.device, c.dtype, c.size, OK, m))
        return RunResult(cases=tuple(cases), env=run.env)

    a, b = measured_run(1), measured_run(2, slow={("tunable", 100_000): 1.25})
    c = compare(old(a), old(b))
    assert c.relative_read == 0 and c.common_move is None
    assert c.relative_off == ((relative.OFF_UNITS, 8),)
    for x in c.cases:
        assert x.relative is None and x.relative_off == relative.OFF_UNITS
        assert x.verdict == x.absolute_verdict and x.note != RELATIVE
        assert x.to_dict()["relative"] is None and x.to_dict()["decided_by"] == "absolute"
    # One process: blocks but no processes.
    one = compare(measured_run(1, processes=1), measured_run(2, processes=1))
    assert one.relative_read == 0 and one.relative_off == ((relative.OFF_UNITS, 8),)


def test_cases_of_different_machines_are_never_read_against_each_other() -> None:
    c = compare(measured_run(1), measured_run(2, {("tunable", 100_000): 1.25}), paired=False)
    assert c.relative_read == 0 and c.relative_off == ((relative.OFF_MACHINES, 8),)
    assert all(x.verdict == x.absolute_verdict for x in c.cases)


def test_a_case_10_percent_slower_is_slower_against_the_run_when_the_rest_is_quiet() -> None:
    c = compare(measured_run(4), measured_run(54, slow={("tunable", 100_000): 1.10}))
    (case,) = [x for x in c.cases if x.key == TUNABLE]
    assert case.absolute_verdict == UNSURE and case.verdict == SLOWER and case.by_relative
    assert alarms(c) == [case]
