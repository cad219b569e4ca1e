"""The classic suite: well-known questions about Python, NumPy, PyTorch and JAX speed, answered
with this machine's numbers. One module per experiment, each defining ``EXPERIMENT``."""

from __future__ import annotations

import importlib

from ...catalog import register_builtin
from ..experiment import Experiment

#: The experiments in the order ``arraybench run`` runs them.
MODULES = ("sin2", "tensors", "loops", "gradients", "conversion")

# Their workloads are built in: a worker loads one by importing its module (arraybench.catalog).
register_builtin(*(f"{__name__}.{name}" for name in MODULES))


def experiments() -> list[Experiment]:
    out = []
    for name in MODULES:
        module = importlib.import_module(f"{__name__}.{name}")
        out.append(module.EXPERIMENT)
    return out
