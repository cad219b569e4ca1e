"""Every error a user meets for a bad definition or a bad file, pinned through the real CLI.

Each message must name the file, the object at fault and the fix, in one line, with no traceback
unless ``--debug`` asks for one. The files below are what people really get wrong.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import arraybench as ab
from arraybench.base.errors import WorkloadError
from arraybench.cli import listing
from arraybench.cli import main as cli_main

#: Wide enough that rich never wraps a message in the middle of the text a test looks for.
COLUMNS = "500"

HEADER = "import numpy as np\nimport arraybench as ab\n"

#: A workload that runs: the base most bad files below change one thing of.
GOOD = """
w = ab.Workload("wk", sizes=[1, 10])

@w.inputs
def make(n, rng):
    return {"x": rng.uniform(-1.0, 1.0, n)}

@w.impl("numpy")
def vectorized(x):
    return x * 2
"""


@dataclass(frozen=True)
class Ran:
    """What a command left: its exit code and what it printed (as subprocess.run gives them)."""

    returncode: int
    stdout: str
    stderr: str


def arraybench(*args: str, cwd: Path) -> Ran:
    """``arraybench ARGS`` run from ``cwd``, in this process: the console script's own
    ``main`` (argument parsing, the commands, the one-line errors and exit codes), with stdout
    and stderr captured as a pipe would take them, and the run's store in ``cwd``.

    The interpreter's start is the only part left out, and it costs a second a command: the
    real entry point is tested in tests/cli/test_cli.py, and :func:`arraybench_process` runs it
    where a test needs the process (a traceback printed by Python itself)."""
    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COLUMNS", COLUMNS)
        mp.setenv("ARRAYBENCH_STORE", str(cwd / "history.sqlite"))
        mp.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = cli_main.main(list(args))
            except SystemExit as e:  # argparse's usage errors, --help, --version
                code = e.code if isinstance(e.code, int) else int(e.code is not None)
    return Ran(code, out.getvalue(), err.getvalue())


def arraybench_process(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``arraybench ARGS`` in a process of its own, as a user runs it (``python -m``)."""
    env = {
        **os.environ,
        "COLUMNS": COLUMNS,
        "ARRAYBENCH_STORE": str(cwd / "history.sqlite"),
    }
    return subprocess.run(
        [sys.executable, "-m", "arraybench", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=120,
    )


def write(tmp_path: Path, name: str, body: str) -> str:
    (tmp_path / name).write_text(HEADER + textwrap.dedent(body))
    return name


def run_quick(tmp_path: Path, *files: str) -> Ran:
    """A run short enough for a test: one size, float64, a tiny budget, nothing stored."""
    return arraybench(
        "run", *files, "--sizes", "1", "--dtype", "float64", "--budget", "0.01", "-q",
        "--no-store", cwd=tmp_path,
    )  # fmt: skip


def flat(text: str) -> str:
    """Text with its line breaks undone: the terminal report wraps long messages."""
    return " ".join(text.split())


def assert_one_clear_error(
    p: Ran | subprocess.CompletedProcess[str], code: int, *parts: str
) -> None:
    assert p.returncode == code, p.stdout + p.stderr
    assert "Traceback" not in p.stderr
    lines = [ln for ln in p.stderr.splitlines() if ln.startswith("arraybench: error:")]
    assert len(lines) == 1, p.stderr
    for part in parts:
        assert part in lines[0], f"{part!r} not in {lines[0]!r}"


# -- a workload file that cannot be loaded -----------------------------------------------------


def test_a_file_whose_import_fails_names_the_line_and_the_package_to_install(
    tmp_path: Path,
) -> None:
    f = write(tmp_path, "bad.py", "import nosuchmodule_xyz\n")
    p = arraybench("run", f, cwd=tmp_path)
    assert_one_clear_error(
        p,
        1,
        "bad.py:3: importing the file raised ModuleNotFoundError: No module named "
        "'nosuchmodule_xyz'; install nosuchmodule_xyz (pip install nosuchmodule_xyz)",
    )
    assert "--debug" in p.stderr
    # --debug lets the exception out of main: Python itself prints the traceback.
    p = arraybench_process("run", f, "--debug", cwd=tmp_path)
    assert "Traceback" in p.stderr and "nosuchmodule_xyz" in p.stderr


def test_a_file_that_raises_on_import_names_the_line_and_says_to_fix_it(tmp_path: Path) -> None:
    f = write(tmp_path, "bad.py", GOOD + "\nscale = {}['missing']\n")
    p = arraybench("list", f, cwd=tmp_path)
    assert_one_clear_error(
        p, 1, "bad.py:14: importing the file raised KeyError: 'missing'; fix the file"
    )


def test_a_syntax_error_names_the_line(tmp_path: Path) -> None:
    f = write(tmp_path, "bad.py", "def f(:\n")
    assert_one_clear_error(arraybench("run", f, cwd=tmp_path), 1, "bad.py:3: syntax error")


def test_a_missing_file_says_to_check_the_path(tmp_path: Path) -> None:
    p = arraybench("run", "nosuch.py", cwd=tmp_path)
    assert_one_clear_error(p, 1, "nosuch.py: no such file; check the path")


def test_a_misspelt_builtin_workload_is_suggested(tmp_path: Path) -> None:
    p = arraybench("run", "sinn2", cwd=tmp_path)
    assert_one_clear_error(p, 2, "no workload named 'sinn2'", "did you mean 'sin2'?")


# -- a workload defined wrongly ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "message"),
    [
        pytest.param(
            GOOD.replace("[1, 10]", "[1, 0, 10]"),
            "bad.py:4: workload 'wk': sizes must be positive integers, got 0; use "
            "ab.logsizes(1, 10**6)",
            id="size-zero",
        ),
        pytest.param(
            GOOD.replace("[1, 10]", "[1, 1e3]"),
            "bad.py:4: workload 'wk': sizes must be positive integers, got 1000.0 (a float: "
            "write 1000 or 10**k)",
            id="size-float",
        ),
        pytest.param(
            GOOD.replace("[1, 10]", "ab.logsizes(1, 10**6, per_decade=10**6)"),
            "bad.py:4: logsizes(1, 1000000, per_decade=1000000) would give 6000001 sizes, "
            "more than 1000: lower per_decade",
            id="grid-too-fine",
        ),
        pytest.param(
            GOOD.replace('"wk", sizes', '"my workload", sizes'),
            "bad.py:4: workload name 'my workload' is not valid: use letters, digits",
            id="name",
        ),
        pytest.param(
            GOOD.replace('@w.impl("numpy")', "@w.impl"),
            "bad.py:10: workload 'wk': @wk.impl needs the backend names in parentheses: write "
            '@wk.impl("numpy") above def vectorized',
            id="impl-without-parentheses",
        ),
        pytest.param(
            GOOD.replace("@w.inputs", "@w.inputs()"),
            "bad.py:6: workload 'wk': @wk.inputs takes no arguments: write it without parentheses",
            id="inputs-with-parentheses",
        ),
        pytest.param(
            GOOD + '\nw.impl("torch")(42)\n',
            "bad.py:14: workload 'wk': @impl must decorate a function, got int 42",
            id="impl-not-callable",
        ),
        pytest.param(
            GOOD.replace("def make(n, rng):", "def make(n):"),
            "bad.py:6: workload 'wk': the inputs builder make() must take two arguments, (n, rng)",
            id="inputs-signature",
        ),
        pytest.param(
            GOOD.replace('@w.impl("numpy")', '@w.impl("numpy", devices=3)'),
            "bad.py:10: workload 'wk': devices= must be a name or a list of names, got 3",
            id="devices",
        ),
    ],
)
def test_a_bad_definition_names_the_file_line_workload_and_fix(
    tmp_path: Path, body: str, message: str
) -> None:
    f = write(tmp_path, "bad.py", body)
    for verb in ("run", "list"):
        p = arraybench(verb, f, cwd=tmp_path)
        assert_one_clear_error(p, 1, message)
        assert "--debug" not in p.stderr  # the message says everything; no traceback to see


