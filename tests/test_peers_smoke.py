"""Smoke tests of benchmarks/peers/'s helpers: no timing, no peers installed needed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from benchmarks.peers import engine, kernels, plan, render, runs, verdicts
from benchmarks.peers.figures import fmt_time
from benchmarks.peers.tools import arraybench as ab_tool

ROOT = Path(__file__).resolve().parent.parent


def _kernel(name: str) -> kernels.Kernel:
    return next(k for k in kernels.KERNELS if k.name == name)


def test_setup_source_builds_the_kernel_and_its_inputs() -> None:
    for name in ("noop", "scalar", "numpy_small", "matmul"):
        k = _kernel(name)
        ns = kernels.namespace(k)
        out = eval(kernels.statement(k), ns)
        assert out is not None
        for a in k.args:
            assert a in ns


def test_unknown_kernel_names_the_known_ones() -> None:
    assert [k.name for k in kernels.by_name("matmul, noop")] == ["matmul", "noop"]
    with pytest.raises(ValueError, match="choose from noop, scalar"):
        kernels.by_name("nope")


def test_the_workload_file_gives_arraybench_the_inputs_every_tool_gets(tmp_path: Path) -> None:
    import numpy as np

    k = _kernel("numpy_small")
    ctx = runs.Context(k, tmp_path, rounds=2)
    w = ab_tool.workload(ctx)
    assert ab_tool.workload(ctx) is w  # loaded once per kernel
    assert w.origin is not None and Path(w.origin).parent == tmp_path  # workers can load it
    np.testing.assert_array_equal(w.make_inputs(k.n, 0)["x"], ctx.ns["x"])


def test_rotation_and_round_plan() -> None:
    assert plan.rotation(["a", "b", "c"], 1) == ["b", "c", "a"]
    assert plan.rotation(["a", "b", "c"], 4) == ["b", "c", "a"]
    rounds = plan.round_plan(5, runs.ROUND_TOOLS, pyperf_default=True)
    assert len(rounds) == 5
    assert sum(r.count(runs.PYPERF) for r in rounds) == 1
    assert sum(r.count(runs.PYPERF_FAST) for r in rounds) == 1
    for r in rounds:
        assert set(runs.ROUND_TOOLS) <= set(r)
    quick = plan.round_plan(2, runs.ROUND_TOOLS, pyperf_default=False)
    assert sum(r.count(runs.PYPERF) for r in quick) == 0
    assert sum(r.count(runs.PYPERF_FAST) for r in quick) == 1


def test_summarize_and_format() -> None:
    run = runs.summarize([1.0, 1.01, 0.99, 1.0, 1.02, 0.98, 1.0, 1.0], 2.0, note="x")
    assert run.median == pytest.approx(1.0)
    assert run.level >= 0.95
    assert run.rel_ci == pytest.approx(0.02)
    assert (run.low, run.high) == (0.98, 1.02)
    assert runs.Run.from_dict(run.to_dict()) == run
    assert fmt_time(3.2e-8) == "32 ns"
    assert fmt_time(1.234e-3) == "1.23 ms"
    assert fmt_time(None) == "—"


def test_runs_saved_without_bounds_take_them_from_the_half_width() -> None:
    old = {"median": 2.0, "rel_ci": 0.1, "level": 0.96, "samples": 9, "wall": 1.0, "extra": {}}
    run = runs.Run.from_dict(old)
    assert (run.low, run.high) == pytest.approx((1.8, 2.2))
    assert run.holds(2.1) and not run.holds(2.3)


def test_every_process_is_given_arraybench_s_thread_count_but_is_no_worker_of_it() -> None:
    env = engine.thread_env(1)
    assert env["OMP_NUM_THREADS"] == "1" and env["OPENBLAS_NUM_THREADS"] == "1"
    assert "ARRAYBENCH_WORKER" not in env
    before = {k: os.environ.get(k) for k in env}
    with engine.one_thread_per_library(1) as passed:
        assert os.environ["OMP_NUM_THREADS"] == "1"
        assert set(passed) == set(env)
    assert {k: os.environ.get(k) for k in env} == before


def _synthetic() -> dict[str, Any]:
    """Made-up data in measure_all's shape: arraybench best on agreement, a peer steadier."""

    def made(meds: list[float], wall: float, rel: float = 0.01) -> list[dict[str, Any]]:
        return [
            {"median": m, "rel_ci": rel, "level": 0.96, "samples": 50, "wall": wall, "extra": {}}
            for m in meds
        ]

    ks = {}
    for name, ref in (("noop", 25e-9), ("numpy_small", 1.1e-6), ("matmul", 0.07)):
        ks[name] = {
            "what": name,
            "reference": {"median": ref, "min": ref, "repeats": 35, "number": 1, "rel_ci": 0.01},
            "load": [0.5, 0.6],
            "runs": {
                runs.ARRAYBENCH: made([ref * 1.01] * 4 + [ref * 1.03], 0.3),
                runs.TIMEIT: made([ref * 1.02] * 5, 1.5, rel=0.05),
                runs.ADAPTIVE: made([ref * 0.97, ref, ref, ref, ref], 0.2),
                runs.PYPERF: made([ref * 1.05], 20.0),
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
            "threads": 1,
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
            "processes": 4,
            "command": "python -m benchmarks.peers",
        },
        "timeit_pass": 5e-9,
        "elapsed_s": 1.0,
        "kernels": ks,
    }


