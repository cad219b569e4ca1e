from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

import arraybench as ab
from arraybench.base.errors import ResultsFormatError
from arraybench.measurement import Measurement
from arraybench.report.cells import format_speedup_vs_reference
from arraybench.results import (
    COMPILES_VERSION,
    FORMAT_VERSION,
    MACHINES_VERSION,
    NO_REFERENCE,
    SINGLE_MACHINE_VERSION,
    CaseResult,
    Check,
    Floor,
    RunResult,
    Skip,
)


def sample_result() -> RunResult:
    m = Measurement(
        samples=(1e-6, 1.1e-6, 0.9e-6, 1e-6, 1.05e-6, 0.95e-6),
        loops=1000,
        first_call=5e-5,
        warnings=("high spread: x",),
    )
    ok = CaseResult(
        "w",
        "impl",
        "numpy",
        "cpu",
        "float64",
        10,
        "ok",
        measurement=m,
        check=Check(True, 0.0, 0.0, 1e-9),
        reference=True,
    )
    bad = CaseResult(
        "w",
        "bad",
        "torch",
        "cpu",
        "float32",
        10,
        "failed",
        error="raised X",
        check=Check(False, float("nan"), float("inf"), 1e-4, "wrong"),
    )
    return RunResult(
        cases=(ok, bad),
        env={"python": "3.11"},
        config={"budget": 0.5},
        floor=Floor(5e-8, 3e-8),
        started="t0",
        finished="t1",
        arraybench_version="0.1.0",
        extra={"exp": {"answer": "yes"}},
    )


def test_json_round_trip_keeps_everything(tmp_path: Path) -> None:
    r = sample_result()
    path = r.save(tmp_path / "r.json")
    back = ab.load(path)
    assert back.cases[0] == r.cases[0]
    assert back.cases[1].error == "raised X"
    assert back.floor == r.floor
    assert back.extra == r.extra
    assert json.loads(path.read_text())["version"] == SINGLE_MACHINE_VERSION


def test_cases_from_several_machines_are_a_version_4_file_that_keeps_them_apart(
    tmp_path: Path,
) -> None:
    r = sample_result()
    a, b = (replace(c, machine=m) for c, m in zip(r.cases, ("alpha", "beta"), strict=True))
    records = {"alpha": {"hostname": "alpha", "cores": 2}, "beta": {"hostname": "beta"}}
    several = replace(
        r,
        cases=(a, b),
        machines=records,
        skipped=(Skip("w/i on torch on beta", "torch is not installed"),),
    )
    path = several.save(tmp_path / "r.json")
    assert json.loads(path.read_text())["version"] == MACHINES_VERSION == 4
    back = ab.load(path)
    assert [c.machine for c in back.cases] == ["alpha", "beta"] and back.cases[0] == a
    assert back.machines == records
    assert back.machine_names == ("alpha", "beta")
    alpha = back.on_machine("alpha")
    assert alpha.cases == (a,) and alpha.env["cores"] == 2 and alpha.skipped == ()
    assert back.on_machine("beta").skipped == several.skipped
    # An older reader refuses the file rather than mixing the machines' cases.
    assert json.loads(path.read_text())["version"] > SINGLE_MACHINE_VERSION


def test_a_case_that_kept_compiling_is_a_version_5_file_and_reads_back(tmp_path: Path) -> None:
    r = sample_result()
    m = r.cases[0].measurement
    assert m is not None
    blocks = (3, 3)
    m = replace(m, blocks=blocks, rounds=(1, 2), compiles=(0, 0))
    counted = replace(r.cases[0], measurement=m)
    kept = replace(
        r.cases[1],
        status="failed",
        failure="compiles",
        error="compiles on every call: JAX compiled or traced 12 times in 12 timed calls",
        measurement=None,
        check=None,
    )
    plain = r.save(tmp_path / "plain.json")
    assert json.loads(plain.read_text())["version"] == SINGLE_MACHINE_VERSION
    # The per-block counts alone are a field older versions ignore: still version 3.
    path = replace(r, cases=(counted, r.cases[1])).save(tmp_path / "counted.json")
    assert json.loads(path.read_text())["version"] == SINGLE_MACHINE_VERSION
    assert ab.load(path).cases[0] == counted
    # The new failure is one an older version would call damaged: it must refuse the file.
    path = replace(r, cases=(counted, kept)).save(tmp_path / "compiles.json")
    assert json.loads(path.read_text())["version"] == COMPILES_VERSION == FORMAT_VERSION == 5
    assert ab.load(path).cases == (counted, kept)


