"""Numba and PyTensor: backends that compile every impl, their compile time kept in the first call.

Never a wall-clock assertion: only that a first call (compilation) exceeds the steady median.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import arraybench as ab
from arraybench import backends
from arraybench.analysis.findings import analyze

USER_FILE = textwrap.dedent(
    """
    import numba
    import numpy as np

    import arraybench as ab

    square = ab.Workload("square", sizes=(100, 1000, 10_000), description="y = x * x + 1")


    @square.inputs
    def make(n, rng):
        return {"x": rng.uniform(-1.0, 1.0, n)}


    @square.impl("numpy", reference=True)
    def vectorized(x):
        return x * x + 1.0


    @square.impl("numba", label="njit")
    @numba.njit
    def jitted(x):
        out = np.empty_like(x)
        for i in range(x.size):
            out[i] = x[i] * x[i] + 1.0
        return out


    @square.impl("numba", label="plain loop")
    def plain(x):
        out = np.empty_like(x)
        for i in range(x.size):
            out[i] = x[i] * x[i] + 1.0
        return out
    """
)


def test_a_user_file_with_an_njit_impl_runs_with_its_compile_time_apart(tmp_path: Path) -> None:
    pytest.importorskip("numba")
    f = tmp_path / "user_numba.py"
    f.write_text(USER_FILE)
    out = tmp_path / "r.json"
    args = ["run", str(f), "--budget", "0.02", "--processes", "1", "--no-store", "-q"]
    p = subprocess.run(
        [sys.executable, "-m", "arraybench", *args, "--dtype", "float64", "--json", str(out)],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
        timeout=300,
    )
    assert p.returncode == 0, p.stdout + p.stderr
    result = ab.load(out)
    for impl in ("njit", "plain loop"):
        cases = sorted(result.find(impl=impl, backend="numba"), key=lambda c: c.size)
        assert [c.size for c in cases] == [100, 1000, 10_000] and all(c.ok for c in cases)
        first = cases[0].measurement
        assert first is not None
        # Compilation is in the first call of the first size, far above a steady call.
        assert first.first_call > 100 * first.median
    found = [x.text for x in analyze(result).findings if x.kind == "compile"]
    assert any("njit (numba float64)" in t and "once per dtype" in t for t in found), found
    assert any("plain loop (numba float64)" in t for t in found), found


def _run(w: ab.Workload, backend: str, **kw: Any) -> ab.RunResult:
    return ab.run(w, backends=["numpy", backend], budget=0.01, dtypes=["float64"], **kw)


def test_a_generic_impl_checks_on_pytensor_and_numba() -> None:
    w = ab.Workload("sin2_compiled", sizes=(10, 100))

    @w.inputs
    def make(n: int, rng: np.random.Generator) -> dict[str, Any]:
        return {"x": rng.uniform(-3.0, 3.0, n)}

    @w.impl("numpy", "pytensor", "numba", label="generic", reference=True)
    def generic(x: Any, xp: Any) -> Any:
        return xp.sin(x) ** 2

    @w.impl("pytensor", label="where")
    def where(x: Any, xp: Any) -> Any:
        return xp.where(x > 10.0, x, xp.sin(x) ** 2)  # never true: the same numbers

    for name in ("pytensor", "numba"):
        pytest.importorskip(name)
        cases = _run(w, name).find(backend=name)
        assert cases and all(c.ok for c in cases), [c.error for c in cases]
        for c in cases:
            assert c.check is not None and c.check.passed
        first = min(cases, key=lambda c: c.size).measurement
        assert first is not None and first.first_call > first.median


def test_pytensor_compiles_once_per_dtype_and_ndim() -> None:
    pytest.importorskip("pytensor")
    b = backends.get("pytensor")
    f = b.compile(lambda x, xp: xp.exp(x))  # type: ignore[attr-defined]
    for a in (np.zeros(3), np.zeros(5), np.zeros(4, dtype=np.float32), np.zeros((2, 2))):
        np.testing.assert_allclose(f(a, b.xp), np.ones_like(a))
        assert f(a, b.xp).dtype == a.dtype
    assert len(f._compiled) == 3  # float64 1-d (both sizes), float32 1-d, float64 2-d


def test_pytensor_says_what_an_impl_cannot_do() -> None:
    pytest.importorskip("pytensor")
    from arraybench.base.errors import BackendError

    b = backends.get("pytensor")

    def loop(x: Any) -> Any:
        return np.array([v * 2 for v in x])  # not symbolic: no graph to compile

    with pytest.raises((BackendError, TypeError, ValueError)):
        b.compile(loop)(np.zeros(3))  # type: ignore[attr-defined]


def test_numba_runs_a_dispatcher_as_it_is_and_jits_a_plain_function() -> None:
    numba = pytest.importorskip("numba")
    from numba.core.dispatcher import Dispatcher

    b = backends.get("numba")

    @numba.njit
    def already(x: Any) -> Any:
        return x + 1

    def plain(x: Any) -> Any:
        return x + 1

    assert b.compile(already) is already  # type: ignore[attr-defined]
    assert isinstance(b.compile(plain), Dispatcher)  # type: ignore[attr-defined]


WRAPPERS_FILE = textwrap.dedent(
    """
    import numba
    import numpy as np

    import arraybench as ab

    pdist = ab.Workload("pdist", sizes=(10, 50), dtypes=("float64",))


    @pdist.inputs
    def make(n, rng):
        return {"x": rng.uniform(0.0, 1.0, (n, 3))}


    @pdist.impl("numpy")
    def broadcast(x):
        d = x[:, None, :] - x[None, :, :]
        return np.sqrt((d * d).sum(-1))


    @numba.njit
    def kernel(x, out):
        for i in range(x.shape[0]):
            for j in range(x.shape[0]):
                s = 0.0
                for k in range(x.shape[1]):
                    s += (x[i, k] - x[j, k]) ** 2
                out[i, j] = np.sqrt(s)


    @pdist.impl("numba")
    def imports(x):
        from numpy import empty
        out = empty((x.shape[0], x.shape[0]))
        kernel(x, out)
        return out


    @pdist.impl("numba", label="as written", compile=False)
    def as_written(x):
        from numpy import empty
        out = empty((x.shape[0], x.shape[0]))
        kernel(x, out)
        return out
    """
)


def test_a_numba_impl_that_wraps_a_kernel_fails_in_one_line_or_runs_as_written(
    tmp_path: Path,
) -> None:
    """An impl that imports (Numba: "unsupported opcode (IMPORT_NAME)") fails with one line naming
    where and the fix; registered with compile=False it runs as Python around its kernel."""
    pytest.importorskip("numba")
    from arraybench.catalog import load_file

    f = tmp_path / "user_pdist.py"
    f.write_text(WRAPPERS_FILE)
    result = _run(load_file(f)[0], "numba")
    failed = result.find(impl="imports")
    line = WRAPPERS_FILE.splitlines().index("    from numpy import empty") + 1
    assert len(failed) == 2
    for c in failed:
        assert not c.ok and c.error is not None and "\n" not in c.error
        assert c.error == (
            f"numba could not compile imports (user_pdist.py:{line}): it imports inside its body, "
            "which compiled code cannot; move the import to the top of the file, or register it "
            "with compile=False to run it as Python around the kernels it calls"
        )
    ran = result.find(impl="as written")
    assert len(ran) == 2
    for c in ran:
        assert c.ok and c.check is not None and c.check.passed, c.error


def test_numba_compile_errors_become_one_line_with_the_fix() -> None:
    numba = pytest.importorskip("numba")
    b = backends.get("numba")
    x = np.ones(3)

    def helper(y: Any) -> Any:
        return y * 2

    def calls_a_plain_function(y: Any) -> Any:
        return helper(y)

    def jits_in_its_body(y: Any) -> Any:
        @numba.njit
        def k(z: Any) -> Any:
            return z * 2

        return k(y)

    said = {}
    for fn in (calls_a_plain_function, jits_in_its_body):
        with pytest.raises(Exception) as e:
            b.compile(fn)(x)  # type: ignore[attr-defined]
        said[fn.__name__] = b.explain_failure(e.value, fn, True)  # type: ignore[attr-defined]
    assert said["calls_a_plain_function"] is not None
    assert said["calls_a_plain_function"].startswith(
        "numba could not compile calls_a_plain_function (test_compiling_backends.py:"
    )
    assert said["calls_a_plain_function"].endswith(
        "it calls helper, a plain Python function; decorate helper with @numba.njit, or "
        "register it with compile=False to run it as Python around the kernels it calls"
    )
    assert said["jits_in_its_body"] is not None and said["jits_in_its_body"].endswith(
        "it uses numba.njit, which compiled code cannot; define the kernel at the top of the file "
        "and call it from there"
    )
    # Not Numba's: the runner's own line.
    assert b.explain_failure(ValueError("boom"), calls_a_plain_function, True) is None  # type: ignore[attr-defined]


def test_numba_threads_are_capped_and_restored() -> None:
    numba = pytest.importorskip("numba")
    b = backends.get("numba")
    before = numba.get_num_threads()
    with b.threads(10_000):
        assert numba.get_num_threads() == numba.config.NUMBA_NUM_THREADS
    assert numba.get_num_threads() == before
    assert b.info()["llvmlite"]


def test_importing_arraybench_does_not_import_numba_or_pytensor() -> None:
    code = "import sys, arraybench; print('numba' in sys.modules, 'pytensor' in sys.modules)"
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert p.stdout.split() == ["False", "False"], p.stderr


def test_numba_starting_its_threads_does_not_undo_torchs_thread_limit() -> None:
    # Numba's OpenMP layer shares the process's libgomp with torch and resets its pool size when
    # it starts: entered after torch's, the numba context must leave torch at the limit too.
    pytest.importorskip("numba")
    torch = pytest.importorskip("torch")
    import contextlib

    from arraybench.measure.runner import _apply_threads

    with contextlib.ExitStack() as stack:
        _apply_threads(stack, 1, ["torch", "numba"])
        assert torch.get_num_threads() == 1


def test_numba_loops_of_the_classic_suite_are_cpu_only() -> None:
    """Where numba.cuda works the backend has "cuda", where an impl runs as written: the suite's
    host loops would index a device array element by element there."""
    from arraybench.suites.classic import loops

    impls = [i for w in loops.EXPERIMENT.workloads for i in w.impls if "numba" in i.backends]
    assert impls and all(i.devices == ("cpu",) for i in impls)


def test_numba_refuses_a_generic_impl_on_device_arrays(monkeypatch: pytest.MonkeyPatch) -> None:
    """A generic impl gets NumPy as xp: on device arrays NumPy would copy them to the host and
    compute there. With a (faked) CUDA device the backend says so instead of measuring it."""
    pytest.importorskip("numba")
    from numba import cuda

    from arraybench.backends import numba as nb
    from arraybench.base.errors import BackendError

    class DeviceArray:
        """Stands for a numba.cuda device array."""

    monkeypatch.setattr(nb, "_cuda_available", lambda: True)
    monkeypatch.setattr(cuda, "is_cuda_array", lambda a: isinstance(a, DeviceArray))

    def generic(x, xp):  # type: ignore[no-untyped-def]
        return xp.sin(x)

    def launcher(x):  # type: ignore[no-untyped-def]
        return "launched"

    backend = nb.NumbaBackend()
    with pytest.raises(BackendError, match=r"devices=\('cpu',\)"):
        backend.compile(generic)(DeviceArray(), np)
    assert backend.compile(launcher)(DeviceArray()) == "launched"
    host = np.linspace(0.0, 1.0, 5)
    np.testing.assert_allclose(backend.compile(generic)(host, np), np.sin(host))


def test_numba_cuda_gets_numpys_removed_row_stack_alias(monkeypatch: pytest.MonkeyPatch) -> None:
    """numba-cuda overloads np.row_stack when it compiles a kernel; NumPy 2.5 removed the alias
    (the Numba CUDA kernel of docs/examples/gpu_user.py failed on an H200 for it). The backend
    puts it back as np.vstack, and leaves an existing one alone."""
    from arraybench.backends import numba as nb

    monkeypatch.delattr(np, "row_stack", raising=False)
    nb._numpy_aliases_for_numba_cuda()
    assert np.row_stack is np.vstack  # type: ignore[attr-defined]

    def own(tup: Any) -> Any:
        return np.vstack(tup)

    monkeypatch.setattr(np, "row_stack", own, raising=False)
    nb._numpy_aliases_for_numba_cuda()
    assert np.row_stack is own  # type: ignore[attr-defined]
