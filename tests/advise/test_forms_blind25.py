"""The forms blind25 (benchmarks/blind25) wrote around known kinds, cut down to what made the
profiler miss them: an inverse in a property of a matrix another property makes, read by a
function the loop hands the object to. Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

CHAIN = """\
import numpy as np


class Chain:
    def __init__(self, stiffness, masses, dt):
        self.stiffness = stiffness
        self.masses = masses
        self.dt = dt

    @property
    def system(self):
        return np.diag(self.masses) + self.dt ** 2 * self.stiffness

    @property
    def solver(self):
        return np.linalg.inv(self.system)


def step(chain, x, v, force):
    rhs = chain.masses * v - chain.dt * (chain.stiffness @ x) + chain.dt * force
    v_new = chain.solver @ rhs
    return x + chain.dt * v_new, v_new


rng = np.random.default_rng(7)
a = rng.standard_normal((150, 150))
chain = Chain(a @ a.T / 150 + np.eye(150), rng.uniform(0.5, 2.0, size=150), 0.002)
x = rng.normal(0.0, 0.01, size=150)
v = np.zeros(150)
force = np.zeros(150)
for t in range(300):
    force[0] = np.sin(0.05 * t)
    x, v = step(chain, x, v, force)
print("result:", float(np.abs(x).sum()))
"""


def test_an_inverse_of_a_property_of_another_property_read_by_a_function_is_invariant(
    tmp_path: Path,
) -> None:
    # blind25's np_spring_chain: ``chain.solver`` in ``step(chain, ...)``, the loop passing the
    # same object each time; ``self.system`` is a getter of one formula of attributes that only
    # __init__ sets, timed as that formula
    found = _found(profile(Target(script=_write(tmp_path, "chain.py", CHAIN))))
    f = found.get(16)
    assert f is not None and f.code == "AB411", found
    assert "its part `np.linalg.inv(self.system)`" in f.evidence
    assert "self.stiffness: numpy.ndarray float64 150x150" in f.evidence
    assert "(it calls step() with the same ones)" in f.evidence
    assert f.gain is not None and 0 < f.gain[0] <= f.gain[1] <= f.seconds + 1e-9


CHANGED = CHAIN.replace(
    "    x, v = step(chain, x, v, force)",
    "    x, v = step(chain, x, v, force)\n    chain.dt *= 1.0001",
)


def test_a_property_of_an_attribute_the_loop_changes_is_not_invariant(tmp_path: Path) -> None:
    found = _found(profile(Target(script=_write(tmp_path, "chain_dt.py", CHANGED))))
    assert all(f.code != "AB411" for f in found.values()), found


BANK = """\
import torch


class MemoryBank:
    def __init__(self, n_items, dim, g):
        self._bank = torch.randn(n_items, dim, generator=g)

    @property
    def vectors(self):
        return self._bank.clone()

    def write(self, idx, vec):
        self._bank[idx] = vec


class Recommender:
    def __init__(self, bank):
        self.bank = bank

    def recommend(self, user):
        scores = self.bank.vectors @ user
        return torch.topk(scores, 10)


g = torch.Generator().manual_seed(4)
bank = MemoryBank(40_000, 64, g)
rec = Recommender(bank)
total = 0.0
for step, user in enumerate(torch.randn(300, 64, generator=g)):
    top = rec.recommend(user)
    total += float(top.values.sum())
    if step % 10 == 0:
        bank.write(int(top.indices[0]), torch.randn(64, generator=g))
print("result:", total)
"""


def test_a_propertys_copy_read_in_its_own_statement_is_needless_though_a_method_writes(
    tmp_path: Path,
) -> None:
    # blind25's torch_memory_lookup: ``self.bank.vectors @ q`` uses the copy at once; that
    # write() changes the bank later does not make the copy needed
    found = _found(profile(Target(script=_write(tmp_path, "bank.py", BANK))))
    f = found.get(10)
    assert f is not None and f.code == "AB203", found
    assert "each in its own statement (line 21: `scores = self.bank.vectors @ user`)" in (
        f.evidence
    )


KEPT = BANK.replace(
    "        scores = self.bank.vectors @ user\n",
    "        kept = self.bank.vectors\n        self.bank.write(0, user)\n"
    "        scores = kept @ user\n",
)


def test_a_propertys_copy_kept_past_a_write_is_needed(tmp_path: Path) -> None:
    assert "kept = self.bank.vectors" in KEPT
    found = _found(profile(Target(script=_write(tmp_path, "bank_kept.py", KEPT))))
    f = found.get(10)
    assert f is None or f.code != "AB203", f
