"""blind170's misses at first contact, each as a small program: a constant table made a tensor
again per record from a comprehension over a module's unchanged dict, and a float64 window
that promotes a tracker called from a comprehension, not a statement loop. Never a wall-clock
assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.read.purity import pure_functions
from arraybench.advise.read.source import read_source
from arraybench.advise.rules.patterns.constant_build import module_table
from arraybench.advise.rules.patterns.float64_sources import _called_from_names, calling_loop
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

CURVES = """\
import torch

DENSITIES = (0.97, 1.0, 1.03, 1.06, 1.09, 1.12, 1.15, 1.18, 1.21, 1.225, 1.24, 1.27)
SPEEDS = [0.25 * i for i in range(101)]
TABLE = {rho: [round(rho * v * v, 1) for v in SPEEDS] for rho in DENSITIES}


def expected(wind, j):
    curves = torch.tensor([TABLE[r] for r in DENSITIES])
    i = torch.clamp(wind / 0.25, 0, 99).long()
    return curves[j, i]


g = torch.Generator().manual_seed(1)
total = 0.0
for step in range(3000):
    wind = 12 * torch.rand(24, generator=g)
    j = torch.randint(0, 12, (24,), generator=g)
    total += float(expected(wind, j).sum())
print("result:", total)
"""


def test_a_module_table_that_nothing_changes_is_a_constant(tmp_path: Path) -> None:
    sf = read_source(_write(tmp_path, "curves.py", CURVES))
    assert module_table(sf, "TABLE") and module_table(sf, "DENSITIES")
    # (a table a function writes into, or a name stored twice, may change between calls)
    changed = CURVES.replace("    i = torch.clamp", "    TABLE[1.0] = SPEEDS\n    i = torch.clamp")
    sf = read_source(_write(tmp_path, "changed.py", changed))
    assert not module_table(sf, "TABLE") and not module_table(sf, "total")


def test_a_tensor_of_a_comprehension_over_a_module_table_is_built_once(tmp_path: Path) -> None:
    # blind170's power-curve monitor: ``torch.tensor([WARRANTED[r] for r in DENSITIES])`` in
    # the function called per record, 12,960 times (37% measured): only "AB108?" at first
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "curves.py", CURVES)))
    f = _found(report).get(9)
    assert f is not None and f.code == "AB108", _found(report)
    assert "a module's unchanged table" in f.evidence, f.evidence


PITCH = """\
import numpy as np


class Tracker:
    def __init__(self, frame=512, hop=64):
        self.frame, self.hop = frame, hop
        self.window = np.hanning(frame)

    def track(self, audio):
        frames = np.lib.stride_tricks.sliding_window_view(audio, self.frame)[:: self.hop]
        frames = (frames - frames.mean(axis=1, keepdims=True)) * self.window
        power = np.sqrt(frames * frames + 1e-3) * np.abs(frames) + frames
        slope = power[:, 1:] - power[:, :-1] * 0.97
        return (slope * slope).sum(axis=1)


def score(take, tracker):
    return float(tracker.track(take).mean())


rng = np.random.default_rng(2)
takes = [rng.standard_normal(256_000).astype(np.float32) for _ in range(30)]
tracker = Tracker()
table = {k: score(take, tracker) for k, take in enumerate(takes)}
print("result:", sum(table.values()))
"""


def test_a_function_called_from_a_comprehension_has_that_loop_as_its_caller(
    tmp_path: Path,
) -> None:
    sf = read_source(_write(tmp_path, "pitch.py", PITCH))
    assert calling_loop(sf, 24) == (24, 24)
    assert _called_from_names(sf, 11) == ((9, 14), [(17, 18), (24, 24)])


def test_a_float64_window_promoting_a_tracker_called_from_a_comprehension(
    tmp_path: Path,
) -> None:
    # blind170's pitch tracker (torch there): a float64 window (``np.hanning``) made in
    # ``__init__``, the frames multiplied by it in ``track``, called once a take from a dict
    # comprehension (28% measured): no statement loop calls it, and no AB410 was looked for.
    # (NumPy here: torch's elementwise float32 timing after the run read 1.00-1.2x on this
    # machine's one thread, too close to price; the FFTs that cost there are complex128,
    # which the timing does not narrow yet: docs/profile.md)
    report = profile(Target(script=_write(tmp_path, "pitch.py", PITCH)))
    found = _found(report)
    use = found.get(11)
    assert use is not None and use.code == "AB410", (found, report.dropped)
    origin = found.get(7)
    assert origin is not None and origin.fix_of == 11, found
    assert "dtype=np.float32" in origin.evidence or "astype(np.float32)" in origin.evidence, (
        origin.evidence
    )


TUNING = """\
import math

import numpy as np

SR = 16_000
BINS_PER_OCTAVE = 12
N_BINS = 4 * BINS_PER_OCTAVE


def kernel_bank(sr, n_bins, bins_per_octave):
    q = 1.0 / (2.0 ** (1.0 / bins_per_octave) - 1.0)
    size = 4096
    bank = np.zeros((n_bins, size), dtype=complex)
    for k in range(n_bins):
        n_k = min(size, int(math.ceil(q * sr / (65.0 * 2.0 ** (k / bins_per_octave)))))
        row = np.zeros(size, dtype=complex)
        row[:n_k] = np.hamming(n_k) * np.exp(2j * np.pi * q * np.arange(n_k) / n_k)
        bank[k] = np.fft.fft(row)
    return bank


def analyse(piece):
    bank = kernel_bank(SR, N_BINS, BINS_PER_OCTAVE)
    return float(np.abs(np.fft.fft(piece, 4096) @ bank.T).sum())


rng = np.random.default_rng(3)
total = 0.0
for _ in range(40):
    total += analyse(rng.standard_normal(4096))
print("result:", total)
"""


def test_a_kernel_made_with_a_complex_dtype_is_a_pure_function_of_its_arguments(
    tmp_path: Path,
) -> None:
    # blind170's choir tuning: ``np.zeros(..., dtype=complex)`` read ``complex`` as a global,
    # so the constant-Q kernel built again for each piece from the module's numbers was no
    # pure function, and nothing was told (36% measured)
    sf = read_source(_write(tmp_path, "tuning.py", TUNING))
    assert "kernel_bank" in pure_functions(sf)
    report = profile(Target(script=_write(tmp_path, "tuning.py", TUNING)))
    f = _found(report).get(23)
    assert f is not None and f.code == "AB411", _found(report)
