"""Forms from blind156-159 (first contact, 2026-12-01) that the advisor missed or told on
another line: a product per row of the row shifted first, ``map(lambda s: (s - baseline) @
coef, spectra)``; a scalar lambda mapped through a ``functools.partial`` bound the line above;
a map inside a statement of several lines, told at its own line with the statement's counted
runs. Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

HONEY = """\
import numpy as np


class Calibration:
    def __init__(self, rng):
        self.reference = rng.normal(0.0, 1.0, 24)
        self.coef = rng.normal(0.0, 1.0, 24)

    def predict(self, spectra):
        baseline = self.reference.copy()
        readings = map(lambda s: (s - baseline) @ self.coef, spectra)
        return np.fromiter(readings, dtype=float, count=len(spectra))


rng = np.random.default_rng(8)
model = Calibration(rng)
total = 0.0
for batch in range(3):
    total += float(model.predict(rng.normal(0.0, 1.0, (60_000, 24))).sum())
print("result:", total)
"""


def test_a_product_per_row_of_the_row_shifted_first(tmp_path: Path) -> None:
    # blind156's honey moisture: the row operand is ``s - baseline``, not the item itself;
    # the rows are read on the next line (the map's own line is seen from its lambda's frame)
    report = profile(Target(script=_write(tmp_path, "honey.py", HONEY)))
    found = _found(report)
    f = found.get(11)
    assert f is not None and f.code == "AB105", found
    assert "(spectra - baseline) @ self.coef" in f.evidence, f.evidence


def test_a_row_operand_of_a_call_is_no_product_per_row(tmp_path: Path) -> None:
    # (``np.tanh(s) @ coef``: a function of the row, not a shift broadcast to the rows)
    changed = HONEY.replace("(s - baseline) @ self.coef", "np.tanh(s - baseline) @ self.coef")
    assert changed != HONEY
    report = profile(Target(script=_write(tmp_path, "honey_tanh.py", changed)))
    f = _found(report).get(11)
    assert f is None or "(spectra - baseline)" not in f.evidence, f


BRONZE = """\
import math
from functools import partial

import numpy as np

GAS = 8.314


class Oxidation:
    def __init__(self):
        self.k0 = 2.4e3
        self.activation = 1.55e5

    def rate(self, temps):
        arrhenius = partial(lambda ea, t: self.k0 * math.exp(-ea / (GAS * t)), self.activation)
        return np.fromiter(map(arrhenius, temps), dtype=np.float64, count=len(temps))


rng = np.random.default_rng(3)
model = Oxidation()
total = 0.0
for heat in range(12):
    total += float(model.rate(1400.0 + rng.normal(0.0, 5.0, 100_000)).sum())
print("result:", total)
"""


def test_a_scalar_lambda_mapped_through_a_partial_bound_above(tmp_path: Path) -> None:
    # blind157's bronze melt: ``map(arrhenius, temps)`` of ``partial(lambda ea, t: ...)``; the
    # calls' own time is on the lambda's line (15), read as "no known pattern" there
    report = profile(Target(script=_write(tmp_path, "bronze.py", BRONZE)))
    found = _found(report)
    f = found.get(16)
    assert f is not None and f.code == "AB103", found
    assert "math.exp" in f.evidence and f.share is not None and f.share > 0.3, f


LEATHER = """\
import math
from dataclasses import dataclass

import numpy as np


@dataclass
class Hide:
    thickness: np.ndarray
    scale: float

    @property
    def shrinkage(self):
        scale = self.scale
        return np.fromiter(
            map(lambda t: math.exp(-t / scale), self.thickness),
            dtype=np.float64,
            count=len(self.thickness),
        )


rng = np.random.default_rng(5)
total = 0.0
for k in range(30):
    hide = Hide(rng.gamma(6.0, 0.18, size=40_000), 2.5 + 0.01 * k)
    total += float(hide.shrinkage.sum())
print("result:", total)
"""


def test_a_map_in_a_statement_of_several_lines_is_told_at_its_line(tmp_path: Path) -> None:
    # blind158's leather hides: told at ``return np.fromiter(`` (line 15) for the map on line
    # 16, and its calls counted from the lambda's line in the bursts (2.4 M read for 6.7 M)
    report = profile(Target(script=_write(tmp_path, "leather.py", LEATHER)))
    found = _found(report)
    f = found.get(16)
    assert f is not None and f.code == "AB103", found
    assert 15 not in found, found
    assert "1,200,000 calls in all" in f.evidence, f.evidence


BALLOON = """\
import math
from dataclasses import dataclass

import numpy as np

RHO0 = 1.225
SCALE_HEIGHT = 8500.0


@dataclass
class Flight:
    altitudes: np.ndarray

    @property
    def air_density(self):
        return np.array([RHO0 * math.exp(-h / SCALE_HEIGHT) for h in self.altitudes])


rng = np.random.default_rng(4)
total = 0.0
for k in range(40):
    flight = Flight(np.abs(rng.normal(800.0, 200.0, 20_000)))
    total += float(flight.air_density.sum())
print("result:", total)
"""


def test_an_element_loop_of_math_calls_is_an_apply_loop(tmp_path: Path) -> None:
    # blind159's balloon density (and blind156's hive weights): the run's element loop over an
    # array lint cannot see as one, whose body is ``math.exp`` of the element, was told AB101
    # ("write the body as one operation on whole arrays"); it is AB103, ``np.exp`` of the array
    report = profile(Target(script=_write(tmp_path, "balloon.py", BALLOON)))
    found = _found(report)
    f = found.get(16)
    assert f is not None and f.code == "AB103", found
    # (arithmetic alone stays AB101)
    plain = BALLOON.replace("RHO0 * math.exp(-h / SCALE_HEIGHT)", "RHO0 * (1.0 - h / SCALE_HEIGHT)")
    assert plain != BALLOON
    g = _found(profile(Target(script=_write(tmp_path, "balloon_plain.py", plain)))).get(16)
    assert g is not None and g.code == "AB101", g
