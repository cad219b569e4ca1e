"""Nothing measured is lost: a run stopped (SIGINT or SIGTERM) anywhere keeps each process's
finished part of a case, and ``--resume`` measures only the parts missing, each once, ending with
the cases an uninterrupted run has.

The workload's impl writes a line, ``pid size``, as each worker process starts on a size, so
the log says which process parts were measured and in what order; the part numbered
``ABTEST_STOP_AT`` waits there until the test has stopped the run. One part is measured at a
time (the processes take turns), so the parts stored before the stop are exactly the lines
before that one.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

GATED = textwrap.dedent(
    """
    import os
    import time
    from pathlib import Path

    import arraybench as ab

    w = ab.Workload("gated", sizes=(10, 100, 1000), dtypes=("float64",))


    @w.inputs
    def make(n, rng):
        return {"x": rng.standard_normal(n)}


    _SEEN = set()


    @w.impl("numpy")
    def twice(x):
        log = os.environ.get("ABTEST_LOG")
        if log and os.environ.get("ARRAYBENCH_WORKER") == "1" and x.size not in _SEEN:
            _SEEN.add(x.size)
            with open(log, "a") as f:
                f.write(f"{os.getpid()} {x.size}\\n")
            with open(log) as f:
                k = len(f.readlines())
            if str(k) == os.environ.get("ABTEST_STOP_AT"):
                # Held here until the test stops the run (at most 60 s, however busy the
                # machine: then the run goes on, and the test fails saying so).
                Path(log + ".waiting").touch()
                deadline = time.monotonic() + 60
                while time.monotonic() < deadline:
                    time.sleep(0.05)
        return x * 2


    @w.impl("numpy", label="plus")
    def plus(x):
        return x + x
    """
)
SIZES = (10, 100, 1000)
IMPLS = 2  # cases of each size, measured together in each process
P = 3
#: The parts in the order the processes measure them: process 1 every size, then process 2...
ORDER = [(p, n) for p in range(P) for n in SIZES]


def _ctrl_c_works() -> None:
    """In the child before it starts: SIGINT back to its default (a suite started in the
    background by a non-interactive shell has it ignored, and so would the command)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _command(work: Path, store: Path, *extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "arraybench",
        "run",
        str(work),
        "--processes",
        str(P),
        "--budget",
        "0.03",
        "-q",
        "--store",
        str(store),
        *extra,
    ]


def _env(log: Path, stop_at: int | None = None) -> dict[str, str]:
    env = {**os.environ, "COLUMNS": "250", "ABTEST_LOG": str(log)}
    env.pop("ABTEST_STOP_AT", None)
    if stop_at is not None:
        env["ABTEST_STOP_AT"] = str(stop_at)
    return env


def _log(path: Path) -> list[tuple[int, int]]:
    if not path.exists():
        return []
    return [(int(a), int(b)) for a, b in (line.split() for line in path.read_text().splitlines())]


