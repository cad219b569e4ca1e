"""Issue 24, a newcomer's first hour: names on the command line and in ``ab.run`` (a misspelt or
other name is a usage error before anything runs, with the likely one), the experiments in
``arraybench list``, and usage errors said in one line that names the part at fault."""

from __future__ import annotations

import argparse
import textwrap
from pathlib import Path

import pytest

import arraybench as ab
from arraybench.backends import registered
from arraybench.backends.fake import FakeBackend
from arraybench.base.errors import ConfigError, UnknownNameError
from arraybench.cli import main as cli_main
from arraybench.config import RunConfig
from arraybench.measure.plan import plan
from arraybench.names import check_name, device_alias, likely

from ..test_errors import arraybench


def cli(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp: Path, *args: str
) -> tuple[int, str, str]:
    """``arraybench ARGS`` in this process: (exit code, stdout, stderr)."""
    monkeypatch.setenv("ARRAYBENCH_STORE", str(tmp / "history.sqlite"))
    monkeypatch.setenv("COLUMNS", "500")
    try:
        code = cli_main.main(list(args))
    except SystemExit as e:  # argparse's usage errors
        code = int(e.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


# -- item 2: names -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "known", "meant"),
    [
        ("pytorch", "backends", "torch"),
        ("pytroch", "backends", "torch"),  # a swap in an alias: through "pytorch"
        ("torhc", "backends", "torch"),
        ("nmupy", "backends", "numpy"),
        ("tf", "backends", "tensorflow"),
        ("np", "backends", "numpy"),
        ("jnp", "backends", "jax"),
        ("jax.numpy", "backends", "jax"),
        ("NumPy", "backends", "numpy"),
        ("mlx", "backends", None),  # another library, not a misspelling
        ("cdua", "devices", "cuda"),
        ("CUDA", "devices", "cuda"),
        ("fp32", "dtypes", "float32"),
        ("double", "dtypes", "float64"),
        ("flaot32", "dtypes", "float32"),
    ],
)
def test_the_likely_name_by_spelling_and_by_alias(name: str, known: str, meant: str | None) -> None:
    from arraybench.names import known_names

    assert likely(name, known_names(known)) == meant
    with pytest.raises(UnknownNameError) as e:
        check_name(known, name)
    assert ("did you mean" in str(e.value)) == (meant is not None)
    if meant:
        assert f"did you mean {meant!r}?" in str(e.value)


def test_a_known_backend_that_is_not_installed_is_a_skip_not_a_usage_error() -> None:
    absent = FakeBackend("absent", unavailable="absent is not installed (pip install absent)")
    with registered(absent):
        config = RunConfig(backends=("absent",))  # no error: the name is known
        w = ab.Workload("wk", sizes=(4,))
        w.inputs(lambda n, rng: {"x": rng.random(n)})
        w.impl("numpy", "absent")(lambda x, xp: xp.sin(x))
        cases, skips = plan([w], config)
    assert cases == []
    assert [s.reason for s in skips] == ["absent is not installed (pip install absent)"]


def test_a_backend_no_impl_runs_on_is_said_not_silently_dropped() -> None:
    w = ab.Workload("wk", sizes=(4,))
    w.inputs(lambda n, rng: {"x": rng.random(n)})
    w.impl("numpy")(lambda x: x)
    cases, skips = plan([w], RunConfig(backends=("python",)))
    assert cases == []
    assert [(s.what, s.reason) for s in skips] == [
        ("wk", "none of its impls runs on python (they run on numpy)")
    ]


def test_ab_run_refuses_an_unknown_backend_or_device_before_anything_runs() -> None:
    calls: list[int] = []
    w = ab.Workload("wk", sizes=(4,))
    w.inputs(lambda n, rng: {"x": rng.random(n)})

    @w.impl("numpy")
    def f(x):  # type: ignore[no-untyped-def]
        calls.append(1)
        return x

    with pytest.raises(ConfigError, match=r"unknown backend 'pytorch'; did you mean 'torch'\?"):
        ab.run(w, backends=["pytorch"], budget=0.01)
    with pytest.raises(ConfigError, match=r"unknown device 'cdua'; did you mean 'cuda'\?"):
        ab.run(w, devices=["cdua"], budget=0.01)
    assert calls == []


def test_device_names() -> None:
    assert [device_alias(d) for d in ("gpu", "cuda:0", "gpu:0", "cuda:1", "cpu")] == [
        "cuda",
        "cuda",
        "cuda",
        "cuda:1",
        "cpu",
    ]
    assert RunConfig(devices=("cuda:0", "cpu")).devices == ("cuda", "cpu")
    with pytest.raises(UnknownNameError, match=r"a device index is a whole number \(cuda:1\)"):
        RunConfig(devices=("cuda:x",))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--backend", "nmupy,torch"],
            "arraybench: error: unknown backend 'nmupy'; did you mean 'numpy'?",
        ),
        (["--backend", "pytorch"], "arraybench: error: unknown backend 'pytorch'; did you mean "),
        (["-b", "pytroch"], "arraybench: error: unknown backend 'pytroch'; did you mean 'torch'?"),
        (["--device", "cdua"], "arraybench: error: unknown device 'cdua'; did you mean 'cuda'?"),
    ],
)
def test_an_unknown_name_on_the_command_line_exits_2_before_anything_runs(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    args: list[str],
    message: str,
) -> None:
    code, out, err = cli(capsys, monkeypatch, tmp_path, "run", "vec_add", "--sizes", "4", *args)
    assert code == 2
    assert err.startswith(message) and err.count("\n") == 1, err
    assert out == "" and not (tmp_path / "history.sqlite").exists()


