"""The executor seam: the run's config picks where its size groups run, an executor yields each
case once, group after group, and a size group travels as plain data to wherever it runs."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import numpy as np

import arraybench as ab
from arraybench.backends.fake import FakeBackend
from arraybench.catalog import load_file
from arraybench.config import RunConfig
from arraybench.measure.clock import FakeClock, default_clock
from arraybench.measure.executors import InProcess, Isolated, WorkerPool, executor_for
from arraybench.measure.job import Job
from arraybench.measure.plan import _size_groups, plan
from arraybench.measure.timer import TimerSettings, measure_floor
from arraybench.measure.wire import read_reply, request, request_settings, run_group_in_worker


def test_the_config_picks_the_executor() -> None:
    assert isinstance(executor_for(RunConfig()), InProcess)
    assert isinstance(executor_for(RunConfig(processes=3)), WorkerPool)
    assert isinstance(executor_for(RunConfig(isolate=True)), Isolated)
    assert isinstance(executor_for(RunConfig(timeout=5.0)), Isolated)  # limits need a worker
    assert executor_for(RunConfig()).in_this_process
    assert not executor_for(RunConfig(processes=2)).in_this_process


def test_in_process_yields_every_unsettled_case_once_group_by_group(
    clock: FakeClock, fake_backend: FakeBackend
) -> None:
    w = ab.Workload("double", sizes=(10, 100, 1000))

    @w.inputs
    def make(n: int, rng: np.random.Generator) -> dict[str, Any]:
        return {"x": rng.standard_normal(n)}

    @w.impl("numpy", "fake")
    def twice(x: Any, xp: Any) -> Any:
        clock.advance(1e-6 * len(x) / 10)
        return xp.multiply(x, 2)

    config = RunConfig(budget=0.01, dtypes=("float64",))
    cases, _ = plan([w], config)
    groups = _size_groups(cases)
    assert [len(g) for g in groups] == [2, 2, 2]
    skipped = set(groups[1])  # as if resumed: the runner finished them already
    started: list[int] = []
    job = Job(
        cases=cases,
        groups=groups,
        config=config,
        timer=TimerSettings(budget=config.budget),
        clock=clock,
        floor=measure_floor(clock),
        settled=lambda i: i in skipped,
        progress=lambda done, total, case, r: started.append(cases.index(case)),
        done=lambda: 0,
    )
    got = [i for batch in InProcess().run(job) for i, _ in batch]
    assert sorted(got) == [i for i in range(len(cases)) if i not in skipped]
    # Group after group: every case of a size before any case of the next.
    assert [cases[i].size for i in got] == sorted(cases[i].size for i in got)
    assert started == [i for g in groups for i in g if i not in skipped]


def test_a_size_group_travels_as_plain_data(tmp_path: Path) -> None:
    path = tmp_path / "work.py"
    path.write_text(
        textwrap.dedent(
            """
            import arraybench as ab

            w = ab.Workload("plus", sizes=(50,), dtypes=("float64",))

            @w.inputs
            def make(n, rng):
                return {"x": rng.standard_normal(n)}

            @w.impl("numpy")
            def ref(x):
                return x + 1

            @w.impl("numpy", label="also")
            def also(x):
                return 1 + x
            """
        )
    )
    (w,) = load_file(path)
    config = RunConfig(budget=0.02)
    cases, _ = plan([w], config)
    floor = measure_floor(default_clock())
    asked = request(cases, request_settings(config, floor), {})
    asked = json.loads(json.dumps(asked))  # what crosses a process or a network: JSON
    reply = json.loads(json.dumps(run_group_in_worker(asked)))
    results = read_reply(reply, cases)
    assert [(r.impl, r.size) for r in results] == [("ref", 50), ("also", 50)]
    assert all(r.ok and r.measurement is not None for r in results)
    failed = read_reply({"error": "the worker died", "kind": "crash"}, cases)
    assert [(r.ok, r.error, r.failure) for r in failed] == [(False, "the worker died", "crash")] * 2