def test_a_damaged_machine_record_is_named(tmp_path: Path) -> None:
    d = sample_result().to_dict()
    d["machines"] = {"alpha": [1, 2]}
    p = tmp_path / "r.json"
    p.write_text(json.dumps(d))
    with pytest.raises(ResultsFormatError, match=r"machines\.alpha"):
        ab.load(p)


def test_newer_format_is_refused_with_upgrade_advice(tmp_path: Path) -> None:
    d = sample_result().to_dict()
    d["version"] = FORMAT_VERSION + 1
    p = tmp_path / "new.json"
    p.write_text(json.dumps(d))
    with pytest.raises(ResultsFormatError, match="upgrade arraybench"):
        ab.load(p)


def test_truncated_file_names_the_file_and_position(tmp_path: Path) -> None:
    p = tmp_path / "cut.json"
    p.write_text(json.dumps(sample_result().to_dict())[:200])
    with pytest.raises(ResultsFormatError, match=r"cut.json is truncated or not JSON \(line"):
        ab.load(p)


def test_other_json_is_not_results(tmp_path: Path) -> None:
    p = tmp_path / "x.json"
    p.write_text('{"a": 1}')
    with pytest.raises(ResultsFormatError, match="not an arraybench results file"):
        ab.load(p)


def test_malformed_case_is_reported(tmp_path: Path) -> None:
    d = sample_result().to_dict()
    d["cases"][0]["size"] = "ten"
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(d))
    with pytest.raises(ResultsFormatError, match="size"):
        ab.load(p)


def test_records_are_validated_at_construction() -> None:
    with pytest.raises(ValueError, match="samples must be finite numbers"):
        Measurement(samples=(-1.0,), loops=1, first_call=0.0)
    with pytest.raises(ValueError, match="needs an error"):
        CaseResult("w", "i", "b", "cpu", "float64", 1, "failed")
    with pytest.raises(ValueError, match="status"):
        CaseResult("w", "i", "b", "cpu", "float64", 1, "maybe")


def test_to_pandas_has_one_row_per_case() -> None:
    pytest.importorskip("pandas")
    df = sample_result().to_pandas()
    assert list(df["status"]) == ["ok", "failed"]
    assert df.loc[0, "median"] == pytest.approx(1e-6)


def test_save_is_atomic_and_leaves_no_temporary_files(tmp_path: Path) -> None:
    sample_result().save(tmp_path / "r.json")
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


def test_csv_has_a_row_per_case(tmp_path: Path) -> None:
    import csv

    text = sample_result().to_csv(tmp_path / "r.csv")
    rows = list(csv.DictReader((tmp_path / "r.csv").read_text().splitlines()))
    assert text.startswith("workload,impl,backend")
    assert [r["status"] for r in rows] == ["ok", "failed"]
    assert float(rows[0]["median"]) == pytest.approx(1e-6)


def test_jupyter_table_escapes_what_comes_from_results() -> None:
    r = sample_result()
    bad = CaseResult(
        "<script>alert(1)</script>",
        'a"&b',
        "numpy",
        "cpu",
        "float64",
        1,
        "failed",
        error="<b>boom</b>",
    )
    html = RunResult(cases=(*r.cases, bad))._repr_html_()
    assert "<table>" in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<script>" not in html and "a&quot;&amp;b" in html and "&lt;b&gt;boom" in html


