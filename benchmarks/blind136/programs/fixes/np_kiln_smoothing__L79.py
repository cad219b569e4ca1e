# ruff: noqa
"""Kiln log review for a glass studio: each kiln's thermocouple trace is smoothed, compared
with its firing schedule, and the hold periods are scored for overshoot and drift."""
from dataclasses import dataclass, field

import numpy as np

STRAIN_POINT_C = 470.0


@dataclass
class FiringSchedule:
    ramp_c_per_min: float
    hold_c: float
    hold_min: int

    def target(self, minutes):
        return np.minimum(20.0 + self.ramp_c_per_min * minutes, self.hold_c)


@dataclass
class KilnChannel:
    name: str
    schedule: FiringSchedule
    raw: np.ndarray
    notes: list = field(default_factory=list)

    def smoothed(self, width=15):
        kernel = np.ones(width) / width
        return np.convolve(self.raw, kernel, mode="same")

    @staticmethod
    def _degree_minutes(excess, dt):
        acc = np.empty_like(excess)
        acc[0] = excess[0] * dt
        i = 1
        while i < len(excess):
            acc[i] = acc[i - 1] + excess[i] * dt
            i += 1
        return acc

    def review(self, minutes):
        s = self.smoothed()
        err = s - self.schedule.target(minutes)
        hold = s >= self.schedule.hold_c - 5.0
        work = self._degree_minutes(np.maximum(s - STRAIN_POINT_C, 0.0), 1.0 / 60.0)
        spectrum = np.abs(np.fft.rfft(err)) ** 2
        return {
            "overshoot": float(np.max(err)),
            "drift": float(np.std(err[hold])) if hold.any() else 0.0,
            "hold_frac": float(hold.mean()),
            "work_at_hold": float(work[hold.argmax()]) if hold.any() else float(work[-1]),
            "noise": float(spectrum[len(spectrum) // 4:].sum() / spectrum.sum()),
        }


def make_kilns(rng, n_kilns, n_samples):
    minutes = np.arange(n_samples) / 60.0
    kilns = []
    for k in range(n_kilns):
        sched = FiringSchedule(ramp_c_per_min=rng.uniform(4.0, 9.0), hold_c=rng.uniform(480, 560),
                               hold_min=int(rng.integers(30, 90)))
        trace = sched.target(minutes) + rng.normal(0.0, 3.0, n_samples).cumsum() * 0.02
        trace += rng.normal(0.0, 1.5, n_samples)
        kilns.append(KilnChannel(f"kiln-{k}", sched, trace))
    return minutes, kilns


def ensemble_check(rng, minutes, kilns, draws):
    # bootstrap the spread of the schedule error across kilns (vectorised)
    errs = np.stack([k.raw - k.schedule.target(minutes) for k in kilns])
    idx = rng.integers(0, errs.shape[1], size=(draws, errs.shape[1] // 8))
    return np.array([np.abs(errs[:, row]).mean() for row in idx])


rng = np.random.default_rng(11)
minutes, kilns = make_kilns(rng, 6, 180_000)
parts = []
for kiln in kilns:
    r = kiln.review(minutes)
    parts.append([r["overshoot"], r["drift"], r["hold_frac"], r["noise"], r["work_at_hold"] * 1e-3])
    print(f"{kiln.name}: overshoot {r['overshoot']:.2f} C, drift {r['drift']:.3f}, hold {r['hold_frac']:.2%}")
summary = np.array(parts).ravel()
boot = ensemble_check(rng, minutes, kilns, 60)
print(f"result: {summary.sum() + boot.mean():.10e}")
