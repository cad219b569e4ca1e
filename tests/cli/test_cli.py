"""The command line through its real entry point (a subprocess): output and exit codes."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

import arraybench as ab

USER_FILE = textwrap.dedent(
    """
    import math
    import numpy as np
    import arraybench as ab

    w = ab.Workload("userwork", sizes=(10, 100), dtypes=("float64",))

    @w.inputs
    def make(n, rng):
        return {"x": rng.uniform(-1, 1, n)}

    @w.impl("numpy")
    def good(x):
        return np.exp(x)

    @w.impl("python", label="loop")
    def loop(x):
        return [math.exp(v) for v in x]

    @w.impl("numpy", label="raises")
    def raises(x):
        raise RuntimeError("kernel exploded")

    @w.impl("numpy", label="wrong")
    def wrong(x):
        return np.exp(x) * 1.01

    @w.impl("numpy", label="nan")
    def nan(x):
        y = np.exp(x)
        y[3] = np.nan
        return y
    """
)


#: Runs from these tests go to a store of their own, never to the checkout's .arraybench/.
STORE = tempfile.mkdtemp(prefix="arraybench-test-store-")


def arraybench(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "200", "ARRAYBENCH_STORE": STORE}
    return subprocess.run(
        [sys.executable, "-m", "arraybench", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=300,
    )


def test_user_file_with_bad_impls_runs_to_the_end_and_exits_1(tmp_path: Path) -> None:
    f = tmp_path / "work.py"
    f.write_text(USER_FILE)
    out = tmp_path / "r.json"
    # With the progress bar (no -q): failures are counted there, not printed.
    p = arraybench("run", str(f), "--budget", "0.02", "--json", str(out))
    assert p.returncode == 1, p.stderr
    assert "RuntimeError: kernel exploded" in p.stdout
    assert "wrong numbers, relative error up to" in p.stdout
    assert "output has NaN" in p.stdout
    assert "6 failed" in p.stdout  # three bad impls at two sizes, a line each
    assert sum(line.startswith("  ✗ ") for line in p.stdout.splitlines()) == 3
    # Said once per impl, not once per case, and not again while measuring.
    assert p.stdout.count("kernel exploded") == 1 and "kernel exploded" not in p.stderr
    result = ab.load(out)
    ok = {(c.impl, c.size) for c in result.cases if c.ok}
    assert ok == {("good", 10), ("good", 100), ("loop", 10), ("loop", 100)}
    assert {c.impl for c in result.failed} == {"raises", "wrong", "nan"}


SIN2_SMALL = ("run", "sin2", "--backend", "numpy,python", "--sizes", "1,100", "--budget", "0.02")


def test_passing_run_exits_0_and_leads_with_the_answer(tmp_path: Path) -> None:
    p = arraybench(*SIN2_SMALL, "-q", "--processes", "1", "--no-store")
    assert p.returncode == 0, p.stderr + p.stdout
    out = p.stdout
    # The answer and its verdict come before the table, the table has a column per size.
    assert out.index("Answer:") < out.index("published claim") < out.index("sin2  median per")
    table = out[out.index("sin2  median per call") :]
    header = table.splitlines()[1]
    assert header.split()[-2:] == ["n=1", "n=100"]
    rows = table.split("\n\n")[0].splitlines()[2:]
    assert any(r.startswith("vectorized") for r in rows) and any(r.startswith("loop") for r in rows)
    # Each cell: a median and its interval, or "unstable" (a busy machine, a 0.02 s budget); the
    # fastest starred all the same (its standing comes from the paired ratios).
    cells = " ".join(rows)
    assert "±" in cells or "~" in cells or "unstable" in cells
    assert "★" in cells
    assert "-v for every case and finding" in out
    assert "harness floor" not in out  # the detail is behind -v
    # The last lines: where the time went, in one line.
    assert re.search(r"^\d+\.\d s: measuring \d+\.\d s \(\d+%\), ", out, re.M), out[-600:]


def test_verbose_run_prints_a_row_per_case_and_every_finding() -> None:
    p = arraybench(*SIN2_SMALL, "-q", "--processes", "1", "--no-store", "-v")
    assert p.returncode == 0, p.stderr + p.stdout
    assert "95% CI" in p.stdout and "harness floor" in p.stdout and "first call" in p.stdout
    assert "Published claim:" in p.stdout
    # Where the time went, last, in lines that fit 80 columns.
    split = p.stdout[p.stdout.index("where the time went: ") :].splitlines()
    assert all(len(line) <= 80 for line in split[:4])
    for part in ("start-up", "imports", "first calls", "measuring", "reporting", "other"):
        assert f"{part} " in " ".join(split[:4])


def test_format_json_prints_only_the_results_on_stdout() -> None:
    p = arraybench(*SIN2_SMALL, "-q", "--processes", "1", "--no-store", "--format", "json")
    assert p.returncode == 0, p.stderr + p.stdout
    data = json.loads(p.stdout)
    result = ab.RunResult.from_dict(data)
    assert {c.impl for c in result.cases} == {"vectorized", "loop", "from list"}
    assert result.extra["sin2"]["answer"]["verdict"]
    assert "Answer:" not in p.stdout and "Answer:" not in p.stderr
    # The file keeps where the command's time went: parts that add up to its wall time.
    assert result.time is not None and result.time.parts["measuring"] > 0
    assert sum(result.time.parts.values()) == pytest.approx(result.time.wall)
    assert result.time.parts["start-up"] > 0 and "extras sin2" not in result.time.parts


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["run", "--sizes", "0,10"], "sizes must be ≥ 1; got 0 in '0,10'"),
        (["run", "--target", "200%"], "between 0% and 100%"),
        (["run", "--budget", "-1"], "must be above 0"),
        (["run", "nosuchworkload"], "no workload named 'nosuchworkload'"),
        (["run", "sin2", "--dtype", "float8"], "unknown dtype 'float8'"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_usage_errors_exit_2_with_a_clear_message(args: list[str], message: str) -> None:
    p = arraybench(*args)
    assert p.returncode == 2
    assert message in p.stderr
    assert "Traceback" not in p.stderr


def test_broken_user_file_names_the_file_and_line(tmp_path: Path) -> None:
    f = tmp_path / "broken.py"
    f.write_text("import arraybench\nx = 1 / 0\n")
    p = arraybench("run", str(f))
    assert p.returncode == 1
    assert "broken.py:2: importing the file raised ZeroDivisionError" in p.stderr
    assert "Traceback" not in p.stderr
    p = arraybench("run", str(f), "--debug")
    assert "Traceback" in p.stderr


def test_file_without_workloads_says_how_to_define_one(tmp_path: Path) -> None:
    f = tmp_path / "empty.py"
    f.write_text("x = 1\n")
    p = arraybench("list", str(f))
    assert p.returncode == 1
    assert "defines no Workload" in p.stderr


def test_list_shows_workloads_impls_and_backends(tmp_path: Path) -> None:
    f = tmp_path / "work.py"
    f.write_text(USER_FILE)
    p = arraybench("list", str(f))
    assert p.returncode == 0
    assert "userwork" in p.stdout
    assert "good: numpy" in p.stdout and "reference" in p.stdout
    p = arraybench("list")
    assert "sin2" in p.stdout and "from list" in p.stdout


def test_env_reports_versions_blas_threads_and_missing_backends(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # In this process: env imports every backend, ten seconds of CPU that a command of its own
    # would pay twice (the entry point itself is tested above and below).
    from arraybench.cli import main as cli_main

    assert cli_main.main(["env"]) == 0
    out = capsys.readouterr().out
    assert "numpy" in out and "BLAS" in out and "threads" in out
    assert "machine stability:" in out
    assert cli_main.main(["env", "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert "numpy" in info["backends"]
    for name, b in info["backends"].items():
        if b.get("available") is False:
            assert "not installed" in b["reason"], name


def test_no_command_prints_help_and_exits_2() -> None:
    p = arraybench()
    assert p.returncode == 2
    assert "run" in p.stdout and "env" in p.stdout


def test_console_script_is_installed() -> None:
    exe = shutil.which("arraybench", path=os.path.dirname(sys.executable))
    assert exe, "the arraybench console script is not installed next to this Python"
    p = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and p.stdout.startswith("arraybench ")


def test_explain_prints_models_and_findings_of_saved_results(tmp_path: Path) -> None:
    from arraybench.results import RunResult
    from tests.analysis.test_fit import synthetic

    sizes = (1, 10, 100, 1000, 10_000)
    py = synthetic(1e-9, 50e-9, 1.0, impl="loop", backend="python", sizes=sizes)
    lib = synthetic(3e-6, 1e-9, 1.0, impl="vec", backend="torch", sizes=sizes, seed=1)
    path = RunResult(cases=(*py, *lib)).save(tmp_path / "r.json")
    p = arraybench("explain", str(path))
    assert p.returncode == 0, p.stderr
    assert "Cost models" in p.stdout and "Findings" in p.stdout
    assert "pure Python is faster below n ≈" in p.stdout
    p = arraybench("explain", str(path), "--json")
    assert json.loads(p.stdout)["findings"]


def test_explain_of_a_broken_file_says_what_is_wrong(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "arraybench.results", "version": 1, "cases": [')
    p = arraybench("explain", str(bad))
    assert p.returncode == 1
    assert "bad.json is truncated or not JSON" in p.stderr


def test_run_is_stored_case_by_case_and_shown_again(tmp_path: Path) -> None:
    store = tmp_path / "history.sqlite"
    p = arraybench(
        "run",
        "sin2",
        "-b",
        "numpy",
        "--sizes",
        "1,10",
        "--budget",
        "0.02",
        "-q",
        "--processes",
        "1",
        "--store",
        str(store),
    )
    assert p.returncode == 0, p.stderr
    assert "stored as run " in p.stdout
    run_id = p.stdout.split("stored as run ", 1)[1].split(":", 1)[0]
    p = arraybench("history", "--store", str(store))
    assert run_id in p.stdout and "complete" in p.stdout
    p = arraybench("show", run_id[:12], "--store", str(store))
    assert p.returncode == 0 and "vectorized" in p.stdout
    p = arraybench("show", run_id[:12], "--store", str(store), "-v")  # the store kept the split
    assert p.returncode == 0 and "where the time went: " in p.stdout
    p = arraybench(
        "run",
        "sin2",
        "-b",
        "numpy",
        "--sizes",
        "1",
        "--budget",
        "0.02",
        "-q",
        "--processes",
        "1",
        "--no-store",
        "--store",
        str(tmp_path / "other.sqlite"),
    )
    assert "stored as run" not in p.stdout and not (tmp_path / "other.sqlite").exists()


def test_report_and_plot_commands_write_their_files(tmp_path: Path) -> None:
    data = Path(__file__).parent.parent / "data" / "sin2_results.json"
    p = arraybench("report", str(data), "-o", str(tmp_path / "r.html"), "--no-plots")
    assert p.returncode == 0, p.stderr
    assert (tmp_path / "r.html").read_text().startswith("<!DOCTYPE html>")
    pytest.importorskip("matplotlib")
    p = arraybench("plot", str(data), "-o", str(tmp_path / "plots"), "--format", "png")
    assert p.returncode == 0, p.stderr
    assert list((tmp_path / "plots").glob("*.png"))


# -- any workload runs ----------------------------------------------------------------------

TWO_WORKLOADS = textwrap.dedent(
    """
    import numpy as np
    import arraybench as ab

    solo = ab.Workload("solo", sizes=(10, 100), dtypes=("float32",))

    @solo.inputs
    def make(n, rng):
        return {"x": rng.uniform(-1, 1, n)}

    @solo.impl("torch")
    def tsin(x, xp):
        return xp.sin(x)

    pair = ab.Workload("pair", sizes=(10, 100), dtypes=("float32",))
    pair.inputs(make)

    @pair.impl("numpy", "torch")
    def vec(x, xp):
        return xp.cos(x)
    """
)

BROKEN = textwrap.dedent(
    """

    bad = ab.Workload("bad", sizes=(10,))

    @bad.impl("numpy")
    def nothing(x):
        return x
    """
)


def test_a_one_impl_workload_runs_beside_a_compared_one(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    f = tmp_path / "work.py"
    f.write_text(TWO_WORKLOADS)
    out = tmp_path / "r.json"
    # Measured in the command's own process: workers would each import torch again.
    quick = ("--budget", "0.02", "-q", "--no-store", "--processes", "1")
    p = arraybench("run", str(f), *quick, "--json", str(out))
    assert p.returncode == 0, p.stdout + p.stderr
    assert "unchecked" not in p.stdout
    result = ab.load(out)
    solo = result.find(workload="solo")
    assert len(solo) == 2 and all(c.ok and c.unchecked == "no-reference" for c in solo)
    torch_pair = result.find(workload="pair", backend="torch")
    assert all(c.ok and c.check is not None and c.check.passed for c in torch_pair)


def test_a_misspelt_backend_exits_2_before_anything_runs(tmp_path: Path) -> None:
    f = tmp_path / "work.py"
    f.write_text(TWO_WORKLOADS.replace('"numpy", "torch"', '"numpy", "torhc"'))
    store = tmp_path / "history.sqlite"
    p = arraybench("run", str(f), "--budget", "0.02", "-q", "--store", str(store))
    assert p.returncode == 2, p.stdout + p.stderr
    assert "names backend 'torhc'" in p.stderr and "did you mean 'torch'?" in p.stderr
    assert p.stdout == "" and not store.exists()  # nothing measured, no run begun


def test_a_broken_workload_fails_alone_and_the_good_one_is_measured_and_stored(
    tmp_path: Path,
) -> None:
    f = tmp_path / "work.py"
    f.write_text(TWO_WORKLOADS.replace('"torch"', '"numpy"').replace(', "numpy")', ")") + BROKEN)
    store, out = tmp_path / "history.sqlite", tmp_path / "r.json"
    p = arraybench(
        "run", str(f), "--budget", "0.02", "-q", "--store", str(store), "--json", str(out)
    )
    assert p.returncode == 1, p.stdout + p.stderr
    flat = " ".join(p.stdout.split())
    assert "✗ workload 'bad' did not run:" in flat and "has no inputs builder" in flat
    assert "--resume" not in p.stdout + p.stderr and "arraybench: error" not in p.stderr
    result = ab.load(out)
    assert {c.workload for c in result.cases} == {"solo", "pair"} and result.failed == ()
    assert [s.what for s in result.broken] == ["workload 'bad'"]
    run_id = p.stdout.split("stored as run ", 1)[1].split(":", 1)[0]
    shown = arraybench("show", run_id, "--store", str(store))
    assert "solo" in shown.stdout and "pair" in shown.stdout


def test_only_an_interruption_suggests_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from arraybench.base.errors import WorkloadError
    from arraybench.cli import main as cli_main
    from arraybench.cli import run as cli_run
    from arraybench.store import open_store

    f = tmp_path / "work.py"
    f.write_text(TWO_WORKLOADS.replace('"torch"', '"numpy"').replace(', "numpy")', ")"))
    store = tmp_path / "history.sqlite"
    args = ["run", str(f), "-q", "--processes", "1", "--store", str(store)]
    for error, code in ((WorkloadError("a definition error"), 1), (KeyboardInterrupt(), 130)):

        def fail(*a: object, error: BaseException = error, **k: object) -> None:
            raise error

        monkeypatch.setattr(cli_run, "_run", fail)
        assert cli_main.main(args) == code
        err = capsys.readouterr().err
        if isinstance(error, KeyboardInterrupt):
            assert "stopped by SIGINT (Ctrl-C) before any case or process part was" in err
            assert "stored as interrupted, and the same command with --resume" in err
        else:
            assert "--resume" not in err and "stopped" not in err
            assert "arraybench: error: a definition error" in err
    with open_store(store) as s:  # both runs are kept as interrupted, neither as running
        assert [r.status for r in s.runs()] == ["interrupted", "interrupted"]
