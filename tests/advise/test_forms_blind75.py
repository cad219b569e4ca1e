"""The forms blind75 .. blind81 (benchmarks/) wrote, cut down to what made the profiler miss or
mislist them: a model mapped over a Dataset through a lambda bound above (blind79's wing
classifier, "no known pattern" before), ``torch.tensor(-0.4)`` said to make float64 data
(blind79's toll corridor, a look-alike listed at 10%), a batch of one moved to a device (blind81's
ferry demand), a running sum taken backwards (blind80's Schroeder integral, told AB406), one
float64 cost listed twice (blind81's mycelium model), a loop whose time is JAX recompiling told an
element loop (blind82's carillon strikes). Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")
pytest.importorskip("torch")

WINGS = """\
import torch
from torch import nn


class Wings(torch.utils.data.Dataset):
    def __init__(self, n, gen):
        self.x = torch.randn(n, 19, generator=gen)
        self.y = torch.randint(0, 4, (n,), generator=gen)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


class Evaluator:
    def __init__(self, model):
        self.model = model

    @torch.no_grad()
    def predict(self, ds):
        score = lambda sample: self.model(sample[0].unsqueeze(0)).argmax(dim=1)
        return torch.cat(list(map(score, ds)))


gen = torch.Generator().manual_seed(2)
model = nn.Sequential(nn.Linear(19, 64), nn.ReLU(), nn.Linear(64, 4))
pred = Evaluator(model).predict(Wings(12000, gen))
print(int(pred.sum()))
"""


def test_a_model_mapped_over_a_dataset_through_a_lambda_bound_above_is_one_call_a_row(
    tmp_path: Path,
) -> None:
    report = profile(Target(script=_write(tmp_path, "wings.py", WINGS)))
    f = _found(report).get(24)
    assert f is not None and f.code == "AB106", _found(report)
    assert "once per row of ds.x" in f.evidence, f.evidence


def test_a_number_written_out_is_no_conversion_of_float64_data() -> None:
    # blind79's toll corridor: ``torch.exp(torch.tensor(-0.4) * toll)`` (torch's default dtype,
    # float32) was told to make torch tensors of NumPy's float64 data, at 10% of the run
    import ast

    from arraybench.advise.rules.patterns.float64_from_numpy import _conversions

    tree = ast.parse(
        "import torch\n"
        "a = torch.tensor(-0.4) * toll\n"
        "b = torch.tensor(+2)\n"
        "c = torch.tensor(values)\n"
    )
    assert sorted(_conversions(tree)) == [4]


def test_a_batch_of_one_moved_to_a_device_is_still_a_batch_of_one() -> None:
    # blind81's ferry demand: ``predict_one = lambda row: self.model(row.unsqueeze(0).to(
    # device))[0]`` mapped over a tensor's rows read "no known slow pattern"
    import ast

    from arraybench.advise.rules.patterns.model_calls import mapped_model, row_of_one

    moved = ast.parse("row.unsqueeze(0).to(device)", mode="eval").body
    assert row_of_one(moved, {"row"}) == "row"
    lam = ast.parse("lambda row: self.model(row.unsqueeze(0).to(device))[0]", mode="eval").body
    assert mapped_model(lam) == "self.model"
    assert row_of_one(ast.parse("row.to(device)", mode="eval").body, {"row"}) is None


def test_a_running_sum_taken_backwards_is_the_scan_of_the_reversed_array() -> None:
    # blind80's Schroeder integral, ``edc[i] = edc[i + 1] + energy[i]`` for i counting down:
    # told AB406 ("no whole-array rewrite ... save 0-10%") where np.cumsum(energy[::-1])[::-1]
    # gives the same values and saved 22% of the run
    import ast

    from arraybench.advise.read.recurrence import descending, scan_of

    def scan(source: str) -> str:
        loop = ast.parse(source).body[0]
        assert isinstance(loop, ast.For)
        return scan_of(loop.body, descending(loop))

    assert scan("for i in range(n - 2, -1, -1):\n    edc[i] = edc[i + 1] + energy[i]\n").startswith(
        "np.cumsum (torch.cumsum) of the reversed array"
    )
    assert scan("for i in reversed(range(n - 1)):\n    c[i] = c[i + 1] * x[i]\n").startswith(
        "np.cumprod"
    )
    # counting up, c[i + 1] is a cell not yet written: no scan
    assert scan("for i in range(n - 1):\n    c[i] = c[i + 1] + x[i]\n") == ""
    assert scan("for i in range(1, n):\n    c[i] = c[i - 1] + x[i]\n") == "np.cumsum (torch.cumsum)"


MYCELIUM = """\
import numpy as np
import torch


