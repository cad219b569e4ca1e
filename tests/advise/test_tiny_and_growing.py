"""AB412 (NumPy or torch calls on arrays of a few elements, run many times) and AB413 (a reduction
or conversion of a whole Python list in the loop that grows it): each fires on its slow form and
not on its look-alikes, with the values seen and a price inside the measured time. Never a
wall-clock assertion."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.read.source import read_source
from arraybench.advise.rules.patterns.growing_list import _grown
from arraybench.advise.rules.patterns.tiny_arrays import _Ops
from arraybench.advise.run.evaluate import expression_time, list_call_time
from arraybench.advise.run.launch import Target
from arraybench.advise.run.values import ARRAY, SCALAR, SEQUENCE, Fact

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")


TINY = """\
import numpy as np


def probs(theta, x):
    h = np.exp(theta @ x)
    return h / np.sum(h)


rng = np.random.default_rng(0)
theta = np.zeros(2)
W = rng.random((512, 4))
feats = rng.random(4)
acc = 0.0
for t in range(30_000):
    x = rng.standard_normal((2, 2))
    pi = probs(theta, x)
    theta += 0.001 * (x[:, 0] - x @ pi)
for k in range(50):
    acc += float(np.max(theta / np.linalg.norm(theta)))
for k in range(3_000):
    acc += float((W @ feats).sum())
print(acc)
"""


def test_numpy_on_two_element_arrays_in_a_hot_loop_is_tiny_array_calls(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "tiny.py", TINY)))
    found = _found(report)
    f = found.get(5)
    assert f is not None and f.code == "AB412"
    assert f.end == 6  # the two-line softmax is one finding: it is rewritten whole
    assert f.snippet.endswith("return h / np.sum(h) (lines 5-6)")  # and says where it ends
    assert "at most 4 elements" in f.evidence and "theta: numpy.ndarray float64 2" in f.evidence
    assert "on Python floats" in f.evidence and ".tolist()" in f.evidence
    # its time is what the rewrite saves: the middle of the priced interval
    assert f.gain is not None and 0 <= f.gain[0] <= f.seconds <= f.gain[1]
    assert abs(f.seconds - (f.gain[0] + f.gain[1]) / 2) <= 1e-9 * max(f.seconds, 1.0)
    # run 50 times: tiny arrays, but too few runs to matter
    assert 19 not in found or found[19].code != "AB412"
    # a 512 x 4 matrix times a 4-vector: an operand is not tiny, the time is the product's
    assert 21 not in found or found[21].code != "AB412"


NUMBERS = """\
import math

import numpy as np
from scipy import stats


def rate_of(index, margin):
    return np.maximum(index + margin, 0.02) / 12.0


rng = np.random.default_rng(0)
path = rng.normal(0.03, 0.01, 20_000).tolist()
big = rng.normal(0.0, 1.0, 600).tolist()
total = 0.0
for m, x in enumerate(path):
    total += rate_of(x, 0.01)
    total += math.log(stats.norm.pdf(x, 0.03, 0.01))
    xs = path[m : m + 7]
    total += np.var(xs)
for k in range(40):
    total += np.var(big) + float(np.exp(0.5))
