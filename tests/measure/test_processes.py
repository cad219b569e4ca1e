"""Measuring in several fresh processes: each case's parts combined, intervals taken across the
processes, ratios paired within each, failures kept, and workers shared by consecutive runs."""

from __future__ import annotations

import contextlib
import os
import textwrap
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import arraybench as ab
from arraybench.catalog import load_file
from arraybench.measure import processes
from arraybench.measure.clock import FakeClock
from arraybench.measurement import time_ratio
from arraybench.results import RunResult

WORK = textwrap.dedent(
    """
    import os
    import numpy as np
    import arraybench as ab

    w = ab.Workload("twice", sizes=(100, 10_000), dtypes=("float64",))

    @w.inputs
    def make(n, rng):
        return {"x": rng.standard_normal(n)}

    @w.impl("numpy")
    def ref(x):
        return x * 2

    @w.impl("numpy", label="slower")
    def slower(x):
        return (x + x) * 1.0

    @w.impl("numpy", label="dies in a fresh process")
    def dies(x):
        if os.environ.get("ARRAYBENCH_WORKER") == "1":
            raise RuntimeError("only in workers")
        return x * 2
    """
)


@pytest.fixture
def work(tmp_path: Path) -> ab.Workload:
    path = tmp_path / "work.py"
    path.write_text(WORK)
    (w,) = load_file(path)
    return w


def test_each_case_is_measured_in_every_process_and_combined(work: ab.Workload) -> None:
    result = ab.run(work, processes=3, budget=0.06)
    by = {(c.impl, c.size): c for c in result.cases}
    for n in (100, 10_000):
        c = by[("ref", n)]
        assert c.ok and c.measurement is not None
        m = c.measurement
        assert m.processes is not None and len(m.processes) == 3
        assert m.process_medians is not None and len(m.process_medians) == 3
        assert m.interval.method == "processes" and m.interval.units == 3
        # The two impls of a size took turns in every process: their ratio pairs blocks there.
        other = by[("slower", n)].measurement
        assert other is not None
        r = time_ratio(other, m)
        assert r.method == "pairs" and r.units == 3
    # The config records it, and the table says how the figures were measured.
    assert result.config["processes"] == 3


def test_a_case_that_fails_in_a_process_fails_saying_which(work: ab.Workload) -> None:
    result = ab.run(work, processes=2, budget=0.02)
    (c, *_) = [c for c in result.cases if c.impl == "dies in a fresh process"]
    assert c.status == "failed"
    assert c.error is not None and c.error.startswith("in process 1 of 2:")
    assert "only in workers" in c.error
    assert all(c.ok for c in result.cases if c.impl != "dies in a fresh process")


def test_an_interactive_workload_that_cannot_be_pickled_is_refused_before_any_worker() -> None:
    import threading

    w = ab.Workload("inline", sizes=(4,))
    space = {"w": w, "lock": threading.Lock(), "np": np}
    exec("w.inputs(lambda n, rng: {'x': rng.random(n)})", space)  # no source file
    exec("w.impl('numpy')(lambda x: lock.locked() or np.sin(x))", space)
    with pytest.raises(ab.ArraybenchError, match=r"uses 'lock', a _thread.lock.*processes=1"):
        ab.run(w, processes=2, budget=0.01)


def test_a_file_that_starts_a_run_while_a_worker_loads_it_is_refused(
    monkeypatch: pytest.MonkeyPatch, work: ab.Workload
) -> None:
    monkeypatch.setenv(processes.IN_WORKER, "1")
    with pytest.raises(ab.ArraybenchError, match='if __name__ == "__main__"'):
        ab.run(work, processes=2, budget=0.01)


