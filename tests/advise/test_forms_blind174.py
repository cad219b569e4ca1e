"""blind174-175's misses at first contact (2026-12-02), each as a small program: a list made
by ``.tolist()`` and tested with ``in`` in the function it is passed to; a comprehension whose
``if`` scans a list, told as an element loop; and a pure helper's ``return`` of an inverse told
inside it where the call in the loop is what to move. Never a wall-clock assertion."""

from __future__ import annotations

import ast
from pathlib import Path

from arraybench.advise.profile import profile
from arraybench.advise.rules.patterns.list_membership import _as_set
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write


def test_a_list_of_an_arrays_items_is_made_a_set_where_it_is_made() -> None:
    # blind174's CCTV survey: ``on_programme = rng.choice(inv["id"], 200).tolist()``, passed
    # to the function that tests it for 40,000 records (29% measured): told at the test only
    value = ast.parse("rng.choice(ids, 200, replace=False).tolist()", mode="eval").body
    assert _as_set(value) == "set(rng.choice(ids, 200, replace=False).tolist())"
    assert _as_set(ast.parse("list(ids)", mode="eval").body) == "set(list(ids))"
    assert _as_set(ast.parse("ids.copy()", mode="eval").body) is None


LEAGUE = """\
import numpy as np


class Bowler:
    def __init__(self, bid):
        self.bid = bid


def season(rng):
    bowlers = [Bowler(b) for b in range(3000)]
    sanctioned = [int(b) for b in rng.permutation(3000)[:2200]]
    total = 0
    for week in range(30):
        series = rng.integers(100, 300, 3000)
        counted = [int(series[b.bid]) for b in bowlers if b.bid in sanctioned]
        total += sum(counted)
    return total


print("result:", season(np.random.default_rng(0)))
"""


def test_a_comprehensions_if_that_scans_a_list_is_the_scans_cost(tmp_path: Path) -> None:
    # blind175's league: ``[... for b in bowlers if b.bid in sanctioned]`` per week, told
    # AB101 (60%) where the 2,200-item list's scans are the cost (63% measured)
    found = _found(profile(Target(script=_write(tmp_path, "league.py", LEAGUE))))
    f = found.get(15)
    assert f is not None and f.code == "AB416", found
    made = found.get(11)
    assert made is not None and made.fix_of == 15, found


CASES = """\
import numpy as np


def trend_weights(half, order):
    offsets = np.arange(-half, half + 1, dtype=float)
    V = np.vander(offsets, order + 1, increasing=True)
    return np.linalg.pinv(V)


rng = np.random.default_rng(0)
rh = rng.random((40, 3000))
total = 0.0
for t in range(12, 2988):
    W = trend_weights(12, 2)
    total += float((rh[:, t - 12 : t + 13] @ W.T)[:, 1].sum())
print("result:", total)
"""


def test_a_pure_helpers_inverse_is_moved_with_its_call(tmp_path: Path) -> None:
    # blind175's display cases: ``W = trend_weights(HALF_WINDOW, order)`` per hour, its
    # ``return np.linalg.pinv(V)`` told inside the helper "to be passed to trend_weights()"
    found = _found(profile(Target(script=_write(tmp_path, "cases.py", CASES))))
    f = found.get(14)
    assert f is not None and f.code == "AB411", found
    assert 7 not in found, found
