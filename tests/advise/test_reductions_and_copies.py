"""AB409 (a Python builtin over an array's elements) and AB203 confirmed by the run (a copy whose
result is only read): each fires on its slow form and not on its look-alikes, with the values
seen and a price inside the measured time. Never a wall-clock assertion."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.read.source import read_source
from arraybench.advise.rules.patterns.builtin_reduction import _rewrite, _shape
from arraybench.advise.rules.patterns.needless_copy import (
    _copy_of,
    _kept,
    _scope,
    _source_written,
)
from arraybench.advise.run.launch import Target
from arraybench.advise.run.models import builtin_reduction_cost, copy_cost
from arraybench.advise.run.sampler import _LineNames
from arraybench.advise.run.values import ARRAY, SCALAR, SEQUENCE, TENSOR, Fact

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")


ROWS = """\
import numpy as np


def over(row, limit):
    weights = [0.5, 0.2, 0.1, 0.1, 0.1]
    small = row[:3]
    return sum(row) > limit * sum(weights) + sum(small)


rng = np.random.default_rng(0)
X = rng.random((300, 2000))
names = ["a", "bb", "ccc"]
hits = 0
k = 0
while k < 6:
    for i in range(len(X)):
        hits += over(X[i], 1000.0)
    k += 1
width = max(len(s) for s in names)
print(hits, width)
"""


def test_a_builtin_sum_over_an_array_row_is_a_builtin_reduction(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "rows.py", ROWS)))
    found = _found(report)
    f = found.get(7)
    assert f is not None and f.code == "AB409"
    assert f in report.findings  # listed: the builtin is most of the run
    # the row seen at run time, and only it (a list of 5 and 3 items are no finding)
    assert "2,000 items" in f.evidence and "row.sum()" in f.evidence
    assert "weights" not in f.evidence and "small.sum()" not in f.evidence
    assert f.gain is not None and 0 < f.gain[0] <= f.seconds <= f.gain[1] * (1 + 1e-9)
    assert f.gain[1] <= report.program
    assert 20 not in found or found[20].code != "AB409"  # max of a generator of lengths


def test_the_argument_of_a_builtin_is_shaped_from_the_values_seen() -> None:
    arr = Fact(ARRAY, "numpy.ndarray", "float64", "cpu", (40, 600))
    t = Fact(TENSOR, "torch.Tensor", "float32", "cpu", (512,))
    facts = {
        "X": arr,
        "t": t,
        "w": Fact(SCALAR, "int", value=3),
        "limit": Fact(SCALAR, "float"),
        "names": Fact(SEQUENCE, "list", shape=(5,), item="scalar"),
        "idx": Fact(ARRAY, "numpy.ndarray", "int64", "cpu", (7,)),
    }

    def shape(src: str) -> tuple[int, ...] | None:
        got = _shape(ast.parse(src, mode="eval").body, facts)
        return None if got is None else got[1]

    assert shape("X[w]") == (600,)
    assert shape("X[:, 0]") == (40,)
    assert shape("t > limit") == (512,)
    assert shape("-t.abs() < 2") == (512,)
    assert shape("X.ravel()") == (24000,)
    assert shape("abs(X[w] - limit)") == (600,)  # blind14's max(abs(new - u))
    assert shape("np.abs(t)") == (512,)
    assert shape("np.sum(t)") is None  # a reduction: not elementwise
    assert shape("names") is None  # a list: the builtin is the way
    assert shape("X[idx]") is None  # fancy indexing: its length is the index's
    assert shape("X[2:5]") == (3, 600)  # a part of a known length
    assert shape("X[1:-1]") == (38, 600)
    assert shape("X[lo : hi + 1]") == (40, 600)  # a grid's interior: at most the axis
    assert shape("X[::2]") is None  # a step: not priced
    got = _shape(ast.parse("t > limit", mode="eval").body, facts)
    assert got is not None and got[0].dtype == "bool"
    call = ast.parse("any(t > limit)", mode="eval").body
    assert isinstance(call, ast.Call) and _rewrite(call, "any") == "(t > limit).any()"
    call = ast.parse("sum(X[w], 1.0)", mode="eval").body
    assert isinstance(call, ast.Call) and _rewrite(call, "sum") == "X[w].sum() + 1.0"


def test_builtin_and_copy_costs_are_timed_on_arrays_like_those_seen() -> None:
    got = builtin_reduction_cost("numpy.ndarray", "float64", "cpu", 2000, "sum", 0.2)
    assert got is not None
    per_call, mid, lo, hi = got
    assert per_call > 0 and lo <= mid <= hi and mid > 1  # 2,000 NumPy scalars vs one call
    got = builtin_reduction_cost("numpy.ndarray", "float64", "cpu", 2, "sum", 0.2)
    assert got is not None and got[1] < 20  # two items: little to gain
    cost = copy_cost("numpy.ndarray", "float32", "cpu", (100, 100), 0.2)
    assert cost is not None and 0 < cost[1] <= cost[0] <= cost[2]


COPIES = """\
import numpy as np