def test_saved_files_are_readable_by_others_not_private(tmp_path: Path) -> None:
    import os
    import stat

    path = sample_result().save(tmp_path / "r.json")
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask


def blocked(samples: tuple[float, ...], blocks: tuple[int, ...], start: int = 0) -> Measurement:
    return Measurement(
        samples=samples,
        loops=1,
        first_call=samples[0],
        blocks=blocks,
        rounds=tuple(range(start, start + len(blocks))),
    )


def test_the_file_states_each_median_and_interval_as_the_table_does(tmp_path: Path) -> None:
    m = blocked(tuple(1e-6 * (1 + 0.01 * (k % 7)) for k in range(40)), (5,) * 8)
    r = RunResult(cases=(CaseResult("w", "i", "numpy", "cpu", "float64", 10, "ok", measurement=m),))
    d = json.loads((r.save(tmp_path / "r.json")).read_text())
    assert d["version"] == SINGLE_MACHINE_VERSION == 3
    saved = d["cases"][0]["measurement"]
    assert saved["median"] == m.median
    assert (saved["ci_low"], saved["ci_high"]) == m.ci
    assert saved["ci_level"] == m.ci_level and saved["ci_units"] == 8
    assert saved["blocks"] == [5] * 8 and saved["rounds"] == list(range(8))
    # The derived figures are written for readers and computed again when read.
    back = ab.load(tmp_path / "r.json").cases[0].measurement
    assert back == m and back.ci == m.ci


def test_a_file_from_before_blocks_reads_with_each_sample_as_a_unit(tmp_path: Path) -> None:
    """Format 2 (no blocks): read, never broken, and its intervals say they come from samples
    alone (they do not hold the machine's slow spells)."""
    r = sample_result()
    d = r.to_dict()
    d["version"] = 2
    for c in d["cases"]:
        if c["measurement"]:
            for key in ("blocks", "rounds", "processes", "median", "ci_low", "ci_high"):
                c["measurement"].pop(key, None)
    d.pop("ratios")
    path = tmp_path / "old.json"
    path.write_text(json.dumps(d))
    old = ab.load(path).cases[0].measurement
    assert old is not None and old.blocks is None
    assert old.interval.method == "samples" and old.interval.units == 6
    assert old.dominant is None and old.within_spread is None


def test_ratios_to_the_reference_are_kept_with_their_intervals() -> None:
    ref = blocked((1e-6,) * 12, (2,) * 6)
    slow = blocked((3e-6,) * 12, (2,) * 6)
    cases = (
        CaseResult(
            "w", "ref", "numpy", "cpu", "float64", 10, "ok", measurement=ref, reference=True
        ),
        CaseResult("w", "slow", "torch", "cpu", "float64", 10, "ok", measurement=slow),
    )
    r = RunResult(cases=cases)
    (ratio,) = r.ratios()
    assert ratio["case"].startswith("w/slow") and ratio["reference"].startswith("w/ref")
    assert ratio["ratio"]["value"] == pytest.approx(3.0)
    assert ratio["ratio"]["method"] == "pairs"  # same rounds: measured side by side
    # The file, the records (pandas, CSV) and the tables say it one way: how many times
    # faster than the reference, below 1 for a slower case.
    assert ratio["speedup_vs_ref"]["value"] == pytest.approx(1 / 3)
    row = r.to_records()[1]
    assert "vs_ref" not in row
    assert row["speedup_vs_ref"] == pytest.approx(1 / 3) and row["ci_level"] >= 0.95
    assert row["speedup_vs_ref_low"] <= 1 / 3 <= row["speedup_vs_ref_high"]
    assert format_speedup_vs_reference(r, cases[1]).startswith("0.33x [")
    assert format_speedup_vs_reference(r, cases[0]) == "ref"
    csv_head = r.to_csv().splitlines()[0].split(",")
    assert "speedup_vs_ref" in csv_head and "vs_ref" not in csv_head


