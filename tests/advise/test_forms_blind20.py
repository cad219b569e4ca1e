"""The forms blind20 (benchmarks/blind20) wrote around known kinds, each cut down to what made
the profiler miss it or misread it: a vectorized function of three arguments in a closure, a
constant kernel built in a callback object's ``__call__``, a gradient jitted under another
name and recompiled by a growing slice, and a loop whose steps each draw a block of data.
Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")


VECTORIZED = """\
import math

import numpy as np


def bump(s, k, knocked):
    if knocked or s <= k:
        return 0.0
    return math.exp(-0.5 * (s - k) ** 2 / k)


bump_v = np.vectorize(bump)


def make_pricer(strike):
    def price(terminal, knocked):
        pay = bump_v(terminal, strike, knocked)
        return pay.mean()
    return price


rng = np.random.default_rng(3)
terminal = 100 * np.exp(0.2 * rng.standard_normal(60_000))
knocked = terminal > 140
print(sum(make_pricer(k)(terminal, knocked) for k in np.linspace(90, 120, 8)))
"""


def test_a_vectorized_function_of_three_arguments_is_a_loop_over_its_elements(
    tmp_path: Path,
) -> None:
    # blind20's barrier digitals: ``np.vectorize`` calls bump once per element, 480,000 times,
    # in a closure called 8 times (lint names one-argument calls in a loop only)
    report = profile(Target(script=_write(tmp_path, "vectorized.py", VECTORIZED)))
    f = _found(report).get(17)
    assert f is not None and f.code == "AB103", _found(report)
    assert "bump_v is a numpy.vectorize" in f.evidence
    assert "480,000 calls in all" in f.evidence
    assert f.gain is not None and 0 < f.gain[0] <= f.gain[1] <= f.seconds + 1e-9


CALLBACK_KERNEL = """\
import torch


def second_difference(n):
    rows = []
    for i in range(n):
        row = [0.0] * n
        row[i] = -2.0
        if i > 0:
            row[i - 1] = 1.0
        if i + 1 < n:
            row[i + 1] = 1.0
        rows.append(row)
    return rows


class Roughness:
    def __init__(self, n):
        self.kernel_rows = second_difference(n)

    def __call__(self, w):
        kernel = torch.tensor(self.kernel_rows)
        return (kernel @ w).pow(2).mean()


def train(w, callbacks, steps):
    total = 0.0
    for _ in range(steps):
        for cb in callbacks:
            total += float(cb(w))
    return total


print(train(torch.randn(160, 8), [Roughness(160)], 400))
"""


def test_a_constant_list_of_the_one_object_a_callback_is_made_of_is_built_once(
    tmp_path: Path,
) -> None:
    # blind20's smooth trainer: each build of the 160 x 160 list takes ~1-3 ms, longer than the
    # sampler's tick; a line's first two looks are 20 ms apart, so they are of different calls
    # and saw the same list, or (a build as long as that gap, on a busy machine) the source says
    # it is the same list: set in __init__ only, of the one Roughness the file makes
    report = profile(Target(script=_write(tmp_path, "callback_kernel.py", CALLBACK_KERNEL)))
    f = _found(report).get(22)
    assert f is not None and f.code == "AB108", _found(report)
    assert "self.kernel_rows" in f.evidence
    assert (
        "set only in __init__" in f.evidence and "the file makes one Roughness" in f.evidence
    ) or "the same unchanged list" in f.evidence


JIT_ALIAS = """\
import jax
import jax.numpy as jnp
import numpy as np


def loss(p, t, y):
    return jnp.mean((p[0] * jnp.sin(p[1] * t) - y) ** 2)


grad_fn = jax.jit(jax.grad(loss))

rng = np.random.default_rng(2)
t_all = np.sort(rng.uniform(0.0, 20.0, 1200)).astype(np.float32)
y_all = (2.0 * np.sin(1.3 * t_all)).astype(np.float32)
p = jnp.array([1.5, 1.25], dtype=jnp.float32)
n = 0
while n < 1200:
    n += 100
    for _ in range(3):
        p = p - 0.02 * grad_fn(p, t_all[:n], y_all[:n])
print(float(jnp.sum(p)))
"""


def test_a_gradient_jitted_under_another_name_recompiled_by_a_growing_slice(
    tmp_path: Path,
) -> None:
    # blind20's online sinusoid: ``grad_fn = jax.jit(jax.grad(loss))`` compiles as jit(loss);
    # the call is grad_fn's, on all the data so far: a new shape, a new compile, each block
    pytest.importorskip("jax")
    report = profile(Target(script=_write(tmp_path, "jit_alias.py", JIT_ALIAS)))
    f = _found(report).get(20)
    assert f is not None and f.code == "AB404", _found(report)


DRAWN_BLOCKS = """\
import numpy as np

rng = np.random.default_rng(21)
accounts = []
for a in range(3000):
    n_tx = int(rng.integers(2500, 3500))
    amounts = np.round(rng.normal(0.0, 120.0, n_tx), 2)
    accounts.append({"opening": float(rng.uniform(0, 2000)), "amounts": amounts})
print(sum(float(acc["amounts"][-1]) for acc in accounts))
"""


def test_a_loop_whose_steps_each_draw_a_block_is_no_element_loop(tmp_path: Path) -> None:
    # blind20's ledger: each step draws ~3,000 amounts (tens of microseconds of work on them);
    # one draw for all accounts saves the calls' overhead only, not the 15% an element loop's
    # rewrite was priced at
    report = profile(Target(script=_write(tmp_path, "drawn_blocks.py", DRAWN_BLOCKS)))
    f = _found(report).get(5)
    assert f is None or f.code not in ("AB101", "AB406"), f
