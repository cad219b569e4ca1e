"""The line that makes a float64 value, listed as the fix of the finding where it meets float32
work (blind160-167: eight of twelve misses were float64 sites labelled on the conversion or the
definition, the line a user changes, and told only where the value meets the float32 work).
Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.output.text import headline
from arraybench.advise.profile import profile
from arraybench.advise.read.source import read_source
from arraybench.advise.rules.patterns.float64_from_numpy import _conversions
from arraybench.advise.rules.patterns.float64_origin import _float_makers
from arraybench.advise.rules.patterns.float64_trace import _traced
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

SOIL = """\
import numpy as np

CROP_KC = np.array([
    [0.45, 0.75, 1.05, 0.9],
    [0.6, 0.85, 1.15, 0.8],
])


def step(moist, crop, stage, kc_lookup):
    kc = kc_lookup[crop, stage]
    et = moist * kc * 0.01
    return np.clip(moist - et + 0.002, 0.0, 1.0)


def season(n=400_000, days=150):
    rng = np.random.default_rng(3)
    moist = rng.uniform(0.2, 0.4, n).astype(np.float32)
    crop = rng.integers(0, 2, n)
    for day in range(days):
        moist = step(moist, crop, min(day // 40, 3), CROP_KC)
    return moist


print("result:", float(season().sum()))
"""


def test_a_module_constant_handed_to_the_step_is_traced_to_its_definition() -> None:
    # blind163's soil moisture: ``CROP_KC = np.array([...])`` (float64), handed to the step as
    # ``kc_lookup``; from the parameter through the caller's argument to the module's name
    sf = read_source(_write_tmp("soil.py", SOIL))
    assert sf.tree is not None
    assert _traced(sf, {10: {"kc_lookup"}}, _float_makers(sf.tree)) == {3}
    assert _traced(sf, {20: {"CROP_KC"}}, _float_makers(sf.tree)) == {3}
    # (the integer draws and the float32 state made by a cast are not makers of float64)
    assert sorted(_float_makers(sf.tree)) == [3]


def _write_tmp(name: str, text: str) -> Path:
    import tempfile

    return _write(Path(tempfile.mkdtemp()), name, text)


def test_the_definition_is_listed_as_the_fix_of_the_line_it_promotes(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "soil.py", SOIL)))
    found = _found(report)
    origin = found.get(3)
    assert origin is not None and origin.fix_of is not None, found
    use = found.get(origin.fix_of)
    assert use is not None and use.code == "AB410" and use.fix_of is None, found
    assert origin.share == use.share and origin.gain == use.gain
    assert "np.array(..., dtype=np.float32)" in origin.evidence, origin.evidence
    assert f"line {use.line}'s finding" in origin.evidence
    # one fix, one saving: the report's "cost together" counts it once
    assert report.findings_share <= sum(f.share for f in report.findings if f.fix_of is None)
    assert {f["line"]: f["fix_of"] for f in report.to_dict()["findings"]}.get(3) == use.line


def test_one_value_met_in_the_step_and_again_in_its_loop_is_one_finding(tmp_path: Path) -> None:
    # the soil program with the loop adding ``CROP_KC[crop, 0]`` again after the step: the
    # step's line and the loop's line both promote the same module constant (under load the
    # plain program showed the same twin, the step's time landing on its call): one fix at
    # line 3, so one finding (the step's, where the value first meets the float32 work) and
    # its making line, and the header counts one
    twice = SOIL.replace("CROP_KC)\n", "CROP_KC) + CROP_KC[crop, 0] * 1e-4\n")
    assert twice != SOIL
    report = profile(Target(script=_write(tmp_path, "soil.py", twice)))
    found = _found(report)
    origin = found.get(3)
    assert origin is not None and origin.fix_of is not None, found
    uses = [f for f in found.values() if f.code == "AB410" and f.fix_of is None]
    assert [f.line for f in uses] == [origin.fix_of], found
    # (the loop's own float64 addition, 16-22% of the run where told, is folded into the
    # step's finding; where the run did not tell it, nothing is left to fold)
    if any(d.code == "AB410" and d.line == 20 for d in report.dropped):
        assert "it meets the float32 work at line 20 too" in uses[0].evidence, uses[0].evidence
    assert headline(report).count("1 finding (and 1 line where its fix is made)") == 1, headline(
        report
    )


CARGO = """\
import numpy as np
import torch

ROLLING = np.array([0.004, 0.006, 0.009, 0.012])


class Fleet:
    def __init__(self, n):
        g = torch.Generator().manual_seed(1)
        self.tyre = torch.randint(0, len(ROLLING), (n,), generator=g)
        self.speed = 5.0 + torch.rand(n, generator=g)

    @property
    def crr(self):
        return torch.from_numpy(ROLLING)[self.tyre]

    def run(self, steps):
        crr = self.crr
        soc = torch.ones(self.speed.shape[0])
        for t in range(steps):
            p = crr * 90.0 * 9.81 * self.speed
            soc = soc - p * 1e-7 * (1.0 + 0.1 * torch.exp(-soc))
        return soc


print("result:", float(Fleet(200_000).run(300).sum()))
"""


def test_a_property_that_converts_is_traced_to_its_conversion(tmp_path: Path) -> None:
    # blind166's cargo bikes: ``crr = self.crr``, a property returning ``torch.from_numpy(
    # ROLLING)[self.tyre]``: the conversion is the line to change (``.float()``)
    sf = read_source(_write(tmp_path, "cargo.py", CARGO))
    assert sf.tree is not None
    assert _traced(sf, {21: {"crr"}}, _conversions(sf.tree)) == {15}


def test_the_conversion_is_listed_as_the_fix(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "cargo.py", CARGO)))
    found = _found(report)
    # (told at the conversion by the run's AB401 where no line of the loop promotes it alone,
    # or listed there as the fix of the AB410 where it meets the float32 work)
    origin = found.get(15)
    assert origin is not None and origin.code == "AB401", found
    assert "torch.from_numpy(ROLLING).float()" in origin.evidence, origin.evidence
    if origin.fix_of is not None:
        assert found[origin.fix_of].code == "AB410"


BATCHES = """\
import numpy as np
import torch

rng = np.random.default_rng(0)
X = rng.normal(size=(200_000, 32))
w = torch.randn(32, 1)
total = 0.0
for start in range(0, len(X), 500):
    xb = torch.from_numpy(X[start : start + 500])
    total += float((torch.tanh(xb @ w.double()) * 2.0).sum())
print("result:", total)
"""


def test_a_conversion_in_the_loop_is_the_line_to_change_not_where_numpy_made_its_data(
    tmp_path: Path,
) -> None:
    # the dev set's tabular inference: AB401 at ``xb = torch.from_numpy(X[...])`` was given
    # ``X = rng.normal(...)`` as its "fix": the conversion is the line to change
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "batches.py", BATCHES)))
    assert all(f.fix_of is None for f in _found(report).values()), _found(report)


TILES = """\
import numpy as np

LUMA = np.array([0.299, 0.587, 0.114])


class Scan:
    def __init__(self, rgb):
        self.rgb = rgb

    @property
    def grey(self):
        return self.rgb @ LUMA


def score(scan, op, passes=40):
    img = scan.grey
    total = 0.0
    for _ in range(passes):
        img = op @ img @ op
        total += float(img[0, 0])
    return total


rng = np.random.default_rng(1)
op = (np.eye(384) * 0.5 + 0.5 / 384).astype(np.float32)
scan = Scan(rng.uniform(0, 1, (384, 384, 3)).astype(np.float32))
print("result:", score(scan, op))
"""


def test_a_loop_whose_state_a_float64_constant_made_float64_before_it(tmp_path: Path) -> None:
    # blind165's herbarium tiles: the grey image made float64 by a property's ``self.rgb @
    # LUMA`` before the smoothing loop, whose float32 operators then run in float64 (55%
    # measured): no line of the loop promotes anything; told at LUMA, the line to change
    report = profile(Target(script=_write(tmp_path, "tiles.py", TILES)))
    found = _found(report)
    f = found.get(3)
    assert f is not None and f.code == "AB410", found
    assert "the loop at line 18 mixes with float32 arrays" in f.evidence, f.evidence
    assert "np.array(..., dtype=np.float32)" in f.evidence
    assert f.gain is not None and 0 < f.gain[0] <= f.gain[1]


def test_a_float64_loop_with_no_float32_in_it_is_numpys_default(tmp_path: Path) -> None:
    # the same loop all in float64 (the operator too): NumPy's default, nothing to change
    report = profile(
        Target(script=_write(tmp_path, "tiles.py", TILES.replace(".astype(np.float32)\n", "\n")))
    )
    assert all(f.code != "AB410" for f in _found(report).values()), _found(report)