@pytest.mark.parametrize(
    ("body", "message"),
    [
        pytest.param(
            GOOD.replace("sizes=[1, 10]", 'sizes=[1, 10], dtypes=("float8",)'),
            "bad.py:4: workload 'wk': dtypes= names dtype 'float8', which arraybench does not "
            "know; did you mean 'float64'? (the dtypes are: float16, bfloat16, float32, float64)",
            id="dtype",
        ),
        pytest.param(
            GOOD.replace('@w.impl("numpy")', '@w.impl("numpy", devices=["cdua"])'),
            "bad.py:10: workload 'wk': devices= names device 'cdua', which arraybench does not "
            "know; did you mean 'cuda'? (the devices are: cpu, cuda, mps, xpu, tpu)",
            id="device",
        ),
        pytest.param(
            GOOD + '\n@w.impl("nmupy", label="typo")\ndef t(x):\n    return x\n',
            "bad.py:14: workload 'wk': impl 'typo' names backend 'nmupy', which arraybench does "
            "not know; did you mean 'numpy'? (the backends are: python, numpy",
            id="backend",
        ),
        pytest.param(
            GOOD + '\n@w.impl("torch", inputs="pyhton", label="typo")\ndef t(x):\n    return x\n',
            "bad.py:14: workload 'wk': impl 'typo' names backend 'pyhton', which arraybench "
            "does not know; did you mean 'python'?",
            id="inputs",
        ),
    ],
)
def test_an_unknown_name_is_a_usage_error_before_anything_runs(
    tmp_path: Path, body: str, message: str
) -> None:
    f = write(tmp_path, "bad.py", body)
    for verb in ("run", "list"):
        p = arraybench(verb, f, cwd=tmp_path)
        assert_one_clear_error(p, 2, message)
    assert not (tmp_path / "history.sqlite").exists()  # nothing ran, not even a stored run


