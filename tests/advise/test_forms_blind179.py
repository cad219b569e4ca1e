"""blind179's misses at first contact (2026-12-02), each as a small program: a method's
``return block in self.in_service`` called from an ``if`` test, its list scans read on the
next call of the branch taken and the list never seen; and an event counter's ``x =
float(g[i])``, the loop's only tensor work, told as a recurrence at the loop's line. Never a
wall-clock assertion."""

from __future__ import annotations

import ast
from pathlib import Path

from arraybench.advise.profile import profile
from arraybench.advise.run.checks import receiver_tails, return_runs
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

HYDRANTS = """\
import numpy as np


class Register:
    def __init__(self, rng):
        ids = rng.choice(90000, size=6000, replace=False)
        self.in_service = sorted(ids.tolist())

    def has(self, block):
        return block in self.in_service


def delay(block, register, rng):
    if register.has(block):
        return 1.0 + rng.uniform(0.1, 1.0)
    return 7.0 + rng.exponential(2.0)


rng = np.random.default_rng(3)
register = Register(rng)
blocks = rng.integers(0, 90000, 8000)
total = 0.0
for b in blocks.tolist():
    total += delay(b, register, rng)
print("result:", total)
"""


def test_a_methods_return_called_from_an_if_is_handled_in_the_branch_taken() -> None:
    # the check after ``if register.has(block):`` is the first call of the branch taken, or
    # the statement after the ``if``; the method's ``self.in_service`` is read through the
    # receiver at those lines
    tree = ast.parse(HYDRANTS)
    runs = return_runs(tree)
    assert ((15,), 14, (10,)) in runs and ((16,), 14, (10,)) in runs, runs
    tails = receiver_tails(tree)
    for line in (14, 15, 16):
        assert (10, "register", "in_service") in tails[line], tails


def test_a_list_held_by_an_object_and_scanned_in_its_method(tmp_path: Path) -> None:
    # blind179's hydrant audit: ``return block in self.in_service``, 8,300 ids scanned for
    # 12,000 incidents (35% measured), read on the ``else`` branch's draw and never seen;
    # the list is made once in ``__init__``: that line listed as the fix
    found = _found(profile(Target(script=_write(tmp_path, "hydrants.py", HYDRANTS))))
    f = found.get(10)
    assert f is not None and f.code == "AB416", found
    made = found.get(7)
    assert made is not None and made.fix_of == 10, found
    assert "set(ids.tolist())" in made.evidence


GFORCE = """\
import torch


class Audit:
    def __init__(self, limit):
        self.limit = limit
        self.events = 0
        self.open = False

    def scan(self, g):
        for i in range(len(g)):
            x = float(g[i])
            if not self.open and x > self.limit:
                self.open = True
                self.events += 1
            elif self.open and x < 0.9 * self.limit:
                self.open = False
        return self.events


gen = torch.Generator().manual_seed(5)
g = 1.0 + torch.randn(300_000, generator=gen).cumsum(0) * 0.01
print("result:", Audit(1.2).scan(g))
"""


def test_a_recurrence_whose_tensor_work_is_one_conversion_is_told_there(tmp_path: Path) -> None:
    # blind179's g-force audit: ``x = float(g[i])`` for 768,000 samples in an event counter
    # (26% measured), told AB406 at the loop's line; the rest of the steps are on floats
    found = _found(profile(Target(script=_write(tmp_path, "gforce.py", GFORCE))))
    f = found.get(12)
    assert f is not None and f.code == "AB201", found
    assert "g_list = g.tolist()" in f.evidence
    assert 11 not in found, found
