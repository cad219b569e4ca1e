"""The Dask executor on real clusters of worker processes on this machine (loopback only).

A ``local:2`` cluster is one machine with two worker processes; two "machines" are two workers
told their names by ``ARRAYBENCH_MACHINE`` (a SpecCluster), which is how a test gets a cluster
of several machines on one host. No test asserts a time.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import arraybench as ab
from arraybench.base.errors import ConfigError
from arraybench.catalog import load_file
from arraybench.measure.cluster_client import shared_cluster
from arraybench.measure.cluster_worker import (
    MACHINE_ENV,
    machine_name,
    measuring_pid,
    run_unit,
    stop_measuring,
)
from arraybench.measure.plan import Machine, plan
from arraybench.measure.processes import IN_WORKER

from .test_isolation import _ctrl_c_works, gone

distributed = pytest.importorskip("distributed")

# Small budgets: these tests check what happens to cases, not how well they are measured.
FAST = {"budget": 0.02, "processes": 1}

WORKLOAD = textwrap.dedent(
    """
    import os
    import arraybench as ab
    from arraybench.backends.fake import FakeBackend

    # "lib" stands for a library installed on one machine only.
    missing = os.environ.get("ARRAYBENCH_MACHINE") == "beta"
    why = "lib is not installed (pip install lib)" if missing else None
    ab.backends.register(FakeBackend("lib", unavailable=why), replace=True)

    w = ab.Workload("add", sizes=[10, 1000])

    @w.inputs
    def make(n, rng):
        return {"x": rng.standard_normal(n), "y": rng.standard_normal(n)}

    @w.impl("numpy", "lib")
    def vectorized(x, y, xp):
        return x + y

    @w.impl("python")
    def loop(x, y):
        return [a + b for a, b in zip(x, y)]

    @w.impl("numpy", label="crash")
    def crash(x, y, xp):
        if len(x) >= 1000 and os.environ.get("CRASH") == "1":
            os.kill(os.getpid(), 9)  # the worker process dies, as on a segfault
        return x + y
    """
)


@pytest.fixture
def workload_file(tmp_path: Path) -> Path:
    path = tmp_path / "wl.py"
    path.write_text(WORKLOAD)
    return path


@pytest.fixture(scope="module")
def two_machines() -> Iterator[str]:
    """A scheduler with one worker process on "alpha" and one on "beta"."""
    from distributed import Nanny, Scheduler, SpecCluster

    def worker(name: str) -> dict[str, object]:
        return {
            "cls": Nanny,
            "options": {"nthreads": 1, "env": {MACHINE_ENV: name, IN_WORKER: "1"}},
        }

    cluster = SpecCluster(
        scheduler={
            "cls": Scheduler,
            "options": {"dashboard_address": ":0", "host": "127.0.0.1"},
        },
        workers={"a": worker("alpha"), "b": worker("beta")},
        silence_logs=50,
    )
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def test_every_case_completes_and_checks_on_a_local_cluster(workload_file: Path) -> None:
    (w,) = load_file(workload_file)
    r = ab.run(w, cluster="local:2", impls=("vectorized", "loop"), **FAST)
    assert r.cases and all(c.ok for c in r.cases), [c.error for c in r.cases if not c.ok]
    assert all(c.check is not None and c.check.passed for c in r.cases if not c.reference)
    here = machine_name()
    assert {c.machine for c in r.cases} == {here}
    assert sorted({(c.impl, c.backend, c.dtype, c.size) for c in r.cases}) == sorted(
        (impl, b, dt, n)
        for n in (10, 1000)
        for impl, b, dt in [
            ("vectorized", "numpy", "float32"),
            ("vectorized", "numpy", "float64"),
            ("vectorized", "lib", "float32"),
            ("vectorized", "lib", "float64"),
            ("loop", "python", "float64"),
        ]
    )
    record = r.machines[here]
    assert record["workers"] == 2 and record["cluster"] == "local:2"
    assert record["hostname"] and record["cpu"] and record["cores"]
    assert "numpy" in record["backends"] and record["threads"]["pools"]
    assert record["threads"]["pools"]["numpy"] == 1  # as measured (--threads 1), not as found


def test_cases_are_split_over_a_machine_s_worker_processes(workload_file: Path) -> None:
    (w,) = load_file(workload_file)
    r = ab.run(
        w, cluster="local:2", impls=("vectorized",), backends=("numpy",), budget=0.04, processes=4
    )
    m = r.cases[0].measurement
    assert m is not None and m.processes is not None and len(m.processes) == 4
    assert all(c.ok for c in r.cases)


def test_each_machine_measures_the_whole_matrix_and_a_missing_library_skips_there_only(
    workload_file: Path, two_machines: str
) -> None:
    (w,) = load_file(workload_file)
    kept: list[ab.CaseResult] = []
    named: dict[str, object] = {}
    r = ab.run(
        w,
        cluster=two_machines,
        impls=("vectorized",),
        on_result=kept.append,
        on_machine=named.__setitem__,
        **FAST,
    )
    assert r.machine_names and set(r.machine_names) == {"alpha", "beta"}
    assert set(named) == {"alpha", "beta"} and r.machines["beta"]["machine"] == "beta"
    alpha, beta = r.on_machine("alpha"), r.on_machine("beta")
    assert {c.backend for c in alpha.cases} == {"numpy", "lib"}
    assert {c.backend for c in beta.cases} == {"numpy"}
    assert all(c.ok for c in r.cases)
    assert [s.reason for s in r.skipped if s.what.endswith(" on beta")] == [
        "lib is not installed (pip install lib)"
    ]
    assert not [s for s in r.skipped if s.what.endswith(" on alpha")]
    assert sorted(c.name for c in kept) == sorted(c.name for c in r.cases)  # streamed, each once


def test_a_killed_worker_costs_its_case_a_requeue_then_a_clear_failure_and_nothing_else(
    workload_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRASH", "1")  # the workers inherit it
    (w,) = load_file(workload_file)
    r = ab.run(w, cluster="local:2", backends=("numpy",), dtypes=("float64",), **FAST)
    failed = [c for c in r.cases if not c.ok]
    assert [(c.impl, c.size) for c in failed] == [("crash", 1000)]
    (c,) = failed
    assert c.failure == "crash"
    assert "lost 2 times" in (c.error or "") and "with the other cases of its size" in (
        c.error or ""
    )
    assert "SIGKILL" in (c.error or "")  # what its measuring process died of
    # Every other case, at both sizes, was measured and checked.
    others = [c for c in r.cases if c is not failed[0]]
    assert len(others) == 3 and all(o.ok for o in others)
    assert {(o.impl, o.size) for o in others} == {
        ("vectorized", 10),
        ("vectorized", 1000),
        ("crash", 10),
    }


def test_a_workload_file_travels_with_the_request(tmp_path: Path, workload_file: Path) -> None:
    (w,) = load_file(workload_file)
    cases, _ = plan([w], ab.RunConfig(backends=("numpy",), sizes=(10,), dtypes=("float64",)))
    elsewhere = "/nowhere/on/this/worker/wl.py"
    from arraybench.measure.wire import request, request_settings
    from arraybench.results import Floor

    req = request(
        cases[:1],
        request_settings(ab.RunConfig(**FAST), Floor(1e-8, 1e-8)),
        {id(w): elsewhere},
    )
    req["sources"] = {elsewhere: workload_file.read_text()}
    try:
        reply = run_unit(req)
        assert "cases" in reply, reply
        assert reply["cases"][0]["status"] == "ok"
        broken = run_unit({**req, "sources": {}})  # without the file: the unit fails, saying why
        assert "No such file" in broken["error"] or "no such file" in broken["error"]
        assert broken["error"].startswith(f"on {machine_name()}: ")
    finally:
        stop_measuring()


#: Each case's impl writes where it runs, once per size and process, to a folder named in the
#: file: the workers of a running cluster do not see a variable set here after they started.
WHERE = textwrap.dedent(
    """
    import json
    import os
    import threading
    from pathlib import Path
    import arraybench as ab

    w = ab.Workload("where", sizes=[10, 1000], dtypes=("float64",))

    @w.inputs
    def make(n, rng):
        return {"x": rng.standard_normal(n)}

    @w.impl("numpy")
    def double(x, xp):
        out = Path(FOLDER) / f"{len(x)}-{os.getpid()}.json"
        if not out.exists():
            out.write_text(json.dumps({
                "size": len(x),
                "pid": os.getpid(),
                "parent": os.getppid(),
                "main": threading.current_thread() is threading.main_thread(),
                "omp": os.environ.get("OMP_NUM_THREADS"),
                "hashseed": os.environ.get("PYTHONHASHSEED"),
            }))
        return x * 2
    """
)


def _where(tmp_path: Path) -> tuple[ab.Workload, Path]:
    folder = tmp_path / "where"
    folder.mkdir()
    path = tmp_path / "where_wl.py"
    path.write_text(f"FOLDER = {str(folder)!r}\n" + WHERE)
    (w,) = load_file(path)
    return w, folder


def _facts(folder: Path) -> list[dict[str, object]]:
    import json

    return sorted(
        (json.loads(f.read_text()) for f in folder.glob("*.json")),
        key=lambda d: (d["parent"], d["size"]),
    )


def test_run_unit_measures_in_a_process_of_its_own_kept_while_the_settings_stay(
    tmp_path: Path,
) -> None:
    """No cluster: run_unit called here measures in the main thread of an arraybench worker
    process it started, kept for the next unit with the same threads and replaced for other
    threads, until stop_measuring ends it."""
    from arraybench.measure.wire import request, request_settings
    from arraybench.results import Floor

    w, folder = _where(tmp_path)
    cases, _ = plan([w], ab.RunConfig(backends=("numpy",)))

    def unit(n: int, threads: int) -> dict[str, object]:
        chosen = [c for c in cases if c.size == n]
        config = ab.RunConfig(budget=0.02, processes=1, threads=threads)
        reply = run_unit(request(chosen, request_settings(config, Floor(1e-8, 1e-8)), {}))
        assert "cases" in reply, reply
        return reply

    try:
        unit(10, 1)
        first = measuring_pid()
        unit(1000, 1)
        assert measuring_pid() == first  # kept across units
        unit(10, 2)  # other threads: a process started with them
        second = measuring_pid()
        assert second is not None and first is not None and second != first and gone(first)
    finally:
        stop_measuring()
    assert measuring_pid() is None and gone(second)
    facts = {(d["pid"], d["size"]): d for d in _facts(folder)}
    assert set(facts) == {(first, 10), (first, 1000), (second, 10)}
    for d in facts.values():
        assert d["parent"] == os.getpid() and d["main"] is True
    assert facts[first, 10]["omp"] == "1" and facts[second, 10]["omp"] == "2"


def test_a_cluster_unit_runs_in_the_main_thread_of_a_process_its_dask_worker_started(
    tmp_path: Path, two_machines: str
) -> None:
    """Each machine's units run in one arraybench worker process per Dask worker (kept across
    units, with the run's threads), not in the Dask worker; when the run ends they are stopped,
    while the Dask workers of a running scheduler stay."""
    from distributed import Client

    w, folder = _where(tmp_path)
    r = ab.run(w, cluster=two_machines, threads=2, **FAST)
    assert r.cases and all(c.ok for c in r.cases), [c.error for c in r.cases if not c.ok]
    with Client(two_machines) as client:
        dask_pids = set(client.run(os.getpid).values())
        facts = _facts(folder)
        assert len(dask_pids) == 2 and {d["parent"] for d in facts} == dask_pids
        for parent in dask_pids:
            mine = [d for d in facts if d["parent"] == parent]
            assert [d["size"] for d in mine] == [10, 1000]
            assert len({d["pid"] for d in mine}) == 1  # one process for both units
        assert all(d["pid"] not in dask_pids and d["main"] is True for d in facts)
        assert all(d["omp"] == "2" for d in facts)
        # Dask's nanny pins the hash seed in its workers; a measuring process draws its own.
        assert set(client.run(lambda: os.environ.get("PYTHONHASHSEED")).values()) == {"6640"}
        assert all(d["hashseed"] == "random" for d in facts)
        assert all(gone(int(d["pid"])) for d in facts)  # stopped when the run ended
        assert set(client.run(os.getpid).values()) == dask_pids  # the Dask workers stay
        assert set(client.run(measuring_pid).values()) == {None}


def test_a_measuring_process_dies_with_its_dask_worker(tmp_path: Path) -> None:
    """A Dask worker killed (no clean-up of its own runs) leaves no measuring process behind."""
    w, folder = _where(tmp_path)
    with shared_cluster():
        r = ab.run(w, cluster="local:1", sizes=(10,), **FAST)
        assert all(c.ok for c in r.cases)
        (d,) = _facts(folder)
        assert not gone(int(d["pid"]), 0)
        os.kill(int(d["parent"]), signal.SIGKILL)
        assert gone(int(d["pid"]))


def test_plan_for_a_machine_skips_there_what_it_lacks() -> None:
    w = ab.Workload("w", sizes=[10])
    w.inputs(lambda n, rng: {"x": rng.standard_normal(n)})
    w.impl("numpy", "torch")(lambda x, xp: x * 2)
    beta = Machine(
        "beta",
        {
            "numpy": {"available": True, "devices": ["cpu"]},
            "torch": {"available": False, "reason": "torch is not installed"},
        },
    )
    cases, skips = plan([w], ab.RunConfig(dtypes=("float64",)), beta)
    assert [(c.backend, c.machine) for c in cases] == [("numpy", "beta")]
    assert [(s.what, s.reason) for s in skips] == [
        ("w/<lambda> on torch on beta", "torch is not installed")
    ]


def test_cluster_without_dask_fails_in_one_line_naming_the_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import builtins

    real = builtins.__import__

    def no_dask(name: str, *args: object, **kwargs: object) -> object:
        if name == "distributed" or name.startswith("distributed."):
            raise ImportError("No module named 'distributed'")
        return real(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_dask)
    from arraybench.measure.cluster_client import require_dask

    with pytest.raises(ConfigError) as e:
        require_dask()
    assert "\n" not in str(e.value) and "arraybench[cluster]" in str(e.value)


def test_ctrl_c_cancels_the_cluster_s_work_and_leaves_a_resumable_run(tmp_path: Path) -> None:
    path = tmp_path / "slow.py"
    path.write_text(
        textwrap.dedent(
            """
            import os
            import time

            import arraybench as ab

            w = ab.Workload("slow", sizes=[10, 100, 1000, 10000, 100000])

            @w.inputs
            def make(n, rng):
                return {"x": rng.standard_normal(n)}

            @w.impl("numpy")
            def double(x, xp):
                # The last size waits for the test's gate (at most 60 s): the run cannot end
                # before the test has interrupted it, however busy the machine.
                gate, deadline = os.environ.get("ARRAYBENCH_TEST_GATE"), time.monotonic() + 60
                while x.size == 100000 and gate and not os.path.exists(gate):
                    if time.monotonic() > deadline:
                        break
                    time.sleep(0.05)
                return x * 2
            """
        )
    )
    store = tmp_path / "history.sqlite"
    command = [
        sys.executable,
        "-m",
        "arraybench",
        "run",
        str(path),
        "--cluster",
        "local:1",
        "--processes",
        "1",
        "--budget",
        "0.3",
        "--dtype",
        "float64",
        "--store",
        str(store),
        "--quiet",
    ]
    gate = tmp_path / "gate"
    env = {**os.environ, "COLUMNS": "120", "ARRAYBENCH_TEST_GATE": str(gate)}
    proc = subprocess.Popen(
        command,
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_ctrl_c_works,  # noqa: PLW1509
    )
    try:
        deadline = time.monotonic() + 120
        while _stored(store) < 2 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.2)
        assert proc.poll() is None, proc.communicate()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode != 0
    assert "--resume" in err, err
    kept = _stored(store)
    assert 2 <= kept < 5
    db = sqlite3.connect(store)
    assert db.execute("SELECT status FROM runs").fetchall() == [("interrupted",)]
    db.close()
    gate.touch()
    done = subprocess.run(
        [*command, "--resume"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=180
    )
    assert done.returncode == 0, done.stderr + done.stdout
    assert f"kept {kept} finished cases;" in done.stdout
    db = sqlite3.connect(store)
    assert db.execute("SELECT status FROM runs").fetchall() == [("complete",)]
    sizes = sorted(n for (n,) in db.execute("SELECT size FROM cases"))
    db.close()
    assert sizes == [10, 100, 1000, 10000, 100000]  # each measured once, none lost


def _stored(store: Path) -> int:
    if not store.exists():
        return 0
    try:
        db = sqlite3.connect(store, timeout=1)
        try:
            return int(db.execute("SELECT COUNT(*) FROM cases").fetchone()[0])
        finally:
            db.close()
    except sqlite3.Error:
        return 0


def test_a_case_past_its_timeout_has_its_process_stopped_and_blocks_its_larger_sizes(
    tmp_path: Path,
) -> None:
    path = tmp_path / "hang.py"
    path.write_text(
        textwrap.dedent(
            """
            import time
            import arraybench as ab

            w = ab.Workload("hang", sizes=[10, 1000, 100000])

            @w.inputs
            def make(n, rng):
                return {"x": rng.standard_normal(n)}

            @w.impl("numpy")
            def fine(x, xp):
                return x * 2

            @w.impl("numpy", label="stuck")
            def stuck(x, xp):
                if len(x) >= 1000:
                    time.sleep(3600)
                return x * 2
            """
        )
    )
    (w,) = load_file(path)
    r = ab.run(w, cluster="local:1", timeout=2, budget=0.02, dtypes=("float64",))
    got = {(c.impl, c.size): (c.status, c.failure) for c in r.cases}
    assert got == {
        ("fine", 10): ("ok", None),
        ("stuck", 10): ("ok", None),
        ("fine", 1000): ("ok", None),
        ("stuck", 1000): ("failed", "timeout"),
        ("fine", 100000): ("ok", None),  # a new measuring process measures the rest
        ("stuck", 100000): ("skipped", "not-attempted"),
    }


def test_local_cluster_workers_share_the_gpu_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """local:N workers, like --processes workers, start JAX and TensorFlow without taking most
    of the GPU's memory (JAX takes 75% at start by default): N of them share one GPU."""
    from arraybench.measure.cluster_client import Connection

    monkeypatch.delenv("XLA_PYTHON_CLIENT_PREALLOCATE", raising=False)
    monkeypatch.delenv("TF_FORCE_GPU_ALLOW_GROWTH", raising=False)
    conn = Connection("local:1")
    try:
        keys = ("XLA_PYTHON_CLIENT_PREALLOCATE", "TF_FORCE_GPU_ALLOW_GROWTH", IN_WORKER)
        seen = conn.client.submit(lambda: [os.environ.get(k) for k in keys], pure=False).result()
    finally:
        conn.close()
    assert seen == ["false", "true", "1"]