print(total)
"""


def test_library_calls_on_python_numbers_are_tiny_array_calls(tmp_path: Path) -> None:
    # round 13's stats.norm.pdf on one float (76% of gps_soln): no array at all, the
    # per-call cost is the time
    report = profile(Target(script=_write(tmp_path, "numbers.py", NUMBERS)))
    found = _found(report)
    f = found.get(17)
    assert f is not None and f.code == "AB412", found
    assert "on Python numbers or a short list of them" in f.evidence
    assert "with no array to make again" in f.evidence and "x: float" in f.evidence
    assert f.gain is not None and 0 <= f.gain[0] <= f.seconds <= f.gain[1]
    # round 13's np.var of a 7-item list, converted at every call
    h = found.get(19)
    assert h is not None and h.code == "AB412" and "xs: list of 7" in h.evidence, found
    # a 600-item list, and calls run 40 times: none
    assert 21 not in found or found[21].code != "AB412"


def test_operations_are_counted_from_the_values_seen() -> None:
    tiny = Fact(ARRAY, "numpy.ndarray", "float64", "cpu", (2,))
    facts = {
        "h": tiny,
        "x": Fact(ARRAY, "numpy.ndarray", "float64", "cpu", (2, 2)),
        "rng": Fact("other", "numpy.Generator"),
        "r": Fact(SCALAR, "numpy.float64", "float64"),
        "k": Fact(SCALAR, "int", value=3),
        "model": Fact("other", "Net"),
        "out": Fact(SEQUENCE, "list", shape=(300,), item=SCALAR),
    }
    aliases = {"np": "numpy", "math": "math"}

    def ops(src: str) -> tuple[int, bool]:
        o = _Ops(facts, aliases, {"helper"})
        o.count(ast.parse(src))
        return o.ops, o.unknown

    assert ops("h / np.sum(h)") == (2, False)
    assert ops("rng.choice(2, p=h)") == (1, False)
    assert ops("x[:, k] - x @ h") == (3, False)
    assert ops("math.exp(k) + helper(h)") == (0, False)  # a float and a function of the file
    assert ops("model.forward(h)")[1]  # a method of an object: its time may be real work
    assert ops("k * 2 + 1") == (0, False)
    assert ops("print(np.sum(h))")[1]  # output: not a step to time again after the run
    assert ops("out.append(np.sum(h))") == (1, False)  # a list's own method: no library call


def test_a_line_of_tiny_calls_is_timed_again_on_inputs_like_those_seen() -> None:
    facts = {
        "theta": Fact(ARRAY, "numpy.ndarray", "float64", "cpu", (2,)),
        "x": Fact(ARRAY, "numpy.ndarray", "float64", "cpu", (2, 2)),
        "pi": Fact(ARRAY, "numpy.ndarray", "float64", "cpu", (2,)),
        "rng": Fact("other", "numpy.Generator"),
    }
    t = expression_time("np.exp(theta @ x) / np.sum(theta)", facts, {"np": "numpy"}, 0.1)
    assert t is not None and t > 0
    # a probability vector made again sums to one: rng.choice accepts it
    assert expression_time("rng.choice(2, p=pi)", facts, {"np": "numpy"}, 0.1) is not None
    other = {"net": Fact("other", "Net")}
    assert expression_time("net(1)", other, {}, 0.1) is None  # cannot be made again


GROWING = """\
import numpy as np

rng = np.random.default_rng(1)
xs = rng.standard_normal(6_000).tolist()
hist = []
window = []
scores = 0.0
for x in xs:
    hist.append(x)
    mu = np.mean(hist)
    recent = np.mean(hist[-10:])
    trio = [x, 2 * x, 3 * x, 4 * x]
    level = np.mean(trio)
    scores += mu + recent + level
