"""Conversions of a CPU tensor a step, the form of the example notebook's first training loop
(and of blind75 .. blind79's look-alikes): one value a step converted to a Python number
(AB201's form; nothing waits, and keeping a tensor a step instead ran 1.4-1.9x as long) is
refuted, a step's ``.tolist()`` of many values stays a finding. Never a wall-clock assertion."""

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
