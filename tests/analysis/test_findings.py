"""Findings on synthetic runs: each kind appears when its data says so, and cites its series."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from arraybench.analysis.findings import analyze
from arraybench.results import CaseResult, Measurement, RunResult
from tests.analysis.test_fit import synthetic

SIZES = (1, 10, 100, 1000, 10_000)


def run_of(*series: list[CaseResult]) -> RunResult:
    return RunResult(
        cases=tuple(c for s in series for c in s),
        env={"load_average": (0.1, 0.1, 0.1), "usable_cores": 2},
    )


def test_fixed_cost_and_crossover_against_python() -> None:
    py = synthetic(1e-9, 50e-9, 1.0, impl="loop", backend="python", sizes=SIZES)
    lib = synthetic(3e-6, 1e-9, 1.0, impl="vec", backend="torch", sizes=SIZES, seed=1)
    a = analyze(run_of(py, lib))
    (f,) = [f for f in a.findings if f.kind == "fixed-cost"]
    assert f.text.startswith("vec (torch float64) costs 3.0")
    assert "pure Python is faster below n ≈ 6" in f.text
    assert f.cites == ("vec (torch float64)", "loop (python float64)")
    assert f.workload == "w"
    assert 2.7e-6 < f.values["fixed_cost"] < 3.3e-6


def test_declared_phase_gets_its_share() -> None:
    base = synthetic(1e-6, 1e-9, 1.0, impl="vectorized", sizes=SIZES)
    conv = [
        replace(c, impl="from list", extends="vectorized", phase="conversion from a list")
        for c in synthetic(2e-6, 20e-9, 1.0, impl="from list", sizes=SIZES, seed=2)
    ]
    a = analyze(run_of(base, conv))
    (f,) = [f for f in a.findings if f.kind == "phase"]
    assert f.text.startswith("conversion from a list is")
    # At n=1e4: 202 µs of which 10 µs is the base: 95%.
    assert "95% at n=1e4" in f.text


def test_compilation_on_every_new_size_is_reported() -> None:
    jit = [
        replace(c, measurement=replace(c.measurement, first_call=0.05))  # type: ignore[arg-type]
        for c in synthetic(5e-6, 1e-9, 1.0, impl="jit", backend="jax", sizes=SIZES)
    ]
    a = analyze(run_of(jit))
    (f,) = [f for f in a.findings if f.kind == "compile"]
    assert "on the first call at each new size" in f.text


def test_one_time_startup_is_not_called_compilation() -> None:
    cases = synthetic(5e-6, 1e-9, 1.0, impl="op", backend="torch", sizes=SIZES)
    first = replace(cases[0], measurement=replace(cases[0].measurement, first_call=0.05))  # type: ignore[arg-type]
    a = analyze(run_of([first, *cases[1:]]))
    assert not [f for f in a.findings if f.kind == "compile"]


def in_processes(case: CaseResult, offsets: tuple[float, ...]) -> CaseResult:
    """The case as if measured in one process per offset: each process's blocks scaled by its
    own factor (a process effect), 5 blocks of 6 samples each."""
    assert case.measurement is not None
    s = case.measurement.samples
    parts = [
        Measurement(
            samples=tuple(v * f for v in s),
            loops=1,
            first_call=0.0,
            blocks=(6,) * 5,
            rounds=tuple(range(100 * p, 100 * p + 5)),
        )
        for p, f in enumerate(offsets)
    ]
    return replace(case, measurement=Measurement.combine(parts))


def test_the_noise_finding_names_what_sets_the_intervals_and_the_fix() -> None:
    cases = [
        in_processes(c, (1.0, 1.08, 0.95, 1.04)) for c in synthetic(1e-6, 1e-9, 1.0, sizes=SIZES)
    ]
    run = replace(
        run_of(cases), config={"target": 0.02}, env={"load_average": (1.5,) * 3, "usable_cores": 2}
    )
    (f,) = [f for f in analyze(run).findings if f.kind == "noise"]
    assert "5 by the differences between processes" in f.text
    assert "wider than the ±2% target: more --processes would narrow it" in f.text
    assert "load average was 1.5 on 2 cores" in f.text
    assert f.values["sources"] == {"processes": 5}


def test_a_quiet_run_says_its_intervals_come_from_noise_and_asks_nothing() -> None:
    (f,) = [
        f
        for f in analyze(run_of(synthetic(1e-6, 1e-9, 1.0, sizes=SIZES))).findings
        if f.kind == "noise"
    ]
    assert "call-to-call noise" in f.text and "target" not in f.text


def test_degenerate_runs_do_not_crash() -> None:
    assert analyze(RunResult(cases=())).findings == ()
    one = synthetic(1e-6, 1e-9, 1.0, sizes=(10,))
    failed = CaseResult("w", "bad", "numpy", "cpu", "float64", 10, "failed", error="raised")
    a = analyze(run_of(one, [failed]))
    assert len(a.fits) == 1


def test_roofline_finding_uses_a_profile(tmp_path: Path) -> None:
    from arraybench.analysis import probe

    cases = [
        replace(c, bytes=16.0 * c.size) for c in synthetic(1e-6, 1e-8, 1.0, sizes=SIZES)
    ]  # 16 B per 10 ns: 1.6 GB/s
    profile = probe.MachineProfile(
        key={"hostname": "h"},
        measured_at="now",
        # A triad of 3 x 8 bytes x 1e6 elements in 1.2 ms: 20 GB/s.
        figures=(
            probe.Figure(
                "bandwidth",
                "numpy",
                "triad",
                10**6,
                24e6,
                Measurement(samples=(1.2e-3,) * 6, loops=1, first_call=1.2e-3),
            ),
        ),
    )
    found = [f for f in analyze(run_of(cases), profile).findings if f.kind == "roofline"]
    assert found and "of memory bandwidth" in found[0].text
    assert found[0].values["fraction"] < 0.1


def test_analysis_serialises() -> None:
    import json

    py = synthetic(1e-9, 50e-9, 1.0, impl="loop", backend="python", sizes=SIZES)
    lib = synthetic(3e-6, 1e-9, 1.0, impl="vec", backend="torch", sizes=SIZES, seed=1)
    json.dumps(analyze(run_of(py, lib)).to_dict(), allow_nan=False)