spread = np.std(hist)
print(scores + spread)
"""


def test_a_mean_of_the_list_the_loop_grows_is_a_growing_list_reduction(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "grow.py", GROWING)))
    found = _found(report)
    f = found.get(10)
    assert f is not None and f.code == "AB413"
    assert "appends to hist" in f.evidence and "6,000 appends" in f.evidence
    assert "~3,000 at a call" in f.evidence and "numpy.mean()" in f.evidence
    # its time is the call's less what running sums cost: the top of the priced interval
    assert f.gain is not None and 0 <= f.gain[0] <= f.gain[1] == f.seconds
    for line in (11, 13, 15):  # a bounded window, a list made again each time, after the loop
        assert line not in found or found[line].code != "AB413"


def test_a_list_is_growing_unless_the_loop_trims_or_makes_it_again() -> None:
    def grown(src: str) -> tuple[list[int], bool]:
        return _grown(ast.parse(textwrap.dedent(src)).body, "hist")

    assert grown("hist.append(x)\nm = np.mean(hist)\n") == ([1], False)
    assert grown("hist += [x]\n") == ([1], False)
    assert grown("hist.append(x)\nif len(hist) > 50:\n    hist.pop(0)\n")[1]
    assert grown("hist.append(x)\nhist = hist[-50:]\n")[1]
    assert grown("hist = [x, y]\n")[1]
    assert grown("hist.append(x)\ndel hist[0]\n")[1]
    assert grown("other.append(x)\n") == ([], False)


def test_a_list_reduction_is_timed_after_the_run_at_the_length_seen() -> None:
    small = list_call_time("numpy", "mean", 10, 0.1)
    large = list_call_time("numpy", "mean", 10_000, 0.1)
    assert small is not None and large is not None
    assert small[1] <= small[0] <= small[2] and large[0] > small[0]
    assert list_call_time("numpy", "no_such_function", 10, 0.1) is None


def test_the_growing_list_pattern_reads_a_helper_called_with_the_list(tmp_path: Path) -> None:
    src = """\
    import numpy as np


    def flat(losses):
        return np.mean(losses) > 0.5


    losses = []
    for step in range(10):
        losses.append(step / 10)
        flat(losses)
    """
    path = _write(tmp_path, "helper.py", src)
    sf = read_source(str(path))
    from arraybench.advise.rules.patterns.growing_list import PATTERN

    got = PATTERN._growth(None, sf, 5, "losses")  # type: ignore[arg-type]
    assert got is not None
    words, grows, made = got
    assert "flat() is called with losses from the loop at line 9" in words
    assert grows == [10] and made == [8]


def test_a_round_trip_through_python_numbers_is_timed_on_an_array_like_the_one_seen() -> None:
    from arraybench.advise.run.evaluate import round_trip_time

    t = round_trip_time(Fact(ARRAY, "numpy.ndarray", "float64", "cpu", (2,)), 0.1)
    assert t is not None and t > 0
    assert round_trip_time(Fact("other", "Net"), 0.1) is None


def test_a_row_of_a_large_table_taken_with_an_integer_index_is_the_part_worked_on() -> None:
    from arraybench.advise.rules.patterns.tiny_arrays import _used

    q = Fact(ARRAY, "numpy.ndarray", "float64", "cpu", (500, 4))
    facts = {"Q": q, "s": Fact(SCALAR, "int", value=7), "a": Fact(SCALAR, "numpy.int64", "int64")}
    facts["idx"] = Fact(ARRAY, "numpy.ndarray", "int64", "cpu", (3,))

    def used(src: str) -> tuple[int, ...]:
        return _used(ast.parse(src).body[0], "Q", q, facts).shape

    assert used("a = np.argmax(Q[s])") == (4,)  # one row of 4 values: tiny
    assert used("Q[s, a] += 0.1 * (r + Q[s].max() - Q[s, a])") == (4,)
    assert used("v = Q[s, a] * 2") == (500, 4)  # an element of a large table: element loops
    assert used("best = Q.max(axis=1)") == (500, 4)  # the whole table
    assert used("v = Q[idx]") == (500, 4)  # fancy indexing: its size is the index's
    assert used("v = Q[s] + Q.mean()") == (500, 4)  # used whole too


def test_a_hot_line_of_tiny_arrays_run_a_few_times_is_hinted_as_tiny_array_calls(
    tmp_path: Path,
) -> None:
    src = """\
    import numpy as np

    theta = np.array([0.3, -0.2])
    x = np.ones((2, 2))
    acc = 0.0
    for t in range(900):
        acc += float(np.exp(theta @ x).sum() / np.sum(np.exp(theta @ x)))
    print(acc)
    """
    report = profile(Target(script=_write(tmp_path, "few.py", src)))
    assert 7 not in _found(report)  # 900 runs: too few for a finding
    got = [h for h in report.hot if h.line == 7]
    assert got, [(h.line, h.hint) for h in report.hot]
    assert got[0].closest == "AB412"
    assert "on arrays of at most 4 elements" in got[0].hint
    assert "too few to matter (1,000 needed)" in got[0].hint


def test_an_objects_list_grown_by_a_method_called_per_step_is_growing(tmp_path: Path) -> None:
    from arraybench.advise.rules.patterns.growing_list import PATTERN

    src = """\
    import numpy as np


    class Tracker:
        def __init__(self):
            self.rewards = []
            self.recent = []

        def step(self, r):
            self.rewards.append(r)
            self.recent.append(r)
            self.recent = self.recent[-10:]
            return np.mean(self.rewards) + np.mean(self.recent)
    """
    sf = read_source(str(_write(tmp_path, "tracker.py", src)))
    got = PATTERN._growth(None, sf, 13, "self.rewards")  # type: ignore[arg-type]
    assert got is not None
    assert got[1:] == ([10], [6]) and "never trimmed" in got[0]
    assert PATTERN._growth(None, sf, 13, "self.recent") is None  # trimmed to a window


TORCH_STEPS = """\
import math