def test_every_bad_case_on_a_cluster_shows_its_cause_and_the_good_one_is_measured() -> None:
    """As here (test_isolation.py): each way a kernel can fail comes back from the process that
    measured it as that case's failure, with --timeout and --memory-limit enforced there; and
    cases that failed in their first part leave the later parts' queue empty without ending
    the run early."""
    data = Path(__file__).parent.parent / "data" / "badworkloads.py"
    (w,) = load_file(data)
    r = ab.run(w, cluster="local:1", timeout=3, memory_limit=2**31, budget=0.05, processes=2)
    by = {(c.impl, c.size): c for c in r.cases}
    assert all(by[("good", n)].ok for n in (10, 100, 1000))
    for impl, said in (("segfault", "crashed with SIGSEGV"), ("exits", "exited with code 3")):
        for n in (10, 100, 1000):
            c = by[(impl, n)]
            assert (
                c.failure == "crash"
                and said in (c.error or "")
                and "lost 2 times" in (c.error or "")
            )
    assert by[("hang", 10)].failure == "timeout"
    assert "timed out after 3 s" in (by[("hang", 10)].error or "")
    assert by[("hog", 10)].failure == "oom"
    assert "RuntimeError: kernel exploded" in (by[("raises", 1000)].error or "")
    assert by[("garbage", 1000)].failure == "mismatch"
    for impl in ("hang", "hog"):
        for n in (100, 1000):
            assert by[(impl, n)].status == "skipped", by[(impl, n)]