def test_a_file_naming_pytroch_gets_a_suggestion(tmp_path: Path) -> None:
    (tmp_path / "work.py").write_text(
        textwrap.dedent(
            """
            import arraybench as ab
            w = ab.Workload("wk", sizes=[1])
            w.inputs(lambda n, rng: {"x": rng.random(n)})
            @w.impl("pytroch")
            def f(x):
                return x
            """
        )
    )
    p = arraybench("list", "work.py", cwd=tmp_path)
    assert p.returncode == 2
    assert "names backend 'pytroch', which arraybench does not know; did you mean 'torch'?" in (
        p.stderr
    )


# -- item 6: the experiments' names ----------------------------------------------------------------


def test_list_shows_the_experiments_each_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, out, _ = cli(capsys, monkeypatch, tmp_path, "list")
    assert code == 0
    lines = out.splitlines()
    start = lines.index(next(line for line in lines if line.startswith("experiments")))
    names = [line.split()[0] for line in lines[start + 1 : start + 6]]
    assert names == ["sin2", "tensors", "loops", "gradients", "conversion"]
    assert "loops       Python loops over tensor and array elements" in out
    assert "workloads of loops" in out and "loop_add" in out


def test_list_knows_an_experiment_by_name(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, out, _ = cli(capsys, monkeypatch, tmp_path, "list", "loops")
    assert code == 0
    assert "loops  Python loops over tensor and array elements" in out
    assert "loop_add" in out and "vec_where" in out and "sin2" not in out
    code, out, _ = cli(capsys, monkeypatch, tmp_path, "list", "vec_add")
    assert code == 0 and out.startswith("vec_add  ")
    code, _, err = cli(capsys, monkeypatch, tmp_path, "list", "lops")
    assert code == 2 and "no workload named 'lops'" in err and "did you mean 'loops'?" in err


# -- item 8: usage errors ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sizes", "message"),
    [
        ("0,10", "argument --sizes: sizes must be ≥ 1; got 0 in '0,10'"),
        (
            "1e6:1",
            "argument --sizes: the range '1e6:1' goes down: its first size (1e6) is larger "
            "than its last (1); write the smaller first, 1:1e6",
        ),
        ("1.5,10", "argument --sizes: sizes are whole numbers; got 1.5 in '1.5,10'"),
        ("10,x", "argument --sizes: 'x' in '10,x' is not a number"),
    ],
)
def test_a_usage_error_is_one_line_naming_the_bad_part_and_the_help(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    sizes: str,
    message: str,
) -> None:
    code, out, err = cli(capsys, monkeypatch, tmp_path, "run", "loops", "--sizes", sizes)
    assert code == 2 and out == ""
    first, hint = err.splitlines()
    assert first.startswith(f"arraybench run: error: {message}")
    assert hint == "  see 'arraybench run --help'"


def test_a_misspelt_command_or_choice_gets_a_suggestion(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, _, err = cli(capsys, monkeypatch, tmp_path, "rnu")
    assert code == 2 and "invalid choice: 'rnu'" in err and "did you mean 'run'?" in err
    code, _, err = cli(capsys, monkeypatch, tmp_path, "run", "--bogus")
    assert code == 2
    assert err.splitlines() == [
        "arraybench run: error: unrecognized arguments: --bogus",
        "  see 'arraybench run --help'",
    ]


def test_help_shows_percent_signs_once() -> None:
    parser = cli_main.build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    texts = {name: p.format_help() for name, p in sub.choices.items()}
    assert "95% confidence interval" in texts["run"]
    assert [name for name, text in texts.items() if "%%" in text] == []


VERIFY_FILE = """
import numpy as np
SCALE = 2.0
def old(x):
    return x * 2
def no_data():
    return 1
def two(x, y):
    return x + y
"""


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("f.py:SCALE", "f.py:old", "f.py:SCALE is not a function (it is of type float)"),
        ("f.py:no_data", "f.py:old", "OLD takes no data parameter: give an inputs builder"),
        (
            "f.py:old",
            "f.py:two",
            "NEW (two) takes 2 data arguments (x, y), but is given 1 data argument (x)",
        ),
        ("f.py:nope", "f.py:old", "f.py defines no 'nope'"),
    ],
)
def test_verify_exits_2_on_a_function_it_cannot_call(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    old: str,
    new: str,
    message: str,
) -> None:
    (tmp_path / "f.py").write_text(VERIFY_FILE)
    monkeypatch.chdir(tmp_path)
    code, out, err = cli(capsys, monkeypatch, tmp_path, "verify", old, new, "--sizes", "4")
    assert code == 2, err
    assert err.startswith(f"arraybench: error: {message}") and out == ""
