"""AB410 (a float64 value promoting float32 work) and AB108 from the run (a constant built again
at every iteration): each fires on a small program and not on its look-alikes, with its evidence
and price; and the run-time evidence they read (a list's fingerprint, the values of a loop's
operator-only lines, the line of an instruction that has none). Never a time asserted."""

from __future__ import annotations

import ast
import dis
import textwrap
from pathlib import Path

import numpy as np
import pytest

from arraybench.advise.profile import profile
from arraybench.advise.records import Finding
from arraybench.advise.rules.patterns import float64_promotion, float64_sources
from arraybench.advise.run.checks import _riders
from arraybench.advise.run.launch import Target
from arraybench.advise.run.models import float32_ratio
from arraybench.advise.run.sampler import _lineless
from arraybench.advise.run.values import Fact, describe, fingerprint

pytest.importorskip("line_profiler")


def _run(tmp_path: Path, source: str) -> tuple[Path, list[Finding]]:
    p = tmp_path / "prog.py"
    p.write_text(textwrap.dedent(source))
    report = profile(Target(script=p))
    assert report.outcome.status == 0
    return p, [*report.findings, *report.unlisted]


def _at(found: list[Finding], line: int, code: str) -> Finding | None:
    return next((f for f in found if f.line == line and f.code == code), None)


# -- AB410 -------------------------------------------------------------------------------------

NUMPY_PROMOTION = """\
import numpy as np


def run(n_steps):
    rng = np.random.default_rng(0)
    field = rng.standard_normal((400, 400)).astype(np.float32)
    gain = np.float32(0.5)
    decay = np.exp(-0.01)  # a numpy.float64
    state = np.zeros((400, 400), dtype=np.float32)
    total = np.float64(0.0)
    for step in range(n_steps):
        state = (state * 0.9 + field) * decay
        kept = field * gain + 0.5
        total += np.sum(kept * kept, dtype=np.float64)
    return state, total


state, total = run(600)
print("result:", state.dtype, float(state.sum()), float(total))
"""


def test_a_numpy_float64_scalar_promoting_a_float32_loop_is_found_priced_and_rewritten(
    tmp_path: Path,
) -> None:
    _, found = _run(tmp_path, NUMPY_PROMOTION)
    f = _at(found, 12, "AB410")
    assert f is not None, [(x.line, x.code) for x in found]
    assert "decay (numpy.float64, made at line 8" in f.evidence
    assert "field (numpy.ndarray float32 400x400" in f.evidence
    assert "float64 400x400" in f.evidence  # the result the loop carries on
    assert "np.float32(np.exp(-0.01))" in f.evidence  # the rewrite, on the line that makes it
    assert "timed after the run" in f.evidence
    assert f.gain is not None and 0 <= f.gain[0] <= f.gain[1]
    assert 0 < f.seconds <= f.gain[1] + 1e-9
    # the look-alikes: a Python float and a float32 scalar keep float32 work float32; a float64
    # sum of float32 values is meant (an accumulator)
    assert _at(found, 13, "AB410") is None
    assert _at(found, 14, "AB410") is None


NUMPY_LOOK_ALIKES = """\
import numpy as np

rng = np.random.default_rng(0)
a32 = rng.standard_normal((400, 400)).astype(np.float32)
b64 = rng.standard_normal((400, 400))
c32 = b64.astype(np.float32)  # one conversion, before the loop
out64 = np.zeros((400, 400))
for step in range(500):
    out64 = out64 * 0.5 + b64  # float64 throughout: no float32 operand
    d32 = a32 * 0.5 + c32  # a Python float: float32 stays float32
    err = a32 - b64  # float64, only summed below
    s = err.sum()
print("result:", float(out64.sum()), float(d32.sum()), float(s))
"""


def test_float64_throughout_a_python_float_and_a_value_only_summed_are_not_promotions(
    tmp_path: Path,
) -> None:
    _, found = _run(tmp_path, NUMPY_LOOK_ALIKES)
    assert not [f for f in found if f.code == "AB410"], [(f.line, f.evidence) for f in found]


STATE_PROMOTED = """\
import numpy as np

rng = np.random.default_rng(10)
n = 400_000
field = rng.standard_normal(n).astype(np.float32)
taper = np.linspace(1.0, 0.5, n)
level = rng.standard_normal(n)
for step in range(150):
    field = field * taper * 0.999 + 0.001
    level = level * taper * 0.999 + 0.001
print("result:", float(field.sum()) + float(level.sum()))
"""


