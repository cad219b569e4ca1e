"""AB414 (random numbers drawn one at a time from NumPy, on a line run many times): it fires on
a generator's and on legacy ``np.random``'s one-number draws in a hot loop, on a draw in a
method called per step, and not on draws of arrays, draws run a few times, draws with a
parameter per element, or Python's ``random``. Its price is the draw's per-call cost timed
after the run against a number drawn in a block. Never a wall-clock assertion."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

from arraybench.advise.profile import profile
from arraybench.advise.rules.patterns.draw_prices import Draw
from arraybench.advise.rules.patterns.draw_prices import timed_draw as _timed
from arraybench.advise.rules.patterns.scalar_draws import (
    DRAWS,
    _numpy_draw,
    _parameters,
    _torch_draw,
)
from arraybench.advise.run.launch import Target
from arraybench.advise.run.values import ARRAY, SCALAR, SEQUENCE, Fact

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

FLOAT = Fact(SCALAR, "float")


DRAWING = """\
import random

import numpy as np

rng = np.random.default_rng(0)
np.random.seed(1)
mu = np.zeros(8)
wait = 0.0
total = 0.0
for i in range(60_000):
    gap = rng.exponential(2.0)
    if np.random.rand() < 0.1:
        total += 1.0
    noise = rng.normal(mu, 1.0)
    block = rng.standard_normal(4)
    coin = random.random()
    wait = max(0.0, wait + 1.9 - gap) + coin + noise[0] + block[0]
for k in range(20):
    total += rng.uniform(-1.0, 1.0)
print(wait + total)
"""


def test_one_number_drawn_a_call_in_a_hot_loop_is_a_scalar_draw(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "draws.py", DRAWING)))
    found = _found(report)
    f = found.get(11)
    assert f is not None and f.code == "AB414", found
    assert "rng.exponential() draws one number a call, 60,000 calls" in f.evidence
    assert "drawn 4,096 at a time" in f.evidence
    assert "draws = rng.exponential(2.0, size=n).tolist() before the loop at line 10" in (
        f.evidence
    )
    # its time is the middle of what drawing ahead saves, never more than the loop took
    assert f.gain is not None and 0 <= f.gain[0] <= f.seconds <= f.gain[1]
    assert f.gain[1] <= report.program
    # legacy np.random, in an if's test: its block is np.random.rand(n)
    g = found.get(12)
    assert g is not None and g.code == "AB414"
    assert "np.random.rand(n)" in g.evidence
    # a mean per element (an array of draws), draws of arrays, Python's random, 20 runs: none
    for line in (14, 15, 16, 19):
        assert line not in found or found[line].code != "AB414", found[line]


METHOD = """\
import math

import numpy as np


class Walker:
    def __init__(self, seed):
        self.moves = np.random.default_rng(seed)
        self.x = 0.0
        self.scale = 0.5

    def step(self):
        self.x += self.scale * self.moves.standard_normal()
        return math.tanh(self.x)


w = Walker(3)
acc = 0.0
for t in range(60_000):
    acc += w.step()
print(acc)
"""


def test_a_draw_in_a_method_called_per_step_is_found_and_told_to_draw_in_blocks(
    tmp_path: Path,
) -> None:
    report = profile(Target(script=_write(tmp_path, "walker.py", METHOD)))
    f = _found(report).get(13)
    assert f is not None and f.code == "AB414"
    assert "self.moves.standard_normal() draws one number a call, 60,000 calls" in f.evidence
    # no loop around it in its function: drawn ahead in the caller's, or in blocks
    assert "self.moves.standard_normal(size=n)" in f.evidence
    assert "blocks of a few thousand" in f.rewrite


TORCH_COINS = """\
import torch

g = torch.Generator().manual_seed(0)
heads = 0
for t in range(40_000):
    if torch.rand(1, generator=g).item() < 0.5:
        heads += 1
    noise = torch.rand(3, generator=g)
