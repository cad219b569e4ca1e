"""Measuring in several fresh processes: each case's parts combined, intervals taken across the
processes, ratios paired within each, failures kept, and workers shared by consecutive runs."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import numpy as np
import pytest

import arraybench as ab
from arraybench.measure import processes
from arraybench.results import time_ratio
from arraybench.suites import load_file

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


def test_interactive_workloads_cannot_go_to_processes_and_the_error_says_why() -> None:
    w = ab.Workload("inline", sizes=(4,))
    exec("w.inputs(lambda n, rng: {'x': rng.random(n)})", {"w": w})  # no source file
    w.impl("numpy")(np.sin)
    with pytest.raises(ab.ArraybenchError, match="processes=1"):
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
            assert pool.zygote is not None and pool.not_forked is None
            for p in range(2):  # the zygote's children, each in a session of its own
                pid = pool.worker(p).pid
                assert _parent(pid) == pool.zygote.proc.pid and os.getsid(pid) == pid
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


def test_a_zygote_whose_imports_start_a_thread_refuses_and_the_pool_starts_fresh_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from arraybench.measure.zygote import Zygote, ZygoteError

    (tmp_path / "spins.py").write_text(
        "import threading, time\nthreading.Thread(target=time.sleep, args=(60,), daemon=True)"
        ".start()\n"
    )
    path = [str(tmp_path), *filter(None, [os.environ.get("PYTHONPATH")])]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(path))
    with pytest.raises(ZygoteError, match="importing spins started a thread"):
        Zygote(["json", "spins"], processes.worker_env(1))
    pool = processes.Pool(1, None, processes.worker_env(1), "fork", ["spins"])
    try:
        assert pool.zygote is None and pool.not_forked is not None
        assert _parent(pool.worker(0).pid) == os.getpid()  # a fresh process, started here
    finally:
        pool.close()


def test_the_start_is_a_setting_saved_only_when_it_is_not_the_default() -> None:
    from arraybench.errors import ConfigError

    assert ab.RunConfig().start == "fresh" and "start" not in ab.RunConfig().to_dict()
    assert ab.RunConfig(start="fork").to_dict()["start"] == "fork"
    with pytest.raises(ConfigError, match="start must be one of fresh, overlap, fork"):
        ab.RunConfig(start="spawn")
