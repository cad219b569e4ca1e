# ruff: noqa
"""Print-run quality assurance for an offset press: every sheet's colour bar is scanned (ink
density and dot gain per patch), inspection hooks check each sheet against the job's targets,
out-of-tolerance sheets are logged, and a per-shift and per-unit report is printed."""
import functools

import numpy as np

PATCHES = 24
TARGET = np.linspace(0.9, 1.6, PATCHES)


def scan_shift(rng, n_sheets, drift):
    wander = np.cumsum(rng.normal(0.0, 0.0004, size=(n_sheets, 1)), axis=0)
    density = TARGET + drift + wander + rng.normal(0.0, 0.03, size=(n_sheets, PATCHES))
    gain = rng.normal(14.0, 1.5, size=(n_sheets, PATCHES))
    return density, gain


class DefectLog:
    def __init__(self):
        self._rows = []

    @property
    def rows(self):
        return np.array(self._rows).reshape(-1, PATCHES + 1)

    def __call__(self, sheet_no, density, gain, tol):
        dev = np.abs(density - TARGET)
        if dev.max() > tol:
            self._rows.append(np.r_[sheet_no, dev])


def gain_check(sheet_no, density, gain, tol, stats):
    stats["gain"] += gain.mean()
    stats["n"] += 1


def run_press(density, gain, hooks, tol=0.1, start=0):
    for k in range(density.shape[0]):
        for hook in hooks:
            hook(start + k, density[k], gain[k], tol)


rng = np.random.default_rng(5)
log = DefectLog()
stats = {"gain": 0.0, "n": 0}
hooks = [log, functools.partial(gain_check, stats=stats)]
shift_means = np.empty((0, PATCHES))
start = 0
for shift, drift in enumerate([0.0, 0.02, -0.015]):
    density, gain = scan_shift(rng, 20000, drift)
    run_press(density, gain, hooks, start=start)
    start += density.shape[0]
    shift_means = np.concatenate([shift_means, density.mean(axis=0, keepdims=True)])
worst_patch = int(np.argmax(log.rows[:, 1:].mean(axis=0)))
print(f"sheets: {start}, rejected: {len(log.rows)}, worst patch: {worst_patch}")
print(f"mean dot gain: {stats['gain'] / stats['n']:.3f}")
print(f"result: {log.rows.sum() + shift_means.sum() + stats['gain']:.10e}")
