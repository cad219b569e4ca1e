"""``arraybench verify OLD NEW``: agreement, speedup and crossover of a rewrite."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import numpy as np
import pytest

from arraybench.advise.verify import (
    builder_inputs,
    data_params,
    load_function,
    parse_target,
    verify,
)
from arraybench.base.errors import ConfigError

from . import cli_helper

LOOPS = Path(__file__).parents[2] / "src" / "arraybench" / "suites" / "classic" / "loops.py"
#: Tiny: these tests check what is reported, not how precisely it is measured.
BUDGET = "0.01"

USER = textwrap.dedent(
    """\
    import numpy as np

    def slow_scale(x, y):
        out = np.empty_like(x)
        for i in range(len(x)):
            out[i] = 2.0 * x[i] + y[i]
        return out

    def fast_scale(a, b):
        return 2.0 * a + b

    def wrong_scale(x, y):
        return 2.0 * x - y

    def make(n, rng):
        return rng.uniform(0, 1, n), rng.uniform(0, 1, n)

    def raises(x, y):
        raise ValueError("boom")

    def std_loop(x, y):
        m = sum(x) / len(x)
        return (sum((v - m) ** 2 for v in x) / (len(x) - 1)) ** 0.5 if len(x) > 1 else np.nan

    def std_fast(x, y):
        return np.std(x, ddof=1)

    def first_column(x, y):
        return x[:, 0] * 2.0

    def first_column_fast(x, y):
        return x[:, 0] + x[:, 0]
    """
)


@pytest.fixture
def user(tmp_path: Path) -> Path:
    f = tmp_path / "user.py"
    f.write_text(USER)
    return f


def test_classic_loop_and_its_vectorized_rewrite_verify_through_the_cli(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = cli_helper.run(
        [
            "verify",
            f"{LOOPS}:where_loop",
            f"{LOOPS}:where_vectorized",
            "--sizes",
            "1,100,1000",
            "--budget",
            BUDGET,
        ]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    verdict = out.strip().splitlines()[-1]
    assert "where_vectorized is " in verdict and " at n=1e3 " in verdict
    assert "agrees exactly (tolerance 1e-07, norm-wise)" in verdict
    assert "[" in verdict  # the speedup's CI
    assert "where_loop" in out.splitlines()[0]  # the per-size table


def test_json_verdict_has_speedup_ci_and_crossover(
    user: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = cli_helper.run(
        [
            "verify",
            f"{user}:slow_scale",
            f"{user}:fast_scale",
            "--sizes",
            "1,10,100,1000",
            "--budget",
            BUDGET,
            "--json",
        ]
    )
    v = json.loads(capsys.readouterr().out)
    assert code == 0
    assert v["agrees"] is True and v["problems"] == []
    assert v["max_rel_err"] is not None and v["max_rel_err"] <= 1e-9
    assert v["size"] == 1000
    lo, hi = v["speedup_ci"]
    assert lo <= v["speedup"] <= hi
    assert v["crossover"]["status"] in ("crosses", "always", "never")


def test_a_rewrite_that_disagrees_fails_with_the_reason(
    user: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = cli_helper.run(
        ["verify", f"{user}:slow_scale", f"{user}:wrong_scale", "--sizes", "10", "--budget", BUDGET]
    )
    out = capsys.readouterr().out
    assert code == 1
    assert "wrong_scale does NOT verify against slow_scale" in out
    assert "wrong numbers: max relative error" in out


def test_a_close_disagreement_says_how_verify_accepts_it(
    user: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (user.parent / "near.py").write_text(
        "def nearly(x, y):\n    return (2.0 * x + y) * (1 + 1e-6)\n"
    )
    args = ["--sizes", "10", "--budget", BUDGET]
    code = cli_helper.run(["verify", f"{user}:fast_scale", f"{user.parent}/near.py:nearly", *args])
    out = capsys.readouterr().out
    assert code == 1
    assert "close: a different algorithm? --rtol 1e-05 (rtol=1e-05) accepts it" in out
    assert "Workload(rtol=" not in out  # verify's own way, not a workload's


def test_a_rewrite_that_raises_fails(user: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli_helper.run(
        ["verify", f"{user}:slow_scale", f"{user}:raises", "--sizes", "10", "--budget", BUDGET]
    )
    assert code == 1
    assert "ValueError: boom" in capsys.readouterr().out


def test_inputs_builder_and_python_backend(user: Path) -> None:
    def old(x, y):  # type: ignore[no-untyped-def]
        return [2.0 * a + b for a, b in zip(x, y, strict=True)]

    v = verify(
        old,
        load_function(f"{user}:fast_scale"),
        inputs=load_function(f"{user}:make"),
        sizes=(10, 100),
        backends=("python", "numpy"),
        budget=float(BUDGET),
    )
    assert v.agrees, v.problems
    assert {c.backend for c in v.result.cases} == {"python", "numpy"}
    assert "fast_scale is " in v.text()


def test_usage_errors(user: Path) -> None:
    with pytest.raises(ConfigError, match=r"is not FILE\.py:FUNCTION"):
        parse_target("no_colon")
    with pytest.raises(ConfigError, match="defines no 'nope'; its functions are: fast_scale"):
        load_function(f"{user}:nope")
    with pytest.raises(ConfigError, match="no such file"):
        load_function(f"{user.parent / 'missing.py'}:f")
    assert cli_helper.run(["verify", f"{user}:nope", f"{user}:fast_scale"]) == 2


def test_default_inputs_skip_runner_parameters_and_builders_may_return_tuples() -> None:
    def f(x, y, xp, dtype, scale=2.0):  # type: ignore[no-untyped-def]
        return x

    assert data_params(f) == ["x", "y"]
    make = builder_inputs(lambda n, rng: (np.zeros(n), np.ones(n)), ["x", "y"])
    made = make(3, np.random.default_rng(0))
    assert list(made) == ["x", "y"] and made["y"].tolist() == [1.0, 1.0, 1.0]


def test_sizes_where_both_are_undefined_are_not_a_failure(
    user: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a standard deviation of one element is NaN on both sides: not compared, and said so
    args = ["--sizes", "1,10,100", "--budget", BUDGET]
    code = cli_helper.run(["verify", f"{user}:std_loop", f"{user}:std_fast", *args])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "std_fast is " in out and "does NOT verify" not in out
    assert "n=1: both give NaN" in out


def test_inputs_that_suit_neither_side_cannot_verify_and_say_what_to_give(
    user: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 1-D default inputs for functions of 2-D arrays: not a failed rewrite, a wrong input
    args = ["--sizes", "10,100", "--budget", BUDGET]
    code = cli_helper.run(["verify", f"{user}:first_column", f"{user}:first_column_fast", *args])
    out = capsys.readouterr().out
    assert code == 1
    assert "cannot verify first_column_fast against first_column" in out
    assert "does NOT verify" not in out
    assert "--inputs FILE.py:make" in out and "IndexError" in out