@pytest.mark.parametrize(
    ("body", "message"),
    [
        pytest.param(
            'w = ab.Workload("wk", sizes=[1])\n\n@w.inputs\ndef make(n, rng):\n'
            '    return {"x": rng.random(n)}\n',
            "bad.py: workload 'wk' has no impls: register one with @wk.impl(\"numpy\")",
            id="no-impls",
        ),
        pytest.param(
            'w = ab.Workload("wk", sizes=[1])\n\n@w.impl("numpy")\ndef f(x):\n    return x\n',
            "bad.py: workload 'wk' has no inputs builder: decorate a function "
            "`def make(n, rng): return {...}` with @wk.inputs",
            id="no-inputs",
        ),
        pytest.param(
            GOOD
            + '\n@w.impl("numpy", extends="vectorised", phase="a copy")\n'
            + "def copied(x):\n    return np.array(x) * 2\n",
            "bad.py: workload 'wk': impl 'copied' extends 'vectorised', which is not an impl of "
            "this workload; did you mean 'vectorized'? (the impls are: vectorized, copied)",
            id="extends-unknown",
        ),
    ],
)
def test_a_workload_that_cannot_run_names_its_file(tmp_path: Path, body: str, message: str) -> None:
    f = write(tmp_path, "bad.py", body)
    p = run_quick(tmp_path, f)
    assert p.returncode == 1, p.stdout + p.stderr
    assert "Traceback" not in p.stderr
    assert f"✗ workload 'wk' did not run: {message}" in flat(p.stdout)


def test_no_impls_is_said_by_list_too(tmp_path: Path) -> None:
    f = write(tmp_path, "bad.py", 'w = ab.Workload("wk", sizes=[1])\n')
    assert_one_clear_error(
        arraybench("list", f, cwd=tmp_path), 1, "bad.py: workload 'wk' has no impls"
    )


def test_an_impl_for_an_unknown_backend_lists_the_known_ones(tmp_path: Path) -> None:
    f = write(
        tmp_path, "work.py", GOOD + '\n@w.impl("mlx", label="gpu")\ndef g(x):\n    return x\n'
    )
    p = run_quick(tmp_path, f)
    assert_one_clear_error(
        p,
        2,
        "work.py:14: workload 'wk': impl 'gpu' names backend 'mlx', which arraybench does not "
        "know; the backends are: python, numpy",
    )
    assert "did you mean" not in p.stderr  # mlx is not a misspelling of numpy