def test_consecutive_runs_in_a_shared_pool_reuse_the_worker_processes(work: ab.Workload) -> None:
    with processes.shared_pool():
        ab.run(work, processes=2, budget=0.01, impls=["ref"])
        kept = processes._KEPT.value
        assert kept is not None
        pids = [kept.worker(p).proc.pid for p in range(2)]
        ab.run(work, processes=2, budget=0.01, impls=["ref"])
        assert processes._KEPT.value is kept
        assert [kept.worker(p).proc.pid for p in range(2)] == pids
    assert processes._KEPT.value is None
    # Outside the block every run starts and stops its own.
    ab.run(work, processes=2, budget=0.01, impls=["ref"])
    assert processes._KEPT.value is None


def test_processes_measure_a_chunk_of_sizes_each_and_finish_it_together(
    monkeypatch: pytest.MonkeyPatch, work: ab.Workload
) -> None:
    """Groups are measured process after process within a chunk (so each case's processes are
    spread over the chunk's time), and a chunk's cases finish together: an interrupted run keeps
    every chunk finished before it."""
    monkeypatch.setattr(processes, "CHUNK_S", 0.05)  # one size group (2 cases x 0.02 s) a chunk
    finished: list[int] = []

    def on_result(case: ab.CaseResult) -> None:
        finished.append(case.size)
        if case.size == 10_000:
            raise KeyboardInterrupt  # Ctrl-C in the middle of the second chunk's results

    with pytest.raises(KeyboardInterrupt):
        ab.run(work, processes=2, budget=0.02, impls=["ref", "slower"], on_result=on_result)
    assert finished[:2] == [100, 100]  # the first chunk was stored whole, before the second
    groups = [[0, 1], [2, 3]]
    config = ab.RunConfig(processes=2, budget=1.0)
    assert processes._chunks(groups, config) == [[[0, 1]], [[2, 3]]]
    monkeypatch.setattr(processes, "CHUNK_S", 60.0)
    assert processes._chunks(groups, config) == [[[0, 1], [2, 3]]]


class _ModelledWorker:
    """A worker that measures each case on a fake clock with a modelled cost per call."""

    def __init__(self, costs: dict[str, float], asked: list[tuple[int, str]], p: int) -> None:
        self.costs, self.asked, self.p = costs, asked, p

    def run(self, request: dict[str, Any], timeout: float | None) -> dict[str, Any]:
        from arraybench.measure.timer import Sampler, TimerSettings
        from tests.conftest import kernel

        # Each process its own stretch of time, as perf_counter is one clock for all.
        clock = FakeClock(start_ns=self.p * 10**12, read_cost_ns=50)
        settings = TimerSettings(
            budget=request["budget"],
            min_samples=request["min_samples"],
            max_samples=request["max_samples"],
        )
        labels, samplers = [], []
        for spec in request["cases"]:
            label = ("ref", "slower", "dies in a fresh process")[spec["impl_index"]]
            self.asked.append((self.p, label))
            cost = self.costs[label]
            labels.append(label)
            samplers.append(
                Sampler(kernel(clock, cost), lambda _: None, clock, settings, first=cost)
            )
        for s in samplers:  # warm-ups, then rounds of one block each, as sampling does
            s.warm_up()
        while not all(s.done for s in samplers):
            rid = clock.now_ns()
            for s in samplers:
                s.step(rid)
        out = [
            ab.CaseResult(
                workload=spec["workload"],
                impl=label,
                backend="numpy",
                device="cpu",
                dtype=spec["dtype"],
                size=spec["size"],
                status="ok",
                measurement=s.result(),
            ).to_dict()
            for spec, label, s in zip(request["cases"], labels, samplers, strict=True)
        ]
        return {"cases": out, "spent": {"measuring": 0.0}}


