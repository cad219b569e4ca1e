"""The IPython magics: a ``%%arraybench`` cell read as a workload, and a function defined in the
shell measured by the magic beside the same function from a workload file, in one run."""

from __future__ import annotations

import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from arraybench.base.errors import WorkloadError
from arraybench.catalog import load_file, needs_value
from arraybench.cli import _cell

CELL = """
x = rng.uniform(-3.0, 3.0, n)
y = x + 1.0   # a second input
# the impls
loop (python): [math.sin(v) for v in x]
numpy: np.sin(x)

twice (numpy, torch): xp.sin(x) + 0 * y
"""


def test_a_cell_splits_into_its_setup_and_one_line_per_impl() -> None:
    cell = _cell.split(CELL)
    assert cell.setup.splitlines()[0] == "x = rng.uniform(-3.0, 3.0, n)" and cell.setup_line == 2
    assert [(ln.label, ln.backends, ln.lineno) for ln in cell.lines] == [
        ("loop", ("python",), 5),
        ("numpy", ("numpy",), 6),
        ("twice", ("numpy", "torch"), 8),
    ]


def test_a_cell_is_the_workload_a_file_would_hold() -> None:
    import math

    w = _cell.workload(CELL, {"np": np, "math": math}, sizes=(5,))
    inputs = w.make_inputs(5, 0)
    assert sorted(inputs) == ["x", "y"] and inputs["x"].shape == (5,)
    loop, _, twice = w.impls
    assert not loop.takes_xp and twice.takes_xp and twice.backends == ("numpy", "torch")
    x = inputs["x"]
    assert np.allclose(loop.fn(list(x), inputs["y"]), np.sin(x))
    assert np.allclose(twice.fn(x, inputs["y"], np), np.sin(x))
    assert needs_value(w)  # no file can give it again


def test_an_error_in_an_expression_names_the_cell_line() -> None:
    w = _cell.workload("x = rng.uniform(size=n)\nnumpy: x[n + 10]", {}, sizes=(3,))
    assert sorted(w.make_inputs(3, 0)) == ["n", "x"]  # an expression that reads n is given it
    with pytest.raises(IndexError) as e:
        w.impls[0].fn(np.zeros(3), 3)
    assert traceback.extract_tb(e.tb)[-1].lineno == 2


def test_a_line_that_names_no_backend_says_how_to_write_it() -> None:
    with pytest.raises(WorkloadError, match=r"'fast' is not a backend: .*`fast \(numpy\): x`"):
        _cell.split("x = rng.uniform(size=n)\nfast: x")
    with pytest.raises(WorkloadError, match="no impl line"):
        _cell.split("x = rng.uniform(size=n)")


# -- in IPython ---------------------------------------------------------------------------------

KERNEL = """
def smooth(x):
    out = np.empty_like(x)
    out[0] = x[0]
    for i in range(1, 64):
        out[i] = 0.5 * (out[i - 1] + x[i])
    return np.cumsum(out) + np.sort(x)
"""


@pytest.fixture(scope="module")
def ipython() -> Iterator[Any]:
    pytest.importorskip("IPython")
    from IPython.testing.globalipapp import start_ipython

    ip = start_ipython()
    ip.run_line_magic("load_ext", "arraybench")
    yield ip