def test_verdicts_and_render_on_synthetic_data() -> None:
    data = _synthetic()
    v = {x.figure: x for x in verdicts.verdicts(data)}
    assert v["agreement"].met
    assert v["time to precision vs pyperf"].met
    assert not v["time to precision vs adaptive_autorange"].met  # 0.3 s against 0.2 s
    assert not v["repeatability"].met  # timeit's medians do not move at all
    assert v["floor"].met  # 25.25 ns against timeit's 25.5 ns
    # Each ±1% interval around 1.01 holds the other three runs at 1.01 but not the one at 1.03,
    # and the run at 1.03 holds none: 12 of 20 pairs.
    assert not v["coverage"].met
    assert "36 of 60 pairs (60%)" in v["coverage"].text
    assert not any("processes" in name for name in v)  # no runs of arraybench --processes
    text = render.render(data)
    assert "## Targets" in text and "## Where a peer wins" in text and "## Coverage" in text
    assert "repeatability: timeit" in text
    assert "test cpu" in text


def test_data_saved_by_version_1_still_renders() -> None:
    data = _synthetic()
    del data["env"]["threads"], data["settings"]["processes"]
    data["env"]["torch_threads"] = 2
    text = render.render(data)
    assert "as found (torch: 2)" in text and "Threads were left as found" in text
    assert "## Coverage" in text  # bounds taken from each run's half-width


def test_the_second_arraybench_tool_gets_verdicts_of_its_own() -> None:
    data = _synthetic()
    for d in data["kernels"].values():
        d["runs"][runs.ARRAYBENCH_PROCESSES] = d["runs"][runs.ARRAYBENCH]
    names = [x.figure for x in verdicts.verdicts(data)]
    assert "agreement (4 processes)" in names and "coverage (4 processes)" in names
    text = render.render(data)
    assert "| arraybench ×4 |" in text and "arraybench ×4's median" in text


def test_the_part_is_written_between_its_markers_and_the_rest_is_kept(tmp_path: Path) -> None:
    page = tmp_path / "performance.md"
    page.write_text(
        f"# Title\n\nintro\n\n{render.BEGIN}\nold figures\n{render.END}\n\n## Other\n\nkept\n"
    )
    render.write_part(page, "new figures\n")
    assert page.read_text() == (
        f"# Title\n\nintro\n\n{render.BEGIN}\n\nnew figures\n\n{render.END}\n\n## Other\n\nkept\n"
    )
    fresh = tmp_path / "new.md"
    render.write_part(fresh, "figures")
    assert fresh.read_text().startswith(f"{render.TITLE}\n\n{render.BEGIN}\n\nfigures\n")
    page.write_text("# a page without markers\n")
    with pytest.raises(ValueError, match="put them around the part"):
        render.write_part(page, "x")
    assert page.read_text() == "# a page without markers\n"


def test_docs_performance_md_has_one_pair_of_markers() -> None:
    text = (ROOT / "docs" / "performance.md").read_text()
    assert text.count(render.BEGIN) == 1 and text.count(render.END) == 1
    assert text.index(render.BEGIN) < text.index(render.END)


@pytest.mark.parametrize(
    "argv",
    [["-m", "benchmarks.peers"], ["benchmarks/peers"], ["benchmarks/peers.py"]],
    ids=["module", "folder", "file"],
)
def test_every_way_of_starting_it_reaches_the_command_line(argv: list[str]) -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]))
    proc = subprocess.run(
        [sys.executable, *argv, "--help"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    assert "usage: python -m benchmarks.peers" in proc.stdout
    assert "--from-json" in proc.stdout
