"""arraybench measured against its peers on the same kernels, in one run, interleaved.

Seven kernels from ~30 ns to ~100 ms (a no-op call, a scalar math call, a small and a large NumPy
op, a torch op, a JAX jitted op, a matrix multiply) are timed by:

- **arraybench**: the library API, :func:`arraybench.run` on a one-impl :class:`Workload` per
  kernel, with every default (0.5 s budget, stop at a ±2% 95% CI of the median, check on): what a
  user gets;
- **timeit**: what ``python -m timeit`` does: ``autorange()`` then ``repeat(5, number)``;
- **torch.utils.benchmark**: ``Timer.blocked_autorange()`` and ``Timer.adaptive_autorange()``,
  defaults, in a process of its own per kernel (see TORCH_WORKER for why);
- **pyperf**: its default ``Runner`` (20 worker processes, 3 values each) run as a script in a
  subprocess, once per kernel, and once with ``--fast`` (10 processes, 2 values);
- **pytest-benchmark**: the ``benchmark`` fixture in a generated test file, run by pytest in a
  subprocess, read back from ``--benchmark-json``;

and a **reference**: timeit in a fresh process per kernel (importing nothing of arraybench), many
repeats of at least 50 ms each, spread over the whole time the kernel is measured.

Every tool times the same callable, ``kernel(*inputs)``, built by the same source code, on
inputs made outside the clock the way arraybench's backends make them. For each kernel the
tools take turns in rounds (A B C ... then B C ... A), so a slow spell of the machine falls on
all of them; each tool runs once per round (pyperf once per kernel: one default run costs more
than every other tool's five).

Figures, each beside the best peer of the same run (see benchmarks/README.md):

- agreement: each tool's median (the median of its runs' medians) against the reference;
- floor: the time reported for the no-op kernel, and the harness's own cost per call;
- time to precision: wall time of one run, and the 95% CI of the median it reached (computed
  for every tool the same way, from its own raw samples);
- repeatability: the spread (max - min) / median of the medians of the repeated runs.

Writes docs/performance.md. Run from the repository root::

    .venv/bin/python benchmarks/peers.py            # ~7.5 minutes on 2 cores
    .venv/bin/python benchmarks/peers.py --quick    # ~3 minutes: 2 rounds, pyperf --fast only
    .venv/bin/python benchmarks/peers.py --help
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
import timeit
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from arraybench.measure.env import load1, wait_for_quiet

ROOT = Path(__file__).resolve().parent.parent
DOC_OUT = ROOT / "docs" / "performance.md"

#: Rounds per kernel: each tool (pyperf aside) runs once per round, so repeatability is the
#: spread of this many medians.
ROUNDS = 5
QUICK_ROUNDS = 2
#: Reference repeats taken in each round; 7 x 5 rounds = 35 repeats per kernel, spread over the
#: whole time the kernel is measured.
REF_REPEATS_PER_ROUND = 7
#: A reference repeat lasts at least this long (timeit's autorange rule with 50 ms instead of its
#: 0.2 s): far above the clock's resolution and timeit's ~5 ns per-loop cost.
REF_MIN_TIME_S = 0.05
#: timeit's command line repeats 5 times after autorange.
TIMEIT_REPEAT = 5
#: The precision the targets are about: the 95% CI of the median within ±2%.
TARGET_CI = 0.02
#: Agreement with the reference is judged above this time per call: below it, a few ns of
#: harness is a large share, and the floor figure covers it.
AGREEMENT_FROM_S = 1e-6
AGREEMENT_TARGET = 0.03
#: Time-to-precision targets: at most this share of pyperf's default run ...
PYPERF_SHARE_TARGET = 0.5
#: Errors smaller than this count as this much when two tools' errors are put in a ratio: below
#: it both agree within the noise of a ±2% interval, and a ratio of two tiny numbers means nothing.
ERROR_RESOLUTION = 0.005
#: Wait for a 1-minute load under this before measuring (2 cores: one of them free).
DEFAULT_MAX_LOAD = 1.0

ARRAYBENCH = "arraybench"
TIMEIT = "timeit"
BLOCKED = "blocked_autorange"
ADAPTIVE = "adaptive_autorange"
PYTEST = "pytest-benchmark"
PYPERF = "pyperf"
PYPERF_FAST = "pyperf --fast"
REFERENCE = "reference"
#: Tools that run once per round, in this order rotated by one each round.
ROUND_TOOLS = (ARRAYBENCH, TIMEIT, BLOCKED, ADAPTIVE, PYTEST, REFERENCE)
PEERS = (TIMEIT, BLOCKED, ADAPTIVE, PYTEST, PYPERF, PYPERF_FAST)
TOOLS = (ARRAYBENCH, *PEERS)


@dataclass(frozen=True)
class Kernel:
    """One timed callable, described as source so that every process can build it alike.

    Attributes:
        name: short identifier.
        what: one line for the tables.
        backend: the arraybench backend that converts its inputs (and syncs).
        dtype: the inputs' dtype.
        n: the problem size handed to ``make``.
        imports: import lines the kernel needs.
        define: source defining ``kernel`` (and anything it uses).
        args: the names of ``kernel``'s parameters, in order (the keys ``make`` returns).
        make: an expression of ``n`` and ``rng`` (a seeded NumPy Generator): the float64 inputs.
        reference: source defining ``ref``, a NumPy impl that arraybench checks the kernel
            against, for kernels whose backend has no reference of its own.
    """

    name: str
    what: str
    backend: str
    dtype: str
    n: int
    imports: str
    define: str
    args: tuple[str, ...]
    make: str
    reference: str | None = None


_SIN_INPUT = "{'x': rng.uniform(-3.0, 3.0, n)}"
KERNELS: tuple[Kernel, ...] = (
    Kernel(
        "noop", "a no-op call, `kernel()` returning 0", "python", "float64", 1, "",
        "def kernel():\n    return 0\n", (), "{}",
    ),
    Kernel(
        "scalar", "`math.sin(x)` on a Python float", "python", "float64", 1, "import math",
        "def kernel(x):\n    return math.sin(x)\n", ("x",), "{'x': 0.5}",
    ),
    Kernel(
        "numpy_small", "`np.sin(x)`, 100 float64", "numpy", "float64", 100,
        "import numpy as np", "def kernel(x):\n    return np.sin(x)\n", ("x",), _SIN_INPUT,
    ),
    Kernel(
        "torch_op", "`torch.sin(x)`, 1000 float32 (CPU)", "torch", "float32", 1000,
        "import torch", "def kernel(x):\n    return torch.sin(x)\n", ("x",), _SIN_INPUT,
        "import numpy as np\ndef ref(x):\n    return np.sin(x)\n",
    ),
    Kernel(
        "jax_jit", "`jax.jit(sin(x)**2)`, 10^4 float32, `block_until_ready()` each call",
        "jax", "float32", 10_000, "import jax\nimport jax.numpy as jnp",
        "_f = jax.jit(lambda x: jnp.sin(x) ** 2)\n\n"
        "def kernel(x):\n    return _f(x).block_until_ready()\n",
        ("x",), _SIN_INPUT, "import numpy as np\ndef ref(x):\n    return np.sin(x) ** 2\n",
    ),
    Kernel(
        "numpy_large", "`np.sin(x)`, 10^6 float64", "numpy", "float64", 10**6,
        "import numpy as np", "def kernel(x):\n    return np.sin(x)\n", ("x",), _SIN_INPUT,
    ),
    Kernel(
        "matmul", "`a @ b`, 1000x1000 float64 (NumPy, its BLAS threads)", "numpy", "float64",
        1000, "import numpy as np", "def kernel(a, b):\n    return a @ b\n", ("a", "b"),
        "{'a': rng.standard_normal((n, n)), 'b': rng.standard_normal((n, n))}",
    ),
)  # fmt: skip

#: How each backend's inputs are made for the peers: as arraybench's backends make them.
_CONVERT = {
    "python": "def _convert(v):\n    return v.tolist() if hasattr(v, 'tolist') else v\n",
    "numpy": "def _convert(v):\n    return np.array(v, dtype=DTYPE, copy=True)\n",
    "torch": "import torch\n"
    "def _convert(v):\n    return torch.from_numpy(np.array(v, dtype=DTYPE, copy=True))\n",
    "jax": "import jax\n"
    "def _convert(v):\n    return jax.device_put(np.asarray(v, dtype=DTYPE)).block_until_ready()\n",
}


def setup_source(k: Kernel) -> str:
    """Python source that defines ``kernel`` and its inputs, and calls it once.

    Executed alike in this process (timeit, torch.utils.benchmark), in the reference process, in
    pyperf's workers and in pytest-benchmark's test file. The inputs are made as arraybench makes
    them: float64 from ``numpy.random.default_rng([0, n])``, then converted by the backend.

    Args:
        k: the kernel.

    Returns:
        The source; after it runs, ``kernel`` and one global per name in ``k.args`` exist.
    """
    lines = [k.imports, k.define]
    if k.args and k.backend != "python":
        lines += [
            "import numpy as np",
            f"DTYPE = {k.dtype!r}",
            _CONVERT[k.backend],
            f"n = {k.n}",
            "rng = np.random.default_rng([0, n])",
        ]
    elif k.args:
        lines += [_CONVERT["python"], f"n = {k.n}", "rng = None"]
    lines.append(f"_inputs = {k.make}")
    lines += [f"{a} = _convert(_inputs[{a!r}])" for a in k.args]
    # The first call (JIT compilation, allocator and cache warm-up) is made here, outside every
    # tool's timing, as arraybench keeps its first call apart.
    lines.append(statement(k))
    return "\n".join(line for line in lines if line) + "\n"


def statement(k: Kernel) -> str:
    """The timed statement, ``kernel(x)``: the same call in every tool.

    Args:
        k: the kernel.

    Returns:
        The statement's source.
    """
    return f"kernel({', '.join(k.args)})"


def namespace(k: Kernel) -> dict[str, Any]:
    """Run :func:`setup_source` in a fresh namespace of this process.

    Args:
        k: the kernel.

    Returns:
        The namespace, holding ``kernel`` and its inputs.
    """
    ns: dict[str, Any] = {"__name__": f"peers_{k.name}"}
    exec(compile(setup_source(k), f"<kernel {k.name}>", "exec"), ns)
    return ns


# -- statistics ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """One run of one tool on one kernel.

    Attributes:
        median: the median of the run's per-call times, seconds.
        rel_ci: the half-width of the 95% CI of that median, relative (arraybench's method,
            from the run's raw samples).
        level: the confidence the interval reaches (below 95% under 6 samples).
        samples: how many raw samples (per-call times) the run gave.
        wall: seconds the run took, from start to its result.
        extra: anything else worth keeping (arraybench's floor, the tool's own figure).
    """

    median: float
    rel_ci: float
    level: float
    samples: int
    wall: float
    extra: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        """The run as JSON-ready data."""
        return {
            "median": self.median,
            "rel_ci": self.rel_ci,
            "level": self.level,
            "samples": self.samples,
            "wall": self.wall,
            "extra": self.extra,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Run:
        """A run from :meth:`to_dict`'s data."""
        return cls(
            float(d["median"]), float(d["rel_ci"]), float(d["level"]), int(d["samples"]),
            float(d["wall"]), dict(d.get("extra", {})),
        )  # fmt: skip


def summarize(times: Sequence[float], wall: float, **extra: Any) -> Run:
    """A :class:`Run` from raw per-call times, with arraybench's CI of the median.

    Args:
        times: per-call seconds, one per sample (block, repeat, value, round).
        wall: seconds the run took.
        **extra: kept as they are.

    Returns:
        The run.
    """
    from arraybench.analysis import stats

    lo, hi, level = stats.median_ci(times)
    med = stats.median(times)
    rel = max(med - lo, hi - med) / med if med > 0 else math.inf
    return Run(med, rel, level, len(times), wall, dict(extra))


# -- the tools -------------------------------------------------------------------------------


class Context:
    """What the tools share for one kernel: its namespace, workload and scratch folder."""

    def __init__(self, k: Kernel, scratch: Path) -> None:
        """Build the kernel in this process and its arraybench workload.

        Args:
            k: the kernel.
            scratch: a folder for generated scripts and their outputs.
        """
        self.k = k
        self.ns = namespace(k)
        self.scratch = scratch
        self.workload = _workload(k, self.ns)
        self.counter = 0
        self.torch_worker: Worker | None = None

    def path(self, stem: str, suffix: str) -> Path:
        """A new file name in the scratch folder (pyperf refuses to overwrite its output)."""
        self.counter += 1
        return self.scratch / f"{self.k.name}_{stem}_{self.counter}{suffix}"


def _workload(k: Kernel, ns: dict[str, Any]) -> Any:
    """The kernel as an arraybench Workload: one impl, the kernel function itself."""
    import arraybench as ab

    w = ab.Workload(f"peers_{k.name}", sizes=(k.n,), dtypes=(k.dtype,), description=k.what)
    make = k.make

    @w.inputs
    def _make(n: int, rng: Any) -> dict[str, Any]:
        return dict(eval(make, {"n": n, "rng": rng}))

    w.impl(k.backend, label=k.name, reference=k.reference is None)(ns["kernel"])
    if k.reference is not None:
        rns: dict[str, Any] = {}
        exec(k.reference, rns)
        w.impl("numpy", label="ref")(rns["ref"])
    return w


def run_arraybench(ctx: Context) -> Run:
    """``arraybench.run`` with every default, on this kernel's backend alone."""
    import arraybench as ab

    k = ctx.k
    t0 = time.perf_counter()
    result = ab.run(ctx.workload, backends=[k.backend], dtypes=[k.dtype])
    wall = time.perf_counter() - t0
    case = result.cases[0]
    if not case.ok or case.measurement is None:
        raise RuntimeError(f"arraybench failed on {k.name}: {case.error}")
    m = case.measurement
    return summarize(
        m.samples,
        wall,
        own_elapsed=m.elapsed,
        stop=m.stop,
        loops=m.loops,
        floor_call=result.floor.call_overhead if result.floor else None,
        warnings=list(m.warnings),
    )


def run_timeit(ctx: Context) -> Run:
    """What ``python -m timeit`` does: autorange, then 5 repeats (it prints the best)."""
    t = timeit.Timer(statement(ctx.k), globals=ctx.ns)
    t0 = time.perf_counter()
    number, _ = t.autorange()
    raw = t.repeat(TIMEIT_REPEAT, number)
    wall = time.perf_counter() - t0
    times = [x / number for x in raw]
    return summarize(times, wall, number=number, best=min(times))


#: torch.utils.benchmark's process: its Timer sets torch's threads to 1 while it times and back
#: after, and on this machine that toggling leaves later torch calls in the same process 1.3-1.6x
#: slower (torch.sin on 1000 floats: 2.4 µs -> 3.6-4.3 µs, minimum of 9 repeats). So it runs in a
#: process of its own, one per kernel, driven over stdin ("blocked", "adaptive", "quit").
TORCH_WORKER = r"""
import json, sys, time
from torch.utils.benchmark import Timer
setup, stmt = sys.argv[1], sys.argv[2]
g = {"__name__": "torch_timer"}
exec(compile(setup, "<kernel>", "exec"), g)
print(json.dumps({"ready": True}), flush=True)
for line in sys.stdin:
    op = line.strip()
    if op == "quit":
        break
    timer = Timer(stmt, globals=g)
    t0 = time.perf_counter()
    m = timer.blocked_autorange() if op == "blocked" else timer.adaptive_autorange()
    wall = time.perf_counter() - t0
    print(json.dumps({"times": list(m.times), "wall": wall, "median": m.median}), flush=True)
"""


class Worker:
    """A fresh Python process running ``code`` with a kernel's setup, answering JSON lines."""

    def __init__(self, k: Kernel, code: str, *args: str) -> None:
        """Start the process and wait until it has built the kernel.

        Args:
            k: the kernel.
            code: the process's program (``python -c``).
            *args: more arguments after the setup source and the statement.
        """
        self.k = k
        argv = [sys.executable, "-c", code, setup_source(k), statement(k), *args]
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        self.ask(None)

    def ask(self, command: str | None) -> Any:
        """Send ``command`` (None: nothing) and return the decoded answer line."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        if command is not None:
            self.proc.stdin.write(command + "\n")
            self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            err = self.proc.stderr.read() if self.proc.stderr else ""
            raise RuntimeError(f"a worker process of {self.k.name} failed:\n{err.strip()[-3000:]}")
        return json.loads(line)

    def close(self) -> None:
        """End the process."""
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.write("quit\n")
            self.proc.stdin.close()
            self.proc.wait(timeout=30)


def _run_torch_timer(ctx: Context, how: str) -> Run:
    if ctx.torch_worker is None:
        ctx.torch_worker = Worker(ctx.k, TORCH_WORKER)
    answer = ctx.torch_worker.ask(how)
    return summarize(answer["times"], float(answer["wall"]), own_median=answer["median"])


def run_blocked(ctx: Context) -> Run:
    """``torch.utils.benchmark.Timer.blocked_autorange()`` with its defaults (0.2 s)."""
    return _run_torch_timer(ctx, "blocked")


def run_adaptive(ctx: Context) -> Run:
    """``Timer.adaptive_autorange()`` with its defaults (IQR/median < 0.1, 0.01 s to 10 s)."""
    return _run_torch_timer(ctx, "adaptive")


PYTEST_FILE = """\
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


class PytestSession:
    """pytest-benchmark on one kernel: one pytest process, one parametrized test per round.

    The ``benchmark`` fixture with its defaults, in a generated test file run by ``python -m
    pytest`` in a subprocess; each test waits for its turn, so its runs interleave with the other
    tools' while pytest and the kernel's imports start once per kernel, as in a suite. Results
    are read from ``--benchmark-json`` when the process ends. The wall time of a run is the
    fixture's own (calibration and rounds), measured inside the test.
    """

    def __init__(self, ctx: Context, rounds: int) -> None:
        """Start pytest and wait until its test module is imported (the kernel built).

        Args:
            ctx: the kernel's context.
            rounds: how many turns (tests) to expect.
        """
        k = ctx.k
        self.k, self.rounds, self.turns = k, rounds, 0
        test = ctx.path("test", ".py")
        self.out = ctx.path("pytest", ".json")
        call_args = ", ".join(("kernel", *k.args))
        test.write_text(
            PYTEST_FILE.format(
                setup=setup_source(k), name=k.name, call_args=call_args, rounds=rounds
            )
        )
        go_r, self._go_w = os.pipe()
        self._done_r, done_w = os.pipe()
        argv = [
            sys.executable, "-m", "pytest", str(test), "-q", "-p", "no:cacheprovider",
            "--benchmark-json", str(self.out), "--rootdir", str(ctx.scratch),
        ]  # fmt: skip
        env = dict(os.environ, PEERS_GO_FD=str(go_r), PEERS_DONE_FD=str(done_w))
        self.log = ctx.path("pytest", ".log").open("w")
        self.proc = subprocess.Popen(
            argv, cwd=ctx.scratch, env=env, pass_fds=(go_r, done_w),
            stdout=self.log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        os.close(go_r)
        os.close(done_w)
        self.go_w = os.fdopen(self._go_w, "w")
        self.done_r = os.fdopen(self._done_r, "r")
        self._read("ready")

    def _read(self, what: str) -> str:
        line = self.done_r.readline()
        if not line:
            self.proc.wait(timeout=60)
            self.log.close()
            text = Path(self.log.name).read_text()
            raise RuntimeError(
                f"pytest-benchmark failed on {self.k.name} before {what} (rc "
                f"{self.proc.returncode}; is it installed? {sys.executable} -m pip install "
                f"pytest-benchmark):\n{text[-3000:]}"
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
                + Path(self.log.name).read_text()[-3000:]
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

    def kill(self) -> None:
        """Stop the process if it is still running (after an error elsewhere)."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=30)


PYPERF_FILE = """\
import pyperf

{setup}

runner = pyperf.Runner()
runner.bench_func({name!r}, kernel{comma_args})
"""


def run_pyperf(ctx: Context, fast: bool) -> Run:
    """pyperf's default Runner (or ``--fast``) in a script run as a subprocess.

    Its wall time is the whole run's: pyperf spreads its values over fresh worker processes on
    purpose, so their start-up is part of what it costs to get its number.
    """
    k = ctx.k
    script = ctx.path("pyperf", ".py")
    out = ctx.path("pyperf", ".json")
    comma_args = "".join(f", {a}" for a in k.args)
    script.write_text(PYPERF_FILE.format(setup=setup_source(k), name=k.name, comma_args=comma_args))
    argv = [sys.executable, str(script), "--quiet", "-o", str(out)] + (["--fast"] if fast else [])
    t0 = time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, text=True, cwd=ctx.scratch, check=False)
    wall = time.perf_counter() - t0
    if proc.returncode != 0 or not out.exists():
        raise RuntimeError(
            f"pyperf failed on {k.name} (rc {proc.returncode}; is it installed? "
            f"{sys.executable} -m pip install pyperf):\n{proc.stderr[-2000:]}"
        )
    import pyperf

    bench = pyperf.Benchmark.load(str(out))
    runs = [r for r in bench.get_runs() if r.values]
    return summarize(
        list(bench.get_values()),
        wall,
        processes=len(runs),
        own_mean=bench.mean(),
        loops=bench.get_loops(),
    )


# -- the reference ---------------------------------------------------------------------------

#: The reference's process: fresh, nothing of arraybench imported; timeit (gc off), loops by
#: timeit's autorange rule until a repeat lasts REF_MIN_TIME_S; driven over stdin
#: ("calibrate", "repeat K", "quit"), one JSON line per answer.
REF_WORKER = r"""
import json, sys, timeit
setup, stmt, min_time = sys.argv[1], sys.argv[2], float(sys.argv[3])
g = {"__name__": "reference"}
exec(compile(setup, "<kernel>", "exec"), g)
timer = timeit.Timer(stmt, globals=g)
number = None
print(json.dumps({"ready": True}), flush=True)
for line in sys.stdin:
    op, _, arg = line.strip().partition(" ")
    if op == "quit":
        break
    if op == "calibrate":
        i = 1
        while number is None:
            for j in (1, 2, 5):
                if timer.timeit(i * j) >= min_time:
                    number = i * j
                    break
            i *= 10
        print(json.dumps(number), flush=True)
    elif op == "repeat":
        print(json.dumps([t / number for t in timer.repeat(int(arg), number)]), flush=True)
"""


class Reference:
    """A kernel's reference: timeit in its own fresh process, a few repeats per round."""

    def __init__(self, k: Kernel) -> None:
        """Start the process (imports and the kernel's first call included) and calibrate.

        Args:
            k: the kernel.
        """
        self.worker = Worker(k, REF_WORKER, str(REF_MIN_TIME_S))
        self.number = int(self.worker.ask("calibrate"))
        self.times: list[float] = []

    def repeat(self, count: int) -> float:
        """Take ``count`` more repeats.

        Args:
            count: how many.

        Returns:
            The seconds they took.
        """
        t0 = time.perf_counter()
        self.times += [float(t) for t in self.worker.ask(f"repeat {count}")]
        return time.perf_counter() - t0

    def close(self) -> None:
        """End the process."""
        self.worker.close()


# -- the run ---------------------------------------------------------------------------------


def rotation(items: Sequence[str], r: int) -> list[str]:
    """``items`` rotated left by ``r``: round r's order of the tools.

    Args:
        items: the tools.
        r: the round.

    Returns:
        The rotated list.
    """
    r %= len(items)
    return [*items[r:], *items[:r]]


def round_plan(rounds: int, tools: Sequence[str], pyperf_default: bool) -> list[list[str]]:
    """Which tools run in which round, and in what order.

    Every tool of ``tools`` runs in every round, rotated; pyperf's default run joins the middle
    round and its ``--fast`` run the next (or the same, with one round), each in the middle of
    that round's order, so their long runs sit between the others' runs.

    Args:
        rounds: how many rounds.
        tools: the tools that run every round.
        pyperf_default: whether pyperf's default run is made (its ``--fast`` run always is).

    Returns:
        One list of tool names per round.
    """
    plan = [rotation(tools, r) for r in range(rounds)]
    mid = rounds // 2
    extra = [(mid, PYPERF)] if pyperf_default else []
    extra.append((min(mid + 1, rounds - 1) if pyperf_default else mid, PYPERF_FAST))
    for r, tool in extra:
        plan[r].insert(len(plan[r]) // 2, tool)
    return plan


RUNNERS: dict[str, Callable[[Context], Run]] = {
    ARRAYBENCH: run_arraybench,
    TIMEIT: run_timeit,
    BLOCKED: run_blocked,
    ADAPTIVE: run_adaptive,
    PYPERF: lambda ctx: run_pyperf(ctx, fast=False),
    PYPERF_FAST: lambda ctx: run_pyperf(ctx, fast=True),
}


def measure_kernel(
    k: Kernel, rounds: int, pyperf_default: bool, scratch: Path, ref_repeats: int
) -> dict[str, Any]:
    """Every tool on one kernel, in rounds, and its reference.

    Args:
        k: the kernel.
        rounds: rounds (runs per tool, pyperf aside).
        pyperf_default: whether to make pyperf's default run.
        scratch: a folder for generated files.
        ref_repeats: reference repeats per round.

    Returns:
        ``{"runs": {tool: [run, ...]}, "reference": {...}, "load": [...]}`` (JSON-ready).
    """
    ctx = Context(k, scratch)
    ref = Reference(k)
    pytest_session = PytestSession(ctx, rounds)
    runs: dict[str, list[Run]] = {t: [] for t in TOOLS}
    loads = [load1()]
    try:
        for r, order in enumerate(round_plan(rounds, ROUND_TOOLS, pyperf_default)):
            for tool in order:
                if tool == REFERENCE:
                    ref.repeat(ref_repeats)
                    continue
                if tool == PYTEST:
                    wall = pytest_session.turn()
                    print(f"{k.name:12} round {r + 1}/{rounds} {tool:19} in {wall:6.2f} s",
                          file=sys.stderr)  # fmt: skip
                    continue
                run = RUNNERS[tool](ctx)
                runs[tool].append(run)
                print(
                    f"{k.name:12} round {r + 1}/{rounds} {tool:19} {fmt_time(run.median):>9} "
                    f"±{run.rel_ci:6.1%} in {run.wall:6.2f} s",
                    file=sys.stderr,
                )
            loads.append(load1())
        runs[PYTEST] = pytest_session.finish()
    finally:
        ref.close()
        pytest_session.kill()
        if ctx.torch_worker is not None:
            ctx.torch_worker.close()
    return {
        "runs": {t: [r.to_dict() for r in rs] for t, rs in runs.items() if rs},
        "reference": {
            "median": statistics.median(ref.times),
            "min": min(ref.times),
            "repeats": len(ref.times),
            "number": ref.number,
            "rel_ci": summarize(ref.times, 0.0).rel_ci,
        },
        "load": loads,
    }


def timeit_pass() -> float:
    """timeit's own cost per loop: the time it reports for ``pass`` (best of 5, autorange).

    Returns:
        Seconds per loop.
    """
    t = timeit.Timer("pass")
    number, _ = t.autorange()
    return min(t.repeat(TIMEIT_REPEAT, number)) / number


def environment() -> dict[str, Any]:
    """The machine and the versions of everything measured."""
    versions = {}
    for dist in ("numpy", "torch", "jax", "jaxlib", "pyperf", "pytest", "pytest-benchmark"):
        try:
            versions[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            versions[dist] = "not installed"
    import arraybench
    from arraybench.measure import env as ab_env

    return {
        "cpu": ab_env.cpu_model(),
        "cores": os.cpu_count(),
        "usable_cores": ab_env.usable_cores(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "arraybench": arraybench.__version__,
        **versions,
        "torch_threads": _torch_threads(),
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
    }


def _torch_threads() -> int | None:
    try:
        import torch
    except ImportError:
        return None
    return int(torch.get_num_threads())


def measure_all(
    kernels: Sequence[Kernel],
    rounds: int,
    pyperf_default: bool,
    ref_repeats: int,
    max_load: float,
    wait_s: float,
) -> dict[str, Any]:
    """Measure every kernel with every tool; the data the document is made from.

    Args:
        kernels: the kernels.
        rounds: rounds per kernel.
        pyperf_default: whether pyperf's default run is made (its --fast run always is).
        ref_repeats: reference repeats per round.
        max_load: wait for a 1-minute load under this first.
        wait_s: the longest wait.

    Returns:
        The JSON-ready data: environment, settings, per-kernel runs and references.
    """
    load_start = wait_for_quiet(max_load, wait_s)
    started = time.perf_counter()
    data: dict[str, Any] = {
        "format": "arraybench.peers",
        "version": 1,
        "env": environment(),
        "settings": {
            "rounds": rounds,
            "pyperf_default": pyperf_default,
            "ref_repeats": ref_repeats * rounds,
            "ref_min_time": REF_MIN_TIME_S,
            "command": "python benchmarks/peers.py " + " ".join(sys.argv[1:]),
        },
        "timeit_pass": timeit_pass(),
        "kernels": {},
    }
    with tempfile.TemporaryDirectory(prefix="arraybench-peers-") as tmp:
        for k in kernels:
            d = measure_kernel(k, rounds, pyperf_default, Path(tmp), ref_repeats)
            d["what"] = k.what
            data["kernels"][k.name] = d
    data["env"]["load_start"] = round(load_start, 2)
    data["env"]["load_end"] = round(load1(), 2)
    data["env"]["load_max"] = round(max(x for d in data["kernels"].values() for x in d["load"]), 2)
    data["elapsed_s"] = round(time.perf_counter() - started, 1)
    return data


# -- the figures -----------------------------------------------------------------------------


def fmt_time(s: float | None) -> str:
    """Seconds as ``123 ns``, ``4.56 µs``, ``7.89 ms`` or ``1.23 s`` (3 significant digits).

    Args:
        s: seconds, or None.

    Returns:
        The text ("—" for None or NaN).
    """
    if s is None or not math.isfinite(s):
        return "—"
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)):
        if abs(s) >= scale or unit == "ns":
            v = s / scale
            return f"{v:.3g} {unit}" if v < 100 else f"{v:.0f} {unit}"
    return f"{s:g} s"


def _pct(x: float, signed: bool = True) -> str:
    return f"{x:+.1%}" if signed else f"{x:.1%}"


@dataclass(frozen=True)
class ToolFigures:
    """One tool's figures on one kernel, from its runs.

    Attributes:
        median: the median of its runs' medians.
        error: ``median / reference - 1``.
        worst: the largest ``|run median / reference - 1|`` of its runs.
        wall: the median wall time of one run.
        rel_ci: the median CI half-width its runs reached.
        converged: how many of its runs reached ±2% (at 95%).
        runs: how many runs.
        spread: (max - min) / median of its runs' medians (None with one run).
    """

    median: float
    error: float
    worst: float
    wall: float
    rel_ci: float
    converged: int
    runs: int
    spread: float | None


def tool_figures(runs: Sequence[dict[str, Any]], ref: float) -> ToolFigures:
    """The figures of one tool on one kernel.

    Args:
        runs: its runs (:meth:`Run.to_dict` data).
        ref: the reference median, seconds.

    Returns:
        The figures.
    """
    rs = [Run.from_dict(r) for r in runs]
    meds = [r.median for r in rs]
    med = statistics.median(meds)
    ok = sum(1 for r in rs if r.rel_ci <= TARGET_CI and r.level >= 0.95)
    return ToolFigures(
        median=med,
        error=med / ref - 1.0,
        worst=max(abs(m / ref - 1.0) for m in meds),
        wall=statistics.median(r.wall for r in rs),
        rel_ci=statistics.median(r.rel_ci for r in rs),
        converged=ok,
        runs=len(rs),
        spread=(max(meds) - min(meds)) / med if len(meds) > 1 else None,
    )


def figures(data: dict[str, Any]) -> dict[str, dict[str, ToolFigures]]:
    """Every tool's figures on every kernel.

    Args:
        data: what :func:`measure_all` returned.

    Returns:
        ``{kernel: {tool: figures}}``.
    """
    out: dict[str, dict[str, ToolFigures]] = {}
    for name, d in data["kernels"].items():
        ref = float(d["reference"]["median"])
        out[name] = {t: tool_figures(rs, ref) for t, rs in d["runs"].items()}
    return out


def _best(
    figs: dict[str, ToolFigures], key: Callable[[ToolFigures], float | None]
) -> tuple[str, float] | None:
    """The peer with the lowest ``key`` (None values skipped), and that value."""
    cands = [(t, key(f)) for t, f in figs.items() if t != ARRAYBENCH]
    vals = [(t, v) for t, v in cands if v is not None]
    if not vals:
        return None
    return min(vals, key=lambda tv: tv[1])


@dataclass(frozen=True)
class Verdict:
    """One target: the figure, the best peer's, their ratio, met or not, and the text."""

    figure: str
    met: bool
    text: str


def verdicts(data: dict[str, Any]) -> list[Verdict]:
    """Each target of the issue, met or missed, and by how much.

    Args:
        data: what :func:`measure_all` returned.

    Returns:
        One verdict per figure (agreement, floor, harness overhead, time to precision against
        pyperf and against adaptive_autorange, repeatability).
    """
    figs = figures(data)
    out: list[Verdict] = []

    # Agreement, above 1 µs.
    above = {
        n: f
        for n, f in figs.items()
        if data["kernels"][n]["reference"]["median"] > AGREEMENT_FROM_S
    }
    if above and all(ARRAYBENCH in f for f in above.values()):
        worst_name = max(above, key=lambda n: abs(above[n][ARRAYBENCH].error))
        worst = above[worst_name][ARRAYBENCH].error
        ratios = []
        for f in above.values():
            best = _best(f, lambda x: abs(x.error))
            if best:
                ratios.append(
                    max(abs(f[ARRAYBENCH].error), ERROR_RESOLUTION) / max(best[1], ERROR_RESOLUTION)
                )
        ref_cis = [data["kernels"][n]["reference"]["rel_ci"] for n in above]
        out.append(
            Verdict(
                "agreement",
                abs(worst) <= AGREEMENT_TARGET,
                f"arraybench's median differs from the reference by up to {abs(worst):.1%} on "
                f"the kernels above 1 µs (largest: {worst_name}, {_pct(worst)}); target "
                f"{AGREEMENT_TARGET:.0%}. The reference's own 95% CI: ±{min(ref_cis):.1%} to "
                f"±{max(ref_cis):.1%}. Error against the best peer's, kernel by kernel "
                f"(errors under {ERROR_RESOLUTION:.1%} count as {ERROR_RESOLUTION:.1%}): "
                f"{min(ratios):.2f}x to {max(ratios):.2f}x, median "
                f"{statistics.median(ratios):.2f}x",
            )
        )

    # Floor: the no-op kernel.
    noop = figs.get("noop")
    if noop and ARRAYBENCH in noop and TIMEIT in noop:
        ab, ti = noop[ARRAYBENCH].median, noop[TIMEIT].median
        best = _best(noop, lambda x: x.median)
        assert best is not None
        out.append(
            Verdict(
                "floor",
                ab <= ti * (1 + ERROR_RESOLUTION),
                f"arraybench reports {fmt_time(ab)} for a no-op call, timeit {fmt_time(ti)} "
                f"({ab / ti:.2f}x timeit's; best peer {best[0]}, {fmt_time(best[1])}: "
                f"{ab / best[1]:.2f}x)",
            )
        )
        call = ti - data["timeit_pass"]  # the no-op call itself, timeit's loop taken out
        ab_h, ti_h = ab - call, float(data["timeit_pass"])
        out.append(
            Verdict(
                "harness overhead",
                ab_h <= ti_h * (1 + ERROR_RESOLUTION) + 0.5e-9,
                f"arraybench's harness costs {fmt_time(ab_h)} per call, timeit's "
                f"{fmt_time(ti_h)} ({ab_h / ti_h:.2f}x); a no-op call itself costs "
                f"{fmt_time(call)}",
            )
        )

    # Time to precision.
    vs_pyperf, vs_adaptive, missed = [], [], []
    adaptive_ok = sum(f[ADAPTIVE].converged for f in figs.values() if ADAPTIVE in f)
    adaptive_runs = sum(f[ADAPTIVE].runs for f in figs.values() if ADAPTIVE in f)
    for name, f in figs.items():
        if ARRAYBENCH not in f:
            continue
        ab_f = f[ARRAYBENCH]
        if ab_f.converged < ab_f.runs:
            missed.append(f"{name} ({ab_f.converged}/{ab_f.runs} runs at ±2%)")
        if PYPERF in f:
            vs_pyperf.append((name, ab_f.wall / f[PYPERF].wall))
        if ADAPTIVE in f:
            vs_adaptive.append((name, ab_f.wall / f[ADAPTIVE].wall))
    others = {
        t: (sum(f[t].converged for f in figs.values() if t in f),
            sum(f[t].runs for f in figs.values() if t in f))
        for t in PEERS
    }  # fmt: skip
    ab_ok = sum(f[ARRAYBENCH].converged for f in figs.values() if ARRAYBENCH in f)
    ab_runs = sum(f[ARRAYBENCH].runs for f in figs.values() if ARRAYBENCH in f)
    out.append(
        Verdict(
            "precision reached",
            not missed,
            f"arraybench's runs reached ±2% at 95% in {ab_ok} of {ab_runs}"
            + (f" (not on every run: {', '.join(missed)})" if missed else "")
            + "; the peers', from their own samples: "
            + ", ".join(f"{t} {ok}/{n}" for t, (ok, n) in others.items() if n),
        )
    )
    if vs_pyperf:
        most = max(vs_pyperf, key=lambda x: x[1])
        out.append(
            Verdict(
                "time to precision vs pyperf",
                most[1] <= PYPERF_SHARE_TARGET,
                f"arraybench takes {min(r for _, r in vs_pyperf):.3f}x to {most[1]:.3f}x of "
                f"pyperf's default run's wall time (most: {most[0]}); target at most "
                f"{PYPERF_SHARE_TARGET:g}x",
            )
        )
    if vs_adaptive:
        most_a = max(vs_adaptive, key=lambda x: x[1])
        over = [f"{n} {r:.2f}x" for n, r in vs_adaptive if r > 1]
        out.append(
            Verdict(
                "time to precision vs adaptive_autorange",
                most_a[1] <= 1,
                f"arraybench takes {min(r for _, r in vs_adaptive):.2f}x to {most_a[1]:.2f}x of "
                f"adaptive_autorange's wall time; target at most 1x"
                + (f"; over on {', '.join(over)}" if over else "")
                + f"; adaptive_autorange's runs reached ±2% at 95% in {adaptive_ok} of "
                f"{adaptive_runs}",
            )
        )

    # Repeatability.
    ratios_r, lost = [], []
    for name, f in figs.items():
        ab_r = f.get(ARRAYBENCH)
        best_r = _best(f, lambda x: x.spread)
        if ab_r is None or ab_r.spread is None or best_r is None:
            continue
        ratios_r.append(ab_r.spread / max(best_r[1], 1e-4))
        if ab_r.spread > best_r[1]:
            lost.append(
                f"{name} ({_pct(ab_r.spread, False)} vs {best_r[0]} {_pct(best_r[1], False)})"
            )
    if ratios_r:
        out.append(
            Verdict(
                "repeatability",
                not lost,
                f"spread of arraybench's medians over {data['settings']['rounds']} runs against "
                f"the best peer's: {min(ratios_r):.2f}x to {max(ratios_r):.2f}x, median "
                f"{statistics.median(ratios_r):.2f}x"
                + (f"; a peer is steadier on {', '.join(lost)}" if lost else ""),
            )
        )
    return out


# -- the document ----------------------------------------------------------------------------


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], align: str) -> list[str]:
    """A Markdown table; ``align`` has one 'l' or 'r' per column."""
    out = ["| " + " | ".join(header) + " |"]
    out.append("|" + "|".join(":---" if a == "l" else "---:" for a in align) + "|")
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return out


def _cells(
    f: dict[str, ToolFigures],
    tools: Sequence[str],
    cell: Callable[[ToolFigures], str],
    key: Callable[[ToolFigures], float | None] | None,
) -> list[str]:
    """One cell per tool, the best peer in bold (and arraybench too where it beats it)."""
    best = _best(f, key) if key else None
    out = []
    for t in tools:
        if t not in f:
            out.append("—")
            continue
        text = cell(f[t])
        v = key(f[t]) if key else None
        if (
            best is not None
            and v is not None
            and (t == best[0] or (t == ARRAYBENCH and v <= best[1]))
        ):
            text = f"**{text}**"
        out.append(text)
    return out


def render(data: dict[str, Any]) -> str:
    """docs/performance.md from the measured data.

    Args:
        data: what :func:`measure_all` returned (or its JSON).

    Returns:
        The Markdown text.
    """
    env, st = data["env"], data["settings"]
    figs = figures(data)
    tools = [t for t in TOOLS if any(t in f for f in figs.values())]
    short = {
        ARRAYBENCH: "arraybench", TIMEIT: "timeit", BLOCKED: "blocked", ADAPTIVE: "adaptive",
        PYTEST: "pytest-bm", PYPERF: "pyperf", PYPERF_FAST: "pyperf fast",
    }  # fmt: skip
    head = [short[t] for t in tools]
    lines = [
        "# arraybench against its peers",
        "",
        "The same seven kernels, from a no-op call to a 1000x1000 matrix multiply, timed by "
        "arraybench and by timeit, torch.utils.benchmark (`blocked_autorange`, "
        "`adaptive_autorange`), pyperf and pytest-benchmark in one run, the tools taking turns "
        "kernel by kernel, and checked against a long reference measurement. Generated by "
        "`benchmarks/peers.py` (how to run it and what each figure means: "
        "[benchmarks/README.md](../benchmarks/README.md)); every number below is from the run "
        "described here.",
        "",
        "## Environment",
        "",
    ]
    lines += _table(
        ["", ""],
        [
            ["CPU", f"{env['cpu']}, {env['cores']} cores ({env['usable_cores']} usable), shared"],
            ["platform", env["platform"]],
            [
                "versions",
                f"Python {env['python']}, arraybench {env['arraybench']}, NumPy {env['numpy']}, "
                f"torch {env['torch']} ({env['torch_threads']} threads), jax {env['jax']}, "
                f"pyperf {env['pyperf']}, pytest {env['pytest']}, pytest-benchmark "
                f"{env['pytest-benchmark']}",
            ],
            [
                "1-minute load",
                f"{env['load_start']} before, {env['load_end']} after, {env['load_max']} at most "
                "(sampled after each round)",
            ],
            ["date", env["date"]],
            ["command", f"`{st['command'].strip()}` ({data['elapsed_s']:.0f} s)"],
            [
                "runs",
                f"{st['rounds']} per tool per kernel, interleaved; pyperf "
                + ("default once and `--fast` once" if st["pyperf_default"] else "`--fast` once")
                + f" per kernel; reference {st['ref_repeats']} timeit repeats of "
                f">= {st['ref_min_time'] * 1e3:.0f} ms in a fresh process",
            ],
        ],
        "ll",
    )
    lines += ["", "## Targets", ""]
    lines += _table(
        ["figure", "target met", "what was measured"],
        [[v.figure, "yes" if v.met else "**no**", v.text] for v in verdicts(data)],
        "lll",
    )
    lines += [
        "",
        "In the tables below, bold marks the best peer on each kernel, and arraybench where it "
        "does at least as well; a bold peer and a plain arraybench is a run where a peer wins.",
        "",
        "## Agreement: each tool's median against the reference",
        "",
        "The reference is timeit in a fresh process (nothing of arraybench imported), "
        f"{st['ref_repeats']} repeats spread over the whole time the kernel was measured; a "
        "tool's figure is the median of its runs' medians. Cells: its difference from the "
        "reference (worst single run in brackets).",
        "",
    ]
    rows = []
    for name, f in figs.items():
        ref = data["kernels"][name]["reference"]
        rows.append(
            [
                name,
                fmt_time(ref["median"]) + f" (±{ref['rel_ci']:.1%})",
                *_cells(
                    f, tools, lambda x: f"{_pct(x.error)} ({x.worst:.1%})", lambda x: abs(x.error)
                ),
            ]
        )
    lines += _table(["kernel", "reference", *head], rows, "lr" + "r" * len(tools))
    lines += [
        "",
        "## Time to precision: wall time of one run, and the CI it reached",
        "",
        "Seconds from start to result (median over the runs), and in brackets the half-width of "
        "the 95% CI of the median that the run's own samples give (the same order-statistics "
        "interval for every tool; under 6 samples the interval reaches less than 95%, marked "
        "\\*). arraybench's time is the whole `arraybench.run` call (harness floor, environment, "
        "first call, check, calibration, warm-up, samples); pyperf's is its whole run, worker "
        "processes included; pytest-benchmark's is the fixture's own (pytest's start left out).",
        "",
    ]
    rows = []
    for name, f in figs.items():
        rows.append(
            [
                name,
                *_cells(
                    f,
                    tools,
                    lambda x: f"{x.wall:.2f} s (±{x.rel_ci:.1%})",
                    lambda x: x.wall if x.converged == x.runs else None,
                ),
            ]
        )
    lines += _table(["kernel", *head], rows, "l" + "r" * len(tools))
    lines += [
        "",
        "Bold here: the fastest among the runs that all reached ±2%.",
        "",
        f"## Repeatability: spread of the medians of {st['rounds']} runs",
        "",
        "(max - min) / median of each tool's run medians (pyperf ran once per kernel: no spread).",
        "",
    ]
    rows = []
    for name, f in figs.items():
        rows.append(
            [
                name,
                *_cells(
                    f,
                    tools,
                    lambda x: "—" if x.spread is None else f"{x.spread:.1%}",
                    lambda x: x.spread,
                ),
            ]
        )
    lines += _table(["kernel", *head], rows, "l" + "r" * len(tools))
    lines += ["", "## Floor: the no-op call", ""]
    if "noop" in figs:
        f = figs["noop"]
        call = f[TIMEIT].median - data["timeit_pass"] if TIMEIT in f else math.nan
        rows = [
            [
                "reported for `kernel()`",
                *_cells(f, tools, lambda x: fmt_time(x.median), lambda x: x.median),
            ],
            [
                "harness per call",
                *_cells(f, tools, lambda x: fmt_time(x.median - call), lambda x: x.median),
            ],
        ]
        lines += _table(["", *head], rows, "l" + "r" * len(tools))
        ab_floor = [
            r["extra"].get("floor_call")
            for r in data["kernels"]["noop"]["runs"].get(ARRAYBENCH, [])
            if r["extra"].get("floor_call")
        ]
        lines += [
            "",
            f"A no-op call itself costs {fmt_time(call)} (timeit's figure for `kernel()` less its "
            f"figure for `pass`, {fmt_time(data['timeit_pass'])} per loop); the harness's cost "
            "is the rest. arraybench's own floor estimate (`RunResult.floor.call_overhead`, a "
            "no-op called through its sampling loop without the argument binding) read "
            + (fmt_time(statistics.median(ab_floor)) if ab_floor else "—")
            + ".",
        ]
    lines += ["", "## What the misses come from", ""]
    lines += [f"- {w}" for w in explanations(data, figs)]
    lines += ["", "## Where a peer wins", ""]
    wins = peer_wins(data, figs)
    lines += [f"- {w}" for w in wins] if wins else ["- nowhere in this run."]
    lines += ["", "## Notes", ""]
    lines += [
        "- Every tool times the same call, `kernel(inputs...)`, on the same inputs; the kernel's "
        "first call is made before any tool times it. Medians throughout (timeit's command line "
        "prints the best of its 5 repeats; pyperf prints the mean; both are kept in the JSON).",
        "- torch.utils.benchmark runs in a process of its own per kernel: its `Timer` sets torch "
        "to 1 thread while it times (its default `num_threads=1`) and back after, and that "
        "toggling left later torch calls in the same process 1.3-1.6x slower on this machine "
        "(`torch.sin` on 1000 floats, 2.4 µs to 3.6-4.3 µs): in a first version of this script "
        "it made arraybench and timeit, sharing its process, read torch_op 60-80% high.",
        "- The JAX kernel calls `block_until_ready()` inside the kernel, so that the tools without "
        "a device sync (timeit, pyperf, pytest-benchmark) time the same thing as arraybench.",
    ]
    return "\n".join(lines) + "\n"


#: A harness this much slower per call than timeit's is reported as a cost of its own.
HARNESS_EXCESS_S = 5e-9


def explanations(data: dict[str, Any], figs: dict[str, dict[str, ToolFigures]]) -> list[str]:
    """Why the figures are what they are, from the data: one sentence per cause found.

    Args:
        data: the measured data.
        figs: :func:`figures` of it.

    Returns:
        Sentences for the page.
    """
    out = []
    noop = figs.get("noop", {})
    if ARRAYBENCH in noop and TIMEIT in noop:
        excess = noop[ARRAYBENCH].median - noop[TIMEIT].median
        if excess > HARNESS_EXCESS_S:
            out.append(
                f"Floor and harness: arraybench's no-op reads {fmt_time(excess)} more than "
                "timeit's. Its sampling loop is timeit's (itertools.repeat, gc off), but it calls "
                "each kernel through `functools.partial` (measure/bind.py `_positional_call`), "
                "and a partial costs 15-30 ns per call here; its floor estimate "
                "(`RunResult.floor`) times a bare no-op and does not see it. On kernels under "
                "~1 µs (noop, scalar) that is most of the difference from the reference."
            )
    noisy = [
        (n, d["reference"]["rel_ci"])
        for n, d in data["kernels"].items()
        if d["reference"]["rel_ci"] > AGREEMENT_TARGET
    ]
    if noisy:
        out.append(
            "Machine noise: the reference itself is known only to "
            + ", ".join(f"±{ci:.0%} ({n})" for n, ci in noisy)
            + f" (95% CI of its median); the 1-minute load reached {data['env']['load_max']} "
            "on 2 cores, and the speed of this shared machine moves between a fast and a slow "
            "state (a no-op reads ~22-25 ns or ~35-40 ns) for seconds at a time. Agreement at "
            f"{AGREEMENT_TARGET:.0%} cannot be judged on those kernels in this run, for any tool."
        )
    ab_runs = [
        Run.from_dict(r) for d in data["kernels"].values() for r in d["runs"].get(ARRAYBENCH, [])
    ]
    outside = [r.wall - float(r.extra.get("own_elapsed", r.wall)) for r in ab_runs]
    if outside:
        out.append(
            "Time to precision: of each `arraybench.run` call, a median "
            f"{fmt_time(statistics.median(outside))} is spent outside the case's own sampling "
            "(the harness floor, measured anew on every run, the environment, the reference "
            "output for the check), and 10% of the 0.5 s "
            "budget (50 ms) on warm-up; `adaptive_autorange` has neither and stops once "
            "IQR/median < 10%, after as little as 0.01 s, which is why it is faster and why its "
            "runs rarely reach ±2%."
        )
    spreads = [
        (n, f[ARRAYBENCH].spread, f[ARRAYBENCH].rel_ci)
        for n, f in figs.items()
        if ARRAYBENCH in f and f[ARRAYBENCH].spread is not None
    ]
    wide = [(n, sp, ci) for n, sp, ci in spreads if sp is not None and sp > 4 * ci]
    if wide:
        out.append(
            "Repeatability: the medians of arraybench's runs moved by more than their own CIs "
            "allow ("
            + ", ".join(f"{n}: spread {sp:.0%} against ±{ci:.1%}" for n, sp, ci in wide)
            + "): a run of 0.2-0.8 s sees one state of the machine, and its CI covers the "
            "samples of that run, not the next spell. Every tool's spread here is of the same "
            "size; the ones that do best on a kernel differ from kernel to kernel."
        )
    return out


def peer_wins(data: dict[str, Any], figs: dict[str, dict[str, ToolFigures]]) -> list[str]:
    """Plain sentences for each kernel and figure where a peer does better than arraybench.

    Args:
        data: the measured data.
        figs: :func:`figures` of it.

    Returns:
        One sentence per win.
    """
    out = []
    for name, f in figs.items():
        ab = f.get(ARRAYBENCH)
        if ab is None:
            continue
        above = data["kernels"][name]["reference"]["median"] > AGREEMENT_FROM_S
        best = _best(f, lambda x: abs(x.error))
        if above and best and abs(ab.error) > max(best[1], ERROR_RESOLUTION):
            out.append(
                f"{name}, agreement: {best[0]} {_pct(f[best[0]].error)} against arraybench's "
                f"{_pct(ab.error)}"
            )
        best = _best(f, lambda x: x.wall if x.converged == x.runs else None)
        if best and (ab.converged < ab.runs or ab.wall > best[1]):
            out.append(
                f"{name}, time to precision: {best[0]} {best[1]:.2f} s (all runs at ±2%) against "
                f"arraybench's {ab.wall:.2f} s ({ab.converged}/{ab.runs} runs at ±2%)"
            )
        best = _best(f, lambda x: x.spread)
        if best and ab.spread is not None and ab.spread > best[1]:
            out.append(
                f"{name}, repeatability: {best[0]} {best[1]:.1%} against arraybench's "
                f"{ab.spread:.1%}"
            )
        if name == "noop":
            best = _best(f, lambda x: x.median)
            if best and ab.median > best[1]:
                out.append(
                    f"noop, floor: {best[0]} reports {fmt_time(best[1])} against arraybench's "
                    f"{fmt_time(ab.median)}"
                )
    return out


# -- command line ----------------------------------------------------------------------------


def _kernel_list(text: str) -> tuple[Kernel, ...]:
    by_name = {k.name: k for k in KERNELS}
    names = [s.strip() for s in text.split(",") if s.strip()]
    unknown = [n for n in names if n not in by_name]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"unknown kernel {', '.join(unknown) or text!r}; choose from {', '.join(by_name)}"
        )
    return tuple(by_name[n] for n in names)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: measure (or reload), write docs/performance.md, print the verdicts.

    Args:
        argv: the arguments (default: sys.argv[1:]).

    Returns:
        The exit status: 0, or 1 when a tool failed.
    """
    p = argparse.ArgumentParser(
        description="arraybench against timeit, torch.utils.benchmark, pyperf and "
        "pytest-benchmark on seven kernels (100 ns to 100 ms), interleaved; writes "
        f"{DOC_OUT.relative_to(ROOT)}.",
        epilog=textwrap.dedent(
            """\
            kernels: """
            + ", ".join(k.name for k in KERNELS)
        ),
    )
    p.add_argument(
        "--quick",
        action="store_true",
        help=f"{QUICK_ROUNDS} rounds, pyperf --fast only (~3 minutes; a look, not the figures)",
    )
    p.add_argument("--rounds", type=int, help=f"runs per tool per kernel (default {ROUNDS})")
    p.add_argument("--kernels", type=_kernel_list, default=KERNELS, help="comma-separated names")
    p.add_argument("--no-pyperf-default", action="store_true", help="skip pyperf's default run")
    p.add_argument("--out", type=Path, default=DOC_OUT, help="the Markdown document to write")
    p.add_argument("--json", type=Path, help="also save the raw data here")
    p.add_argument(
        "--from-json", type=Path, help="render the document from saved data; measure nothing"
    )
    p.add_argument(
        "--max-load", type=float, default=DEFAULT_MAX_LOAD, help="wait for a load under this"
    )
    p.add_argument("--wait", type=float, default=120.0, help="the longest wait, seconds")
    args = p.parse_args(argv)
    if args.rounds is not None and args.rounds < 2:
        p.error("--rounds must be at least 2 (repeatability needs two runs)")

    if args.from_json:
        data = json.loads(args.from_json.read_text())
    else:
        rounds = args.rounds or (QUICK_ROUNDS if args.quick else ROUNDS)
        try:
            data = measure_all(
                args.kernels,
                rounds,
                not (args.quick or args.no_pyperf_default),
                REF_REPEATS_PER_ROUND,
                args.max_load,
                args.wait,
            )
        except (RuntimeError, ImportError) as e:
            print(f"error: {e}", file=sys.stderr)
            return 1
        if args.json:
            args.json.write_text(json.dumps(data, indent=1) + "\n")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(render(data))
    for v in verdicts(data):
        print(f"{'met ' if v.met else 'MISS'}  {v.figure}: {v.text}")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
