"""Worker processes, limits, out-of-memory handling and resume: what bad code and bad luck do."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import arraybench as ab
from arraybench.backends import registered
from arraybench.backends.fake import FakeBackend
from arraybench.base.errors import ConfigError
from arraybench.cli.run import parse_bytes
from arraybench.config import RunConfig
from arraybench.measure.clock import FakeClock

DATA = Path(__file__).parent.parent / "data"


def arraybench(*args: str, **kw: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arraybench", *args],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "COLUMNS": "250"},
        **kw,
    )


def test_a_crash_is_quoted_from_the_crashing_thread_however_deep_the_stack() -> None:
    """A forked worker's faulthandler report lists its other threads first and has the zygote's
    frames below the case's; the quote is the crashing thread's innermost frame and the user's,
    however long the paths (a CI checkout's are) and however many frames follow."""
    from arraybench.measure.worker import STDERR_TAIL, _quote

    deep = "/check/work/main/.venv/lib/python3.11/site-packages/arraybench/measure"
    other = ["Thread 0x00007f5d (most recent call first):"] + [
        f'  File "/root/.pyenv/versions/3.11.7/lib/python3.11/threading.py", line {i} in wait'
        for i in range(40)
    ]
    current = [
        "Current thread 0x00007f5dc63c5b80 (most recent call first):",
        '  File "/root/.pyenv/versions/3.11.7/lib/python3.11/ctypes/__init__.py", '
        "line 519 in string_at",
        '  File "/home/user/work/mine.py", line 26 in segfault',
    ] + [f'  File "{deep}/sampling.py", line {i} in iter_group' for i in range(30)]
    report = "\n".join(
        [
            "Fatal Python error: Segmentation fault",
            "",
            *other,
            "",
            *current,
            "",
            "Extension modules: " + ", ".join(f"numpy.m{i}" for i in range(200)) + " (total: 200)",
        ]
    )
    assert len(report) > 4 * STDERR_TAIL
    quote = _quote(report)
    assert "Fatal Python error: Segmentation fault" in quote
    assert "string_at called from" in quote
    assert 'mine.py", line 26 in segfault' in quote
    assert "threading.py" not in quote


def test_every_bad_case_shows_its_cause_and_the_good_one_is_measured(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    p = arraybench(
        "run",
        str(DATA / "badworkloads.py"),
        "--timeout",
        "3",
        "--memory-limit",
        "2G",
        "--budget",
        "0.05",
        "-q",
        "--no-store",
        "--json",
        str(out),
    )
    assert p.returncode == 1, p.stderr
    result = ab.load(out)
    by = {(c.impl, c.size): c for c in result.cases}
    assert all(by[("good", n)].ok for n in (10, 100, 1000))
    assert by[("segfault", 10)].failure == "crash"
    assert "crashed with SIGSEGV" in (by[("segfault", 10)].error or "")
    assert "badworkloads.py" in (by[("segfault", 10)].error or "")  # the innermost frame
    assert by[("hang", 10)].failure == "timeout"
    assert "timed out after 3 s" in (by[("hang", 10)].error or "")
    assert by[("hog", 10)].failure == "oom"
    assert "ran out of memory" in (by[("hog", 10)].error or "")
    assert "exited with code 3" in (by[("exits", 10)].error or "")
    assert "RuntimeError: kernel exploded" in (by[("raises", 10)].error or "")
    assert "not numbers" in (by[("garbage", 10)].error or "")
    # After a timeout or running out of memory, larger sizes are not attempted.
    for impl in ("hang", "hog"):
        for n in (100, 1000):
            assert by[(impl, n)].status == "skipped", by[(impl, n)]
            assert "not attempted" in (by[(impl, n)].error or "")
    # A crash does not stop the series: each size is its own worker's problem.
    assert by[("segfault", 1000)].status == "failed"


def test_limits_imply_isolation_and_are_validated() -> None:
    assert RunConfig(timeout=2.0).isolate and RunConfig(memory_limit=2**30).isolate
    with pytest.raises(ConfigError, match="timeout must be a positive"):
        RunConfig(timeout=0)
    with pytest.raises(ConfigError, match="at least 64 MiB"):
        RunConfig(memory_limit=1000)
    assert parse_bytes("4G") == 4 * 2**30 and parse_bytes("512MiB") == 512 * 2**20
    assert parse_bytes("1000") == 1000


def test_an_interactive_workload_is_isolated_by_value() -> None:
    w = ab.Workload("inline", sizes=(4,), dtypes=("float64",))
    exec("w.inputs(lambda n, rng: {'x': rng.random(n)})", {"w": w})  # no source file
    w.impl("numpy")(np.sin)
    result = ab.run(w, isolate=True, budget=0.01)
    assert [c.status for c in result.cases] == ["ok"]


def test_gpu_out_of_memory_skips_larger_sizes_and_releases_memory(clock: FakeClock) -> None:
    released: list[str] = []

    class Gpu(FakeBackend):
        def release_memory(self, device: str) -> None:
            released.append(device)

    w = ab.Workload("big", sizes=(10, 100, 1000))
    w.inputs(lambda n, rng: {"x": rng.random(n)})

    @w.impl("numpy")
    def ref(x: Any) -> Any:
        clock.advance(1e-5)
        return x

    @w.impl("gpu")
    def on_gpu(x: Any) -> Any:
        if len(x) >= 100:
            raise RuntimeError("CUDA out of memory. Tried to allocate 2.00 GiB")
        clock.advance(1e-5)
        return x

    with registered(Gpu("gpu")):
        result = ab.run(w, clock=clock, budget=0.01, dtypes=["float64"])
    gpu = {c.size: c for c in result.find(impl="on_gpu")}
    assert gpu[10].ok
    assert gpu[100].failure == "oom" and "ran out of memory" in (gpu[100].error or "")
    assert gpu[1000].status == "skipped" and "n=100 ran out of memory" in (gpu[1000].error or "")
    assert released == ["cpu"]
    assert all(c.ok for c in result.find(impl="ref"))


SLOW = textwrap.dedent(
    """
    import os
    import time
    import numpy as np
    import arraybench as ab

    w = ab.Workload("slow", sizes=tuple(range(1, 13)), dtypes=("float64",))

    @w.inputs
    def make(n, rng):
        return {"x": rng.random(n)}

    @w.impl("numpy")
    def ref(x):
        time.sleep(0.002)
        # The last size waits for the test to open its gate (at most 60 s): the run cannot end
        # before the test has interrupted it, however busy the machine.
        gate = os.environ.get("ARRAYBENCH_TEST_GATE")
        deadline = time.monotonic() + 60
        while x.size == 12 and gate and not os.path.exists(gate) and time.monotonic() < deadline:
            time.sleep(0.05)
        return x * 2
    """
)


def _stored(store: Path) -> list[tuple[str, str, int]]:
    with sqlite3.connect(store) as db:
        try:
            runs = db.execute("SELECT id, status FROM runs").fetchall()
        except sqlite3.OperationalError:  # the file exists, its schema is not written yet
            return []
        n = [
            db.execute("SELECT COUNT(*) FROM cases WHERE run_id=?", (r[0],)).fetchone()[0]
            for r in runs
        ]
    return [(rid, status, k) for (rid, status), k in zip(runs, n, strict=True)]


def _ctrl_c_works() -> None:
    """In the child before it starts: SIGINT back to its default. A suite started in the
    background by a non-interactive shell has SIGINT ignored, and a Python started so ignores
    Ctrl-C for good (it installs its KeyboardInterrupt handler only where SIGINT is not ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_interrupt_then_resume_finishes_without_measuring_again(tmp_path: Path) -> None:
    work = tmp_path / "slow.py"
    work.write_text(SLOW)
    store = tmp_path / "h.sqlite"
    # In this process (--processes 1) every case is stored as it finishes; with several
    # processes a chunk of size groups is (tests/measure/test_processes.py).
    args = ["run", str(work), "--budget", "0.4", "-q", "--store", str(store), "--processes", "1"]
    gate = tmp_path / "gate"
    env = {**os.environ, "ARRAYBENCH_TEST_GATE": str(gate)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "arraybench", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=_ctrl_c_works,  # noqa: PLW1509
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:  # wait until some cases are stored, then Ctrl-C
        time.sleep(0.2)
        if store.exists() and _stored(store) and _stored(store)[0][2] >= 3:
            break
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "--resume" in err and "interrupted" in err
    [(run_id, status, first)] = _stored(store)
    assert status == "interrupted" and 3 <= first < 12
    gate.touch()
    p = arraybench(*args, "--resume")
    assert p.returncode == 0, p.stderr
    assert f"resuming run {run_id}: kept {first} finished cases;" in p.stdout
    [(run_id2, status2, total)] = _stored(store)
    assert (run_id2, status2, total) == (run_id, "complete", 12)
    p = arraybench(*args, "--resume")
    assert p.returncode == 2 and "nothing to resume" in p.stderr


def test_resume_refuses_a_run_whose_process_still_measures(tmp_path: Path) -> None:
    from arraybench.store import StoreError, open_store

    with open_store(tmp_path / "h.sqlite") as store:
        env = {"hostname": __import__("socket").gethostname(), "pid": os.getppid()}
        store.begin_run({"budget": 1}, env, None, [])
        with pytest.raises(StoreError, match="still being measured"):
            store.unfinished({"budget": 1}, [])
        dead = {**env, "pid": 2**22 + 12345}  # no such process
        run_id = store.begin_run({"budget": 2}, dead, None, [])
        assert store.unfinished({"budget": 2}, []) == run_id


def gone(pid: int, within: float = 20.0) -> bool:
    """True once process ``pid`` has ended, within ``within`` seconds (a zombie waiting for its
    parent to collect it counts as ended)."""
    deadline = time.monotonic() + within
    while True:
        try:
            os.kill(pid, 0)
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            if state in ("Z", "X"):
                return True
        except (ProcessLookupError, FileNotFoundError):
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)


HANGS = textwrap.dedent(
    """
    import time
    from pathlib import Path
    import arraybench as ab

    w = ab.Workload("hangs", sizes=[10], dtypes=("float64",))

    @w.inputs
    def make(n, rng):
        return {"x": rng.standard_normal(n)}

    @w.impl("numpy")
    def hang(x, xp):
        Path(__file__).with_suffix(".started").touch()
        time.sleep(600)
        return x
    """
)

PARENT = textwrap.dedent(
    """
    import sys
    import arraybench as ab
    from arraybench.measure.plan import plan
    from arraybench.measure.wire import request, request_settings
    from arraybench.measure.worker import Worker
    from arraybench.results import Floor
    from arraybench.catalog import load_file

    (w,) = load_file(sys.argv[1])
    cases, _ = plan([w], ab.RunConfig(backends=("numpy",)))
    settings = request_settings(ab.RunConfig(budget=0.02, processes=1), Floor(1e-8, 1e-8))
    worker = Worker()
    print(worker.pid, flush=True)
    worker.run(request(cases, settings, {}), None)
    """
)


def test_a_worker_dies_with_the_process_that_started_it_even_in_the_middle_of_a_case(
    tmp_path: Path,
) -> None:
    """Its parent killed (SIGKILL: no clean-up of its own runs), a worker measuring a case that
    would take 10 minutes ends at once: no worker outlives the process that started it."""
    path = tmp_path / "hangs.py"
    path.write_text(HANGS)
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT, str(path)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert parent.stdout is not None
        pid = int(parent.stdout.readline())
        deadline = time.monotonic() + 120
        while not path.with_suffix(".started").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert path.with_suffix(".started").exists() and not gone(pid, 0)
        parent.kill()
        parent.wait()
        assert gone(pid)
    finally:
        parent.kill()
        parent.wait()
