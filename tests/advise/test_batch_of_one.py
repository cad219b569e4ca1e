"""AB106 from the run: a model called on a batch of one row per iteration of a loop over the
rows of a tensor. Never a wall-clock assertion."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.rules.patterns.model_calls import row_of_one as _row_of_one
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

EVAL = """\
import torch
from torch import nn

torch.set_num_threads(1)
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(16, 64), nn.ReLU(), nn.Linear(64, 2))
xv = torch.randn(6_000, 16)
yv = torch.randint(0, 2, (6_000,))
correct = 0
with torch.no_grad():
    for i in range(xv.shape[0]):
        logits = model(xv[i : i + 1])
        correct += int(logits.argmax(dim=1).item() == yv[i].item())
    for i in range(4):
        p = torch.softmax(model(xv[i : i + 1]), dim=1)[0, 1]
print("result:", correct, float(p))
"""


def test_a_model_called_on_a_batch_of_one_row_per_iteration_is_ab106(tmp_path: Path) -> None:
    # blind14's churn validation: 36,000 calls on xv[i : i + 1], which lint named AB104 (the
    # sum of the counts) and priced as saving little
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "evalloop.py", EVAL)))
    found = _found(report)
    f = found.get(11)
    assert f is not None and f.code == "AB106", found
    assert "model(xv[i:i + 1]) is a batch of one row of xv (torch.Tensor float32 6000x16" in (
        f.evidence
    )
    assert "stack the rows and call it once per 4,096" in f.evidence  # (at most)
    # (its share is the middle of what the batched rewrite saves)
    assert f.gain is not None and 0 <= f.gain[0] <= f.seconds <= f.gain[1]
    assert 14 not in found or found[14].code != "AB106"  # four predictions: too few


@pytest.mark.parametrize(
    ("arg", "row"),
    [
        ("x[i : i + 1]", "x"),
        ("x[i:i + 1, :]", "x"),
        ("x[i].unsqueeze(0)", "x"),
        ("x[i][None]", "x"),
        ("x[None, i]", "x"),
        ("x[i].view(1, -1)", "x"),
        ("item.unsqueeze(0)", "item"),
        ("x[i : i + 2]", None),  # two rows
        ("x[j : j + 1]", None),  # not the loop's index
        ("x[i]", None),  # a row, not a batch of one
    ],
)
def test_what_takes_a_batch_of_one_row(arg: str, row: str | None) -> None:
    node = ast.parse(arg, mode="eval").body
    assert _row_of_one(node, {"i", "item"}) == row