import torch


def rates(s):
    return torch.stack((s[1], -9.81 * torch.sin(s[0]) - 0.5 * s[1]))


s = torch.tensor([1.0, 0.0], dtype=torch.float64)
for n in range(8_000):
    s = s + 0.01 * rates(s)
print(float(s[0]) + math.pi)
"""


def test_torch_on_a_two_element_state_is_tiny_array_calls(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "steps.py", TORCH_STEPS)))
    f = _found(report).get(7)
    assert f is not None and f.code == "AB412"
    assert "s: torch.Tensor float64 2" in f.evidence and "timed again after the run" in f.evidence
    assert f.gain is not None and 0 <= f.gain[0] <= f.seconds <= f.gain[1]


CARRIED = """\
import numpy as np


def project(balance, margin, path):
    paid = 0.0
    for m in range(len(path)):
        rate = np.maximum(path[m] + margin, 0.02) / 12.0
        interest = balance * rate
        balance -= min(0.01 * balance + interest, balance) - interest
        paid += interest
    return paid


def decay(level, steps):
    for m in range(len(steps)):
        level = level * 0.999 + steps[m] * 0.001
    return level


rng = np.random.default_rng(0)
paths = (0.03 + rng.normal(0.0, 0.001, (300, 360))).tolist()
total = 0.0
for i in range(300):
    total += project(1000.0, 0.02, paths[i])
steps = rng.random(200_000)
total += decay(0.0, steps)
print(total)
"""


def test_a_numpy_call_that_makes_a_loops_floats_numpy_scalars_is_found_on_its_line(
    tmp_path: Path,
) -> None:
    # blind13's np_mortgage_book: np.maximum on Python floats makes the loop's rate a
    # numpy.float64, and every later step pays NumPy's scalar costs; max() is the change, on
    # line 7, not the loop's line
    report = profile(Target(script=_write(tmp_path, "carried.py", CARRIED)))
    found = _found(report)
    f = found.get(7)
    assert f is not None and f.code == "AB412", found
    assert 6 not in found, found  # the loop is not a finding of its own as well
    assert "make NumPy scalars that the loop at line 6 then carries" in f.evidence
    assert "np.maximum -> max(a, b)" in f.evidence
    assert f.end == 10 and f.count is not None and f.count.n == 300 * 360
    # priced as the loop's steps on floats: the low end (the steps at three times the float
    # costs measured after the run) can reach nothing when a slow spell fell on the run, not on
    # those costs (CI, 2e45dad: (0.0, 0.084)); the high end is a saving
    assert f.gain is not None and 0 <= f.gain[0] <= f.gain[1] <= f.seconds and f.gain[1] > 0
    # a loop over an array's elements (its NumPy scalars come from the array): the loop's own
    g = found.get(15)
    assert g is not None and g.code in ("AB101", "AB406", "AB408"), found
    assert 16 not in found or found[16].code != "AB412", found


SCALAR_DISCOUNT = """\
import math

import numpy as np


def value(principal, rate, months):
    balance = principal
    pv = 0.0
    for m in range(months):
        interest = balance * rate / 12.0
        pv += interest * np.exp(-0.03 * m / 12.0)
        balance -= principal / months
    return pv