def score(table, idx):
    t = table.astype(np.float64)
    return t[idx].sum()


def score32(table, idx):
    t = table.astype(np.float32)
    return t[idx].sum()


table = np.random.default_rng(0).random((1000, 1000))
small = np.ones((300, 300))
state = np.zeros(300_000)
idx = np.arange(10)
s = 0.0
for i in range(200):
    s += score(table, idx)
    s += score32(small, idx)
    b = small.copy()
    b[0, 0] = 1.0
    prev = state.copy()
    state += 0.1
    s += float((state - prev).sum()) + b[0, 0]
print(s)
"""


def test_a_copy_to_the_same_dtype_that_is_only_read_is_a_needless_copy(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "copies.py", COPIES)))
    found = _found(report)
    f = found.get(5)
    assert f is not None and f.code == "AB203"
    assert "astype(float64) of data that already is float64" in f.evidence
    assert "1000x1000" in f.evidence and "use table itself" in f.evidence
    assert f.gain is not None and 0 < f.gain[0] <= f.seconds <= f.gain[1] * (1 + 1e-9)
    assert f.gain[1] <= report.program
    assert 10 not in found  # astype(float32) of float64 data converts
    assert 22 not in found  # a copy written into
    assert 24 not in found  # a snapshot of data updated in place next
    # (the copy's time lands at the return's first check: 9 ms a run there for a value timed
    # at 7 us after the run is the copy's, not an invariant return's 57%)
    # (where little of the copy's time lands there, the return may be told for what it is:
    # ``score(table, idx)`` is called with the same inputs at every step, and computed once
    # it saves the call, copy and all; never priced on the return's line as if its own)
    assert 6 not in found or "its function is called on line 20" in found[6].evidence, found[
        6
    ].evidence


def _copy_reason(tmp_path: Path, src: str, line: int) -> str:
    sf = read_source(str(_write(tmp_path, "probe.py", src)))
    assert sf.tree is not None
    user = {n.name for n in ast.walk(sf.tree) if isinstance(n, ast.FunctionDef)}
    st = next(n for n in ast.walk(sf.tree) if isinstance(n, ast.Assign) and n.lineno == line)
    assert isinstance(st.targets[0], ast.Name) and _copy_of(st.value) is not None
    return _kept(sf, _scope(sf.tree, line), st.targets[0].id, line, user)


@pytest.mark.parametrize(
    ("body", "kept"),
    [
        ("x = a.copy()\n    y = x[idx].sum()\n", False),
        ("x = a.copy()\n    x[mask] = 0\n", True),
        ("x = a.clone()\n    x.add_(1)\n", True),
        ("x = a.copy()\n    x += 1\n", True),
        ("x = a.copy()\n    np.add(a, 1, out=x)\n", True),
        ("x = a.copy()\n    keep.append(x)\n", True),
        ("x = a.copy()\n    return x\n", True),
        ("x = a.copy()\n    return x[:5]\n", True),  # a view of the copy leaves
        ("x = a.copy()\n    return x[idx]\n", False),  # a new array leaves
        ("x = a.copy()\n    helper(x)\n", True),  # a function of the user's may write
        ("x = a.detach().clone()\n    return (x * 2).sum()\n", False),
    ],
)
def test_what_makes_a_copy_needed(tmp_path: Path, body: str, kept: bool) -> None:
    src = f"def helper(v):\n    v[0] = 1\n\n\ndef f(a, idx, mask, keep):\n    {body}"
    assert bool(_copy_reason(tmp_path, src, 6)) is kept


def test_a_loop_that_reads_the_copy_before_making_it_again_keeps_a_snapshot(
    tmp_path: Path,
) -> None:
    src = """\
    def f(w, steps):
        best = None
        for s in range(steps):
            if best is not None:
                print(best[0])
            best = w.copy()
    """
    assert "kept across iterations" in _copy_reason(tmp_path, src, 6)


@pytest.mark.parametrize(
    ("body", "snapshot"),
    [
        ("prev = w.clone()\n        opt.step()\n        print((w - prev).sum())\n", True),
        ("prev = w.copy()\n        w[0] += 1\n        print((w - prev).sum())\n", True),
        ("prev = w.copy()\n        helper(w)\n        print((w - prev).sum())\n", True),
        ("prev = w.copy()\n        print(prev.sum())\n        opt.step()\n", False),
    ],
)
def test_a_copy_of_data_that_changes_while_the_copy_is_read_is_a_snapshot(
    tmp_path: Path, body: str, snapshot: bool
) -> None:
    src = (
        f"def helper(v):\n    v[0] = 1\n\n\ndef f(w, opt):\n    for s in range(9):\n        {body}"
    )
    sf = read_source(str(_write(tmp_path, "probe.py", src)))
    assert sf.tree is not None
    written = _source_written(_scope(sf.tree, 7), "w", 7, "prev", {"helper", "f"})
    assert (written is not None) is snapshot


def test_an_attribute_copied_or_reduced_whole_has_its_value_recorded(tmp_path: Path) -> None:
    p = _write(
        tmp_path,
        "attrs.py",
        """\
        class Buffer:
            pass

        def sample(buf):
            states = buf.s.clone()
            return sum(buf.w) + states[0]
        """,
    )
    names = _LineNames()(str(p), 5)
    assert "buf.s" in names and "buf" in names
    assert "buf.w" in _LineNames()(str(p), 6)
    assert not {n for n in _LineNames()(str(p), 1) if "." in n}


TORCH_COPY = """\
import torch


