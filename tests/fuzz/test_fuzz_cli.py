"""Random command lines for ``arraybench run``: argparse refuses them (exit 2) or they make a
valid RunConfig or a ConfigError (which the CLI also turns into exit 2). Nothing is measured."""

from __future__ import annotations

import argparse
import contextlib
import io
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arraybench.base.errors import ConfigError
from arraybench.cli import _args
from arraybench.cli.main import build_parser
from arraybench.cli.run import QUICK_BUDGET_S
from arraybench.config import DEFAULT_BUDGET_S, RunConfig

from . import FUZZ

PARSER = build_parser()


def _run_parser() -> argparse.ArgumentParser:
    for action in PARSER._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action.choices["run"]  # type: ignore[no-any-return]
    raise AssertionError("no run command")


RUN = _run_parser()
#: Every option of `run` (so options added later are fuzzed too), less those that only print.
OPTIONS = sorted({o for a in RUN._actions for o in a.option_strings if o not in ("-h", "--help")})
#: Values people type, right and wrong, next to random text.
VALUES = [
    "1,10,100", "1:1e6", "1:1e6:3", "0", "-1", "1e400", "nan", "inf", "-inf", "2%", "200%",
    "0.02", "1:1e300:1000", "1:1e6:0", ",", "", "1e30", "float32", "flaot32", "float8",
    "numpy,torch", "nmupy", "cpu", "gpu", "cuda,cpu", "3", "10000000000000000000000", "1_000",
    " 5 ", "0x10", "1:2:3:4", "::", "1.5", "true", "sin2", "out.json",
]  # fmt: skip

tokens = st.one_of(
    st.sampled_from(OPTIONS),
    st.sampled_from(VALUES),
    st.text(max_size=10).filter(lambda t: not t.lstrip("-").startswith("h") or "-" not in t[:1]),
)
argvs = st.lists(
    st.one_of(
        st.tuples(st.sampled_from(OPTIONS), st.sampled_from(VALUES)).map(list),
        st.tuples(st.sampled_from(OPTIONS), st.text(max_size=8)).map(list),
        tokens.map(lambda t: [t]),
    ),
    max_size=6,
).map(lambda parts: [t for part in parts for t in part])

#: Command-line names of RunConfig settings that differ from the setting's own name.
RENAMED = {"backend": "backends", "device": "devices", "dtype": "dtypes", "impl": "impls"}


def config_from(args: argparse.Namespace) -> RunConfig:
    """The RunConfig ``arraybench run`` builds from parsed arguments (as cli/run.py does)."""
    fields = set(RunConfig.__dataclass_fields__)
    kwargs: dict[str, Any] = {}
    for key, value in vars(args).items():
        if key in RENAMED:
            kwargs[RENAMED[key]] = _args.parse_names(value)
        elif key in fields and key != "budget":
            kwargs[key] = value
    quick = bool(getattr(args, "quick", False))
    kwargs["budget"] = (
        args.budget if args.budget is not None else (QUICK_BUDGET_S if quick else DEFAULT_BUDGET_S)
    )
    return RunConfig(**kwargs)


@FUZZ
@given(argv=argvs)
def test_run_arguments_parse_to_a_config_or_a_usage_error(argv: list[str]) -> None:
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            args = PARSER.parse_args(["run", *argv])
    except SystemExit as e:
        assert e.code == 2, f"{argv}: exit {e.code}"
        assert "error:" in err.getvalue()
        return
    try:
        config = config_from(args)
    except ConfigError as e:  # the CLI prints it and exits 2
        assert str(e).strip()
        return
    assert config.budget > 0 and 0 < config.target < 1 and config.seed >= 0
    if config.sizes is not None:
        assert config.sizes and all(s >= 1 for s in config.sizes)


@pytest.mark.parametrize(
    "parse",
    [_args.parse_sizes, _args.parse_target, _args.positive_float, _args.positive_int],
    ids=lambda f: f.__name__,
)
@FUZZ
@given(text=st.one_of(st.sampled_from(VALUES), st.text(max_size=16)))
def test_each_value_parser_returns_or_raises_an_argparse_error(parse: Any, text: str) -> None:
    try:
        value = parse(text)
    except argparse.ArgumentTypeError as e:
        assert str(e).strip()
        return
    assert value is not None


@FUZZ
@given(values=st.one_of(st.none(), st.lists(st.text(max_size=8), max_size=4)))
def test_parse_names_gives_names_or_none(values: list[str] | None) -> None:
    names = _args.parse_names(values)
    assert names is None or (names and all(n and n == n.strip() and "," not in n for n in names))