print(heads + float(noise.sum()))
"""


def test_torch_draws_of_one_element_are_scalar_draws_too(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "coins.py", TORCH_COINS)))
    found = _found(report)
    f = found.get(6)
    assert f is not None and f.code == "AB414", found
    assert "torch.rand().item() draws one number a call, 40,000 calls" in f.evidence
    assert "torch.rand(n, generator=g).tolist() before the loop at line 5" in f.evidence
    assert 8 not in found or found[8].code != "AB414"  # three numbers a call


def test_parameters_are_read_from_the_values_seen() -> None:
    facts = {
        "mean_gap": Fact(SCALAR, "float"),
        "self.scale": Fact(SCALAR, "float"),
        "mu": Fact(ARRAY, "numpy.ndarray", "float64", "cpu", (8,)),
        "one": Fact(ARRAY, "numpy.ndarray", "float64", "cpu", (1,)),
    }
    aliases = {"np": "numpy", "math": "math"}

    def params(src: str) -> dict[str, Fact] | None:
        call = ast.parse(src, mode="eval").body
        assert isinstance(call, ast.Call)
        return _parameters(call, facts, aliases)

    assert params("rng.exponential(mean_gap)") == {"mean_gap": facts["mean_gap"]}
    assert params("rng.normal(0.0, self.scale * math.pi)") == {"self.scale": facts["self.scale"]}
    assert params("rng.normal(float(one), 2 * mean_gap)") is not None  # builtins, constants
    assert params("rng.normal(mu, 1.0)") is None  # a mean per element: an array of draws
    assert params("rng.poisson(unseen)") is None  # not seen: its size is not known
    # choice picks one of a population of any length; a list of numbers is timed as an array
    actions = Fact(SEQUENCE, "list", shape=(5,), item=SCALAR)
    facts["actions"] = actions
    picked = params("rng.choice(actions)")
    assert picked is not None and picked["actions"].kind == ARRAY
    assert picked["actions"].shape == (5,)
    assert params("rng.normal(actions)") is None  # a mean per item: five draws a call
    assert params("rng.choice(3, p=mu)") is None  # probabilities: tiny-array calls' (AB412)


def test_the_draw_is_timed_one_at_a_time_and_in_a_block_after_the_run() -> None:
    aliases = {"np": "numpy", "torch": "torch"}
    gen = Fact("other", "numpy.Generator")

    def draw(src: str, facts: dict[str, Fact]) -> tuple[Draw | None, tuple[float, float] | None]:
        call = ast.parse(src, mode="eval").body
        assert isinstance(call, ast.Call)
        d = _numpy_draw(call, facts, aliases) or _torch_draw(call, facts, aliases)
        out = _timed(d, 0.1) if d is not None else None
        assert ast.unparse(call) == src  # the call is not changed: every rule reads the tree
        return d, out

    d, timed = draw("self.coins.uniform(-1.0, scale)", {"self.coins": gen, "scale": FLOAT})
    assert d is not None and timed is not None
    one, per_number = timed
    assert 0 < per_number < one  # a number of a block costs less than a call
    assert d.ahead == "self.coins.uniform(-1.0, scale, size=n)" and d.same
    d, timed = draw("np.random.randn()", {})
    assert d is not None and timed is not None and d.ahead == "np.random.randn(n)"
    # a legacy RandomState seen at the line is made again as one
    d, timed = draw("rs.randint(10)", {"rs": Fact("other", "numpy.RandomState")})
    assert d is not None and timed is not None
    # torch: a shape of one element, its generator left out of the timing
    pytest.importorskip("torch")
    d, timed = draw("torch.rand(1, generator=g)", {})
    assert d is not None and timed is not None and d.ahead == "torch.rand(n, generator=g)"
    d, _ = draw("torch.randint(0, k, (1,))", {"k": Fact(SCALAR, "int", value=6)})
    assert d is not None and d.ahead == "torch.randint(0, k, (n,))" and d.same
    d, _ = draw("torch.randn(())", {})
    assert d is not None and not d.same  # a block of normals is drawn another way
    assert draw("torch.rand(3)", {})[0] is None  # three numbers a call: a tiny tensor's
    assert draw("rng.normal(0.0, 1.0, size=4)", {"rng": gen})[0] is None
    assert draw("thing.random()", {"thing": Fact("other", "Bag")})[0] is None


@pytest.mark.filterwarnings("ignore:This function is deprecated:DeprecationWarning")
def test_drawn_in_one_call_the_numbers_are_the_same_in_the_same_order() -> None:
    """What the rewrite promises, for each distribution the rule knows that a generator has."""
    for name, n_params in DRAWS.items():
        args = {0: (), 1: (3.0,), 2: (2.0, 5.0), 3: (0.0, 1.0, 2.0)}[n_params]
        if name in ("integers", "randint", "random_integers", "choice"):
            args = (10,) if name == "choice" else (1, 10)
        if name in ("binomial", "negative_binomial"):
            args = (10, 0.3)
        if name in ("zipf", "geometric"):
            args = (0.3,) if name == "geometric" else (2.0,)
        if name == "triangular":
            args = (0.0, 1.0, 2.0)
        for make in (lambda: np.random.default_rng(4), lambda: np.random.RandomState(4)):
            a, b = make(), make()
            if not hasattr(a, name):
                continue
            one = [getattr(a, name)(*args) for _ in range(50)]
            if name in ("rand", "randn"):
                block = getattr(b, name)(50).tolist()
            else:
                block = getattr(b, name)(*args, size=50).tolist()
            assert one == block, name


PERMUTATIONS = """\
import numpy as np


def ran_perm(K, rng):
    perm = list(range(K))
    for k in range(K):
        l = rng.integers(k, K)
        perm[k], perm[l] = perm[l], perm[k]
    return perm


rng = np.random.default_rng(0)
seen = 0
for _ in range(60_000):
    seen += ran_perm(5, rng)[0]
print("result:", seen)
"""


def test_a_draw_whose_parameters_change_with_its_loop_is_not_drawn_ahead(tmp_path: Path) -> None:
    # round 14's ran_perm: rng.integers(k, K) with k the loop's own, 5 draws a call of the
    # function: drawn ahead they need an array of bounds (4.5 us for 5 against 5 x 1.1 us), not
    # the block of numbers "rng.integers(k, K, size=n)" that was printed (and would bias it)
    report = profile(Target(script=_write(tmp_path, "perm.py", PERMUTATIONS)))
    assert 7 not in _found(report)
    dropped = {f.line: f.dropped for f in report.dropped}
    assert "its parameters change with the loop at line 6 (k)" in dropped.get(7, ""), dropped
