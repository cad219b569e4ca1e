# ruff: noqa
"""Dead-reckoning odometry for a fleet of warehouse rovers: wheel-encoder rates are integrated
into heading and position, the drift against beacon fixes is estimated per rover by least
squares, and the fleet's corrected path lengths are reported."""
import numpy as np


class Odometry:
    def __init__(self, dt, wheel_base):
        self.dt = dt
        self.wheel_base = wheel_base

    @staticmethod
    def integrate(rate, dt, start=0.0):
        out = np.empty_like(rate)
        acc = start
        for i in range(rate.size):
            acc = acc + rate[i] * dt
            out[i] = acc
        return out

    def track(self, v_left, v_right):
        v = 0.5 * (v_left + v_right)
        omega = (v_right - v_left) / self.wheel_base
        heading = self.integrate(omega, self.dt)
        x = np.cumsum(v * np.cos(heading)) * self.dt
        y = np.cumsum(v * np.sin(heading)) * self.dt
        return heading, x, y


def drift_fit(t, x, beacon_x):
    X = np.stack([np.ones_like(t), t, t * t], axis=1)
    coef, *_ = np.linalg.lstsq(X, x - beacon_x, rcond=None)
    return coef


rng = np.random.default_rng(21)
n_rovers, n_steps, dt = 110, 100_000, 0.01
odo = Odometry(dt, wheel_base=0.42)
t = np.arange(n_steps) * dt
lengths = []
drifts = np.zeros((n_rovers, 3))
for k in range(n_rovers):
    base = 1.0 + 0.2 * np.sin(0.05 * t + k)
    v_l = base + 0.05 * rng.standard_normal(n_steps)
    v_r = base + 0.03 * np.cos(0.3 * t) + 0.05 * rng.standard_normal(n_steps)
    heading, x, y = odo.track(v_l, v_r)
    beacon = x[::200] + 0.05 * rng.standard_normal(x[::200].size)
    drifts[k] = drift_fit(t[::200], x[::200], beacon)
    lengths.append(float(np.hypot(np.diff(x), np.diff(y)).sum()))
fleet_total = float(np.sum(lengths))
print(f"fleet distance {fleet_total:.2f} m, mean drift slope {drifts[:, 1].mean():.5f}")
print(f"result: {fleet_total + np.abs(drifts).sum():.10e}")