class Block:
    def __init__(self, n, rng):
        self.quality = torch.from_numpy(rng.uniform(0.6, 1.4, size=(n, n)))
        self.nutrient = torch.ones(n, n)


class Colony:
    def __init__(self, block):
        self.block = block
        self.density = torch.full(block.nutrient.shape, 0.1)

    def step(self):
        u = self.density
        growth = 0.08 * self.block.quality * self.block.nutrient * u * (1.0 - u)
        self.density = (u + growth).clamp_(0.0, 1.0)
        self.block.nutrient = self.block.nutrient - 0.02 * growth


colony = Colony(Block(700, np.random.default_rng(3)))
for t in range(60):
    colony.step()
print(float(colony.density.sum()))
"""


def test_a_float64_value_met_in_a_function_the_loop_calls_is_one_finding(tmp_path: Path) -> None:
    # blind81's mycelium model: the float64 quality listed at its conversion (AB401, 40%) and
    # again where it meets the float32 work in step() (AB410, 38%): one cost, one fix. The
    # conversion may be listed as that finding's fix (``fix_of``), its saving counted once
    report = profile(Target(script=_write(tmp_path, "mycelium.py", MYCELIUM)))
    found = _found(report)
    assert 18 in found and found[18].code == "AB410", found
    assert 7 not in found or found[7].fix_of == 18, found[7]
    assert report.findings_share <= sum(f.share for f in report.findings if f.fix_of is None)


CARILLON = """\
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def features(sig):
    rms = jnp.sqrt(jnp.mean(sig ** 2))
    return jnp.stack([rms, jnp.abs(sig).max()])


def record(rng, n):
    return rng.standard_normal(n).astype(np.float32)


rng = np.random.default_rng(9)
lengths = rng.integers(6000, 16000, size=16)
feats = []
peaks = []
for k, n in enumerate(lengths):
    f = features(jnp.asarray(record(rng, int(n))))
    feats.append(f)
    peaks.append(-float(f[1]))
print(float(jnp.stack(feats).sum()) + sum(peaks))
"""


def test_a_loop_whose_time_is_recompiles_is_their_line_not_an_element_loop(
    tmp_path: Path,
) -> None:
    # blind82's carillon strikes: a jitted function given recordings of 16 new lengths, 1.0 s of
    # the loop's 1.4 s compiling, was told an element loop (AB101) on the ``for`` line
    pytest.importorskip("jax")
    report = profile(Target(script=_write(tmp_path, "carillon.py", CARILLON)))
    found = _found(report)
    assert 21 in found and found[21].code == "AB404", found
    assert 20 not in found, found[20]


ESPORTS = """\
import itertools

import numpy as np


def play(rng, length, skill_gap):
    gold = rng.normal(skill_gap, 350.0, size=length)
    objectives = (rng.random(length) < 0.04) * rng.choice([-1500.0, 1500.0], size=length)
    return gold + objectives


rng = np.random.default_rng(77)
skill = rng.normal(0.0, 40.0, size=16)
pairs = list(itertools.combinations(range(16), 2))
total = 0.0
for week in range(60):
    matches = [play(rng, int(rng.integers(1600, 2600)), skill[a] - skill[b]) for a, b in pairs]
    total += sum(float(m.mean()) for m in matches[:3])
print("result:", total)
"""


def test_a_loop_whose_calls_each_draw_a_block_is_no_element_loop(tmp_path: Path) -> None:
    # blind81's esports season: each of 120 pairs a week made by a function drawing ~2,000
    # values (45 us a call, the draws' own work): told an element loop at 10% of the run
    report = profile(Target(script=_write(tmp_path, "esports.py", ESPORTS)))
    loops = [f for f in (*report.findings, *report.unlisted) if f.code == "AB101"]
    assert not loops, loops
    # and int(rng.integers(...)) converts what the draw returns, not the generator: it was
    # told "int(rng) converts a numpy.Generator"
    assert not [h for h in report.hot if "converts a numpy.Generator" in h.hint], report.hot


def test_the_size_of_an_array_a_call_makes_is_read_from_the_values_seen() -> None:
    import ast

    from arraybench.advise.read.source import made_size

    class Seen:
        def __init__(self, value: int) -> None:
            self.value = value

    def size(code: str, **values: int) -> int | None:
        call = ast.parse(code, mode="eval").body
        return made_size(call, {k: Seen(v) for k, v in values.items()})

    assert size("rng.normal(0.0, 1.0, size=length)", length=1960) == 1960
    assert size("np.zeros((n, 3))", n=500) == 1500
    assert size("rng.random(length)", length=1960) == 1960
    assert size("rng.normal(0.0, length)", length=1960) is None  # a scale, not a size
    assert size("rng.normal(0.0, 1.0, size=m)") is None  # m not seen