def test_a_float32_state_promoted_at_its_first_step_is_found_from_where_it_was_made(
    tmp_path: Path,
) -> None:
    # the run sees ``field`` float64 at every look in the loop: the float32 it was made as is
    # in the source, before the loop; ``level`` was made float64 and stays so (meant)
    _, found = _run(tmp_path, STATE_PROMOTED)
    f = _at(found, 9, "AB410")
    assert f is not None, [(x.line, x.code) for x in found]
    assert "field (made float32 at line 5: field = rng.standard_normal(n).astype(np.float32)" in (
        f.evidence
    )
    assert "make taper float32 where it is made (line 6)" in f.evidence
    assert f.gain is not None and 0 <= f.gain[0] <= f.gain[1]
    assert _at(found, 10, "AB410") is None


FRAMES = """\
import numpy as np

rng = np.random.default_rng(3)
basis = rng.standard_normal((256, 256)).astype(np.float32)
window = np.hanning(256)
total = 0.0
for chunk in range(150):
    frames = rng.standard_normal((300, 256)).astype(np.float32)
    frames = frames * window
    coeffs = frames @ basis
    total += float(coeffs[0, 0])
print("result:", total)
"""


def test_a_promotion_on_a_line_of_operators_is_found_on_its_line(tmp_path: Path) -> None:
    # blind15's spectral frames: ``frames = frames * window`` records its values at the next
    # line's check, when frames is already float64; the float32 basis converted at line 10
    # shows it, and the finding is where frames was made float64
    _, found = _run(tmp_path, FRAMES)
    f = _at(found, 9, "AB410")
    assert f is not None, [(x.line, x.code) for x in found]
    # (told as promoted here, or, since 2026-12-02, as made float32 at line 8 in each pass
    # and float64 after this line: which one depends on where the looks fell)
    assert (
        "frames (float64 since line 9: frames = frames * window" in f.evidence
        or "frames (made float32 at line 8: frames = rng.standard_normal((300, 256)).astype("
        "np.float32); float64 after this line, each time)"
        in f.evidence
    ), f.evidence
    assert "make window float32 where it is made (line 5)" in f.evidence
    assert _at(found, 10, "AB410") is None


CARRIED_STATE = """\
import numpy as np

rng = np.random.default_rng(3)
W = (rng.standard_normal((256, 256)) / 16).astype(np.float32)
gain = rng.uniform(0.5, 0.9, 256)
state = np.zeros((16, 256), dtype=np.float32)
for t in range(3000):
    x = state @ W + 0.01
    state = np.tanh(x * gain)
print("result:", float(state.sum()))
"""


def test_a_state_promoted_at_the_end_of_an_iteration_is_found_where_it_is_made(
    tmp_path: Path,
) -> None:
    # blind16's mixer: the float32 state made float64 by gain at line 9 meets the float32 W at
    # line 8 of the next iteration
    _, found = _run(tmp_path, CARRIED_STATE)
    f = _at(found, 9, "AB410")
    assert f is not None, [(x.line, x.code) for x in found]
    assert "state (float64 since line 9: state = np.tanh(x * gain)" in f.evidence


def test_what_reads_as_made_float32() -> None:
    made = float64_sources.FLOAT32_MADE
    for text in ("x.astype(np.float32)", "torch.zeros(3, dtype=torch.float)", "t.float()"):
        assert made.search(text), text
    for text in ("torch.zeros(3, dtype=torch.float64)", "np.zeros(3)", "x.astype(float)"):
        assert not made.search(text), text
    # a torch constructor of floats with no dtype is float32 (torch's default)
    pytest.importorskip("torch")
    assert float64_sources._made_float32("2 * math.pi * torch.rand(n, generator=gen)")
    assert not float64_sources._made_float32("torch.rand(n, dtype=torch.float64)")
    assert not float64_sources._made_float32("np.random.rand(n)")


RESERVOIR = """\
import numpy as np

rng = np.random.default_rng(4)
W = (rng.normal(0.0, 1.0, (400, 400)) * 0.04).astype(np.float32)
W_in = rng.uniform(-0.5, 0.5, 400)  # float64: the default
bias = np.zeros(400, dtype=np.float32)
u = np.sin(0.05 * np.arange(3000)).astype(np.float32)
state = np.zeros(400, dtype=np.float32)
total = 0.0
for step in range(3000):
    pre = W @ state + W_in * u[step] + bias
    state = 0.7 * state + 0.3 * np.tanh(pre)
    total += float(state[0])
print("result:", total)
"""


