"""blind176's miss at first contact (2026-12-02), as a small program: a smoother matrix made
and inverted again for every trace, its size read off the trace (``n = len(trace)``, one value
in the whole run), in a method of each of several objects, its other input a default argument
no call passes. Never a wall-clock assertion."""

from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace

from arraybench.advise.profile import profile
from arraybench.advise.read.source import read_source
from arraybench.advise.rules.patterns.changes import _callers, passed_unchanged
from arraybench.advise.rules.patterns.invariant_inputs import steady_sizes
from arraybench.advise.run.launch import Target
from arraybench.advise.run.values import Fact

from .snippets import found as _found
from .snippets import write as _write

GEOPHONES = """\
import numpy as np


def second_difference(n):
    return np.diff(np.eye(n), 2, axis=0)


class Geophone:
    def __init__(self, gain):
        self.gain = gain

    def smooth(self, trace, lam):
        n = len(trace)
        D = second_difference(n)
        smoother = np.linalg.inv(np.eye(n) + lam * D.T @ D)
        return smoother @ trace

    def process(self, raw, lam=4.0):
        return float(np.abs(self.smooth(raw * self.gain, lam)).max())


rng = np.random.default_rng(0)
stations = [Geophone(g) for g in (1.0, 0.98, 1.03)]
total = 0.0
for blast in range(60):
    for st in stations:
        total += st.process(rng.standard_normal(200))
print("result:", total)
"""


def test_a_size_read_off_a_parameter_one_value_all_run_is_the_same_at_every_call(
    tmp_path: Path,
) -> None:
    sf = read_source(_write(tmp_path, "geophones.py", GEOPHONES))
    assert sf.tree is not None
    fn = next(n for n in ast.walk(sf.tree) if isinstance(n, ast.FunctionDef) and n.name == "smooth")
    seen = {
        13: {"n": [Fact("scalar", "int", value=200)] * 2},
        14: {"n": [Fact("scalar", "int", value=200)]},
    }
    a = SimpleNamespace(
        ev=SimpleNamespace(
            samples=SimpleNamespace(facts={(sf.path, ln): v for ln, v in seen.items()})
        )
    )
    assert steady_sizes(a, sf, fn) == {"n"}  # type: ignore[arg-type]
    # (two values, or too few looks: not)
    seen[14] = {"n": [Fact("scalar", "int", value=199)]}
    a.ev.samples.facts = {(sf.path, ln): v for ln, v in seen.items()}
    assert steady_sizes(a, sf, fn) == set()  # type: ignore[arg-type]
    seen.pop(14)
    seen[13] = {"n": [Fact("scalar", "int", value=200)]}
    a.ev.samples.facts = {(sf.path, ln): v for ln, v in seen.items()}
    assert steady_sizes(a, sf, fn) == set()  # type: ignore[arg-type]


def test_a_default_argument_and_another_object_per_call_leave_the_inputs_unchanged(
    tmp_path: Path,
) -> None:
    sf = read_source(_write(tmp_path, "geophones.py", GEOPHONES))
    st = Fact("other", "__main__.Geophone")
    a = SimpleNamespace(ev=SimpleNamespace(facts_at=lambda key: {"st": st}))
    calls = _callers(sf, "process", True, a)  # type: ignore[arg-type]
    assert len(calls) == 1
    params = ["self", "raw", "lam"]
    # (``lam`` not passed: its default; the object changes, but only its methods' reads of
    # ``self`` would change with it)
    assert passed_unchanged(sf, calls, params, True, {"lam"})
    assert not passed_unchanged(sf, calls, params, True, {"lam", "self.gain"})
    assert not passed_unchanged(sf, calls, params, True, {"raw"})


def test_a_smoother_inverted_again_for_every_trace_of_one_length_is_found(
    tmp_path: Path,
) -> None:
    # blind176's blast vibration: ``smoother = np.linalg.inv(np.eye(n) + lam * D.T @ D)`` per
    # trace, 49% measured: no known pattern, ``n = len(trace)`` read as changing with the trace
    found = _found(profile(Target(script=_write(tmp_path, "geophones.py", GEOPHONES))))
    f = found.get(15)
    assert f is not None and f.code == "AB411", found
