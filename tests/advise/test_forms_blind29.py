"""The forms blind29 (benchmarks/blind29) wrote around known kinds, cut down to what made the
profiler miss or misname them: a torch model (no class of the file's) mapped over a dataset
object whose ``__getitem__`` line is never sampled, and a library call that imports a module
on first use. Never a wall-clock assertion."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from arraybench.advise.run.sampler import Sampler

from .snippets import write as _write

pytest.importorskip("line_profiler")

GESTURES = """\
import torch
from torch import nn


class Windows(torch.utils.data.Dataset):
    def __init__(self, n):
        g = torch.Generator().manual_seed(1)
        self.labels = torch.randint(0, 5, (n,), generator=g)
        self.features = torch.randn(n, 12, generator=g)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.features[i], self.labels[i]


@torch.no_grad()
def evaluate(model, ds):
    logits = torch.cat(list(map(lambda item: model(item[0].unsqueeze(0)), ds)))
    return (logits.argmax(-1) == ds.labels).float().mean().item()


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(12, 64), nn.ReLU(), nn.Linear(64, 5))
print("result:", evaluate(model, Windows(24_000)))
"""


def test_a_library_model_mapped_over_a_datasets_items_is_a_per_sample_loop(
    tmp_path: Path,
) -> None:
    # blind29's torch_gesture_eval: the rows are the dataset's ``features``, recorded on the
    # map's line as ``ds.features`` (its class's ``__getitem__`` indexes them). In a process of
    # its own (a model's test)
    pytest.importorskip("torch")
    script = _write(tmp_path, "gestures.py", GESTURES)
    out = tmp_path / "p.json"
    done = subprocess.run(
        [sys.executable, "-m", "arraybench", "profile", "--all", "-o", str(out), str(script)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    data = json.loads(out.read_text())
    rows = {r["line"]: r for r in [*data["findings"], *data.get("unlisted", [])]}
    f = rows.get(20)
    assert f is not None and f["code"] == "AB106", rows
    assert "once per row of ds.features (torch.Tensor float32 24000x12" in f["evidence"]


def test_a_library_importing_a_module_on_first_use_is_named_as_that_import(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # blind27-29's ``torch.optim.SGD(...)``, 25% of a run: torch imports ``torch._dynamo``
    # inside it. A library (not the user's) function imports a module whose top level takes a
    # sample of the stack as it runs
    user = _write(tmp_path, "prog.py", "def main(first_use):\n    return first_use()\n")
    (tmp_path / "lazylib.py").write_text("def first_use():\n    import slowinit\n")
    (tmp_path / "slowinit.py").write_text("import sys\nsys.modules['probe'].take()\n")
    sampler = Sampler(is_user=lambda f: f == str(user), threaded=False)

    class Probe:
        @staticmethod
        def take() -> None:
            sampler.take(sys._getframe(1), 0.25)

    monkeypatch.setitem(sys.modules, "probe", Probe)  # type: ignore[arg-type]
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "slowinit", raising=False)
    import importlib

    lazylib = importlib.import_module("lazylib")
    namespace: dict[str, object] = {}
    exec(compile(user.read_text(), str(user), "exec"), namespace)
    namespace["main"](lazylib.first_use)  # type: ignore[operator]
    assert sampler.samples.calls.get((str(user), 2)) == {"importing slowinit": 0.25}


HEARING = """\
import numpy as np


class Fitting:
    def __init__(self, config):
        self.config = config

    @property
    def taps(self):
        return np.array(self.config["bands"]["taps"])


class Compressor:
    def __init__(self, fitting):
        self.fitting = fitting

    def process(self, frame):
        return float(np.abs(self.fitting.taps @ frame).sum())


