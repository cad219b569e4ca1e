"""Where workloads come from: a worker finds every built-in workload again by its module, and a
user's workload by its file."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import arraybench as ab
from arraybench.base.errors import WorkloadError
from arraybench.catalog import MODULE, VALUE, builtin_module, load, load_file, needs_value
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


def _interactive(source: str, **names: object) -> ab.Workload:
    """A workload whose functions come from ``exec``: no file can give them again."""
    space: dict[str, object] = {"ab": ab, **names}
    exec(source, space)
    w = space["w"]
    assert isinstance(w, ab.Workload)
    return w


SQUARES = (
    "import numpy as np\n"
    "w = ab.Workload('cellwork', sizes=(8, 64), dtypes=('float64',))\n"
    "scale = 3.0\n"
    "def helper(x):\n"
    "    return x * scale\n"
    "@w.inputs\n"
    "def make(n, rng):\n"
    "    return {'x': rng.uniform(size=n)}\n"
    "@w.impl('numpy')\n"
    "def tripled(x):\n"
    "    return helper(x)\n"
    "@w.impl('python')\n"
    "def loop(x):\n"
    "    return [v * scale for v in x]\n"
)


def test_an_interactive_workload_travels_by_value_with_the_globals_it_uses() -> None:
    w = _interactive(SQUARES)
    assert needs_value(w)
    origin = _origin(w)
    assert origin.startswith(VALUE)
    (again,) = load(origin)
    assert again.name == "cellwork" and [i.label for i in again.impls] == ["tripled", "loop"]
    x = np.arange(3.0)
    assert list(again.impls[0].fn(x)) == [0.0, 3.0, 6.0]


def test_an_interactive_workload_is_measured_in_forked_worker_processes() -> None:
    result = ab.run(_interactive(SQUARES), processes=2, budget=0.02)
    assert [c.status for c in result.cases] == ["ok"] * 4
    assert result.env["workers"]["processes"] == 2
    assert all(c.check is not None for c in result.cases if c.impl == "loop")


def test_what_cannot_be_sent_is_named_with_the_fix(tmp_path: Path) -> None:
    with open(tmp_path / "log.txt", "w") as log:
        w = _interactive(
            "w = ab.Workload('leaky', sizes=(4,))\n"
            "w.inputs(lambda n, rng: {'x': rng.uniform(size=n)})\n"
            "@w.impl('numpy')\n"
            "def logged(x):\n"
            "    log.write('called')\n"
            "    return x\n",
            log=log,
        )
        with pytest.raises(WorkloadError) as e:
            _origin(w)
    text = str(e.value)
    assert "cannot be sent to the worker processes" in text
    assert "impl 'logged' uses 'log', an open file" in text
    assert "processes=1" in text


class _GpuTensor:
    """Stands in for a torch tensor on a GPU: what the refusal reads is its module and device."""

    __module__ = "torch"

    def __init__(self) -> None:
        import types

        self.device = types.SimpleNamespace(type="cuda")


def test_an_array_on_a_gpu_is_refused_though_it_would_pickle() -> None:
    w = _interactive(
        "w = ab.Workload('ongpu', sizes=(4,))\n"
        "w.inputs(lambda n, rng: {'x': rng.uniform(size=n)})\n"
        "@w.impl('numpy')\n"
        "def shifted(x):\n"
        "    return x + bias\n",
        bias=_GpuTensor(),
    )
    with pytest.raises(WorkloadError, match=r"uses 'bias', .*a torch array on .*build it in"):
        _origin(w)


def test_a_request_carries_a_workload_sent_by_value_once() -> None:
    from arraybench.measure.plan import Case
    from arraybench.measure.wire import request

    w = _interactive(SQUARES)
    cases = [Case(w, impl, impl.backends[0], "cpu", "float64", 8) for impl in w.impls]
    req = request(cases, {}, {})
    (key,) = req["values"]
    assert [spec["origin"] for spec in req["cases"]] == [key, key] and len(key) < 50
    assert req["values"][key] == _origin(w)
