"""Findings on synthetic runs: each kind appears when its data says so, and cites its series."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from arraybench.analysis.findings import Finding, analyze, ranked
from arraybench.measure import profile as PF
from arraybench.measurement import Measurement
from arraybench.results import CaseResult, RunResult
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


def test_what_the_zygote_prepared_for_every_worker_is_said_beside_the_compile_cost() -> None:
    """With forked workers, torch.compile's first call in each no longer holds inductor's probe
    of the CPU: the zygote did it once. A program of the user's own pays it; the finding says
    so, with the time the zygote took."""
    compiled = [
        replace(c, measurement=replace(c.measurement, first_call=0.05))  # type: ignore[arg-type]
        for c in synthetic(5e-6, 1e-9, 1.0, impl="compiled", backend="torch", sizes=SIZES)
    ]
    run = run_of(compiled)
    forked = replace(run, env={**run.env, "workers": {"forked": True, "prepared": {"torch": 0.9}}})
    (plain,) = [f for f in analyze(run).findings if f.kind == "compile"]
    (said,) = [f for f in analyze(forked).findings if f.kind == "compile"]
    assert "before the workers were forked" not in plain.text
    assert said.text.startswith(plain.text)
    assert said.text.endswith(
        "; and 900 ms once per process, done before the workers were forked (inductor's probe "
        "of the CPU's vector instructions), which a program's first compilation pays too"
    )


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


def twenty_gbps() -> PF.MachineProfile:
    """A profile whose memory moves 20 GB/s: a triad of 3 x 8 bytes x 1e6 elements in 1.2 ms."""
    return PF.MachineProfile(
        key={"hostname": "h"},
        measured_at="now",
        figures=(
            PF.Figure(
                "bandwidth",
                "numpy",
                "triad",
                10**6,
                24e6,
                Measurement(samples=(1.2e-3,) * 6, loops=1, first_call=1.2e-3),
            ),
        ),
    )


def declared(cases: list[CaseResult], nbytes: Callable[[int], float]) -> list[CaseResult]:
    return [replace(c, bytes=float(nbytes(c.size))) for c in cases]


def roofline_findings(*series: list[CaseResult]) -> list[Finding]:
    return [f for f in analyze(run_of(*series), twenty_gbps()).findings if f.kind == "roofline"]


def test_roofline_finding_uses_a_profile() -> None:
    # 16 B per 10 ns: 1.6 GB/s, and a fixed cost of 1 µs, nothing at n=1e4 (100 µs).
    cases = declared(synthetic(1e-6, 1e-8, 1.0, sizes=SIZES), lambda n: 16.0 * n)
    (f,) = roofline_findings(cases)
    assert "of memory bandwidth" in f.text
    assert f.values["fraction"] < 0.1


def test_a_workload_that_declares_no_work_gets_no_share_of_the_machine() -> None:
    # Pairwise distances of n points without flops=/bytes=: no byte count is assumed.
    assert roofline_findings(synthetic(3e-6, 2e-8, 2.0, impl="broadcast", sizes=SIZES)) == []


def test_a_long_vectorized_call_is_not_called_call_overhead() -> None:
    # O(n^2) with the n x n output declared: 4 bytes x n^2 in 20 ns x n^2 (0.2 GB/s, 1% of the
    # machine), a fixed cost of 3 µs against 2 s: the time goes to work the bytes do not count.
    cases = declared(
        synthetic(3e-6, 2e-8, 2.0, impl="broadcast", sizes=SIZES), lambda n: 4.0 * n * n
    )
    (f,) = roofline_findings(cases)
    assert f.values["cause"] == "uncounted"
    assert "call overhead" not in f.text and "temporaries" in f.text
    assert "fixed cost per call is only 3.0" in f.text
    (merged,), _ = ranked([f], 5)
    assert "call overhead" not in merged.text and "temporaries" in merged.text


def test_a_fixed_cost_that_is_most_of_the_call_is_call_overhead() -> None:
    # 5 µs per call and almost nothing per element: at n=100, 1.6 kB in 5 µs is 0.3 GB/s.
    cases = declared(
        synthetic(5e-6, 1e-12, 1.0, impl="tiny", sizes=(1, 10, 100)), lambda n: 16.0 * n
    )
    (f,) = roofline_findings(cases)
    assert f.values["cause"] == "overhead" and "call overhead" in f.text


def test_pure_python_is_explained_by_the_interpreter() -> None:
    py = declared(
        synthetic(1e-7, 5e-8, 1.0, impl="loop", backend="python", sizes=SIZES), lambda n: 16.0 * n
    )
    (f,) = roofline_findings(py)
    assert f.values["cause"] == "interpreter" and "one element at a time" in f.text


def test_declared_work_the_time_outgrows_gets_no_share() -> None:
    # The elementwise cost model of docs/workloads.md copied onto an O(n^2) workload: bytes
    # grow as n, the time as n^2. No fraction of the machine is given, for the series measured
    # at one size either, and the sentence says why.
    quadratic = declared(
        synthetic(3e-6, 2e-8, 2.0, impl="broadcast", sizes=SIZES), lambda n: 8.0 * n
    )
    one = declared(synthetic(5e-6, 1e-9, 1.0, impl="cdist", sizes=(10,), seed=3), lambda n: 8.0 * n)
    (f,) = roofline_findings(quadratic, one)
    assert f.values["cause"] == "outgrown"
    assert "runs at" not in f.text and "no share of the machine's limit" in f.text
    assert "declared bytes (n^1.0)" in f.text and "broadcast (numpy float64) as n^2.0" in f.text
    assert "declare bytes= as what one call must move" in f.text


def test_one_impl_that_outgrows_the_declared_work_is_named_alone() -> None:
    # Linear work declared and done by one impl; another does a quadratic step: only it loses
    # its share, and the declaration is not blamed.
    linear = declared(synthetic(1e-6, 1e-8, 1.0, impl="good", sizes=SIZES), lambda n: 16.0 * n)
    bad = declared(synthetic(1e-6, 1e-9, 2.0, impl="bad", sizes=SIZES, seed=4), lambda n: 16.0 * n)
    found = roofline_findings(linear, bad)
    (out,) = [f for f in found if f.values["cause"] == "outgrown"]
    assert "this impl does work the declaration does not count" in out.text
    assert "bad (numpy float64)" in out.text and "good" not in out.text
    assert [f.values["series"] for f in found if "fraction" in f.values] == ["good (numpy float64)"]


def test_analysis_serialises() -> None:
    import json

    py = synthetic(1e-9, 50e-9, 1.0, impl="loop", backend="python", sizes=SIZES)
    lib = synthetic(3e-6, 1e-9, 1.0, impl="vec", backend="torch", sizes=SIZES, seed=1)
    json.dumps(analyze(run_of(py, lib)).to_dict(), allow_nan=False)