def test_measurements_validate_their_blocks_rounds_and_processes() -> None:
    s = (1.0,) * 4
    with pytest.raises(ValueError, match="sum to 3"):
        Measurement(samples=s, loops=1, first_call=1.0, blocks=(1, 2), rounds=(0, 1))
    with pytest.raises(ValueError, match="one round for each block"):
        Measurement(samples=s, loops=1, first_call=1.0, blocks=(2, 2), rounds=(0,))
    with pytest.raises(ValueError, match="hold every block once"):
        Measurement(
            samples=s, loops=1, first_call=1.0, blocks=(2, 2), rounds=(0, 1), processes=(3,)
        )
    with pytest.raises(ValueError, match="rounds need blocks"):
        Measurement(samples=s, loops=1, first_call=1.0, rounds=(0,))


def test_unchecked_computed_in_and_broken_workloads_survive_save_and_load(tmp_path: Path) -> None:
    r = sample_result()
    solo = replace(r.cases[0], impl="solo", check=None, unchecked=NO_REFERENCE)
    py32 = replace(
        r.cases[0], impl="loop", backend="python", dtype="float32", computed_in="float64"
    )
    r = replace(
        r,
        cases=(solo, py32),
        skipped=(Skip("w/x on jax", "jax is not installed"), Skip("workload 'b'", "no", True)),
    )
    back = ab.load(r.save(tmp_path / "r.json"))
    assert back.cases == r.cases
    assert back.cases[0].unchecked == NO_REFERENCE and back.cases[1].computed_in == "float64"
    assert back.skipped == r.skipped
    assert back.broken == (Skip("workload 'b'", "no", True),) and not back.all_passed
    # A skip that is no failure is written as before, so older versions read it unchanged.
    assert json.loads((tmp_path / "r.json").read_text())["skipped"][0] == {
        "what": "w/x on jax",
        "reason": "jax is not installed",
    }


def test_a_format_3_file_without_the_newer_fields_still_reads(tmp_path: Path) -> None:
    d = sample_result().to_dict()
    assert d["version"] == 3  # the new fields are optional: no new format version
    for c in d["cases"]:
        del c["unchecked"], c["computed_in"]
    d["skipped"] = [{"what": "w/x on jax", "reason": "jax is not installed"}]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(d))
    old = ab.load(path)
    assert all(c.unchecked is None and c.computed_in is None for c in old.cases)
    assert old.skipped == (Skip("w/x on jax", "jax is not installed"),) and not old.broken


def test_unchecked_must_be_a_known_reason() -> None:
    with pytest.raises(ValueError, match="unchecked must be one of"):
        replace(sample_result().cases[0], unchecked="because")


def test_first_calls_against_the_compile_cache_survive_save_and_combine(tmp_path: Path) -> None:
    def part(first: float, state: str) -> Measurement:
        return Measurement(
            samples=(1e-3,) * 4,
            loops=1,
            first_call=first,
            blocks=(2, 2),
            rounds=(int(first * 1e9), int(first * 1e9) + 1),
            first_call_cache=(state,),
        )

    m = Measurement.combine([part(2.0, "cold"), part(0.1, "warm"), part(0.12, "warm")])
    assert m.first_call_cache == ("cold", "warm", "warm")
    assert m.first_calls == (2.0, 0.1, 0.12)
    assert m.first_call == 0.12  # the median: what a process with the cache warm pays
    assert m.cold_first_call == 2.0 and m.cache_state == "cold in 1 of 3"
    case = replace(sample_result().cases[0], measurement=m)
    back = ab.load(replace(sample_result(), cases=(case,)).save(tmp_path / "r.json"))
    assert back.cases[0].measurement == m
    # Without a cache (or from an older file): no label, and no cold call apart.
    plain = sample_result().cases[0].measurement
    assert plain is not None and plain.first_call_cache is None and plain.cold_first_call is None
    with pytest.raises(ValueError, match="cold or warm"):
        replace(m, first_call_cache=("hot",))
