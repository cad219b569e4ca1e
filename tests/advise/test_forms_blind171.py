"""blind171-172's misses at first contact (2026-12-02), each as a small program: a step jitted
by a decorator on a function defined anew per call, a static argument given a new value at each
call, a float64 conversion told only where it meets the float32 work, and a constant tensor of a
module table read with ``.get``. Never a wall-clock assertion."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.read.source import read_source
from arraybench.advise.rules.families.compiles import _jit_decorators
from arraybench.advise.rules.patterns.constant_build import _constant_comprehension
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

STOCKS = """\
import jax
import jax.numpy as jnp


def update(p, y):
    return p - 0.01 * jax.grad(lambda q: jnp.sum((y - q) ** 2))(p)


def assess(y):
    p = jnp.float32(0.0)

    @jax.jit
    def step(p, y):
        return update(p, y)

    for _ in range(80):
        p = step(p, y)
    return float(p)


print("result:", sum(assess(jnp.arange(40.0) * (k + 1)) for k in range(6)))
"""


def test_a_step_jitted_by_a_decorator_inside_the_function_is_told_at_the_decorator(
    tmp_path: Path,
) -> None:
    # blind171's stock assessment: ``@jax.jit def step(...)`` inside ``assess(stock)``, a new
    # function per stock (41% measured), was told AB404 at its call only
    sf = read_source(_write(tmp_path, "stocks.py", STOCKS))
    assert [d.lineno for d in _jit_decorators(sf, "step", 17)] == [12]
    assert _jit_decorators(sf, "update", 17) == []
    pytest.importorskip("jax")
    found = _found(profile(Target(script=_write(tmp_path, "stocks.py", STOCKS))))
    f = found.get(12)
    assert f is not None and f.code == "AB403", found
    assert "jitted anew at line 12" in f.evidence, f.evidence


SHREDDER = """\
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("rate",))
def shift(x, rate):
    return jnp.sum(jnp.sin(x * rate) ** 2)


x = jnp.linspace(0.0, 1.0, 2000)
total = 0.0
for k in range(12):
    total += float(shift(x, rate=1.0 + 0.1 * k))
print("result:", total)
"""


def test_a_static_argument_given_new_values_is_fixed_where_it_is_declared(
    tmp_path: Path,
) -> None:
    # blind172's shredder: ``@partial(jax.jit, static_argnames=("throughput_tph",))`` and a
    # new throughput every shift, 18 compilations (58% measured): told at the call only
    pytest.importorskip("jax")
    found = _found(profile(Target(script=_write(tmp_path, "shredder.py", SHREDDER))))
    call = found.get(15)
    assert call is not None and call.code == "AB404", found
    fix = found.get(7)
    assert fix is not None and fix.fix_of == 15, found
    assert "('rate',) static" in fix.evidence, fix.evidence


DISPENSE = """\
import numpy as np
import torch


def initial(history, y):
    pooled = history.mean(axis=0, dtype=np.float64)
    profile = torch.from_numpy(pooled / pooled.mean())
    season = 0.5 * y + 0.5 * profile
    return season


rng = np.random.default_rng(0)
history = rng.random((50, 4096))
y = torch.rand(400, 4096)
season = initial(history, y)
for t in range(150):
    season = 0.9 * season + 0.1 * torch.tanh(season * 1.01 + y)
print("result:", float(season.sum()))
"""


def test_a_conversion_told_where_it_meets_float32_work_is_listed_as_its_fix(
    tmp_path: Path,
) -> None:
    # blind171's dispense forecast: ``torch.from_numpy(pooled / pooled.mean() - 1.0)`` on
    # the line above the season it promotes (29% measured), told at the season's line only
    pytest.importorskip("torch")
    found = _found(profile(Target(script=_write(tmp_path, "dispense.py", DISPENSE))))
    meet = found.get(8)
    assert meet is not None and meet.code == "AB401", found
    fix = found.get(7)
    assert fix is not None and fix.fix_of == 8, found
    assert ".float()" in fix.evidence, fix.evidence


PINGS = """\
import torch

STATES = ["port", "steaming", "fishing"]
OBSERVED = {
    "port": {"port": 900, "steaming": 100},
    "steaming": {"port": 30, "steaming": 800, "fishing": 170},
    "fishing": {"steaming": 200, "fishing": 800},
}


def transition(scale):
    counts = torch.tensor([[OBSERVED[a].get(b, 0) + 0.5 for b in STATES] for a in STATES])
    return counts / counts.sum(dim=1, keepdim=True) * scale
"""


def test_a_table_of_a_module_dict_read_with_get_is_constant(tmp_path: Path) -> None:
    # blind171's vessel pings: a 6x6 transition matrix built from a module dict with
    # ``.get(b, 0)`` at every forward and backward step (24% measured): the method call and
    # the inner comprehension's loop made it no constant
    sf = read_source(_write(tmp_path, "pings.py", PINGS))
    assert sf.tree is not None
    comp = next(n for n in ast.walk(sf.tree) if isinstance(n, ast.ListComp))
    assert _constant_comprehension(sf, comp, 11, 13, {"scale"}) is not None
    changed = PINGS.replace("    return counts", "    OBSERVED['port']['x'] = 1\n    return counts")
    sf = read_source(_write(tmp_path, "changed.py", changed))
    assert sf.tree is not None
    comp = next(n for n in ast.walk(sf.tree) if isinstance(n, ast.ListComp))
    assert _constant_comprehension(sf, comp, 11, 14, {"scale"}) is None


EDDY = """\
import numpy as np


class Frame:
    def __init__(self, raw, background):
        self.signal = np.abs(np.fft.rfft(raw - background)) ** 2

    @property
    def peak(self):
        return float(np.sort(self.signal)[-3:].sum())


rng = np.random.default_rng(0)
frames = rng.standard_normal((12000, 512))
background = frames[:50].mean(axis=0)
smooth = np.empty_like(frames)
total = 0.0
for k in range(frames.shape[0]):
    frame = Frame(frames[k], background)
    background = 0.98 * background + 0.02 * frames[k]
    smooth[k] = background
    total += frame.peak
print("result:", total + float(smooth.sum()))
"""


def test_a_scan_in_a_loop_of_the_files_own_calls_is_priced_without_them(
    tmp_path: Path,
) -> None:
    # blind172's eddy-current line: a moving average of the background (a linear filter)
    # beside a ``Frame`` made per frame and its peak: AB408 stated 50% for the whole loop,
    # where a scan replaces the one line; the file's own calls stay, once a frame
    found = _found(profile(Target(script=_write(tmp_path, "eddy.py", EDDY))))
    f = found.get(18)
    assert f is not None and f.code == "AB408" and f.gain is not None, found
    # (the frames' transforms and sorts, in Frame, are most of the loop: 75-85% here quiet,
    # 27% under the test suite's load; the whole loop, before, 98%)
    assert f.gain[1] < 0.85 * f.seconds, (f.seconds, f.gain)
