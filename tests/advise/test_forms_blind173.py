"""blind173's misses at first contact (2026-12-02), each as a small program: an empirical
quantile table sorted again at every draw from an attribute only ``__init__`` sets, and a
``jax.jit`` made anew in a function called a few times whose own loop calls it many times;
and a constant tensor normalised on the line after its build, stated without it. Never a
wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.read.pure_calls import COSTLY_CALLS
from arraybench.advise.read.source import read_source
from arraybench.advise.rules.patterns.constant_build import remade_from
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

WARDS = """\
import numpy as np


class Ward:
    def __init__(self, history):
        self.history = history

    def sample_stays(self, rng, n):
        ordered = np.sort(self.history)
        idx = np.minimum((rng.random(n) * len(ordered)).astype(np.int64), len(ordered) - 1)
        return ordered[idx].sum()


rng = np.random.default_rng(0)
wards = [Ward(rng.gamma(2.0, 3.0, 4_000)) for _ in range(4)]
total = 0.0
for day in range(1_500):
    for ward in wards:
        total += ward.sample_stays(rng, 3)
print("result:", total)
"""


def test_a_sort_of_an_attribute_only_init_sets_is_made_once_per_object(tmp_path: Path) -> None:
    # blind173's bed flow: ``ordered = np.sort(self.history)`` at each draw, per ward per day
    # (50% measured): np.sort was no pure call, and nothing was told
    assert {"sort", "argsort", "quantile", "median"} <= COSTLY_CALLS
    report = profile(Target(script=_write(tmp_path, "wards.py", WARDS)))
    f = _found(report).get(9)
    assert f is not None and f.code == "AB411", _found(report)
    assert "compute it once in __init__" in f.evidence, f.evidence


RELAYS = """\
from functools import partial

import jax
import jax.numpy as jnp


def loss(params, data):
    return jnp.sum((data["y"] - params * data["x"]) ** 2)


def step(loss_fn, params):
    return params - 0.01 * jax.grad(loss_fn)(params)


def fit(data):
    params = jnp.float32(0.0)
    update = jax.jit(partial(step, partial(loss, data=data)))
    for _ in range(60):
        params = update(params)
    return float(params)


galas = [{"x": jnp.arange(50.0) / 50, "y": (k + 1) * jnp.arange(50.0) / 50} for k in range(6)]
print("result:", sum(fit(g) for g in galas))
"""


def test_a_jit_made_anew_per_fit_and_called_in_its_loop_is_found_where_it_is_made(
    tmp_path: Path,
) -> None:
    # blind173's relays: ``step = jax.jit(partial(momentum_step, partial(gala_loss,
    # data=data)))`` in the function fitting each gala, called 150 times in its loop; the
    # jit ran 8 times for 1,200 calls, so the recompile was told at the call (AB404, line
    # 62), and lint's AB403 at the jit kept only the jit's own time (0.07%)
    pytest.importorskip("jax")
    report = profile(Target(script=_write(tmp_path, "relays.py", RELAYS)))
    found = _found(report)
    f = found.get(17)
    assert f is not None and f.code == "AB403", found
    assert "jitted anew at line 17" in f.evidence and "line 19, its call" in f.evidence, f.evidence
    assert 19 not in found, found


DEMAND = """\
import numpy as np
import torch

PROFILE = [[1.0, 2.0, 3.0], [2.0, 3.0, 4.0]]


def rate(day, hour, surge):
    profile = torch.tensor(PROFILE)
    profile = profile / profile.mean()
    profile = torch.sqrt(profile) * 2.0
    scaled = profile * surge
    return scaled[day % 2, hour]
"""


def test_a_constant_normalised_right_after_its_build_goes_with_it(tmp_path: Path) -> None:
    # blind173's bed demand: ``profile = torch.tensor(WEEKLY_PROFILE)`` then ``profile =
    # profile / profile.mean()`` every simulated hour; the fix moves both (42% measured), the
    # build alone was stated 26%. The statements that make the name again from it alone go
    # with it; one that reads another name (``surge``) does not
    sf = read_source(_write(tmp_path, "demand.py", DEMAND))
    assert remade_from(sf, 8, "profile") == [9, 10]
    assert remade_from(sf, 9, "profile") == [10]
    assert remade_from(sf, 10, "profile") == []
    assert remade_from(sf, 8, "") == []