def test_a_call_longer_than_its_share_costs_each_process_one_call_and_still_pairs(
    monkeypatch: pytest.MonkeyPatch, work: ab.Workload
) -> None:
    """4 processes and a 0.1 s budget: 0.025 s each. A call of 0.06 s used to cost each
    process three (its first, a calibration call thrown away, one sample); now the calibration
    call is its one sample, in every process, taken in the first round beside the fast case's
    first block, so their ratio still pairs round by round across the four processes."""
    from arraybench.measure.plan import _size_groups, plan
    from arraybench.results import Floor

    asked: list[tuple[int, str]] = []
    costs = {"ref": 1e-4, "slower": 0.06}

    class Pool:
        def worker(self, p: int) -> _ModelledWorker:
            return _ModelledWorker(costs, asked, p)

    @contextlib.contextmanager
    def pool_for(config: ab.RunConfig, modules: Sequence[str] = ()) -> Iterator[Pool]:
        yield Pool()

    monkeypatch.setattr(processes, "_pool_for", pool_for)
    config = ab.RunConfig(
        processes=4, budget=0.1, impls=("ref", "slower"), sizes=(100,), start="fresh"
    )
    cases, _ = plan([work], config)
    floor = Floor(clock_read=5e-8, call_overhead=5e-8)
    results = [
        r
        for group in processes.run_in_workers(
            cases, _size_groups(cases), config, floor, lambda i: False, None
        )
        for _, r in group
    ]
    by = {r.impl: r for r in results}
    slow, fast = by["slower"].measurement, by["ref"].measurement
    assert slow is not None and fast is not None
    assert slow.processes == (1, 1, 1, 1) and slow.samples == pytest.approx((0.06,) * 4)
    assert slow.warmup_calls == 0  # no call thrown away
    # first call + one call per process: 0.48 s for a 0.1 s budget, where it was 0.72 s.
    assert slow.elapsed == pytest.approx(4 * (0.06 + 0.06), rel=1e-3)
    assert slow.interval.method == "processes" and slow.interval.units == 4
    assert fast.processes is not None and len(fast.processes) == 4
    r = time_ratio(slow, fast)
    assert r.method == "pairs" and r.units == 4


def _parent(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as f:
        return int(f.read().rsplit(")", 1)[1].split()[1])


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="forking workers is Linux's")
@pytest.mark.parametrize("start", ["overlap", "fork"])
def test_workers_started_ahead_measure_as_fresh_ones_do(work: ab.Workload, start: str) -> None:
    """``--start overlap`` primes each worker's imports while the one before it measures;
    ``--start fork`` forks the workers from a zygote that imported the libraries once. Either
    way each case is measured in every process, and failures say which process."""
    with processes.shared_pool():
        result = ab.run(work, processes=2, budget=0.02, start=start)
        pool = processes._KEPT.value
        assert pool is not None
        if start == "fork":
            assert len(pool.zygotes) == 2 and pool.record["forked"] is True
            for p in range(2):  # each a child of a zygote of its own, in a session of its own
                pid = pool.worker(p).pid
                assert _parent(pid) == pool.zygotes[p].proc.pid and os.getsid(pid) == pid
    # The run keeps how its workers started, and says it.
    assert result.env["workers"]["start"] == start
    assert ("forked" in result.env["workers"]) == (start == "fork")
    for c in result.cases:
        if c.impl == "dies in a fresh process":  # forked workers are workers too
            assert c.error is not None and c.error.startswith("in process 1 of 2:")
        else:
            assert c.ok and c.measurement is not None and c.measurement.processes is not None
            assert len(c.measurement.processes) == 2
    assert result.config["start"] == start


def test_a_forked_worker_that_dies_is_reported_and_replaced(tmp_path: Path) -> None:
    path = tmp_path / "exits.py"
    exits = '\n@w.impl("numpy", label="exits")\ndef exits(x):\n    os._exit(3)\n'
    path.write_text(WORK + exits)
    (w,) = load_file(path)
    result = ab.run(w, processes=2, budget=0.02, start="fork", isolate=True, sizes=(100,))
    by = {c.impl: c for c in result.cases}
    assert by["ref"].ok and by["slower"].ok  # measured in the workers forked after the crash
    assert by["exits"].failure == "crash"
    assert by["exits"].error is not None and "exited with code 3" in by["exits"].error


