"""The forms blind84 .. blind86 (benchmarks/) wrote, cut down to what made the profiler miss or
misprice them: a product per row through ``map`` of a lambda that calls a static method
(blind86's container voyages, "no known pattern" at 83% before). Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

CONTAINERS = """\
import numpy as np


class CostModel:
    def __init__(self, weights):
        self.weights = weights
        self.handling = 35.0

    @staticmethod
    def _cost(features, weights, handling):
        return features @ weights + handling

    def price(self, rows):
        return np.array(list(map(lambda c: self._cost(c, self.weights, self.handling), rows)))


rng = np.random.default_rng(5)
model = CostModel(rng.uniform(5.0, 60.0, size=12))
total = 0.0
for voyage in range(600):
    feats = rng.gamma(2.0, 1.0, size=(420, 12))
    total += model.price(feats).sum()
print("result:", total)
"""


def test_a_product_per_row_through_a_lambda_calling_a_static_method(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "voyages.py", CONTAINERS)))
    found = _found(report)
    assert 14 in found and found[14].code == "AB105", found
    assert "rows @ self.weights" in found[14].evidence
