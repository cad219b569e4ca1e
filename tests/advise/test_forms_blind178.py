"""blind178's misses at first contact (2026-12-02), each as a small program: an element loop
whose only tensor work is ``.item()`` of one element appended to a member's list, told as an
element loop at its outer line; and ``torch.tensor(float(days_left))``, a Python number, taken
for NumPy's float64 data where a ``from_numpy`` further up made it. Never a wall-clock
assertion."""

from __future__ import annotations

import ast
from pathlib import Path

from arraybench.advise.profile import profile
from arraybench.advise.rules.patterns.float64_from_numpy import _conversions
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

HANDICAP = """\
import torch


class Member:
    def __init__(self, mid):
        self.mid = mid
        self.diffs = []


def post(members, diffs):
    for m, member in enumerate(members):
        for r in range(40):
            member.diffs.append(round(diffs[m, r].item(), 1))


gen = torch.Generator().manual_seed(17)
members = [Member(i) for i in range(1500)]
for season in range(3):
    post(members, torch.rand(1500, 40, generator=gen) * 30.0)
print("result:", sum(sum(m.diffs) for m in members))
"""


def test_an_element_loop_whose_tensor_work_is_one_conversion_is_told_there(
    tmp_path: Path,
) -> None:
    # blind178's handicap index: ``member.differentials.append(round(diffs[m, r].item(), 1))``
    # for 2,500 members x 40 rounds (24% measured), told AB101 at the outer loop: its only
    # tensor work is the conversion, and the fix is ``diffs.tolist()`` once before the loop
    found = _found(profile(Target(script=_write(tmp_path, "handicap.py", HANDICAP))))
    f = found.get(13)
    assert f is not None and f.code == "AB201", found
    assert "diffs_list = diffs.tolist()" in f.evidence and "diffs_list[m][r]" in f.evidence
    assert 11 not in found and 12 not in found, found


def test_a_tensor_of_a_python_number_is_no_conversion_of_numpy_data() -> None:
    # blind178's premiere pricing: ``torch.tensor(float(days_left))`` told as making float64
    # tensors of NumPy data (torch's default dtype, float32), where ``torch.from_numpy(rng.
    # uniform(...))`` of the sensitivities made the float64 (23% measured)
    tree = ast.parse(
        "import torch\n"
        "a = torch.tensor(float(d))\n"
        "b = torch.tensor(int(n))\n"
        "c = torch.from_numpy(rng.uniform(0, 1, 9))\n"
    )
    assert sorted(_conversions(tree)) == [4]
