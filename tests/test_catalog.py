"""Where workloads come from: a worker finds every built-in workload again by its module, and a
user's workload by its file."""

from __future__ import annotations

from pathlib import Path

import arraybench as ab
from arraybench.catalog import MODULE, builtin_module, load, load_file
from arraybench.measure.wire import _origin
from arraybench.suites import builtin


def test_every_builtin_workload_is_found_again_in_its_module() -> None:
    for name, w in builtin().items():
        module = builtin_module(w)
        assert module is not None and module.startswith("arraybench.suites.classic."), name
        assert _origin(w) == MODULE + module
        assert [x for x in load(MODULE + module) if x.name == name] == [w]


def test_a_workload_of_a_file_is_found_by_its_path(tmp_path: Path) -> None:
    path = tmp_path / "mine.py"
    path.write_text(
        "import arraybench as ab\n"
        "w = ab.Workload('mine', sizes=(1,))\n"
        "@w.inputs\n"
        "def make(n, rng):\n"
        "    return {'x': rng.uniform(size=n)}\n"
        "@w.impl('numpy')\n"
        "def f(x):\n"
        "    return x\n"
    )
    (w,) = load_file(path)
    assert builtin_module(w) is None
    assert _origin(w) == str(path)
    assert [x.name for x in load(str(path))] == ["mine"]


def test_a_workload_named_like_a_builtin_is_not_taken_for_it() -> None:
    assert builtin_module(ab.Workload("sin2")) is None
