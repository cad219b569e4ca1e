"""Runs from several machines: each machine described, what differs between two, each impl
against its reference machine by machine, and the machines of one run compared case by case."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from arraybench.analysis.compare import FASTER, SAME, SLOWER, UNSURE, compare, compare_machines
from arraybench.analysis.machines import (
    CrossMachine,
    answer_on,
    cross_machine,
    describe,
    descriptions,
    differences,
    in_brief,
    machine_view,
    pair_labels,
    ranked,
)
from arraybench.base.stats import Interval
from arraybench.base.units import format_ratio_with_interval
from arraybench.measurement import time_ratio
from arraybench.results import load

from ..machines import SIN2, classic, measurement_of, sin2_two_machines, two_machines

MKL = (
    "Intel(R) oneAPI Math Kernel Library Version 2024.2-Product Build 20240605 for Intel(R) 64 "
    "architecture applications"
)
RECORD = {
    "hostname": "gpu-node",
    "cpu": "Intel(R) Xeon(R) Platinum 8480+",
    "cores": 112,
    "usable_cores": 16,
    "python": "3.12.4",
    "backends": {
        "numpy": {"version": "2.4.6", "blas": [{"vendor": "openblas", "version": "0.3.31"}]},
        "torch": {
            "version": "2.13.0",
            "blas": [{"vendor": "mkl", "version": MKL}],
            "gpus": ["NVIDIA H100", "NVIDIA H100"],
        },
        "python": {"version": "3.12.4"},
        "jax": {"available": False, "reason": "not installed"},
    },
    "threads": {"policy": "1 thread per library (the default: reproducible; --threads all ...)"},
}


def test_a_record_is_described_in_the_words_of_the_machines_table() -> None:
    d = describe(RECORD)
    assert d.name == "gpu-node"
    assert d.cpu == "Intel(R) Xeon(R) Platinum 8480+"
    assert d.cores == "112 (16 usable)"
    assert d.gpu == "2x NVIDIA H100"
    assert d.python == "3.12.4"
    # Libraries that are installed, with their versions; the pure-Python backend is Python.
    assert d.libraries == {"numpy": "2.4.6", "torch": "2.13.0"}
    # MKL's version is a sentence: its version number stands for it.
    assert d.blas == "openblas 0.3.31 (numpy); mkl 2024.2 (torch)"
    assert d.threads == "1 thread per library"
    # torch lists the GPUs it sees: none listed is none; NumPy alone cannot tell.
    assert describe({"backends": {"torch": {"version": "2.13.0"}}}).gpu == "none"
    assert describe({"cpu": "x", "backends": {"numpy": {"version": "2.4.6"}}}).gpu == ""
    assert describe({}).item("GPU") == ""
    assert describe({"gpus": [{"name": "NVIDIA A100"}]}).gpu == "NVIDIA A100"
    assert in_brief({**RECORD, "workers": 2}) == (
        "Intel(R) Xeon(R) Platinum 8480+, 16 cores, 2x NVIDIA H100, 2 worker processes"
    )
    assert (
        in_brief({"cpu": "x", "cores": 4, "backends": {"torch": {"version": "2"}}}) == "x, 4 cores"
    )


def test_differences_name_cpu_cores_gpu_versions_blas_and_threads() -> None:
    other = {
        **RECORD,
        "cpu": "AMD EPYC 9654",
        "cores": 16,
        "usable_cores": 16,
        "python": "3.11.7",
        "backends": {
            "numpy": {"version": "2.5.0", "blas": [{"vendor": "mkl", "version": "2024.2"}]},
            "torch": {"version": "2.14.0"},
            "jax": {"version": "0.10.2"},
        },
        "threads": {"policy": "threads left as found (each library's own default)"},
    }
    found = {d.what: (d.a, d.b) for d in differences(RECORD, other)}
    assert found == {
        "CPU": ("Intel(R) Xeon(R) Platinum 8480+", "AMD EPYC 9654"),
        "cores": ("112 (16 usable)", "16"),
        "GPU": ("2x NVIDIA H100", "none"),
        "Python": ("3.12.4", "3.11.7"),
        "numpy": ("2.4.6", "2.5.0"),
        "torch": ("2.13.0", "2.14.0"),
        "jax": ("", "0.10.2"),
        "BLAS": ("openblas 0.3.31 (numpy); mkl 2024.2 (torch)", "mkl 2024.2 (numpy)"),
        "threads": ("1 thread per library", "threads left as found"),
    }
    assert [d.what for d in differences(RECORD, other)][:4] == ["CPU", "cores", "GPU", "Python"]
    assert differences(RECORD, dict(RECORD)) == ()
    jax = next(d for d in differences(RECORD, other) if d.what == "jax")
    assert jax.describe() == "jax: (absent) -> 0.10.2"


def test_each_machine_of_a_run_is_described_by_its_own_record() -> None:
    run = sin2_two_machines()
    a, b = descriptions(run)
    assert (a.name, b.name) == ("host-a", "host-b")
    assert a.cpu == "AMD EPYC" and b.cpu == "AMD EPYC 9654 96-Core Processor"
    assert b.gpu == "NVIDIA H100 80GB HBM3" and b.libraries and b.libraries["numpy"] == "2.5.0"
    # A run on one machine is described by its env.
    assert [d.cpu for d in descriptions(load(SIN2))] == ["AMD EPYC"]


def test_cross_machine_ratios_are_each_machine_s_own_paired_ratio() -> None:
    run = sin2_two_machines()  # host-b: NumPy 2x slower, everything else as on host-a
    lines = cross_machine(run)
    by_label = {x.label: x for x in lines}
    assert set(by_label) == {"torch/numpy float32", "loop (python)/vectorized (numpy) float64"}
    torch = by_label["torch/numpy float32"]
    assert torch.size == 100_000  # the largest size both machines measured
    assert [m for m, _ in torch.ratios] == ["host-a", "host-b"]
    for machine, iv in torch.ratios:
        expected = time_ratio(
            measurement_of(run, machine, impl="vectorized", backend="torch", size=100_000),
            measurement_of(
                run, machine, impl="vectorized", backend="numpy", dtype="float32", size=100_000
            ),
        )
        assert iv == expected
        sub = run.on_machine(machine)
        case = sub.find(impl="vectorized", backend="torch", size=100_000)[0]
        assert sub.vs_reference(case) == expected
    a, b = (iv for _, iv in torch.ratios)
    assert b.value == pytest.approx(a.value / 2)
    # torch is slower than NumPy on host-a and faster on host-b: the machines disagree.
    assert a.low > 1 and b.high < 1
    assert torch.disagree and torch.faster_on == ("host-b",) and torch.slower_on == ("host-a",)
    assert torch.text() == (
        f"torch/numpy float32 time ratio at n=1e5: {format_ratio_with_interval(a)} on host-a, "
        f"{format_ratio_with_interval(b)} on host-b; the machines disagree: torch is faster on "
        "host-b, slower on host-a"
    )
    loop = by_label["loop (python)/vectorized (numpy) float64"]
    assert not loop.disagree and loop.text().endswith("slower on every machine")
    assert loop.to_dict()["ratios"]["host-b"]["value"] == pytest.approx(loop.ratios[0][1].value / 2)


def test_a_run_on_one_machine_has_no_cross_machine_lines() -> None:
    assert cross_machine(load(SIN2)) == []
    run = sin2_two_machines()
    one = replace(run, cases=tuple(c for c in run.cases if c.machine == "host-a"))
    assert cross_machine(one) == []
    assert cross_machine(run, workloads=["other"]) == []


def test_a_pair_measured_on_one_machine_only_is_left_out() -> None:
    run = sin2_two_machines()
    no_torch_on_b = replace(
        run,
        cases=tuple(c for c in run.cases if not (c.machine == "host-b" and c.backend == "torch")),
    )
    labels = [x.label for x in cross_machine(no_torch_on_b)]
    assert labels == ["loop (python)/vectorized (numpy) float64"]


def iv(value: float, low: float, high: float) -> Interval:
    return Interval(value, low, high, 0.95, 10, "pairs")


def test_lines_name_what_tells_the_series_apart_and_ties() -> None:
    ref = ("w", "vectorized", "numpy", "cpu", "float32")
    assert pair_labels(("w", "vectorized", "torch", "cpu", "float32"), ref) == ("torch", "numpy")
    assert pair_labels(("w", "loop", "numpy", "cpu", "float32"), ref) == ("loop", "vectorized")
    assert pair_labels(("w", "vectorized", "torch", "cuda", "float32"), ref) == (
        "torch cuda",
        "numpy cpu",
    )
    assert pair_labels(("w", "vectorized", "numpy", "cpu", "float64"), ref) == (
        "vectorized float64",
        "vectorized float32",
    )
    series = ("w", "vectorized", "torch", "cpu", "float32")
    x = CrossMachine("w", series, ref, 10, (("a", iv(0.5, 0.4, 0.6)), ("b", iv(1.0, 0.9, 1.1))))
    assert not x.disagree
    assert x.text().endswith("; torch is faster on a, too close to call on b")
    three = (("a", iv(2, 1.5, 2.5)), ("b", iv(0.5, 0.4, 0.6)), ("c", iv(0.4, 0.3, 0.5)))
    y = CrossMachine("w", series, ref, 10, three)
    assert y.text().endswith("the machines disagree: torch is faster on b and c, slower on a")
    assert y.spread == pytest.approx(5.0)


def test_ranked_keeps_disagreements_then_the_largest_spreads_in_order() -> None:
    ref = ("w", "vectorized", "numpy", "cpu", "float32")

    def line(impl: str, a: float, b: float) -> CrossMachine:
        s = ("w", impl, "numpy", "cpu", "float32")
        return CrossMachine(
            "w", s, ref, 10, (("a", iv(a, a * 0.9, a * 1.1)), ("b", iv(b, b * 0.9, b * 1.1)))
        )

    lines = [line("same", 2, 2), line("flips", 2, 0.5), line("wide", 2, 8), line("some", 2, 3)]
    shown, more = ranked(lines, 2)
    assert [x.series[1] for x in shown] == ["flips", "wide"] and more == 2
    assert ranked(lines, 10) == (lines, 0)


def test_each_machine_view_holds_its_own_answer() -> None:
    run = sin2_two_machines()
    record = run.extra["sin2"]
    for m in ("host-a", "host-b"):
        view = machine_view(run, m)
        assert view.extra["sin2"]["answer"] == record["answers"][m]
        assert "answers" not in view.extra["sin2"]
        assert {c.machine for c in view.cases} == {m}
    assert record["answers"]["host-a"] != record["answers"]["host-b"]
    # Answered on one machine only (no "answers"): the first machine that measured it.
    single = {k: v for k, v in record.items() if k != "answers"}
    assert answer_on(run, single, "host-a") == record["answer"]
    assert answer_on(run, single, "host-b") is None


def test_compare_machines_gives_b_over_a_per_case_with_verdicts() -> None:
    run = sin2_two_machines()
    (comparison,) = compare_machines(run)
    assert comparison.meta["a"]["machine"] == "host-a"
    assert comparison.meta["b"]["machine"] == "host-b"
    by_backend: dict[str, set[str]] = {}
    for c in comparison.cases:
        by_backend.setdefault(c.key[2], set()).add(c.verdict)
        expected = 2.0 if c.key[2] == "numpy" else 1.0
        assert c.ratio == pytest.approx(expected)
        assert c.ratio_ci[0] <= expected <= c.ratio_ci[1]
    # NumPy is 2x slower on host-b (some cases have too few blocks for a verdict); the rest
    # is the same.
    assert SLOWER in by_backend["numpy"] and FASTER not in by_backend["numpy"]
    assert by_backend["torch"] | by_backend["python"] <= {SAME, UNSURE}
    assert len(comparison.cases) == len(load(SIN2).cases)
    assert {d.what for d in comparison.environment} >= {"CPU", "cores", "GPU", "numpy", "BLAS"}
    # The other way round: host-a against host-b, NumPy faster.
    (back,) = compare_machines(run, ["host-b", "host-a"])
    assert {c.verdict for c in back.cases if c.key[2] == "numpy"} >= {FASTER}


def test_machines_never_pair_blocks_even_when_their_rounds_coincide() -> None:
    run = two_machines(classic())  # host-b's cases are host-a's scaled: the same rounds
    a, b = run.on_machine("host-a"), run.on_machine("host-b")
    unpaired = compare(a, b, paired=False)
    paired = compare(a, b)
    width = {c.key: math.log(c.ratio_ci[1] / c.ratio_ci[0]) for c in unpaired.cases}
    # Paired on the (meaningless) shared rounds the ratio is exact: 2.00 [2.00-2.00].
    assert all(c.ratio_ci[1] / c.ratio_ci[0] < 1.0001 for c in paired.cases)
    assert all(w > 0.01 for w in width.values())
    assert compare_machines(run)[0].cases == unpaired.cases


def test_compare_machines_refuses_unknown_names_and_a_single_machine() -> None:
    run = sin2_two_machines()
    with pytest.raises(ValueError, match="no machine 'nope' in this run"):
        compare_machines(run, ["host-a", "nope"])
    with pytest.raises(ValueError, match="needs two of them"):
        compare_machines(run, ["host-a"])
    with pytest.raises(ValueError, match="needs two of them"):
        compare_machines(load(SIN2))


def test_each_case_of_a_mixed_run_is_timed_against_its_own_machine_s_reference() -> None:
    # The file's "ratios" and to_records' vs_ref are computed on the whole run.
    run = sin2_two_machines()
    on_b = [c for c in run.cases if c.machine == "host-b" and not c.reference and c.ok]
    for c in on_b:
        ref = run.reference_for(c)
        assert ref is not None and ref.machine == "host-b"
        assert run.vs_reference(c) == run.on_machine("host-b").vs_reference(c)
    ratios = {(r["case"], r["reference"]) for r in run.ratios()}
    assert len(run.ratios()) == 2 * len(load(SIN2).ratios())
    assert len(ratios) == len(load(SIN2).ratios())  # names repeat: one per machine


def test_records_csv_and_the_notebook_table_name_each_case_s_machine() -> None:
    run = sin2_two_machines()
    rows = run.to_records()
    assert [r["machine"] for r in rows] == [c.machine for c in run.cases]
    assert next(iter(rows[0])) == "machine"
    assert run.to_csv().splitlines()[0].startswith("machine,workload,")
    assert "<th>machine</th>" in run._repr_html_() and "<td>host-a</td>" in run._repr_html_()
    assert {r["machine"] for r in run.ratios()} == {"host-a", "host-b"}
    # A run on one machine keeps its columns.
    single = load(SIN2)
    assert "machine" not in single.to_records()[0] and "machine" not in single.ratios()[0]
    assert "<th>machine</th>" not in single._repr_html_()
