"""docs/examples/gpu_user.py, the user file of the GPU checks (benchmarks/gpu_checks.sh): it loads
without a GPU, imports neither CuPy nor numba.cuda until a case runs, and its GPU impls are tied
to CUDA, so a machine without one skips them with their reasons and measures the NumPy case."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import arraybench as ab
from arraybench.catalog import load_file

EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "gpu_user.py"


def test_the_gpu_example_loads_and_runs_its_numpy_case_here() -> None:
    (w,) = load_file(EXAMPLE)
    backends = {b for i in w.impls for b in i.backends}
    assert backends == {"numpy", "cupy", "numba"}
    kernel = next(i for i in w.impls if "numba" in i.backends)
    assert kernel.devices == ("cuda",)
    result = ab.run(w, backends=["numpy"], sizes=[1000], budget=0.02)
    assert [c.ok for c in result.cases] == [True]


def test_loading_the_gpu_example_imports_no_gpu_library() -> None:
    code = (
        "import sys; from arraybench.catalog import load_file; "
        f"load_file({str(EXAMPLE)!r}); "
        "print(sorted(m for m in ('cupy', 'numba.cuda', 'numba') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
