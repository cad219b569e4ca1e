"""The forms blind112 .. blind115 (benchmarks/) wrote, cut down to what made the profiler miss
them or say something wrong: a property of a dataclass read once on each of 3,000 objects, told
"compute it once in __init__" (blind115's fleeces: nothing to save, one evaluation an object
either way); a generator yielding its running total, told an element loop (blind115's brine
ponds: a scan, ``np.cumsum``); per-row products mapped over an array an object holds two
attributes down (blind114's loom); a float64 array of the function that makes a closure,
promoting the float32 flight the closure's caller steps (blind113's sight marks). Never a
wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

FLEECE = """\
from dataclasses import dataclass

import numpy as np


@dataclass
class Fleece:
    tag: int
    microns: np.ndarray

    @property
    def comfort(self):
        return float(np.mean(self.microns <= 30.0))


rng = np.random.default_rng(0)
data = rng.normal(22.0, 5.0, (3000, 8000))
fleeces = [Fleece(i, data[i]) for i in range(3000)]
total = 0.0
for f in fleeces:
    total += f.comfort
print("result:", total)
"""


def test_a_property_read_once_an_object_is_not_made_once(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "fleece.py", FLEECE)))
    assert 13 not in _found(report)  # (it was AB411 at 13%: 3,000 objects, one read each)


BRINE = """\
import numpy as np


def running_loss(net):
    total = 0.0
    i = 0
    while i < len(net):
        total += net[i]
        yield total
        i += 1


rng = np.random.default_rng(0)
out = 0.0
for pond in range(6):
    net = rng.normal(0.1, 1.0, 40000)
    lost = np.fromiter(running_loss(net), dtype=np.float64, count=net.size)
    out += float(lost[-1])
print("result:", out)
"""


def test_a_generator_yielding_its_running_total_is_a_scan(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "brine.py", BRINE)))
    f = _found(report).get(7)
    assert f is not None and f.code == "AB408"  # (it was AB101, an element loop)
    assert "np.cumsum" in f.evidence


LOOM = """\
from dataclasses import dataclass

import numpy as np


@dataclass
class Draft:
    tieup: np.ndarray
    treadling: np.ndarray


class Loom:
    def __init__(self, draft):
        self.draft = draft

    def lifts(self):
        return np.array(list(map(lambda pick: self.draft.tieup @ pick, self.draft.treadling)))


rng = np.random.default_rng(0)
total = 0.0
for piece in range(12):
    draft = Draft(rng.random((24, 24)), np.eye(24)[rng.integers(0, 24, 10000)])
    total += float(Loom(draft).lifts().sum())
print("result:", total)
"""


def test_products_mapped_over_the_rows_of_an_objects_held_array(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "loom.py", LOOM)))
    f = _found(report).get(17)
    assert f is not None and f.code == "AB105"  # (it was "no known pattern")
    assert "self.draft.treadling @ self.draft.tieup.T" in f.evidence


SIGHTS = """\
import numpy as np


def make_drag(scatter, base=0.0021):
    k = base * scatter

    def drag(vx, vy):
        speed = np.sqrt(vx * vx + vy * vy)
        return -k * speed * vx, -k * speed * vy - 9.81

    return drag


def fly(drag, vx, vy, n_arrows, dt=np.float32(0.004), steps=600):
    x = np.zeros_like(vx[:, :n_arrows])
    for _ in range(steps):
        ax, ay = drag(vx, vy)
        vx = vx + ax * dt
        vy = vy + ay * dt
        x = x + vx * dt
    return x


rng = np.random.default_rng(0)
scatter = rng.normal(1.0, 0.04, 512)
drag = make_drag(scatter)
vx = np.full((128, 512), 80.0, dtype=np.float32)
vy = np.full((128, 512), 5.0, dtype=np.float32)
print("result:", float(fly(drag, vx, vy, len(scatter)).sum()))
"""


def test_a_float64_variable_of_a_closures_maker_promoting_float32_work(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "sights.py", SIGHTS)))
    f = _found(report).get(9)
    assert f is not None and f.code == "AB410"  # (it was "no known pattern")
    assert "with k (numpy.ndarray float64 512" in f.evidence
