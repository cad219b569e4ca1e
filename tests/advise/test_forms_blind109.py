"""blind109's sail loft, cut down to what made the profiler miss it: an inverse of a matrix a
kept method of each panel builds (``np.linalg.inv(panel.stiffness())``), two calls below a loop
over the same panels, inside a loop over load cases. Its inputs change with the panel loop's
index alone, over the same items at every case: one value per panel, made once. Made anew at
every case (the panels rebuilt in the outer loop), nothing is said. Never a wall-clock
assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

SAIL = """\
from dataclasses import dataclass

import numpy as np


@dataclass
class Panel:
    pid: int
    n: int
    modulus: float

    def stiffness(self):
        k = np.diag(np.full(self.n, 2.0 * self.modulus))
        k -= np.diag(np.full(self.n - 1, self.modulus), 1)
        k -= np.diag(np.full(self.n - 1, self.modulus), -1)
        return k + 0.05 * np.eye(self.n)


def _solve(panel, rhs):
    compliance = np.linalg.inv(panel.stiffness())
    return compliance @ rhs


def deflect(panel, pressure):
    return _solve(panel, pressure * (1 + panel.pid))


def main():
    rng = np.random.default_rng(0)
    panels = [Panel(i, 120, 1.0 + i) for i in range(4)]
    total = 0.0
    for case in range(60):
        pressure = rng.uniform(size=120)
        for p in panels:
            total += float(deflect(p, pressure).sum())
    print("result:", total)


main()
"""


@pytest.mark.parametrize("direct", [False, True])
def test_an_inverse_per_item_of_a_loop_inside_the_loop_a_call_down(
    tmp_path: Path, direct: bool
) -> None:
    # (``direct``: the panel loop calls ``_solve`` itself, no function between)
    text = (
        SAIL.replace("float(deflect(p, pressure)", "float(_solve(p, pressure)") if direct else SAIL
    )
    report = profile(Target(script=_write(tmp_path, "sail.py", text)))
    f = _found(report).get(20)
    assert f is not None and f.code == "AB411"  # (it was "no known pattern")
    assert "the index of the loop at line 34" in f.evidence
    assert "make the 4 values once, one for each p" in f.evidence
    assert "before the loop at line 32" in f.evidence
    assert "panel.stiffness()" in f.evidence  # (its time counted with the line's)


def test_items_made_anew_at_every_entry_are_not_made_once(tmp_path: Path) -> None:
    text = SAIL.replace(
        "        pressure = rng.uniform(size=120)\n",
        "        pressure = rng.uniform(size=120)\n"
        "        panels = [Panel(i, 120, 1.0 + i + case) for i in range(4)]\n",
    )
    report = profile(Target(script=_write(tmp_path, "sail.py", text)))
    assert 20 not in _found(report)