book = 0.0
for k in range(2_500):
    book += value(1e5 + k, 0.05, 240)
print(book)
"""


def test_numpy_on_python_floats_is_priced_against_the_same_line_on_floats(
    tmp_path: Path,
) -> None:
    # blind15's np_loan_amortize: np.exp of a Python float makes pv a numpy.float64; both the
    # line and its rewrite (math.exp, pv a float) are timed after the run, and their difference
    # is the saving, where the line's sampled time is short of it (its operators' signal is
    # handled on a later line)
    report = profile(Target(script=_write(tmp_path, "discount.py", SCALAR_DISCOUNT)))
    found = _found(report)
    f = found.get(11)
    assert f is not None and f.code == "AB412", found
    assert "its NumPy functions made math's or the builtins" in f.evidence
    assert f.gain is not None and 0 < f.gain[0] <= f.seconds <= f.gain[1]


def test_numpy_calls_on_numbers_are_made_pythons_for_the_comparison() -> None:
    from arraybench.advise.rules.patterns.float_standins import _ToFloats

    aliases = {"np": "numpy", "stats": "scipy.stats"}

    def floats(src: str) -> str | None:
        change = _ToFloats(aliases)
        tree = change.visit(ast.parse(src, mode="eval"))
        return None if change.failed else ast.unparse(tree)

    assert floats("x * np.exp(-a / 2)") == "x * math.exp(-a / 2)"
    assert floats("np.maximum(r, 0.02) + np.arctan2(y, x)") == "max(r, 0.02) + math.atan2(y, x)"
    assert floats("float(math.sin(t)) + helper(t)") == "float(math.sin(t)) + helper(t)"
    assert floats("np.mean(xs)") is None  # no Python stand-in of one call
    assert floats("stats.norm.pdf(x)") is None
    assert floats("np.exp(x, out=y)") is None  # a keyword: not the same call


VERLET = """\
import numpy as np


def velret(t_end, dt, x_0, u_0, y_0, v_0):
    t = 0.0
    while t < t_end:
        t += dt
        r3 = np.sqrt(x_0 ** 2 + y_0 ** 2) ** 3
        u_tmp = u_0 + dt / 2.0 * -x_0 / r3
        v_tmp = v_0 + dt / 2.0 * -y_0 / r3
        x_1 = x_0 + u_tmp * dt
        y_1 = y_0 + v_tmp * dt
        r3_1 = np.sqrt(x_1 ** 2 + y_1 ** 2) ** 3
        u_1 = u_tmp + dt / 2.0 * -x_1 / r3_1
        v_1 = v_tmp + dt / 2.0 * -y_1 / r3_1
        x_0, u_0, y_0, v_0 = x_1, u_1, y_1, v_1
    return x_0 + y_0


print(velret(12_000.0, 0.1, 1.0, 0.0, 0.0, 1.0))
"""


def test_a_steps_numpy_calls_on_floats_are_priced_with_the_lines_their_scalars_reach(
    tmp_path: Path,
) -> None:
    # round 16's ex5_velret: the two np.sqrt lines make every number of the step a NumPy
    # scalar; on floats (math.sqrt) the step's operator lines run on floats too: the group's
    # saving counts their share (the lines alone were priced 6-11% for the step's 58%)
    report = profile(Target(script=_write(tmp_path, "verlet.py", VERLET)))
    found = _found(report)
    f = found.get(8)
    assert f is not None and f.code == "AB412", found
    assert f.end == 13, f
    said = f.evidence.split("the NumPy scalars they make are floats in the block's lines ")
    assert len(said) == 2, f.evidence
    lines = [int(x) for x in said[1].split(" too")[0].split(", ")]
    # (the operator lines the run saw values at: most of the six)
    assert set(lines) <= {9, 10, 11, 12, 14, 15} and len(lines) >= 3, lines
    assert f.gain is not None and 0 < f.gain[0] <= f.gain[1]
