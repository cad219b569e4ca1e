"""Smoke tests of benchmarks/peers.py's helpers: no timing, no peers installed needed."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

PEERS = Path(__file__).resolve().parent.parent / "benchmarks" / "peers.py"


@pytest.fixture(scope="module")
def peers() -> ModuleType:
    spec = importlib.util.spec_from_file_location("peers_under_test", PEERS)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def test_setup_source_builds_the_kernel_and_its_inputs(peers: ModuleType) -> None:
    for name in ("noop", "scalar", "numpy_small", "matmul"):
        k = next(k for k in peers.KERNELS if k.name == name)
        ns = peers.namespace(k)
        out = eval(peers.statement(k), ns)
        assert out is not None
        for a in k.args:
            assert a in ns


def test_inputs_match_what_arraybench_builds(peers: ModuleType) -> None:
    import numpy as np

    k = next(k for k in peers.KERNELS if k.name == "numpy_small")
    w = peers._workload(k, peers.namespace(k))
    ab_inputs = w.make_inputs(k.n, 0)
    np.testing.assert_array_equal(ab_inputs["x"], peers.namespace(k)["x"])


def test_rotation_and_round_plan(peers: ModuleType) -> None:
    assert peers.rotation(["a", "b", "c"], 1) == ["b", "c", "a"]
    assert peers.rotation(["a", "b", "c"], 4) == ["b", "c", "a"]
    plan = peers.round_plan(5, peers.ROUND_TOOLS, pyperf_default=True)
    assert len(plan) == 5
    assert sum(r.count(peers.PYPERF) for r in plan) == 1
    assert sum(r.count(peers.PYPERF_FAST) for r in plan) == 1
    for r in plan:
        assert set(peers.ROUND_TOOLS) <= set(r)
    quick = peers.round_plan(2, peers.ROUND_TOOLS, pyperf_default=False)
    assert sum(r.count(peers.PYPERF) for r in quick) == 0
    assert sum(r.count(peers.PYPERF_FAST) for r in quick) == 1


def test_summarize_and_format(peers: ModuleType) -> None:
    run = peers.summarize([1.0, 1.01, 0.99, 1.0, 1.02, 0.98, 1.0, 1.0], 2.0, note="x")
    assert run.median == pytest.approx(1.0)
    assert run.level >= 0.95
    assert run.rel_ci == pytest.approx(0.02)
    assert peers.Run.from_dict(run.to_dict()) == run
    assert peers.fmt_time(3.2e-8) == "32 ns"
    assert peers.fmt_time(1.234e-3) == "1.23 ms"
    assert peers.fmt_time(None) == "—"


def _synthetic(peers: ModuleType) -> dict[str, Any]:
    """Made-up data in measure_all's shape: arraybench best on agreement, a peer steadier."""

    def runs(meds: list[float], wall: float, rel: float = 0.01) -> list[dict[str, Any]]:
        return [
            {"median": m, "rel_ci": rel, "level": 0.96, "samples": 50, "wall": wall, "extra": {}}
            for m in meds
        ]

    kernels = {}
    for name, ref in (("noop", 25e-9), ("numpy_small", 1.1e-6), ("matmul", 0.07)):
        kernels[name] = {
            "what": name,
            "reference": {"median": ref, "min": ref, "repeats": 35, "number": 1, "rel_ci": 0.01},
            "load": [0.5, 0.6],
            "runs": {
                peers.ARRAYBENCH: runs([ref * 1.01] * 4 + [ref * 1.03], 0.3),
                peers.TIMEIT: runs([ref * 1.02] * 5, 1.5, rel=0.05),
                peers.ADAPTIVE: runs([ref * 0.97, ref, ref, ref, ref], 0.2),
                peers.PYPERF: runs([ref * 1.05], 20.0),
            },
        }
    return {
        "env": {
            "cpu": "test cpu",
            "cores": 2,
            "usable_cores": 2,
            "platform": "linux",
            "python": "3.11",
            "arraybench": "0",
            "numpy": "2",
            "torch": "2",
            "jax": "0",
            "pyperf": "2",
            "pytest": "9",
            "pytest-benchmark": "5",
            "torch_threads": 2,
            "load_start": 0.5,
            "load_end": 0.6,
            "load_max": 0.7,
            "date": "today",
        },
        "settings": {
            "rounds": 5,
            "pyperf_default": True,
            "ref_repeats": 35,
            "ref_min_time": 0.05,
            "command": "python benchmarks/peers.py",
        },
        "timeit_pass": 5e-9,
        "elapsed_s": 1.0,
        "kernels": kernels,
    }


def test_verdicts_and_render_on_synthetic_data(peers: ModuleType) -> None:
    data = _synthetic(peers)
    v = {x.figure: x for x in peers.verdicts(data)}
    assert v["agreement"].met
    assert v["time to precision vs pyperf"].met
    assert not v["time to precision vs adaptive_autorange"].met  # 0.3 s against 0.2 s
    assert not v["repeatability"].met  # timeit's medians do not move at all
    assert v["floor"].met  # 25.25 ns against timeit's 25.5 ns
    text = peers.render(data)
    assert "## Targets" in text and "## Where a peer wins" in text
    assert "repeatability: timeit" in text
    assert "test cpu" in text