def test_a_shell_function_and_a_file_function_agree_measured_side_by_side(
    ipython: Any, tmp_path: Path
) -> None:
    """The same function, defined in the shell (sent to the workers by value) and in a workload
    file (loaded by its path), measured by ``%arraybench`` in one run: in the same worker
    processes, turn about. Their 95% intervals overlap."""
    file = tmp_path / "smooth_file.py"
    make = "def make(n, rng):\n    return {'x': rng.uniform(-1.0, 1.0, n)}\n"
    file.write_text(
        "import numpy as np\nimport arraybench as ab\n"
        "w = ab.Workload('from_file', sizes=(4096,), dtypes=('float64',))\n"
        + KERNEL
        + make
        + "w.inputs(make)\nw.impl('numpy')(smooth)\n"
    )
    (from_file,) = load_file(file)
    ipython.run_cell("import numpy as np\nimport arraybench as ab\n" + KERNEL + make)
    ipython.run_cell(
        "in_shell = ab.Workload('in_shell', sizes=(4096,), dtypes=('float64',))\n"
        "in_shell.inputs(make)\nin_shell.impl('numpy')(smooth)\n"
    )
    assert needs_value(ipython.user_ns["in_shell"]) and not needs_value(from_file)
    ipython.user_ns["from_file"] = from_file
    ipython.run_line_magic("arraybench", "[in_shell, from_file] --budget 0.4 -o both")
    both = ipython.user_ns["both"]
    assert both.env["workers"]["processes"] == 4
    shell, filed = (
        next(c for c in both.cases if c.workload == w) for w in ("in_shell", "from_file")
    )
    assert shell.ok and filed.ok
    a, b = shell.measurement, filed.measurement
    assert a is not None and b is not None
    assert a.interval.low <= b.interval.high and b.interval.low <= a.interval.high, (
        a.interval,
        b.interval,
    )


# -- %arraybench_profile --------------------------------------------------------------------------


def test_the_profile_magic_reads_its_functions_then_the_statement() -> None:
    from arraybench.base.errors import ConfigError
    from arraybench.cli import _profile_cell

    assert _profile_cell.parse("-f step -f loss train(3)") == (["step", "loss"], "train(3)")
    assert _profile_cell.parse("train(3)") == ([], "train(3)")
    with pytest.raises(ConfigError, match="needs a statement"):
        _profile_cell.parse("-f step")


def test_a_cell_is_written_with_only_its_defs_at_their_own_lines() -> None:
    from arraybench.cli import _profile_cell

    cell = "import numpy as np\nx = np.ones(10**9)\n\n@decorate\ndef f(a):\n    return a\nf(x)\n"
    assert _profile_cell._defs_only(cell).splitlines() == [
        "import numpy as np",
        "",
        "",
        "@decorate",
        "def f(a):",
        "    return a",
        "",
    ]


def test_the_report_names_cells_and_the_statement_as_the_notebook_does(tmp_path: Path) -> None:
    from arraybench.cli._profile_cell import names_in

    text = f"{tmp_path}/statement.py: ran 1 s; {tmp_path}/In [3].py:9 AB201\n  prove it: ...\n"
    assert names_in(text, tmp_path, "train(3)") == "train(3): ran 1 s; In [3], line 9 AB201"
    # the verify command's note on make(n, rng) goes with it (no file to verify is left)
    text += "  (verify's default inputs ... are not what train took)\n\n  (other)\n"
    assert names_in(text, tmp_path, "train(3)") == (
        "train(3): ran 1 s; In [3], line 9 AB201\n\n  (other)"
    )


def test_the_profile_magic_finds_an_element_loop_of_a_shell_function_on_its_line(
    ipython: Any,
) -> None:
    from arraybench.cli.magics import profile_in_notebook

    ipython.run_cell(
        "def norms(rows):\n"
        "    out = []\n"
        "    for r in rows:\n"
        "        out.append(float(np.sqrt((r * r).sum())))\n"
        "    return out\n"
    )
    shown: list[Any] = []
    statement = "lengths = norms(np.ones((20000, 3)))"
    report = profile_in_notebook(statement, ipython.user_ns, shown.append)
    assert report.outcome.status == 0
    # the loop over the rows of an array, on the cell's line 3
    found = [(f.code, f.line) for f in report.findings]
    assert ("AB101", 3) in found, found
    assert ", line 3 AB101" in repr(shown[0]) and statement in repr(shown[0])
    assert len(ipython.user_ns["lengths"]) == 20000  # what it assigned is the notebook's
    assert ipython.user_ns["norms"].__code__.co_filename.startswith("<ipython-input")
