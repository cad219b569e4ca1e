"""blind170's misses at first contact, each as a small program: a constant table made a tensor
again per record from a comprehension over a module's unchanged dict, and a float64 window
that promotes a tracker called from a comprehension, not a statement loop; and, found on a
second look (2026-12-02), the tracker's frames made as a view of float32 audio, its complex128
spectra left out of the price, and a partial made again per singer read as binding the same
values. Never a wall-clock assertion."""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from arraybench.advise.profile import profile
from arraybench.advise.read.purity import pure_functions
from arraybench.advise.read.source import read_source
from arraybench.advise.rules.patterns import float64_work
from arraybench.advise.rules.patterns.changes import _callers, passed_unchanged
from arraybench.advise.rules.patterns.constant_build import module_table
from arraybench.advise.rules.patterns.float64_sources import _called_from_names, calling_loop
from arraybench.advise.rules.patterns.float64_values import made_as_view
from arraybench.advise.rules.patterns.float64_work import _timeable
from arraybench.advise.run.launch import Target
from arraybench.advise.run.models import _input, float32_ratio, membership_times
from arraybench.advise.run.values import Fact, describe

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


TRACK = """\
import torch


class Tracker:
    def __init__(self, window):
        self.window = window

    def track(self, audio):
        frames = audio.unfold(0, 512, 64)
        frames = (frames - frames.mean(dim=1, keepdim=True)) * self.window
        return frames.sum()


def grade(tracker, take):
    return float(tracker.track(take))
"""


def test_a_local_made_as_a_view_of_float32_audio_is_the_float32_work(tmp_path: Path) -> None:
    # blind170's pitch tracker, a second time (2026-12-02): ``frames = audio.unfold(...)``
    # then ``frames = (frames - ...) * self.window``; where every look at the second line fell
    # after it had made ``frames`` float64, no float32 operand was seen and nothing was told
    # (three runs of five). The view's receiver, seen float32 at its line (or passed float32
    # by the caller where that line was never looked at), is the float32 work.
    sf = read_source(_write(tmp_path, "track.py", TRACK))
    audio = Fact(kind="tensor", type="torch.Tensor", dtype="float32", shape=(192_000,))
    seen = {9: {"audio": audio}}
    a = SimpleNamespace(
        ev=SimpleNamespace(
            facts_at=lambda key: seen.get(key[1], {}), samples=SimpleNamespace(facts={})
        )
    )
    assert made_as_view(a, sf, "frames", 8, 10) == (9, "audio.unfold(0, 512, 64)")
    # (a float64 receiver, or a value that is no view of it, is not float32 work)
    seen[9] = {"audio": replace(audio, dtype="float64")}
    assert made_as_view(a, sf, "frames", 8, 10) is None
    other = read_source(_write(tmp_path, "double.py", TRACK.replace(".unfold(", ".double()[")))
    seen[9] = {"audio": audio}
    assert made_as_view(a, other, "frames", 8, 10) is None
    # (made above the region, or the line never looked at and no caller seen: not told)
    assert made_as_view(a, sf, "frames", 9, 10) is None
    seen.clear()
    assert made_as_view(a, sf, "frames", 8, 10) is None
    # (the line never looked at: the argument its one caller passes, seen float32 there)
    seen[15] = {"take": audio}
    assert made_as_view(a, sf, "frames", 8, 10) == (9, "audio.unfold(0, 512, 64)")
    # (or made float32 by its own source, nothing seen)
    seen.clear()
    drawn = read_source(
        _write(
            tmp_path,
            "drawn.py",
            TRACK.replace("audio.unfold(0, 512, 64)", "torch.rand(375, 512, dtype=torch.float32)"),
        )
    )
    assert made_as_view(a, drawn, "frames", 8, 10) == (
        9,
        "torch.rand(375, 512, dtype=torch.float32)",
    )


def test_complex128_work_is_timed_against_complex64() -> None:
    # blind170's pitch tracker spends its float64 work in ``rfft``/``irfft`` of complex128
    # spectra: they were never timed (no float64 array among their inputs), and the price
    # rested on an elementwise line that torch runs at 1.0-1.2x in float32
    torch = pytest.importorskip("torch")
    spec = Fact(
        kind="tensor", type="torch.Tensor", dtype="complex128", device="cpu", shape=(64, 129)
    )
    rng = np.random.default_rng(0)
    assert _input(spec, "float32", rng).dtype == torch.complex64
    assert _input(spec, "float64", rng).dtype == torch.complex128
    narrow = _input(replace(spec, type="numpy.ndarray", kind="array"), "float32", rng)
    assert narrow.dtype == np.complex64 and narrow.shape == (64, 129)
    expr = "torch.fft.irfft(spec.real ** 2 + spec.imag ** 2, n=256)"
    priced = float32_ratio(expr, {"spec": spec}, {"spec"}, {"torch": "torch"}, 0.2)
    assert priced is not None and priced[1] == "this line's expression", priced
    _, inputs, float64 = _timeable(expr, {"spec": spec}, {"torch": "torch"})
    assert float64 == {"spec"} and set(inputs) == {"spec"}