class Buffer:
    def __init__(self, n):
        self.s = torch.randn(n, 64)


def sample(buf, gen):
    states = buf.s.clone()
    idx = torch.randint(0, len(states), (32,), generator=gen)
    return states[idx]


buf = Buffer(20_000)
gen = torch.Generator().manual_seed(0)
best = None
total = 0.0
for step in range(300):
    total += float(sample(buf, gen).sum())
    if step % 100 == 0:
        best = buf.s.clone()
print(total, float(best.sum()))
"""


def test_a_clone_of_an_attribute_read_through_an_index_is_a_needless_copy(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "replay.py", TORCH_COPY)))
    found = _found(report)
    f = found.get(10)
    assert f is not None and f.code == "AB203"
    assert "torch.Tensor float32 20000x64" in f.evidence
    assert f.facts.get("buf.s", "").startswith("torch.Tensor float32 20000x64")
    assert 22 not in found  # a snapshot, three times (counted): refuted, whatever a sample read
    (snapshot,) = [d for d in report.dropped if d.line == 22]
    # (a run may also see no sample there at all: then it was not seen running)
    assert "runs 3 times in the whole run: too few" in snapshot.dropped or (
        "not seen running" in snapshot.dropped
    )


GETTER = """\
import numpy as np


class Recorder:
    def __init__(self, samples):
        self._samples = samples
        self._log = samples[:1000] * 1.0

    def samples(self):
        return self._samples.copy()

    def log(self):
        return self._log.copy()


rec = Recorder(np.random.default_rng(0).standard_normal(300_000))
total = 0.0
start = 0
while start + 1024 <= 300_000:
    frame = rec.samples()[start : start + 1024]
    total += float((frame * frame).mean())
    mine = rec.log()
    mine[0] = total
    start += 64
print("result:", total)
"""


def test_a_getters_copy_that_callers_only_read_is_a_needless_copy(tmp_path: Path) -> None:
    # blind14's vibration monitor: ``return self._samples.copy()`` for every window, sliced and
    # read; a copy the caller writes into is needed
    report = profile(Target(script=_write(tmp_path, "getter.py", GETTER)))
    found = _found(report)
    f = found.get(10)
    assert f is not None and f.code == "AB203", found
    assert "returned to callers that only read it" in f.evidence
    assert "use self._samples itself" in f.evidence
    assert 13 not in found, found