def _stored(store: Path) -> dict[str, Any]:
    """The store's one run: its status, its cases' sizes and processes, its parts kept."""
    with sqlite3.connect(store) as db:
        [(status,)] = db.execute("SELECT status FROM runs").fetchall()
        cases = {}
        for (data,) in db.execute("SELECT data FROM cases"):
            d = json.loads(data)
            key = (d["workload"], d["impl"], d["backend"], d["device"], d["dtype"], d["size"])
            cases[key] = (d["measurement"]["processes"], (d.get("check") or {}).get("passed"))
        parts = {
            (p, json.loads(key)[5])
            for key, p in db.execute("SELECT case_key, process FROM parts").fetchall()
        }
    return {"status": status, "cases": cases, "parts": parts}


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    tmp = tmp_path_factory.mktemp("whole")
    work, store = tmp / "gated.py", tmp / "h.sqlite"
    work.write_text(GATED)
    p = subprocess.run(
        _command(work, store),
        env=_env(tmp / "log"),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert p.returncode == 0, p.stderr
    assert sorted(n for _, n in _log(tmp / "log")) == sorted(n for _, n in ORDER)
    return _stored(store)


@pytest.mark.parametrize(
    ("stop_at", "sig", "extra"),
    [
        (2, signal.SIGTERM, ()),  # in process 1's part of the 2nd size: 1 part kept
        (5, signal.SIGINT, ()),  # in the middle, in process 2's part: 4 kept
        (9, signal.SIGTERM, ()),  # in the last part of all: 8 kept
        (4, signal.SIGINT, ("--isolate",)),  # a case a request, as its own process would
    ],
    ids=["sigterm-first-process", "sigint-middle", "sigterm-last-part", "sigint-isolated"],
)
def test_a_stopped_run_keeps_every_finished_part_and_resume_measures_each_missing_one_once(
    tmp_path: Path, uninterrupted: dict[str, Any], stop_at: int, sig: int, extra: tuple[str, ...]
) -> None:
    work, store = tmp_path / "gated.py", tmp_path / "h.sqlite"
    work.write_text(GATED)
    log = tmp_path / "first.log"
    proc = subprocess.Popen(
        _command(work, store, *extra),
        env=_env(log, stop_at),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_ctrl_c_works,  # noqa: PLW1509
    )
    try:
        waiting = Path(f"{log}.waiting")
        deadline = time.monotonic() + 120
        while not waiting.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert waiting.exists(), proc.communicate()
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    name = signal.Signals(sig).name
    assert proc.returncode == 128 + sig, err
    kept = set(ORDER[: stop_at - 1])  # the parts finished before the one stopped
    assert [n for _, n in _log(log)] == [n for _, n in ORDER[:stop_at]]
    first = _stored(store)
    assert first == {"status": "interrupted", "cases": {}, "parts": kept}
    n_kept, cases = IMPLS * len(kept), IMPLS * len({n for _, n in kept})
    flat = " ".join(err.split())
    assert f"stopped by {name}" in flat and "(interrupted)" in flat, err
    assert f"{n_kept} process parts of {cases} cases" in flat
    assert "--resume to measure only what is missing" in flat

    again = tmp_path / "resume.log"
    p = subprocess.run(
        [*_command(work, store, *extra), "--resume"],
        env=_env(again),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert p.returncode == 0, p.stderr
    out = " ".join(p.stdout.split())
    assert f"kept {n_kept} process parts of {cases} cases; measuring only what is missing" in out
    missing = [part for part in ORDER if part not in kept]
    assert f"{IMPLS * len(missing)} process parts measured now" in out
    measured = _log(again)
    # Each missing part once, in its process's turn, and no part kept measured again.
    assert [n for _, n in measured] == [n for _, n in missing]
    by_process: dict[int, set[int]] = {}
    for (p_index, _), (pid, _) in zip(missing, measured, strict=True):
        by_process.setdefault(p_index, set()).add(pid)
    assert all(len(pids) == 1 for pids in by_process.values())  # one process each
    final = _stored(store)
    assert final["status"] == "complete" and final["parts"] == set()

    # The same cases, each with all its processes and checked (in process 1's part, kept or
    # measured now), as uninterrupted.
    def seen(run: dict[str, Any]) -> dict[Any, tuple[int, bool]]:
        return {k: (len(processes), checked) for k, (processes, checked) in run["cases"].items()}

    assert seen(final) == seen(uninterrupted) == {k: (P, True) for k in seen(uninterrupted)}
    assert len(final["cases"]) == IMPLS * len(SIZES)


def test_the_messages_count_what_was_kept_and_say_where_parts_are_not_kept() -> None:
    from arraybench.base.interrupts import Interrupted
    from arraybench.cli import _resume
    from arraybench.config import RunConfig

    config = RunConfig(processes=4)
    parts: Any = {
        ("w", "i", "numpy", "cpu", "float64", n, None): {0: None, 2: None} for n in (1, 2)
    }
    tally = _resume.Tally.resumed(3, parts)
    assert _resume.resuming("R", tally, config) == (
        "resuming run R: kept 3 finished cases and 4 process parts of 2 others; measuring only "
        "what is missing"
    )
    tally.parts, tally.cases = 1, 5
    assert _resume.resumed("R", tally, config).endswith(
        "kept from before, 1 process part measured now"
    )
    one = RunConfig(processes=1)
    assert _resume.resumed("R", _resume.Tally(1, cases=1), one) == (
        "run R resumed: 1 finished case kept from before, 1 case measured now"
    )
    term = Interrupted(signal.SIGTERM)
    assert "stopped by SIGTERM before any case or process part was finished" in (
        _resume.stopped("R", 0, {}, config, term)
    )
    said = _resume.stopped("R", 0, parts, config, KeyboardInterrupt())
    assert said.startswith("arraybench: stopped by SIGINT (Ctrl-C). Stored as run R")
    assert "4 process parts of 2 cases" in said and "(on a cluster" not in said
    assert "arraybench show" not in said  # nothing finished to show
    assert "'arraybench show R' shows the finished cases" in (
        _resume.stopped("R", 1, parts, config, KeyboardInterrupt())
    )
    cluster = RunConfig(processes=2, cluster="local:1")
    assert "on a cluster a case is kept once all its processes" in (
        _resume.stopped("R", 1, {}, cluster, term)
    )
    adaptive = RunConfig(processes=2, spending="adaptive")
    assert "the cases a claim reads are kept once finished" in (
        _resume.resuming("R", tally, adaptive)
    )
    assert _resume.stopped("R", 2, {}, config, None).startswith(
        "arraybench: 2 finished cases measured before the error are stored as run R"
    )