def test_a_small_float64_state_that_converts_a_large_float32_matrix_is_a_promotion(
    tmp_path: Path,
) -> None:
    # the blind set's echo-state network: the result has 400 elements, the float32 matrix each
    # step converts has 160,000; the loop is no linear filter either
    _, found = _run(tmp_path, RESERVOIR)
    f = _at(found, 11, "AB410")
    assert f is not None, [(x.line, x.code, x.evidence) for x in found]
    assert "W_in (numpy.ndarray float64 400" in f.evidence and "made at line 5" in f.evidence
    assert not [x for x in found if x.code == "AB408"]


TORCH_PROMOTION = """\
import numpy as np
import torch

torch.set_num_threads(1)
n = 400_000
levels = torch.tensor(np.linspace(0.1, 0.5, n))  # float64: NumPy's default
zero_d = torch.tensor(0.5, dtype=torch.float64)  # 0-d: does not promote
gen = torch.Generator().manual_seed(0)
v = torch.zeros(n)
w = torch.zeros(n)
for k in range(150):
    noise = torch.randn(n, generator=gen)
    v = 0.9 * v + levels * noise
    w = 0.9 * w + zero_d * noise
print("result:", v.dtype, w.dtype, float(v.sum()), float(w.sum()))
"""


def test_a_float64_tensor_promotes_torch_work_and_a_0d_one_does_not(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    _, found = _run(tmp_path, TORCH_PROMOTION)
    f = _at(found, 13, "AB410")
    assert f is not None, [(x.line, x.code) for x in found]
    assert "levels (torch.Tensor float64 400000" in f.evidence
    assert "made at line 6" in f.evidence and ".float()" in f.evidence
    assert _at(found, 14, "AB410") is None


def test_what_promotes_float32_work() -> None:
    assert float64_promotion.promotes(describe(np.ones(4)))
    assert not float64_promotion.promotes(describe(np.ones(4, dtype=np.float32)))
    assert not float64_promotion.promotes(describe(0.5))  # a Python float
    numpy2 = int(np.__version__.split(".")[0]) >= 2  # NEP 50: NumPy 2 promotes with these
    assert float64_promotion.promotes(describe(np.float64(0.5))) == numpy2
    assert float64_promotion.promotes(describe(np.ones((), dtype=np.float64))) == numpy2
    a = np.ones(4, dtype=np.float32)
    assert (a * np.float64(0.5)).dtype == (
        np.float64 if float64_promotion.promotes(describe(np.float64(0.5))) else np.float32
    )


def test_the_line_s_expression_is_timed_both_ways_else_an_elementwise_stand_in() -> None:
    x32 = describe(np.ones((300, 300), dtype=np.float32))
    k = describe(np.float64(0.5))
    got = float32_ratio("(x * 2.0 + x) * k", {"x": x32, "k": k}, {"k"}, {"np": "numpy"}, 0.3)
    if float64_promotion.promotes(k):
        assert got is not None and got[1] == "this line's expression"
        mid, low, high = got[0]
        assert low <= mid <= high
    # a user's function cannot be called again: an elementwise multiply-add stands in
    got = float32_ratio("step(x)", {"x": x32}, {"x"}, {}, 0.3)
    assert got is not None and got[1] == "an elementwise multiply-add on 300x300"


# -- AB108 -------------------------------------------------------------------------------------

NUMPY_CONSTANT = """\
import numpy as np

DT = 0.1


def step(x):
    F = np.array(
        [
            [1.0, DT, 0.0, 0.0, 0.0, 0.0],
            [0.0, 1.0, DT, 0.0, 0.0, 0.0],
            [0.0, 0.0, 1.0, DT, 0.0, 0.0],
            [0.0, 0.0, 0.0, 1.0, DT, 0.0],
            [0.0, 0.0, 0.0, 0.0, 1.0, DT],
            [0.0, 0.0, 0.0, 0.0, 0.0, 1.0],
        ]
    )
    return F @ x * 0.5


def run(noises):
    x = np.ones(6)
    out = []
    for k, level in enumerate(noises):
        R = np.array([[level, 0.0], [0.0, level]])  # changes with every step
        x = step(x) + R[0, 0]
        out.append(x[0])
    for _ in range(5):
        S = np.array([[2.0, 0.0], [0.0, 2.0]])  # a constant, built 5 times
    return np.array(out), S


out, S = run(np.linspace(0.0, 1.0, 60_000))
print("result:", float(out.sum()), float(S.sum()))
"""


def test_a_constant_display_built_in_a_function_called_per_step_is_ab108_with_its_hoist(
    tmp_path: Path,
) -> None:
    _, found = _run(tmp_path, NUMPY_CONSTANT)
    f = _at(found, 7, "AB108")
    assert f is not None, [(x.line, x.code) for x in found]
    assert "a display of 36 numbers from DT, none of them stored in step()" in f.evidence
    assert "build F once outside step()" in f.evidence
    assert "6x6" in f.evidence
    assert f.count is not None and f.count.n >= 100
    assert f.gain is not None and 0 <= f.gain[0] <= f.gain[1] <= f.seconds + 1e-9
    # level changes at every step: not the same data (lint's AB108 may still call it one
    # small array per item, its own reading)
    changing = _at(found, 24, "AB108")
    assert changing is None or "same data" not in changing.evidence
    assert _at(found, 28, "AB108") is None  # built 5 times


TORCH_TABLE = """\
import random

import torch

torch.set_num_threads(1)
rnd = random.Random(0)
table = [[rnd.random() for _ in range(48)] for _ in range(48)]
seqs = [[rnd.randrange(48) for _ in range(6)] for _ in range(1500)]


def score(seq, rows):
    t = torch.tensor(rows)
    idx = torch.tensor(seq)
    return float(t[idx].sum())


total = 0.0
for seq in seqs:
    total += score(seq, table)
print("result:", total)
"""


def test_a_list_passed_in_unchanged_is_ab108_and_a_batch_is_not(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    _, found = _run(tmp_path, TORCH_TABLE)
    f = _at(found, 12, "AB108")
    assert f is not None, [(x.line, x.code) for x in found]
    assert "rows (list of 48 of sequence) was the same unchanged list" in f.evidence
    assert "build t once outside score()" in f.evidence
    assert _at(found, 13, "AB108") is None  # each sequence is another list


HELD_TABLE = """\
import torch

torch.set_num_threads(1)


class Mixer:
    def __init__(self):
        self.levels = [0.5 + 0.001 * i for i in range(2000)]
        self.seen = [0.0] * 2000

    def apply(self, x):
        w = torch.tensor(self.levels)
        return x * w

    def record(self, x):
        self.seen.append(float(x[0]))
        return torch.tensor(self.seen[-2000:])


m = Mixer()
x = torch.ones(2000)
for step in range(1500):
    x = m.apply(x) * 0.999 + 0.001
    y = m.record(x)
print("result:", float(x.sum()) + float(y.sum()))
"""


def test_a_list_an_object_holds_built_at_every_call_is_ab108_unless_it_grows(
    tmp_path: Path,
) -> None:
    pytest.importorskip("torch")
    _, found = _run(tmp_path, HELD_TABLE)
    f = _at(found, 12, "AB108")
    assert f is not None, [(x.line, x.code) for x in found]
    assert "self.levels (list of 2000 of scalar) was the same unchanged list" in f.evidence
    assert "build it once where self.levels is set (self.w = torch.tensor(self.levels)" in (
        f.evidence
    )
    assert _at(found, 17, "AB108") is None  # a slice of a list appended to at every call


def test_a_list_s_fingerprint_tells_the_same_list_from_a_fresh_one() -> None:
    rows = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
    assert fingerprint(rows) == fingerprint(rows)
    assert describe(rows).ident == describe(rows).ident
    assert fingerprint(rows) != fingerprint([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    # the fingerprint does not make two facts differ
    # (rows of two: their length kept, what a membership test compares)
    assert describe(rows) == Fact("sequence", "list", shape=(3,), item="sequence", item_size=2)


# -- the run-time evidence -------------------------------------------------------------------


def test_an_instruction_without_a_line_stands_for_its_loop_s_header() -> None:
    def sim(n: int) -> float:
        u = 0.0
        for i in range(n):
            u = u * 0.5 + 1.0
            if i % 50 == 0:
                u += 1.0
        return u

    table = _lineless(sim.__code__)
    header = sim.__code__.co_firstlineno + 2
    jumps = [
        ins.offset
        for ins in dis.get_instructions(sim)
        if "JUMP_BACKWARD" in ins.opname and ins.positions.lineno is None
    ]
    for offset in jumps:  # (Python 3.11 leaves the jump after the ``if`` without a line)
        assert table[offset] == header
    assert all(v >= sim.__code__.co_firstlineno for v in table.values())


def test_a_loop_s_operator_only_lines_ride_along_with_its_body_not_its_header() -> None:
    tree = ast.parse(
        textwrap.dedent(
            """\
            for t in range(10):
                a = f(t)
                b = a * 2.0 + t
                g(b)
            """
        )
    )
    riders = _riders(tree)
    assert riders[2] == (3,) and riders[4] == (3,)
    assert 1 not in riders  # the header: ``t`` holds an earlier loop's value there
    assert not riders.get(3)
