"""The forms blind43 (benchmarks/) wrote, cut down to what made the profiler miss them: a
``np.vectorize`` another object holds, called per year through a local name for it; a list
another object holds built into a tensor in a penalty a ``functools.partial`` gives that object;
a model called per window through ``map`` of a method over a generator. Never a wall-clock
assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

HABITAT = """\
import math

import numpy as np


class Landscape:
    def __init__(self, rng, n):
        self.veg = rng.uniform(0.0, 1.0, n)
        self.suitability = np.vectorize(self._suitability)

    @staticmethod
    def _suitability(veg, temp):
        return math.exp(-((temp - 18.0 - 4.0 * veg) ** 2) / 18.0)


class Metapopulation:
    def __init__(self, land):
        self.land = land

    def year(self, temp):
        land = self.land
        q = land.suitability(land.veg, temp)
        return float(q.mean())


rng = np.random.default_rng(2)
model = Metapopulation(Landscape(rng, 600))
print("result:", sum(model.year(t) for t in 19.0 + 3.0 * np.sin(np.arange(2000) / 11.0)))
"""


def test_a_vectorize_another_object_holds_called_through_a_local_name(tmp_path: Path) -> None:
    # blind43's np_metapop_habitat: ``land.suitability(land.veg, temp)`` of ``land =
    # self.land``; the loop over years was told a whole-array rewrite it has none of
    found = _found(profile(Target(script=_write(tmp_path, "habitat.py", HABITAT))))
    f = found.get(22)
    assert f is not None and f.code == "AB103", found
    assert "land.suitability is a numpy.vectorize" in f.evidence
    assert "(made at line 9: self.suitability = np.vectorize(self._suitability))" in f.evidence


DISPATCH = """\
import functools
import random

import torch

random.seed(0)


class Network:
    def __init__(self, n_gen, n_line):
        self.ptdf_rows = [[random.uniform(-0.4, 0.4) for _ in range(n_gen)] for _ in range(n_line)]


def line_penalty(p, net, weight):
    ptdf = torch.tensor(net.ptdf_rows)
    return weight * torch.relu((ptdf @ p).abs() - 1.0).pow(2).sum()


def minimize(x0, steps, penalty):
    x = x0.clone()
    total = 0.0
    for _ in range(steps):
        total += float(penalty(x))
        x = x * 0.999
    return total


net = Network(80, 130)
pen = functools.partial(line_penalty, net=net, weight=50.0)
print("result:", sum(minimize(torch.full((80,), 0.5 + h / 100), 40, pen) for h in range(12)))
"""


def test_a_list_another_object_holds_built_in_a_partial_penalty(tmp_path: Path) -> None:
    # blind43's torch_dispatch_opf: ``torch.tensor(net.ptdf_rows)`` in a penalty given ``net``
    # by ``functools.partial``, called at every optimizer step: told only as "AB108?" before
    pytest.importorskip("torch")
    found = _found(profile(Target(script=_write(tmp_path, "dispatch.py", DISPATCH))))
    f = found.get(15)
    assert f is not None and f.code == "AB108", found
    assert "net.ptdf_rows (list of 130 of sequence) was the same unchanged list" in f.evidence
    assert "in Network.__init__) and use net.ptdf in line_penalty()" in f.evidence


PICKER = """\
import torch
import torch.nn as nn


class Picker(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Conv1d(3, 8, 5, padding=2), nn.ReLU())
        self.head = nn.Conv1d(8, 1, 1)

    def forward(self, x):
        return torch.sigmoid(self.head(self.body(x))).squeeze(1)


def windows(record, length=200, hop=50):
    for start in range(0, record.shape[-1] - length + 1, hop):
        yield record[:, start : start + length]


class StationProcessor:
    def __init__(self, model):
        self.model = model

    def _prob(self, window):
        return self.model(window.unsqueeze(0))[0]

    def run(self, record):
        with torch.no_grad():
            probs = torch.stack(list(map(self._prob, windows(record))))
        return float(probs.max(dim=1).values.sum())


torch.manual_seed(4)
proc = StationProcessor(Picker().eval())
total = 0.0
for station in range(30):
    total += proc.run(torch.randn(3, 40_000))
print("result:", total)
"""


def test_a_model_mapped_per_window_through_a_method_over_a_generator(tmp_path: Path) -> None:
    # blind43's torch_phase_picker: ``map(self._prob, windows(record))`` with ``return
    # self.model(window.unsqueeze(0))[0]``: the windows' shape from the method's looks, their
    # number its calls a run
    pytest.importorskip("torch")
    found = _found(profile(Target(script=_write(tmp_path, "picker.py", PICKER))))
    f = found.get(29)
    assert f is not None and f.code == "AB106", found
    assert "(self.model, through self._prob) once per row of windows(record)" in f.evidence
    assert "self.model(torch.stack(list(windows(record))))" in f.evidence
