"""AB406's price: what a recurrence's loop would cost on Python floats and lists."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from arraybench.advise.read.source import Loop, SourceFile, read_source
from arraybench.advise.rules.float_steps import element_work, float_cost
from arraybench.advise.run.values import describe

SCALAR_OP, LIST_OP = 4e-8, 5e-7

SCALAR = """\
import numpy as np
x = np.zeros(1000)
b = np.ones(1000)
for i in range(1, 1000):
    x[i] = 0.5 * x[i - 1] + b[i]
"""

FORWARD = """\
import numpy as np
A = np.full((2, 2), 0.5)
alpha = np.zeros((30, 2))
for t in range(1, 30):
    alpha[t] = alpha[t - 1].dot(A) * alpha[t - 1]
"""


def _loop(tmp_path: Path, text: str, line: int) -> tuple[SourceFile, Loop]:
    """The source of a program written into ``tmp_path`` and its loop at ``line``."""
    p = tmp_path / "prog.py"
    p.write_text(text)
    sf = read_source(str(p))
    loop = sf.loop_at(line)
    assert loop is not None
    return sf, loop


def _cost(tmp_path: Path, text: str, values: dict[str, object], count: int) -> float:
    sf, loop = _loop(tmp_path, text, 4)
    facts = {k: describe(v) for k, v in values.items()}
    return float_cost(
        sf, loop, lambda ln: facts if ln == 5 else {}, lambda ln: count, SCALAR_OP, LIST_OP
    )


def test_a_recurrence_on_single_elements_costs_a_float_operation_per_operator(
    tmp_path: Path,
) -> None:
    # x[i] = 0.5 * x[i - 1] + b[i]: three operators on single elements (i - 1 included)
    cost = _cost(tmp_path, SCALAR, {"x": np.zeros(1000), "b": np.ones(1000)}, 999)
    assert cost == pytest.approx(999 * 3 * SCALAR_OP)


def test_a_step_on_vectors_costs_a_comprehension_per_operation_and_per_product_output(
    tmp_path: Path,
) -> None:
    # alpha[t - 1].dot(A) on a 2-vector and a 2x2 matrix: one comprehension per output and one
    # around them (1 + sqrt(4)), plus its four multiply-adds; `* alpha[t - 1]` one more
    # comprehension (the result is a 2-vector); t - 1 twice on single elements
    values = {"alpha": np.zeros((30, 2)), "A": np.full((2, 2), 0.5)}
    cost = _cost(tmp_path, FORWARD, values, 29)
    per = (3 * LIST_OP + 4 * SCALAR_OP) + (LIST_OP + 2 * SCALAR_OP) + 2 * SCALAR_OP
    assert cost == pytest.approx(29 * per)
    # the same step priced without the vectors' sizes would be six float operations: the
    # price that stated a 2-state HMM's loop at 16-18% of its run where the rewrite saved 1-4%
    assert cost > 5 * 29 * 6 * SCALAR_OP


COLUMNS = """\
import numpy as np
W = np.ones((30, 784))
def feed(a):
    return np.dot(W, a)
res = [np.argmax(feed(x)) for x in data]
"""


def test_a_comprehensions_element_work_is_the_work_of_the_functions_it_calls(
    tmp_path: Path,
) -> None:
    # network2.py's accuracy(): [(np.argmax(self.feedforward(x)), y) for (x, y) in data] over
    # 10,000 (784, 1) columns, priced as if the rewrite were free (7.3% stated, ~4% saved): the
    # products feedforward makes are still made on the stacked columns
    sf, loop = _loop(tmp_path, COLUMNS, 5)
    assert loop.comprehension
    facts = {4: {"W": describe(np.ones((30, 784))), "a": describe(np.ones((784, 1)))}}
    work = element_work(sf, loop, lambda ln: facts.get(ln, {}), lambda ln: 10_000)
    assert work == 10_000 * 30 * 784  # np.dot(W, a): W's elements, a run of feed


ROLLOUT = """\
import numpy as np

def rollout(x, v):
    traj = np.array(x)
    for k in range(30):
        x = x + v
        traj = np.vstack((traj, x))
        cost = np.hypot(obstacles[:, 0] - x[0], obstacles[:, 1] - x[1]).min()
    return traj
"""


def test_a_recurrences_float_price_grows_a_list_and_keeps_what_floats_would_not_speed(
    tmp_path: Path,
) -> None:
    sf, loop = _loop(tmp_path, ROLLOUT, 5)
    facts = {
        6: {"x": describe(np.zeros(5)), "v": describe(np.ones(5))},
        7: {"traj": describe(np.zeros((30, 5))), "x": describe(np.zeros(5))},
        8: {"obstacles": describe(np.zeros((400, 2))), "x": describe(np.zeros(5))},
    }
    scalar, listed = 4e-8, 5e-7

    def cost(time_at: object = None) -> float:
        return float_cost(
            sf,
            loop,
            lambda ln: facts.get(ln, {}),
            lambda ln: 1000,
            scalar,
            listed,
            time_at,  # type: ignore[arg-type]
        )

    # line 7's vstack on lists is an append, not a copy of its 150 elements
    growth = 1000 * listed
    # line 8 on floats: a comprehension over 400 obstacles per operation, ~40 us a run,
    # where the run took 5 ms for its 1000 runs
    took = {6: 2e-3, 7: 3e-3, 8: 5e-3}
    capped = cost(lambda first, last: sum(took.get(ln, 0.0) for ln in range(first, last + 1)))
    assert capped < cost()
    assert capped == pytest.approx(
        min(1000 * (listed + 3 * scalar), 2e-3) + min(growth, 3e-3) + 5e-3
    )
