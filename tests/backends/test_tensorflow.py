"""TensorFlow beside the other backends: one generic impl checked on NumPy, torch, JAX and
TensorFlow in one process, and a compile=True impl traced by tf.function in its first call.
Skipped when TensorFlow is not installed; never asserting a time."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import arraybench as ab
from arraybench import backends

pytest.importorskip(
    "tensorflow", reason="tensorflow is not installed (pip install 'arraybench[tensorflow]')"
)

GENERIC = ("numpy", "torch", "jax", "tensorflow")


def _installed() -> list[str]:
    return [name for name in GENERIC if backends.get(name).available()[0]]


def _sin2() -> ab.Workload:
    w = ab.Workload("sin2_tf", sizes=(4, 64))

    @w.inputs
    def make(n: int, rng: np.random.Generator) -> dict[str, Any]:
        return {"x": rng.uniform(-3.0, 3.0, n)}

    @w.impl("numpy", reference=True)
    def ref(x: Any) -> Any:
        return np.sin(x) ** 2

    @w.impl(*GENERIC, label="generic")
    def generic(x: Any, xp: Any) -> Any:
        return xp.multiply(xp.sin(x) ** 2, 1)

    return w


def test_a_generic_impl_runs_and_checks_on_numpy_torch_jax_and_tensorflow_in_one_process() -> None:
    names = _installed()
    result = ab.run(_sin2(), backends=names, dtypes=["float32", "float64"], budget=0.01)
    cases = result.find(impl="generic")
    assert {c.backend for c in cases} == set(names)
    for c in cases:
        assert c.ok, f"{c.name}: {c.error}"
        assert c.check is not None and c.check.passed


def test_compile_true_traces_once_per_shape_in_the_first_call() -> None:
    w = _sin2()
    traced: list[int] = []

    @w.impl("tensorflow", label="tf.function", compile=True)
    def compiled(x: Any, xp: Any, dtype: str) -> Any:
        # The body runs in Python only while tf.function traces it.
        traced.append(int(x.shape[0]))
        return xp.sin(x) ** 2

    result = ab.run(w, backends=["numpy", "tensorflow"], dtypes=["float64"], budget=0.01)
    cases = result.find(impl="tf.function")
    assert {c.size for c in cases} == {4, 64}
    for c in cases:
        assert c.ok, f"{c.name}: {c.error}"
        assert c.measurement is not None and math.isfinite(c.measurement.first_call)
    # Traced once per shape, although each case called it many times.
    assert sorted(traced) == [4, 64]


def test_the_cli_runs_a_user_file_on_all_four_in_one_process(tmp_path: Path) -> None:
    names = _installed()
    user = tmp_path / "user_sin2.py"
    user.write_text(
        "import numpy as np\n"
        "import arraybench as ab\n"
        "w = ab.Workload('user_sin2', sizes=(8,))\n"
        "@w.inputs\n"
        "def make(n, rng):\n"
        "    return {'x': rng.uniform(-3.0, 3.0, n)}\n"
        f"@w.impl{GENERIC!r}\n"
        "def generic(x, xp):\n"
        "    return xp.sin(x) ** 2\n",
        encoding="utf-8",
    )
    cmd = [sys.executable, "-m", "arraybench", "run", str(user), "--no-store", "--processes", "1"]
    cmd += ["--budget", "0.01", "--backend", ",".join(names)]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    for name in names:
        assert name in out.stdout


@pytest.mark.parametrize("dtype", ["float32", "bfloat16"])
def test_asarray_waits_for_its_copy_in_every_dtype(
    dtype: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a GPU the copy (and bfloat16's cast) is queued: asarray syncs before the clock starts,
    bfloat16 included (it returned before its sync)."""
    tf_backend = backends.get("tensorflow")
    synced: list[str] = []
    monkeypatch.setattr(tf_backend, "sync", lambda device, out=None: synced.append(device))
    x = tf_backend.asarray(np.linspace(0.0, 1.0, 8), dtype, "cpu")
    assert synced == ["cpu"]
    assert tf_backend.to_numpy(x).shape == (8,)
