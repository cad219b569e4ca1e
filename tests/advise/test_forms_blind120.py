"""The forms blind120 .. blind123 (benchmarks/) wrote, cut down to what made the profiler miss
them: a builtin ``sum`` over the items a mask picks (``sum(rise[rise > 0])``, blind120's
falconry climbs, "no known pattern"); a constant stiffness inverted at every step two calls
down, whose method reads ``self.k.to(device)`` (blind120's ski-lift rope: ``.to`` taken as a
change of ``k``). Never a wall-clock assertion."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.read.purity import set_after_init
from arraybench.advise.read.source import SourceFile
from arraybench.advise.rules.patterns.invariant_inputs import kept_methods
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

CLIMBS = """\
import numpy as np


class TrackStats:
    @staticmethod
    def total_climb(alt):
        rise = np.diff(alt)
        return sum(rise[rise > 0])


rng = np.random.default_rng(0)
flights = [np.cumsum(rng.normal(0.02, 0.25, size=6000)) for _ in range(60)]
climbs = [TrackStats.total_climb(alt) for alt in flights]
print("result:", float(np.sum(climbs)))
"""


def test_a_builtin_sum_over_the_items_a_mask_picks(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "climbs.py", CLIMBS)))
    f = _found(report).get(8)
    assert f is not None and f.code == "AB409", _found(report)
    assert "sum() over a numpy.ndarray float64 of up to 5,999 items" in f.evidence
    assert "rise[rise > 0].sum()" in f.evidence


ROPE = """\
import torch

device = "cpu"


class Rope:
    def __init__(self, n):
        self.k = torch.eye(n, dtype=torch.float64) * 2.0
        self.k[0, 0] += 1.0

    def stiffness(self):
        return self.k.to(device)


class Solver:
    def __init__(self, rope):
        self.rope = rope

    def compliance(self):
        return torch.linalg.inv(self.rope.stiffness())
"""


def test_a_library_method_making_a_new_value_of_an_attribute_changes_nothing() -> None:
    tree = ast.parse(ROPE)
    sf = SourceFile("rope.py", ROPE.splitlines(), tree)
    # (``self.k.to(device)`` is a new tensor, ``self.k`` as it was: the method gives the
    # same stiffness at every call, and the solver's rope is not changed by calling it)
    assert kept_methods(tree) == {"Rope": frozenset({"stiffness"})}
    assert not set_after_init(sf, "k")
    assert not set_after_init(sf, "rope")


def test_numpy_data_cast_on_its_way_in_is_no_float64_conversion() -> None:
    # (blind122's street grid: ``torch.from_numpy(rng.uniform(...).astype(np.float32))`` was
    # told to make float64 tensors, 27% of the run, the float64 that reached the loop being
    # another conversion's; that one stays a candidate)
    from arraybench.advise.rules.patterns.float64_from_numpy import _conversions

    tree = ast.parse(
        "t = torch.from_numpy(rng.uniform(0.5, 2.0, n).astype(np.float32))\n"
        "u = torch.as_tensor(np.asarray(x, dtype=np.float32))\n"
        "v = torch.from_numpy(np.float32(x))\n"
        "e = torch.from_numpy(rng.uniform(0.0, 1.5, n))\n"
        "w = torch.from_numpy(x.astype(np.float64))\n"
    )
    assert sorted(_conversions(tree)) == [4, 5]


def test_a_lines_builtins_take_no_place_of_its_recorded_names(tmp_path: Path) -> None:
    # (blind121's lacrosse replay: ``list``, ``map`` and ``partial``'s line held eight names
    # before ``states``, the rows the model is mapped over, which was never recorded)
    from arraybench.advise.run.sampler import FACT_NAMES, _LineNames

    p = tmp_path / "replay.py"
    p.write_text(
        "from functools import partial\n"
        "def replay(model, games, device, state_prob, torch):\n"
        "    for states in games:\n"
        "        probs = torch.stack(list(map(partial(state_prob, model), states.to(device))))\n"
    )
    names = _LineNames()(str(p), 4)
    assert "states" in names and len(names) <= FACT_NAMES + 3, names
    assert "list" not in names and "map" not in names