def test_the_costliest_statements_are_priced_together(monkeypatch: pytest.MonkeyPatch) -> None:
    # (three statements of the float64 work, each timed at its own ratio: one ratio that saves
    # what the three save, where one timed statement used to stand for all of them)
    own = {10: 3.0, 20: 2.0, 30: 1.0, 40: 0.5, 50: 0.2}
    ratios = {10: (2.0, 1.5, 3.0), 20: (1.0, 1.0, 1.2), 30: (4.0, 2.0, 8.0), 50: (8.0, 8.0, 8.0)}
    monkeypatch.setattr(
        float64_work,
        "_ratio_at",
        lambda a, sf, path, lo, hi, inferred, least=0: (
            (own[lo], ratios[lo], f"line {lo}'s statement") if lo in ratios else None
        ),
    )
    a = SimpleNamespace(led=SimpleNamespace(span=lambda path, lo, hi, own_=True, **k: own[lo]))
    # (line 50, under a tenth of the first one's time, is not timed at all)
    spans = [("p", ln, ln) for ln in (10, 20, 30, 40, 50, 5)]
    own[5] = 9.0  # (the promoting line itself: not among them)
    got = float64_work.costliest(a, SimpleNamespace(), spans, 5, {})  # type: ignore[arg-type]
    assert got is not None
    total, (mid, low, high), what = got
    assert total == 6.0
    assert what == "line 10's statement, line 20's statement and line 30's statement"
    saved = 3.0 * (1 - 1 / 2.0) + 0.0 + 1.0 * (1 - 1 / 4.0)
    assert total * (1 - 1 / mid) == pytest.approx(saved)
    assert low <= mid <= high


SINGERS = """\
import functools

import numpy as np


def sing(n, flat, rate):
    t = np.arange(n) / 8000.0
    return np.sin(2 * np.pi * rate * t) * (1 - flat * t)


rng = np.random.default_rng(0)
fixed = functools.partial(sing, flat=0.1, rate=5.0)
total = 0.0
for k in range(20):
    voice = functools.partial(sing, flat=rng.uniform(0, 0.3), rate=rng.uniform(4.8, 6.2))
    total += float(voice(40_000).sum()) + float(fixed(40_000).sum())
print("result:", total)
"""


def test_a_partial_made_again_in_the_loop_binds_new_values_each_time(tmp_path: Path) -> None:
    # blind170's pitch program: ``voice = partial(sing, flat_cents=rng.uniform(0, 35), ...)``
    # made per singer, then called: ``sing``'s lines were told "the loop calls sing() with
    # the same inputs every time" (AB411), the bound values taken as made once
    sf = read_source(_write(tmp_path, "singers.py", SINGERS))
    calls = _callers(sf, "sing", False)
    by_name = {ast.unparse(c.func): (c, lp) for c, lp in calls}
    assert set(by_name) == {"sing"} and len(calls) == 2, [ast.unparse(c) for c, _ in calls]
    remade = [(c, lp) for c, lp in calls if c.keywords[0].value.lineno == 15]
    kept = [(c, lp) for c, lp in calls if c.keywords[0].value.lineno == 12]
    params = ["n", "flat", "rate"]
    assert not passed_unchanged(sf, remade, params, False, {"flat"})
    assert passed_unchanged(sf, kept, params, False, {"flat", "rate"})


def test_a_list_of_pairs_is_scanned_as_pairs() -> None:
    # blind170's attendance: ``(s.badge, day) in excused``, 7,600 pairs; the scan timed on
    # ints stated 0.23 of the run for 0.49. The look records the pairs' width, and the scan is
    # timed on tuples of it
    pairs = describe([("S01", 3), ("S02", 4)])
    assert pairs.kind == "sequence" and pairs.item == "sequence" and pairs.item_size == 2
    assert describe([1, 2, 3]).item_size == 0
    for width in (0, 2):
        got = membership_times(2_000, 0.2, width)
        assert got is not None and all(t > 0 for t in got)


ROLL = """\
import numpy as np


class Singer:
    def __init__(self, badge):
        self.badge = badge


def grid(singers, days, excused):
    out = np.zeros((len(singers), len(days)), dtype=np.int8)
    for j, day in enumerate(days):
        for i, s in enumerate(singers):
            if (s.badge, day) in excused:
                out[i, j] = 1
    return out


rng = np.random.default_rng(0)
singers = [Singer(b) for b in range(300)]
days = list(range(60))
excused = [(int(b), int(d)) for b, d in zip(rng.integers(0, 300, 3000), rng.integers(0, 60, 3000))]
print("result:", int(grid(singers, days, excused).sum()))
"""


def test_the_loop_around_a_list_scan_is_not_told_beside_it(tmp_path: Path) -> None:
    # blind170's attendance: ``for i, s in enumerate(singers)`` told AB101 at 9.5% beside the
    # scans of ``(s.badge, day) in excused`` in its body, the same seconds, counted twice; and
    # here, where the inner loop calls nothing, the list is seen from the loop's header
    # (checks.for_riders): before it, the scans read "no known pattern" at 96% of the run
    found = _found(profile(Target(script=_write(tmp_path, "roll.py", ROLL))))
    f = found.get(13)
    assert f is not None and f.code == "AB416", found
    assert 12 not in found and 11 not in found, found
