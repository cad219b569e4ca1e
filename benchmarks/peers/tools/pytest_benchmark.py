"""pytest-benchmark's ``benchmark`` fixture with its defaults, in a generated test file."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from ..kernels import setup_source
from ..runs import Context, Run, summarize

TEST_FILE = """\
import os
import time

import pytest

{setup}

# The parent says "go" when it is this tool's turn; the test answers "done" with its wall time.
# Between turns the process waits on a read and uses no CPU.
_go = os.fdopen(int(os.environ["PEERS_GO_FD"]), "r")
_done = os.fdopen(int(os.environ["PEERS_DONE_FD"]), "w")
_done.write("ready\\n")
_done.flush()


@pytest.mark.parametrize("turn", range({rounds}))
def test_{name}(benchmark, turn):
    if not _go.readline():
        pytest.skip("the parent went away")
    t0 = time.perf_counter()
    benchmark({call_args})
    wall = time.perf_counter() - t0
    benchmark.extra_info["wall_s"] = wall
    _done.write(f"{{wall}}\\n")
    _done.flush()
"""


class Session:
    """pytest-benchmark on one kernel: one pytest process, one parametrized test per round.

    The ``benchmark`` fixture with its defaults, in a generated test file run by ``python -m
    pytest`` in a subprocess; each test waits for its turn, so its runs interleave with the other
    tools' while pytest and the kernel's imports start once per kernel, as in a suite. Results
    are read from ``--benchmark-json`` when the process ends. The wall time of a run is the
    fixture's own (calibration and rounds), measured inside the test.
    """

    def __init__(self, ctx: Context) -> None:
        """Start pytest and wait until its test module is imported (the kernel built).

        Args:
            ctx: the kernel's context; one test per round.
        """
        k = ctx.k
        self.k, self.turns = k, 0
        test = ctx.path("test", ".py")
        self.out = ctx.path("pytest", ".json")
        call_args = ", ".join(("kernel", *k.args))
        test.write_text(
            TEST_FILE.format(
                setup=setup_source(k), name=k.name, call_args=call_args, rounds=ctx.rounds
            )
        )
        go_r, go_w = os.pipe()
        done_r, done_w = os.pipe()
        argv = [
            sys.executable, "-m", "pytest", str(test), "-q", "-p", "no:cacheprovider",
            "--benchmark-json", str(self.out), "--rootdir", str(ctx.scratch),
        ]  # fmt: skip
        env = dict(os.environ, PEERS_GO_FD=str(go_r), PEERS_DONE_FD=str(done_w))
        self.log_path = ctx.path("pytest", ".log")
        self.log = self.log_path.open("w")
        self.proc = subprocess.Popen(
            argv, cwd=ctx.scratch, env=env, pass_fds=(go_r, done_w),
            stdout=self.log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        os.close(go_r)
        os.close(done_w)
        self.go_w = os.fdopen(go_w, "w")
        self.done_r = os.fdopen(done_r, "r")
        self._read("ready")

    def _read(self, what: str) -> str:
        line = self.done_r.readline()
        if not line:
            self.proc.wait(timeout=60)
            self.log.close()
            raise RuntimeError(
                f"pytest-benchmark failed on {self.k.name} before {what} (rc "
                f"{self.proc.returncode}; is it installed? {sys.executable} -m pip install "
                f"pytest-benchmark):\n{self.log_path.read_text()[-3000:]}"
            )
        return line.strip()

    def turn(self) -> float:
        """Let the next test run, wait for it, and return its wall time (seconds)."""
        self.go_w.write("go\n")
        self.go_w.flush()
        self.turns += 1
        return float(self._read(f"turn {self.turns}"))

    def finish(self) -> list[Run]:
        """End the process and read its runs, in turn order."""
        self.go_w.close()
        self.proc.wait(timeout=120)
        self.log.close()
        self.done_r.close()
        if self.proc.returncode != 0 or not self.out.exists():
            raise RuntimeError(
                f"pytest-benchmark failed on {self.k.name} (rc {self.proc.returncode}):\n"
                + self.log_path.read_text()[-3000:]
            )
        benches = json.loads(self.out.read_text())["benchmarks"]
        benches.sort(key=lambda b: int(b["param"]))
        return [
            summarize(
                list(b["stats"]["data"]),
                float(b["extra_info"]["wall_s"]),
                rounds=b["stats"]["rounds"],
                loops=b["stats"].get("iterations"),
            )
            for b in benches[: self.turns]
        ]

    def close(self) -> None:
        """Stop the process if it is still running (after an error elsewhere)."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=30)
        for f in (self.log, self.go_w, self.done_r):
            if not f.closed:
                f.close()
