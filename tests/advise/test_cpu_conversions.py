"""Conversions of a CPU tensor a step, the form of the example notebook's first training loop
(and of blind75 .. blind79's look-alikes): one value a step converted to a Python number
(AB201's form; nothing waits, and keeping a tensor a step instead ran 1.4-1.9x as long) is
refuted, a step's ``.tolist()`` of many values stays a finding; and a recurrence around a
finding saves at most the time that finding leaves (blind72's lake model). Never a wall-clock
assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")
pytest.importorskip("torch")

ITEM_A_STEP = """\
import torch


def train(steps):
    w = torch.zeros(256)
    losses = []
    for step in range(steps):
        w = w - 0.01 * (w - 1.0)
        losses.append(w.sum().item())
    return losses


print(len(train(30000)))
"""


def test_one_value_a_step_of_a_cpu_tensor_is_refuted_and_the_hot_line_says_why(
    tmp_path: Path,
) -> None:
    report = profile(Target(script=_write(tmp_path, "train.py", ITEM_A_STEP)))
    assert 9 not in _found(report), _found(report)
    dropped = [d for d in report.dropped if d.line == 9]
    assert len(dropped) == 1 and dropped[0].code == "AB201"  # lint's and the run's: once
    assert "one value a step of a tensor on the CPU" in dropped[0].dropped
    hot = {h.line: h for h in report.hot}
    if 9 in hot:  # (among the three costliest lines without a finding where its share puts it)
        assert hot[9].hint.startswith("looks like AB201 (sync-in-loop), but converts one value")


ROWS_A_STEP = """\
import torch


def rollout(steps):
    state = torch.zeros(4096, 3)
    kept = []
    for step in range(steps):
        state = state * 0.99 + 0.01
        kept.append(state[:, 0].tolist())
    return kept


print(len(rollout(400)))
"""


def test_many_values_a_step_of_a_cpu_tensor_stay_a_finding(tmp_path: Path) -> None:
    # (a list of 4096 values a step: the conversion is most of the line, and the rewrite keeps
    # the rows as one tensor)
    report = profile(Target(script=_write(tmp_path, "rollout.py", ROWS_A_STEP)))
    f = _found(report).get(9)
    assert f is not None and f.code == "AB201", (_found(report), report.dropped)


LAKE = """\
import numpy as np


class Column:
    def __init__(self, n):
        off = -0.2 * np.ones(n - 1)
        self.system = np.diag(np.full(n, 1.4)) + np.diag(off, 1) + np.diag(off, -1)
        self.temps = np.linspace(21.0, 5.5, n)

    @property
    def propagator(self):
        return np.linalg.inv(self.system)

    def step(self, flux):
        rhs = self.temps.copy()
        rhs[0] += flux
        self.temps = self.propagator @ rhs
        return self.temps


def thermocline(temps):
    return float(np.argmax(np.abs(np.gradient(temps))))


rng = np.random.default_rng(1)
summary = []
for lake in [Column(160) for _ in range(3)]:
    flux = rng.normal(0.0, 0.1, 500)
    depths = []
    for h in range(500):
        temps = lake.step(flux[h])
        if h % 24 == 23:
            depths.append(thermocline(temps))
    summary.append(sum(depths[-3:]))
print(sum(summary))
"""


def test_a_recurrence_around_a_finding_saves_at_most_the_time_that_finding_leaves(
    tmp_path: Path,
) -> None:
    # blind72's lake model: the hourly loop around a step whose inverse is made again at every
    # call (the step's own finding, line 12, saves nearly all of the loop) was listed as a
    # recurrence (AB406) saving 30% more; its time left after the inner rewrite is ~1%. Whether
    # the run lists that loop depends on its per-step time (a loaded machine's runs do not), so
    # its price is put on the run's own evidence here, as it read then (2.97 s for a 2.31 s loop)
    from dataclasses import replace

    from arraybench.advise.lint import lint_paths
    from arraybench.advise.read.source import read_source
    from arraybench.advise.rules.confirm import Analysis
    from arraybench.advise.run.observe import observe

    path = _write(tmp_path, "lake.py", LAKE)
    ev = observe(Target(script=path))
    a = Analysis(ev)
    files = [str(path.resolve())]
    for d in lint_paths(files, possible=True).diagnostics:
        a.confirm(d, d.path)
    a.detect(files)
    inner = a.found.get((files[0], 12))
    assert inner is not None and inner.code == "AB411" and inner.gain is not None, a.found
    sf = read_source(files[0])
    f, _ = a.finding(sf, 30, "AB406", sf.loop_at(30))
    assert f.seconds > 0
    a.found[(f.path, f.line)] = replace(f, gain=(1.2 * f.seconds, 1.3 * f.seconds))
    a.nested()
    gain = a.found[(f.path, f.line)].gain
    assert gain is not None
    assert gain[1] <= max(0.0, f.seconds - inner.gain[0]) + 1e-9, (gain, f.seconds, inner.gain)
