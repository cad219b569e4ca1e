"""A run killed with SIGKILL halfway loses no case it had already reported.

The child process runs a real workload through ``measure.runner.run`` and stores each case from
``on_result``, then prints it. Its last size stalls inside a kernel, so the kill always lands in
the middle of measuring. Every case printed before the kill must be in the store, the run still
marked 'running', and ``load`` must rebuild it.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from arraybench.store import RUNNING, open_store

#: Cases the child must report before it is killed: a few, well before the stall.
KILL_AFTER = 4
#: Seconds to wait for the child's cases before declaring the test broken (imports included).
DEADLINE_S = 60.0

CHILD = textwrap.dedent(
    """
    import json, math, sys, time
    import arraybench as ab
    from arraybench.measure.runner import run
    from arraybench.store import open_store

    STALL = 60  # the last size: its 'stall' impl sleeps until killed

    w = ab.Workload("crashy", sizes=(10, 20, 30, 40, 50, STALL), dtypes=("float64",))

    @w.inputs
    def make(n, rng):
        return {"x": rng.uniform(-1.0, 1.0, n)}

    @w.impl("numpy")
    def vectorized(x):
        return x * 2.0

    @w.impl("python", label="loop")
    def loop(x):
        return [v * 2.0 for v in x]

    @w.impl("numpy", label="stall")
    def stall(x):
        if len(x) == STALL:
            time.sleep(600)
        return x + x

    config = ab.RunConfig(budget=0.02, max_samples=50)
    store = open_store(sys.argv[1])
    run_id = store.begin_run(config.to_dict(), {}, None, ["crashy"])
    print("RUN", run_id, flush=True)

    def on_result(case):
        store.add_case(run_id, case)           # committed before it is reported
        print("CASE", json.dumps(case.to_dict()), flush=True)

    result = run(w, config, on_result=on_result)
    store.finish_run(run_id, result)
    print("DONE", flush=True)
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_run_killed_halfway_keeps_every_case_it_reported(tmp_path: Path) -> None:
    script = tmp_path / "child.py"
    script.write_text(CHILD, encoding="utf-8")
    store_path = tmp_path / "history.sqlite"
    proc = subprocess.Popen(
        [sys.executable, str(script), str(store_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    # A thread reads the child's lines, so waiting for them can time out without blocking.
    incoming: queue.Queue[str] = queue.Queue()
    stdout = proc.stdout
    assert stdout is not None

    def forward() -> None:
        for line in stdout:
            incoming.put(line)

    reader_thread = threading.Thread(target=forward, daemon=True)
    reader_thread.start()
    lines: list[str] = []
    try:
        while sum(line.startswith("CASE ") for line in lines) < KILL_AFTER:
            try:
                lines.append(incoming.get(timeout=DEADLINE_S))
            except queue.Empty:
                pytest.fail(f"the child reported fewer than {KILL_AFTER} cases in {DEADLINE_S} s")
            if proc.poll() is not None and incoming.empty():
                err = proc.stderr.read() if proc.stderr else ""
                pytest.fail(f"the child stopped before {KILL_AFTER} cases: {err}")
        run_id = lines[0].split()[1]
        # A reader while the child is still writing: it sees at least what was reported.
        with open_store(store_path, create=False) as reader:
            assert len(reader.load(run_id).cases) >= KILL_AFTER
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=DEADLINE_S)
        reader_thread.join(timeout=DEADLINE_S)  # the pipe closes with the child
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for pipe in (proc.stdout, proc.stderr):
            if pipe is not None:
                pipe.close()
    assert proc.returncode == -signal.SIGKILL
    while not incoming.empty():
        lines.append(incoming.get())
    assert not any(line.startswith("DONE") for line in lines)
    reported = [json.loads(line[5:]) for line in lines if line.startswith("CASE ")]
    assert len(reported) >= KILL_AFTER

    with open_store(store_path) as store:
        assert store.resolve("latest") == run_id
        summary = store.runs()[0]
        assert summary.status == RUNNING and summary.n_cases >= len(reported)
        loaded = store.load(run_id)
    stored = [c.to_dict() for c in loaded.cases]
    for case in reported:
        assert case in stored, f"reported but not stored: {case['impl']} n={case['size']}"
    assert {c.workload for c in loaded.cases} == {"crashy"}
    assert loaded.finished == ""