def test_a_library_whose_import_starts_a_thread_is_left_to_each_worker_and_the_rest_forks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fork copies only the thread that forks: a zygote whose import of a library started
    another is started again without it, and each worker imports that one for itself."""
    from arraybench.measure.zygote import Zygote

    (tmp_path / "spins.py").write_text(
        "import threading, time\nthreading.Thread(target=time.sleep, args=(60,), daemon=True)"
        ".start()\n"
    )
    path = [str(tmp_path), *filter(None, [os.environ.get("PYTHONPATH")])]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(path))
    zygote = Zygote(["json", "spins", "colorsys"], processes.worker_env(1))
    try:
        assert zygote.modules == ["json", "colorsys"]
        assert list(zygote.left) == ["spins"] and "started a thread" in zygote.left["spins"]
    finally:
        zygote.close()
    pool = processes.Pool(1, None, processes.worker_env(1), "fork", ["spins"])
    try:
        assert pool.zygote is not None and pool.record["forked"] is True
        assert _parent(pool.worker(0).pid) == pool.zygote.proc.pid
        assert "spins" in pool.record["left_to_workers"]
    finally:
        pool.close()


def test_the_run_says_how_its_workers_started() -> None:
    from arraybench.report.terminal import measured_how

    def run(**workers: object) -> RunResult:
        return RunResult(cases=(), config={"processes": 4, "budget": 0.5}, env={"workers": workers})

    assert measured_how(run(start="fork", forked=True)).startswith(
        "measured in 4 processes forked from one that imported the libraries once, 0.5 s"
    )
    assert measured_how(run(start="fork", forked=True, zygotes=4)).startswith(
        "measured in 4 processes forked from 4 that imported the libraries side by side, 0.5 s"
    )
    left = run(
        start="fork", forked=True, left_to_workers={"tensorflow": "importing it started a thread"}
    )
    assert "(tensorflow imported by each: importing it started a thread)" in measured_how(left)
    fell = run(start="fork", forked=False, why_not="forking workers is only done on Linux")
    assert measured_how(fell).startswith(
        "measured in 4 fresh processes (they could not be forked: forking workers is only done "
        "on Linux)"
    )
    assert measured_how(run(start="fresh")).startswith("measured in 4 fresh processes, 0.5 s")


def test_the_start_is_a_setting_saved_unless_fresh_which_files_without_it_meant() -> None:
    from arraybench.base.errors import ConfigError

    assert ab.RunConfig().start == "fork" and ab.RunConfig().to_dict()["start"] == "fork"
    assert "start" not in ab.RunConfig(start="fresh").to_dict()
    # A file without the setting was measured with fresh workers: only fresh is left out.
    assert ab.RunConfig(start="overlap").to_dict()["start"] == "overlap"
    assert ab.RunConfig(start="fork").to_dict()["start"] == "fork"
    with pytest.raises(ConfigError, match="start must be one of fresh, overlap, fork"):
        ab.RunConfig(start="spawn")


CHECKS = textwrap.dedent(
    """
    import os
    import numpy as np
    import arraybench as ab

    w = ab.Workload("checks", sizes=(100,), dtypes=("float64",))

    @w.inputs
    def make(n, rng):
        return {"x": rng.standard_normal(n)}

    @w.impl("numpy")
    def ref(x):
        return x * 2

    @w.impl("numpy", label="right in the first process only")
    def first(x):
        mark = os.environ["ARRAYBENCH_TEST_MARK"]
        if not os.path.exists(mark):
            with open(mark, "w") as f:
                f.write(str(os.getpid()))
        with open(mark) as f:
            return x * 2 if f.read() == str(os.getpid()) else x * 3
    """
)


def test_a_case_is_checked_in_the_first_process_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A case's results are compared with the reference's in one process, not in each: the
    check is the same everywhere, and its reference calls cost every process time."""
    monkeypatch.setenv("ARRAYBENCH_TEST_MARK", str(tmp_path / "mark"))
    path = tmp_path / "checks.py"
    path.write_text(CHECKS)
    (w,) = load_file(path)
    result = ab.run(w, processes=3, budget=0.02)
    c = {c.impl: c for c in result.cases}["right in the first process only"]
    # Wrong in processes 2 and 3, which measure it without checking it.
    assert c.ok and c.check is not None and c.check.passed
    assert c.measurement is not None and c.measurement.processes is not None
    assert len(c.measurement.processes) == 3
    # Checked in one process: a wrong result there fails the case.
    (tmp_path / "mark").write_text("not a process")
    failed = ab.run(w, processes=3, budget=0.02, impls=["ref", "right in the first process only"])
    bad = {c.impl: c for c in failed.cases}["right in the first process only"]
    assert bad.failure == "mismatch" and bad.error is not None
    assert bad.error.startswith("in process 1 of 3:")


