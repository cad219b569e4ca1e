"""blind169's miss at first contact as a small program: a list of suspended patrons, made once
at module level, tested with ``in`` on an ``if`` line that calls nothing (no signal handled
there, so the run never saw the list), ~50% of the run measured by a set. Never a wall-clock
assertion."""

from __future__ import annotations

import ast
from pathlib import Path

from arraybench.advise.profile import profile
from arraybench.advise.run.checks import _riders
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

HOLDS = """\
from collections import deque

import numpy as np

rng = np.random.default_rng(5)
fines = rng.gamma(0.3, 6.0, 20_000)
suspended = [p for p in np.flatnonzero(fines > 4.0).tolist()]


def hand_out(queue):
    skipped = 0
    while queue:
        patron = queue.popleft()
        if patron in suspended:
            skipped += 1
            continue
        return patron, skipped
    return -1, skipped


total = 0
for day in range(60_000):
    queue = deque(rng.integers(0, 20_000, 3).tolist())
    patron, skipped = hand_out(queue)
    total += patron + skipped
print("result:", total)
"""


def test_an_if_whose_test_calls_nothing_rides_along_with_its_loops_looks() -> None:
    riders = _riders(ast.parse(HOLDS))
    assert 14 in riders[13] and 14 in riders[15]


def test_a_list_made_once_and_tested_in_a_loop_is_told_with_its_making_line(
    tmp_path: Path,
) -> None:
    report = profile(Target(script=_write(tmp_path, "holds.py", HOLDS)))
    found = _found(report)
    use = found.get(14)
    assert use is not None and use.code == "AB416", found
    made = found.get(7)
    assert made is not None and made.fix_of == 14, found
    assert "suspended = {p for p in" in made.evidence, made.evidence


BAKERY = """\
import numpy as np


def schedule(batches, on_hold):
    done = 0
    for b in batches:
        if b in on_hold:
            continue
        done += b % 7
    return done


rng = np.random.default_rng(6)
total = 0
for night in range(30):
    batches = list(range(night * 6000, night * 6000 + 6000))
    qa = rng.random(len(batches))
    on_hold = [b for b, q in zip(batches, qa.tolist()) if q < 0.05]
    total += schedule(batches, on_hold)
print("result:", total)
"""


def test_a_list_its_caller_makes_and_passes_is_told_at_the_making_line(tmp_path: Path) -> None:
    # blind168's bakery: ``on_hold = [b.batch_id for ...]`` made each night and handed to
    # ``schedule(batches, on_hold)``, whose loop tests each batch against it (48% measured);
    # the comprehension itself read as a small element loop there, and kept the line
    report = profile(Target(script=_write(tmp_path, "bakery.py", BAKERY)))
    found = _found(report)
    use = found.get(7)
    assert use is not None and use.code == "AB416", found
    made = found.get(18)
    assert made is not None and made.code == "AB416" and made.fix_of == 7, found
    assert "on_hold = {b for (b, q) in" in made.evidence or "on_hold = {b for b, q in" in (
        made.evidence
    ), made.evidence
