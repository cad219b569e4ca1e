"""Blank inspection at a coin mint: every press run delivers a batch of struck blanks whose
weights and diameters are checked against the denomination's specification. Each batch is
summarised (mass balance against the metal issued, out-of-tolerance counts, weight spread) and
the shift log keeps a per-shift summary row; at the end the presses are ranked."""
from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class Denomination:
    name: str
    nominal_g: float
    tol_g: float
    diameter_mm: float
    tol_mm: float


SPEC = Denomination("2-euro-like", 8.5, 0.05, 25.75, 0.04)


@dataclass
class StrikeBatch:
    press: int
    weights: np.ndarray
    diameters: np.ndarray

    @property
    def total_mass(self):
        return sum(self.weights)

    @property
    def rejects(self):
        bad_w = np.abs(self.weights - SPEC.nominal_g) > SPEC.tol_g
        bad_d = np.abs(self.diameters - SPEC.diameter_mm) > SPEC.tol_mm
        return int(np.count_nonzero(bad_w | bad_d))


@dataclass
class ShiftLog:
    rows: np.ndarray = field(default_factory=lambda: np.empty((0, 3)))

    def close_shift(self, mass, rejects, spread):
        self.rows = np.append(self.rows, [[mass, rejects, spread]], axis=0)


def strike(rng, press, n, drift):
    w = rng.normal(SPEC.nominal_g + drift, 0.021, size=n)
    d = rng.normal(SPEC.diameter_mm, 0.015, size=n) + 0.002 * (w - SPEC.nominal_g)
    return StrikeBatch(press, w, d)


def weight_profile(batch, edges):
    hist, _ = np.histogram(batch.weights, bins=edges)
    q = np.quantile(batch.weights, [0.01, 0.5, 0.99])
    return hist, q


def run_mint(n_shifts=6, batches_per_shift=60, blanks=14000, n_presses=8, seed=11):
    rng = np.random.default_rng(seed)
    drifts = rng.normal(0.0, 0.01, size=n_presses)
    edges = np.linspace(SPEC.nominal_g - 0.1, SPEC.nominal_g + 0.1, 81)
    log = ShiftLog()
    press_mass = np.zeros(n_presses)
    press_rejects = np.zeros(n_presses)
    hist_total = np.zeros(len(edges) - 1)
    for shift in range(n_shifts):
        shift_mass = 0.0
        shift_rejects = 0
        spreads = []
        for b in range(batches_per_shift):
            press = (shift * batches_per_shift + b) % n_presses
            batch = strike(rng, press, blanks, drifts[press])
            hist, q = weight_profile(batch, edges)
            hist_total += hist
            mass = batch.total_mass
            rej = batch.rejects
            press_mass[press] += mass
            press_rejects[press] += rej
            shift_mass += mass
            shift_rejects += rej
            spreads.append(q[2] - q[0])
        log.close_shift(shift_mass, shift_rejects, float(np.mean(spreads)))
    return log, press_mass, press_rejects, hist_total


log, press_mass, press_rejects, hist_total = run_mint()
ranking = np.argsort(press_rejects / press_mass)
for p in ranking[:3]:
    print(f"press {p}: {press_rejects[p]:.0f} rejects, {press_mass[p] / 1000:.2f} kg struck")
print(f"shifts: {len(log.rows)}, total mass {log.rows[:, 0].sum() / 1000:.3f} kg")
checksum = log.rows.sum() + float(hist_total @ np.arange(len(hist_total))) * 1e-6
print(f"result: {checksum:.10e}")
