"""``arraybench compare`` through its real entry point: output and exit codes for CI use."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from arraybench.cli import compare as compare_cli
from arraybench.measurement import Measurement
from arraybench.results import FAILED, OK, CaseResult, RunResult

ENV = {
    "python": "3.11.7",
    "hostname": "vm",
    "cpu": "AMD EPYC",
    "cores": 2,
    "backends": {
        "numpy": {"version": "2.4.6", "blas": [{"vendor": "openblas", "version": "0.3.31"}]}
    },
}


def synthetic(seed: int, slow: dict[str, float] | None = None, env: Any = None) -> RunResult:
    """Three impls at four sizes, samples scattered around fixed modelled costs."""
    rng = np.random.default_rng(seed)
    cases = []
    for i, impl in enumerate(("loop", "vectorized", "jit")):
        for n in (1, 10, 100, 1000):
            base = (1 + i) * 1e-6 * (1 + n / 100) * (slow or {}).get(impl, 1.0)
            s = tuple(float(v) for v in base * rng.lognormal(0.0, 0.03, 30))
            m = Measurement(samples=s, loops=1, first_call=base)
            cases.append(CaseResult("w", impl, "numpy", "cpu", "float64", n, OK, measurement=m))
    return RunResult(cases=tuple(cases), env=env or ENV, started=f"run {seed}")


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("compare")
    newer = json.loads(json.dumps(ENV))
    newer["backends"]["numpy"]["version"] = "2.5.0"
    newer["backends"]["numpy"]["blas"][0]["vendor"] = "mkl"
    slow = synthetic(2, slow={"jit": 1.3}, env=newer)
    failing = CaseResult("w", "broken", "numpy", "cpu", "float64", 1, FAILED, error="boom")
    runs = {
        "a": synthetic(0),
        "same": synthetic(1),
        "slow": RunResult((*slow.cases, failing), env=slow.env, started="slow"),
        "other": RunResult(
            tuple(
                CaseResult("other", c.impl, c.backend, c.device, c.dtype, c.size, OK, c.measurement)
                for c in synthetic(3).cases
            )
        ),
    }
    return {name: run.save(d / f"{name}.json") for name, run in runs.items()}


def arraybench(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "200"}
    return subprocess.run(
        [sys.executable, "-m", "arraybench", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_same_code_exits_0(files: dict[str, Path]) -> None:
    p = arraybench("compare", str(files["a"]), str(files["same"]))
    assert p.returncode == 0, p.stderr + p.stdout
    assert "Environment differences: none" in p.stdout
    rows = [line for line in p.stdout.splitlines() if "│" in line]
    assert rows and not any("slower" in r or "faster" in r for r in rows)
    assert "Summary: 0 slower, 0 faster, 12 no change" in p.stdout


def test_a_slower_impl_exits_1_and_is_shown_first_with_the_env_changes(
    files: dict[str, Path],
) -> None:
    p = arraybench("compare", str(files["a"]), str(files["slow"]))
    assert p.returncode == 1, p.stderr + p.stdout
    out = p.stdout
    assert "backends.numpy.version: 2.4.6 -> 2.5.0" in out
    assert "backends.numpy.blas[0].vendor: openblas -> mkl" in out
    rows = [line for line in out.splitlines() if "w/" in line and "n=" in line and "│" in line]
    assert len(rows) == 12
    assert all("w/jit" in r and "slower" in r for r in rows[:4])
    assert not any("slower" in r for r in rows[4:])
    assert "only in B: w/broken[numpy:cpu:float64] n=1" in out
    assert "4 slower, 0 faster, " in out and "1 unmatched" in out
    assert "worst: w/jit" in out
    assert "4 cases slower by more than 5%: exit code 1" in out


def test_fail_on_slowdown_and_threshold_set_the_gate(files: dict[str, Path]) -> None:
    a, slow = str(files["a"]), str(files["slow"])
    # 30% slower is not 50% slower: reported as slower, but the gate passes.
    p = arraybench("compare", a, slow, "--fail-on-slowdown", "50%", "--json")
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert d["summary"]["slower"] == 4 and d["failing"] == [] and d["fail_on_slowdown"] == 0.5
    assert d["summary"]["worst"]["impl"] == "jit"
    assert {e["key"] for e in d["env_changes"]} == {
        "backends.numpy.version",
        "backends.numpy.blas[0].vendor",
    }
    p = arraybench("compare", a, slow, "--threshold", "0.1", "--fail-on-slowdown", "20%", "--json")
    assert p.returncode == 1
    assert len(json.loads(p.stdout)["failing"]) == 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--threshold", "lots"], "is not a change: use 5% or 0.05"),
        (["--fail-on-slowdown=-5%"], "between 0% and"),
    ],
)
def test_bad_options_exit_2(files: dict[str, Path], args: list[str], message: str) -> None:
    p = arraybench("compare", str(files["a"]), str(files["same"]), *args)
    assert p.returncode == 2
    assert message in p.stderr


def test_missing_file_or_nothing_in_common_exits_2(files: dict[str, Path], tmp_path: Path) -> None:
    p = arraybench("compare", str(files["a"]), str(tmp_path / "nope.json"))
    assert p.returncode == 2
    assert "no such results file" in p.stderr and "Traceback" not in p.stderr
    p = arraybench("compare", str(files["a"]), str(files["other"]))
    assert p.returncode == 2
    assert "nothing to compare" in p.stderr


# In-process, through the command's own parser: fast checks of the rendering.


def run_in_process(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="arraybench")
    sub = parser.add_subparsers(dest="command")
    compare_cli.add_parser(sub, [])
    args = parser.parse_args(["compare", *argv])
    return int(args.handler(args))


def test_failed_cases_and_few_samples_are_explained(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    few = Measurement(samples=(1e-6, 1.1e-6, 0.9e-6), loops=1, first_call=1e-6)
    slow3 = Measurement(samples=(3e-6, 3.3e-6, 2.7e-6), loops=1, first_call=3e-6)
    ok = CaseResult("w", "few", "numpy", "cpu", "float64", 1, OK, measurement=few)
    a = RunResult(
        (ok, CaseResult("w", "x", "numpy", "cpu", "float64", 1, OK, measurement=few)), env=ENV
    )
    b = RunResult(
        (
            CaseResult("w", "few", "numpy", "cpu", "float64", 1, OK, measurement=slow3),
            CaseResult("w", "x", "numpy", "cpu", "float64", 1, FAILED, error="ValueError: boom"),
        ),
        env=ENV,
    )
    assert run_in_process(str(a.save(tmp_path / "a.json")), str(b.save(tmp_path / "b.json"))) == 0
    out = capsys.readouterr().out
    assert "failed in B: w/x[numpy:cpu:float64] n=1: ValueError: boom" in out
    assert "too few samples" in out and "larger --budget" in out
    assert "3.00x" in out


# -- the gate, for CI: --fail-on and the band from the runs' --target ---------------------------


def few_samples_runs(tmp_path: Path, slow: float = 1.0) -> tuple[str, str]:
    """Run A and B of one unchanged case measured in three blocks (too few to tell anything),
    plus, when ``slow`` is above 1, a well-measured case that is that much slower in B."""
    few = Measurement(samples=(1e-6, 1.1e-6, 0.9e-6), loops=1, first_call=1e-6)
    a, b = synthetic(0), synthetic(1, slow={"jit": slow})
    a = RunResult((*a.cases, CaseResult("w", "few", "numpy", "cpu", "float64", 1, OK, few)), ENV)
    b = RunResult((*b.cases, CaseResult("w", "few", "numpy", "cpu", "float64", 1, OK, few)), ENV)
    return str(a.save(tmp_path / "a.json")), str(b.save(tmp_path / "b.json"))


def test_fail_on_cannot_tell_exits_3_only_when_nothing_is_slower(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = few_samples_runs(tmp_path)
    assert run_in_process(a, b) == compare_cli.EXIT_OK
    assert run_in_process(a, b, "--fail-on", "slower") == compare_cli.EXIT_OK
    capsys.readouterr()
    assert run_in_process(a, b, "--fail-on", "cannot-tell") == compare_cli.EXIT_CANNOT_TELL == 3
    out = capsys.readouterr().out
    assert "1 cannot tell" in out
    assert "1 case cannot be told and --fail-on cannot-tell asks" in out and "exit code 3" in out
    assert run_in_process(a, b, "--fail-on", "cannot-tell", "--json") == 3
    d = json.loads(capsys.readouterr().out)
    assert d["exit_code"] == 3 and d["fail_on"] == "cannot-tell"
    # A slower case outranks one that cannot be told: exit 1.
    a, b = few_samples_runs(tmp_path, slow=1.3)
    assert run_in_process(a, b, "--fail-on", "cannot-tell") == compare_cli.EXIT_SLOWER


def test_a_cannot_tell_row_points_to_its_note_said_once_below_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    few = Measurement(samples=(1e-6, 1.1e-6, 0.9e-6), loops=1, first_call=1e-6)
    cases = tuple(
        CaseResult("w", impl, "numpy", "cpu", "float64", 1, OK, measurement=few)
        for impl in ("p", "q")
    )
    path = str(RunResult(cases, env=ENV).save(tmp_path / "few.json"))
    assert run_in_process(path, path) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if "│" in line and "w/" in line]
    assert len(rows) == 2 and all(r.rstrip().endswith("cannot tell [1]") for r in rows)
    assert out.count("too few samples") == 1
    assert "[1] too few samples: with this few independent units" in out


def test_the_band_defaults_to_the_larger_target_of_the_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = RunResult(synthetic(0).cases, env=ENV, config={"target": 0.1})
    b = RunResult(synthetic(1).cases, env=ENV, config={"target": 0.02})
    pa, pb = str(a.save(tmp_path / "a.json")), str(b.save(tmp_path / "b.json"))
    assert run_in_process(pa, pb, "--json") == 0
    d = json.loads(capsys.readouterr().out)
    assert d["threshold"] == 0.1 and d["threshold_from"] == "the runs' --target"
    assert run_in_process(pa, pb) == 0
    assert "no-change band ±10% (the runs' --target)" in capsys.readouterr().out
    assert run_in_process(pa, pb, "--threshold", "3%") == 0
    assert "no-change band ±3% (--threshold)" in capsys.readouterr().out
    # Runs that record no target (older files): the default.
    assert compare_cli.default_threshold(synthetic(0)) == (0.05, "the default")
    assert compare_cli.default_threshold() == (0.05, "the default")


def test_help_states_the_exit_codes() -> None:
    parser = argparse.ArgumentParser(prog="arraybench")
    compare_cli.add_parser(parser.add_subparsers(dest="command"), [])
    sub = parser._subparsers._group_actions[0].choices["compare"]  # type: ignore[union-attr]
    text = " ".join(sub.format_help().split())
    assert "0 pass (no case slower); 1 some case slower" in text
    assert "2 bad usage or unreadable results" in text
    assert "3 under --fail-on cannot-tell" in text
    assert "{slower,cannot-tell}" in text


def test_the_machines_speed_from_the_canaries_is_said_and_taken_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Both runs read a canary, the machine 20% slower in B and every case with it: compare
    says so, and calls nothing slower."""
    from dataclasses import replace

    from arraybench.measure.canary import CANARY_KEY, FORMAT

    def canary(factor: float) -> dict[str, Any]:
        base = {"python": 20e-6, "copy": 100e-6, "gemm": 10e-6}
        readings = [
            [float(t), {k: v * factor * (1 + 0.001 * (t % 3)) for k, v in base.items()}]
            for t in range(10)
        ]
        return {CANARY_KEY: {"format": FORMAT, "kinds": list(base), "readings": readings}}

    def run(factor: float, first_round: int) -> RunResult:
        s = tuple(factor * 1e-3 * (1 + 0.001 * k) for k in range(-20, 20))
        rounds = tuple(range(first_round, first_round + 8))
        m = Measurement(samples=s, loops=1, first_call=s[0], blocks=(5,) * 8, rounds=rounds)
        case = CaseResult("w", "f", "numpy", "cpu", "float64", 10, OK, measurement=m)
        return replace(RunResult((case,), env=ENV), extra=canary(factor))

    a, b = run(1.0, 0), run(1.2, 100)
    assert run_in_process(str(a.save(tmp_path / "a.json")), str(b.save(tmp_path / "b.json"))) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Machine speed (the runs' canaries): the machine ran 20%" in out
    assert "slower in B; the times are compared after that" in out
    assert "0 slower" in out


# -- each case read against the run's other cases (analysis/relative.py) ------------------------


def test_a_case_decided_against_the_run_is_said_so_and_fails_the_gate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from ..analysis.test_relative import measured_run

    a = str(measured_run(1).save(tmp_path / "a.json"))
    b = str(measured_run(51, {("tunable", 100_000): 1.25}).save(tmp_path / "b.json"))
    assert run_in_process(a, b) == compare_cli.EXIT_SLOWER
    out = " ".join(capsys.readouterr().out.split())
    assert "Against the run: the run's cases moved together by" in out
    assert "each case is also read against them" in out
    assert "against the run ┃" in out
    assert "slower [1]" in out and "[1] read against the run's other cases:" in out
    assert "(+26% against the run)" in out and "1 case slower by more than 5%: exit code 1" in out
    assert run_in_process(a, b, "--fail-on", "slower", "--json") == compare_cli.EXIT_SLOWER
    d = json.loads(capsys.readouterr().out)
    assert d["format"] == 4 and d["relative"]["cases_read"] == 8
    assert d["failing"] == ["w/tunable[numpy:cpu:float64] n=100000"]
    worst = d["cases"][0]
    assert worst["verdict"] == "slower" and worst["absolute_verdict"] == "cannot tell"
    assert worst["decided_by"] == "relative" and worst["relative"]["ratio_ci"][0] > 1.05
    # A gate at 30% is beyond what the reading shows.
    assert run_in_process(a, b, "--fail-on-slowdown", "30%") == compare_cli.EXIT_OK


def test_why_each_case_is_read_on_its_own_is_said_in_the_header(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from ..analysis.test_relative import IMPLS, measured_run

    moved = {(impl, 100_000): 1.25 for impl in IMPLS} | {("vectorized", 1_000): 1.25}
    a = str(measured_run(5).save(tmp_path / "a.json"))
    b = str(measured_run(6, moved).save(tmp_path / "b.json"))
    assert run_in_process(a, b) == compare_cli.EXIT_OK
    text = capsys.readouterr().out
    out = " ".join(text.split())
    assert (
        "Against the run: each case is read on its own: the other cases did not move together "
        "(8 cases)"
    ) in out
    rows = [line for line in text.splitlines() if "│" in line]
    assert len(rows) == 8 and not any("faster" in r or "slower" in r for r in rows)
    assert "against the run ┃" not in out
    # Results from before processes and rounds: the same, with their reason.
    old_a, old_b = (
        str(synthetic(0).save(tmp_path / "oa.json")),
        str(synthetic(1).save(tmp_path / "ob.json")),
    )
    assert run_in_process(old_a, old_b) == compare_cli.EXIT_OK
    out = " ".join(capsys.readouterr().out.split())
    assert "each case is read on its own: measured in fewer than 3 processes" in out