# -- interrupted and resumed: the parts each process finished are kept ------------------------


class _Interrupting:
    """A pool of modelled workers that records which (process, impl, size) each request
    measured and raises KeyboardInterrupt in the middle of request number ``stop_at``."""

    def __init__(self, stop_at: int | None = None) -> None:
        self.stop_at, self.requests, self.killed = stop_at, 0, []
        self.measured: list[tuple[int, str, int]] = []

    def worker(self, p: int) -> Any:
        pool = self

        class Worker(_ModelledWorker):
            def run(self, request: dict[str, Any], timeout: float | None) -> dict[str, Any]:
                pool.requests += 1
                if pool.requests == pool.stop_at:
                    raise KeyboardInterrupt  # Ctrl-C while process p measures
                reply = super().run(request, timeout)
                pool.measured += [(p, c["impl"], c["size"]) for c in reply["cases"]]
                return reply

        return Worker({"ref": 1e-4, "slower": 3e-4}, [], p)

    def kill(self, p: int) -> None:
        self.killed.append(p)


def _measure(
    monkeypatch: pytest.MonkeyPatch,
    pool: _Interrupting,
    config: ab.RunConfig,
    cases: Sequence[Any],
    stored: dict[int, dict[int, ab.CaseResult]],
    done: dict[int, ab.CaseResult],
    warm: bool = False,
) -> set[tuple[int, int]]:
    """Measure ``cases`` as the runner and the store would: each case in ``done`` settled,
    each part in ``stored`` taken back, the parts and the cases that come back stored there
    (a finished case's parts dropped). Returns the parts stored, (case, process)."""
    from arraybench.measure.plan import _size_groups

    @contextlib.contextmanager
    def pool_for(config: ab.RunConfig, modules: Sequence[str] = ()) -> Iterator[_Interrupting]:
        yield pool

    monkeypatch.setattr(processes, "_pool_for", pool_for)
    index = {(c.impl.label, c.size): i for i, c in enumerate(cases)}
    new: set[tuple[int, int]] = set()

    def on_parts(p: int, parts: Sequence[ab.CaseResult]) -> None:
        for r in parts:
            stored.setdefault(index[(r.impl, r.size)], {})[p] = r
            new.add((index[(r.impl, r.size)], p))

    for group in processes.run_in_workers(
        cases,
        _size_groups(cases),
        config,
        _floor(),
        lambda i: i in done,
        None,
        warm=warm,
        kept=lambda i: stored.get(i, {}),
        on_parts=on_parts,
    ):
        for i, r in group:
            done[i] = r
            stored.pop(i, None)
    return new