rng = np.random.default_rng(3)
config = {"bands": {"taps": rng.standard_normal((24, 48)).round(6).tolist()}}
comp = Compressor(Fitting(config))
signal = rng.standard_normal(4 * 40_000 + 48)
out = [comp.process(signal[i : i + 48]) for i in range(0, 4 * 40_000, 4)]
print("result:", sum(out))
"""


def test_a_list_two_dict_items_down_built_into_an_array_per_read_is_a_build_in_loop(
    tmp_path: Path,
) -> None:
    # blind29's np_hearing_aid: ``np.array(self.config["bands"]["taps"])`` in a property read
    # per frame: the run records the item two keys down, the same list at every look
    from arraybench.advise.profile import profile
    from arraybench.advise.run.launch import Target

    from .snippets import found as _found

    found = _found(profile(Target(script=_write(tmp_path, "hearing.py", HEARING))))
    f = found.get(10)
    assert f is not None and f.code == "AB108", found
    assert "self.config['bands']['taps'] (list of 24" in f.evidence


APPLY = """\
from functools import partial

import numpy as np


def spread(row, lo, hi):
    a, b = np.percentile(row, [lo, hi])
    return b - a


class Features:
    def __init__(self):
        self.steps = {
            "rms": lambda block: np.sqrt((block ** 2).mean(axis=1)),
            "spread": lambda block: np.apply_along_axis(partial(spread, lo=5, hi=95), 1, block),
        }

    def transform(self, block):
        return np.stack([fn(block) for fn in self.steps.values()], axis=1)


rng = np.random.default_rng(0)
total = 0.0
for k in range(6):
    total += float(Features().transform(rng.standard_normal((2000, 256))).sum())
print("result:", total)
"""


def test_an_apply_along_axis_of_the_users_function_is_priced_with_its_calls(
    tmp_path: Path,
) -> None:
    # blind29's np_vibration_features: the function apply_along_axis calls per row (through a
    # partial, in a lambda a dict holds) runs under the line: its time is the finding's
    from arraybench.advise.profile import profile
    from arraybench.advise.run.launch import Target

    from .snippets import found as _found

    report = profile(Target(script=_write(tmp_path, "apply.py", APPLY)))
    f = _found(report).get(15)
    assert f is not None and f.code == "AB103", _found(report)
    # (spread's lines are the finding's time: most of the run)
    assert f.share > 0.5, f


MONITOR = """\
import numpy as np


class Monitor:
    def __init__(self):
        self.counts = []

    def __call__(self, probs):
        p = probs.ravel().tolist()
        self.counts.append(sum(1 for v in p if v > 0.9 or v < 0.1))


rng = np.random.default_rng(0)
monitor = Monitor()
for step in range(150):
    monitor(rng.random((512, 24)))
print("result:", sum(monitor.counts))
"""


def test_an_array_made_a_list_for_a_builtins_pass_on_the_next_line_is_one_reduction(
    tmp_path: Path,
) -> None:
    # blind29's torch_churn_trainer: ``p = probs...tolist()`` then ``sum(1 for v in p if ...)``
    from arraybench.advise.profile import profile
    from arraybench.advise.run.launch import Target

    from .snippets import found as _found

    found = _found(profile(Target(script=_write(tmp_path, "monitor.py", MONITOR))))
    f = found.get(9)
    assert f is not None and f.code == "AB409" and f.end == 10, found
    assert "makes a list of the 12,288 elements of probs" in f.evidence
    assert f.gain is not None and 0 <= f.gain[0] <= f.gain[1] <= f.seconds + 1e-9


KEPT_LIST = MONITOR.replace(
    "        self.counts.append(sum(1 for v in p if v > 0.9 or v < 0.1))",
    "        self.counts.append(sum(1 for v in p if v > 0.9 or v < 0.1))\n        self.last = p",
)


def test_a_list_kept_after_the_pass_is_not_one_reduction(tmp_path: Path) -> None:
    from arraybench.advise.profile import profile
    from arraybench.advise.run.launch import Target

    from .snippets import found as _found

    assert "self.last = p" in KEPT_LIST
    found = _found(profile(Target(script=_write(tmp_path, "monitor_kept.py", KEPT_LIST))))
    f = found.get(9)
    assert f is None or f.code != "AB409", f