@pytest.mark.parametrize(
    ("returned", "message"),
    [
        pytest.param(
            "[rng.random(n)]",
            "bad.py: workload 'wk': the inputs builder make() returned list, not a dict of "
            '{name: value}; return e.g. {"x": rng.uniform(-1.0, 1.0, n)}',
            id="not-a-dict",
        ),
        pytest.param(
            '{"x": object()}',
            "bad.py: workload 'wk': the inputs builder make() returned input 'x', which is of "
            "type object; return NumPy arrays",
            id="not-an-array",
        ),
        pytest.param(
            '{"x": np.full(n, np.nan)}',
            "bad.py: workload 'wk': the inputs builder make() returned input 'x', which holds "
            "NaN (1 of 1 values): NaN never passes the check of outputs",
            id="nan",
        ),
        pytest.param(
            '{"x": np.array(["a"] * n)}',
            "bad.py: workload 'wk': the inputs builder make() returned input 'x', which is an "
            "array of dtype <U1, not numbers",
            id="strings",
        ),
        pytest.param(
            "{0: rng.random(n)}",
            "bad.py: workload 'wk': the inputs builder make() returned the key 0; keys must be "
            "the names of the impls' parameters",
            id="key",
        ),
    ],
)
def test_inputs_of_the_wrong_kind_fail_their_cases_naming_workload_and_builder(
    tmp_path: Path, returned: str, message: str
) -> None:
    body = GOOD.replace('{"x": rng.uniform(-1.0, 1.0, n)}', returned)
    f = write(tmp_path, "bad.py", body)
    p = run_quick(tmp_path, f)
    assert p.returncode == 1, p.stdout + p.stderr
    assert "Traceback" not in p.stdout + p.stderr
    assert message in flat(p.stdout)


def test_two_workloads_with_one_name_name_both_files(tmp_path: Path) -> None:
    a = write(tmp_path, "a.py", GOOD)
    b = write(tmp_path, "b.py", GOOD)
    assert_one_clear_error(
        arraybench("run", a, b, cwd=tmp_path),
        1,
        "two workloads are named 'wk' (in a.py and in b.py); workload names must be unique in a "
        "run: rename one",
    )
    c = write(tmp_path, "c.py", GOOD.replace('"wk"', '"sin2"'))
    assert_one_clear_error(
        arraybench("run", "sin2", c, cwd=tmp_path),
        1,
        "two workloads are named 'sin2' (in the built-in suite and in c.py)",
    )


def test_a_file_importing_a_builtin_workload_does_not_claim_it() -> None:
    from arraybench.suites import builtin

    assert all(w.origin is None for w in builtin().values())


# -- bad command lines -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--sizes", "1:1e6:0"], "sizes per decade must be ≥ 1; got 0 in '1:1e6:0'"),
        (["--sizes", "1e30"], "larger than any array can be"),
        (["--sizes", ","], "',' names no size"),
        (["--budget", "inf"], "must be above 0 and finite"),
        (["--seed", "-1"], "seed must be a non-negative integer, got -1"),
        (["--dtype", "flaot32"], "unknown dtype 'flaot32'; did you mean 'float32'?"),
    ],
)
def test_bad_settings_are_usage_errors(tmp_path: Path, args: list[str], message: str) -> None:
    p = arraybench("run", "sin2", "--no-store", *args, cwd=tmp_path)
    assert p.returncode == 2, p.stdout + p.stderr
    assert message in p.stderr
    assert "Traceback" not in p.stderr


# -- results files -------------------------------------------------------------------------------


VALID_HEAD = '{"format": "arraybench.results", "version": 1, '


