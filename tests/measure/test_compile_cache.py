"""The libraries' persistent compile caches in arraybench's cache folder: which variables are set
(never over the user's), the switch that turns them off, and a first call labelled cold or warm
by what it wrote there."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

import arraybench as ab
from arraybench.measure import compile_cache
from arraybench.measure.processes import worker_env
from arraybench.suites import load_file
from tests.measure.test_processes import WORK


@pytest.fixture(autouse=True)
def _clean(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in (*compile_cache.VARIABLES, compile_cache.SWITCH):
        monkeypatch.delenv(var, raising=False)


def test_every_library_is_pointed_at_the_cache_folder() -> None:
    root = Path(os.environ["ARRAYBENCH_CACHE"]) / "compiled"
    env = compile_cache.cache_env()
    assert env["JAX_COMPILATION_CACHE_DIR"] == str(root / "jax")
    assert env["NUMBA_CACHE_DIR"] == str(root / "numba")
    assert env["TORCHINDUCTOR_CACHE_DIR"] == str(root / "inductor")
    assert env["PYTENSOR_FLAGS"] == f"base_compiledir={root / 'pytensor'}"
    # JAX keeps only compilations over a second unless told otherwise: every one is kept.
    assert env["JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS"] == "0"
    # Workers start with them.
    assert worker_env(1)["NUMBA_CACHE_DIR"] == env["NUMBA_CACHE_DIR"]


def test_what_the_user_set_is_theirs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TORCHINDUCTOR_CACHE_DIR", "/mine/inductor")
    monkeypatch.setenv("PYTENSOR_FLAGS", "floatX=float32")
    env = compile_cache.cache_env()
    assert "TORCHINDUCTOR_CACHE_DIR" not in env
    assert env["PYTENSOR_FLAGS"].startswith("floatX=float32,base_compiledir=")
    monkeypatch.setenv("PYTENSOR_FLAGS", "base_compiledir=/mine/pytensor")
    assert "PYTENSOR_FLAGS" not in compile_cache.cache_env()


@pytest.mark.parametrize("value", ["off", "0", "false", "No"])
def test_the_switch_turns_it_all_off(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv(compile_cache.SWITCH, value)
    assert compile_cache.cache_env() == {}
    assert compile_cache.in_use(in_this_process=False) is None
    assert compile_cache.files("numba") is None
    with compile_cache.in_this_process() as folder:
        assert folder is None and "NUMBA_CACHE_DIR" not in os.environ


def test_this_process_gets_them_for_a_block_only() -> None:
    with compile_cache.in_this_process() as folder:
        assert folder is not None
        assert os.environ["NUMBA_CACHE_DIR"].startswith(folder)
        assert compile_cache.in_use(in_this_process=True) == folder
    assert "NUMBA_CACHE_DIR" not in os.environ
    assert compile_cache.in_use(in_this_process=True) is None  # ab.run in a user's process
    assert compile_cache.in_use(in_this_process=False) is not None  # its workers get them


def test_a_first_call_that_wrote_to_the_cache_was_cold(tmp_path: Path) -> None:
    with compile_cache.in_this_process():
        cache = Path(os.environ["NUMBA_CACHE_DIR"])
        before = compile_cache.files("numba")
        cache.mkdir(parents=True)
        (cache / "f.nbi").write_text("")
        after = compile_cache.files("numba")
        assert compile_cache.first_call_state(before, after) == "cold"
        assert compile_cache.first_call_state(after, compile_cache.files("numba")) == "warm"
        assert compile_cache.files("tensorflow") is None  # nothing kept: no label


#: The workload of test_processes, with the same loop compiled by Numba.
NUMBA_WORK = WORK + textwrap.dedent(
    """
    @w.impl("numba", label="loop", devices=("cpu",))
    def loop(x):
        out = np.empty_like(x)
        for i in range(x.size):
            out[i] = x[i] * 2
        return out
    """
)


def test_a_second_process_loads_what_the_first_compiled(tmp_path: Path) -> None:
    pytest.importorskip("numba")
    path = tmp_path / "work.py"
    path.write_text(NUMBA_WORK)
    (w,) = load_file(path)
    result = ab.run(w, processes=2, budget=0.02, impls=["ref", "loop"])
    # The first size compiles in the first process; the second process loads it, and the
    # second size (the same argument types) needs nothing new in either.
    (c, later) = result.find(impl="loop")
    assert later.measurement is not None
    assert later.measurement.first_call_cache == ("warm", "warm")
    assert c.ok and c.measurement is not None
    assert c.measurement.first_call_cache == ("cold", "warm")
    assert c.measurement.cache_state == "cold in 1 of 2"
    cold = c.measurement.cold_first_call
    assert cold is not None and c.measurement.first_calls is not None
    assert cold == c.measurement.first_calls[0]
    ref = result.find(impl="ref")[0]
    assert ref.measurement is not None and ref.measurement.first_call_cache is None
    assert result.time is not None and result.time.compile_cache is not None
    assert sum(result.time.parts.values()) == pytest.approx(result.time.wall)
    assert result.time.parts.get("compilation", 0) > 0