@pytest.mark.parametrize(
    ("stop_at", "chunk_s"),
    [(2, 60.0), (4, 60.0), (6, 60.0), (5, 0.05)],
    ids=["in-process-1", "in-process-2", "last", "a-chunk-done"],
)
def test_a_resumed_run_measures_only_the_missing_parts_and_ends_as_an_uninterrupted_one(
    monkeypatch: pytest.MonkeyPatch, work: ab.Workload, stop_at: int, chunk_s: float
) -> None:
    """3 processes, 2 size groups: 6 requests. Interrupted in request ``stop_at``, the run has
    stored the parts of the requests before it (and the cases of a chunk done, when each size
    group is a chunk); resumed, it measures the other parts only, and its cases equal the
    uninterrupted run's: the same samples, blocks, rounds and processes."""
    from arraybench.measure.plan import plan

    monkeypatch.setattr(processes, "CHUNK_S", chunk_s)
    config = ab.RunConfig(processes=3, budget=0.03, impls=("ref", "slower"), start="fresh")
    cases, _ = plan([work], config)
    whole: dict[int, ab.CaseResult] = {}
    _measure(monkeypatch, _Interrupting(), config, cases, {}, whole)
    stored: dict[int, dict[int, ab.CaseResult]] = {}
    done: dict[int, ab.CaseResult] = {}
    interrupted = _Interrupting(stop_at)
    with pytest.raises(KeyboardInterrupt):
        _measure(monkeypatch, interrupted, config, cases, stored, done)
    # Each process measures both groups in turn (one chunk), or a group is a chunk of 3.
    p_stopped = (stop_at - 1) // 2 if chunk_s > 1 else (stop_at - 1) % 3
    assert interrupted.killed == [p_stopped]  # stopped at once, not left to finish its request
    kept = {(i, p) for i, v in stored.items() for p in v}
    # 2 cases a request, and a case done holds 3 parts: none lost
    assert 3 * len(done) + len(kept) == 2 * (stop_at - 1)
    assert (len(done), len(kept)) == ((2, 2) if chunk_s < 1 else (0, 2 * (stop_at - 1)))
    resumed, finished = _Interrupting(), len(done)
    new = _measure(monkeypatch, resumed, config, cases, stored, done)
    labelled = {(p, cases[i].impl.label, cases[i].size) for i, p in kept}
    assert not labelled & set(resumed.measured)  # nothing measured twice
    assert len(resumed.measured) == 3 * (len(cases) - finished) - len(kept)  # only the missing
    assert {(cases[i].impl.label, cases[i].size, p) for i, p in new} == {
        (impl, size, p) for p, impl, size in resumed.measured
    }
    assert done == whole and stored == {}
    assert all(r.measurement is not None and r.measurement.processes for r in done.values())


def test_parts_of_a_warm_stage_or_of_one_process_are_not_kept_apart(
    monkeypatch: pytest.MonkeyPatch, work: ab.Workload
) -> None:
    """Adaptive spending's second stage continues the first in the same processes: its parts
    cannot be taken back alone. In one process a case is whole as it is measured: each
    request's cases come back at once, not at the end of the chunk."""
    from arraybench.measure.plan import plan

    config = ab.RunConfig(processes=2, budget=0.02, impls=("ref", "slower"), start="fresh")
    cases, _ = plan([work], config)
    done: dict[int, ab.CaseResult] = {}
    assert not _measure(monkeypatch, _Interrupting(), config, cases, {}, done, warm=True)
    assert len(done) == len(cases)
    one = ab.RunConfig(processes=1, budget=0.02, impls=("ref", "slower"), start="fresh")
    pool = _Interrupting(stop_at=2)  # in the second size group's request
    got: list[ab.CaseResult] = []
    monkeypatch.setattr(
        processes, "_pool_for", lambda config, modules=(): contextlib.nullcontext(pool)
    )
    with pytest.raises(KeyboardInterrupt):
        for group in processes.run_in_workers(
            cases, [[0, 1], [2, 3]], one, _floor(), lambda i: False, None
        ):
            got += [r for _, r in group]
    assert [(c.impl, c.size) for c in got] == [("ref", 100), ("slower", 100)]


def _floor() -> Any:
    from arraybench.results import Floor

    return Floor(clock_read=5e-8, call_overhead=5e-8)