@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param(
            VALID_HEAD + '"cases": [', "r.json is truncated or not JSON (line 1", id="truncated"
        ),
        pytest.param(b"", "r.json is empty; re-run to produce it again", id="empty"),
        pytest.param(b"\x89PNG\r\n\x1a\n\xff\xfe\x00", "r.json is not a text file", id="binary"),
        pytest.param(
            '{"format": "arraybench.results", "version": 999, "cases": []}',
            "r.json was written in results format 999, newer than this arraybench reads",
            id="newer",
        ),
        pytest.param(
            '{"format": "arraybench.results", "version": "1", "cases": []}',
            "r.json: format version '1' is not valid; the file is damaged",
            id="version-string",
        ),
        pytest.param(
            '{"benchmarks": []}',
            'r.json is not an arraybench results file (no "format": "arraybench.results"); '
            "give a file written by 'arraybench run --json PATH'",
            id="other-json",
        ),
        pytest.param(
            VALID_HEAD + '"cases": [{"workload": 3}]}',
            "r.json: case 1 of 1 is malformed: field 'workload' is an integer, not a string; the "
            "file is damaged or was edited by hand: re-run to produce it again",
            id="case-field",
        ),
        pytest.param(
            VALID_HEAD + '"cases": [7]}',
            "r.json: case 1 of 1 is malformed: it is an integer, not an object",
            id="case-not-object",
        ),
        pytest.param(
            VALID_HEAD + '"cases": {}}',
            "r.json: field 'cases' is an object, not a list; the file is damaged",
            id="cases-not-list",
        ),
        pytest.param(
            VALID_HEAD + '"cases": [], "floor": {"clock_read": "fast"}}',
            "r.json: a record is malformed: field 'clock_read' is a string, not an integer or a "
            "number",
            id="floor",
        ),
        pytest.param("[" * 100_000, "r.json is not arraybench results", id="deep"),
    ],
)
@pytest.mark.parametrize(
    "command",
    [["explain", "r.json"], ["report", "r.json", "-o", "r.html", "--no-plots"]],
    ids=["explain", "report"],
)
def test_a_bad_results_file_gives_one_clear_error(
    tmp_path: Path, command: list[str], content: str | bytes, message: str
) -> None:
    path = tmp_path / "r.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    p = arraybench(*command, cwd=tmp_path)
    assert_one_clear_error(p, 1, message)


def test_compare_names_the_bad_file_of_two(tmp_path: Path) -> None:
    (tmp_path / "r.json").write_text(VALID_HEAD + '"cases": [')
    good = Path(__file__).parent / "data" / "sin2_results.json"
    p = arraybench("compare", str(good), "r.json", cwd=tmp_path)
    assert_one_clear_error(p, 2, "r.json is truncated or not JSON")  # compare: a usage error


def test_a_directory_given_as_results_is_refused(tmp_path: Path) -> None:
    (tmp_path / "r.json").mkdir()
    assert_one_clear_error(
        arraybench("explain", "r.json", cwd=tmp_path), 1, "r.json: cannot be read: Is a directory"
    )


# -- the last resort -------------------------------------------------------------------------------


def test_an_unexpected_exception_is_one_line_unless_debug(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def boom(args: Any) -> int:
        raise RuntimeError("something broke")

    monkeypatch.setattr(listing, "main", boom)
    assert cli_main.main(["list"]) == 1
    err = capsys.readouterr().err
    assert "arraybench: error: unexpected RuntimeError: something broke" in err
    assert "--debug" in err and "Traceback" not in err
    with pytest.raises(RuntimeError):
        cli_main.main(["list", "--debug"])


def test_an_unwritable_path_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def denied(args: Any) -> int:
        raise PermissionError(13, "Permission denied", "/root/out.json")

    monkeypatch.setattr(listing, "main", denied)
    assert cli_main.main(["list"]) == 1
    assert "arraybench: error: /root/out.json: Permission denied" in capsys.readouterr().err


# -- the API says the same -----------------------------------------------------------------------


def test_one_name_given_as_a_string_is_one_name_not_its_letters() -> None:
    w = ab.Workload("w", dtypes="float32")
    assert w.dtypes == ("float32",)
    w.impl("numpy", devices="cpu", dtypes="float64")(lambda x: x)
    assert w.impls[0].devices == ("cpu",) and w.impls[0].dtypes == ("float64",)


def test_errors_of_a_loaded_workload_name_its_file(tmp_path: Path) -> None:
    from arraybench.catalog import load_file

    (tmp_path / "w.py").write_text(HEADER + 'w = ab.Workload("wk", sizes=[1])\n')
    (w,) = load_file(tmp_path / "w.py")
    assert w.origin == str(tmp_path / "w.py")
    with pytest.raises(WorkloadError, match=r"w\.py: workload 'wk' has no inputs builder"):
        w.validate()
