# ruff: noqa
"""Dead-reckoning for a differential-drive robot fleet: simulates wheel-encoder ticks with slip
noise for 30 robots, calibrates the effective wheel base against a gyro by fixed-point
iteration, integrates heading and position from the encoder increments and reports the mean
drift against ground truth."""
import numpy as np

TICKS_PER_M = 4096.0


def running_total(values, start=0.0):
    acc = start
    for v in values:
        acc += v
        yield acc


class Robot:
    def __init__(self, rng, n_steps, dt=0.01):
        self.dt = dt
        t = np.arange(n_steps) * dt
        self.v_true = 0.8 + 0.3 * np.sin(0.5 * t + rng.uniform(0, 6))
        self.w_true = 0.4 * np.sin(0.21 * t + rng.uniform(0, 6))
        base = 0.42
        left = (self.v_true - 0.5 * base * self.w_true) * dt
        right = (self.v_true + 0.5 * base * self.w_true) * dt
        slip = rng.normal(1.0, 0.02, size=(2, n_steps))
        self.ticks = np.round(np.stack([left, right]) * slip * TICKS_PER_M)
        self.gyro = self.w_true + rng.normal(0.0, 0.01, n_steps)

    def calibrate_base(self, guess=0.5, tol=1e-10, n=1500):
        left, right = self.ticks[:, :n] / TICKS_PER_M
        gyro = self.gyro[:n]
        base = guess
        while True:
            w = (right - left) / (base * self.dt)
            new = base * np.dot(w, gyro) / np.dot(gyro, gyro)
            if abs(new - base) < tol:
                return new
            base = new

    def integrate(self, base):
        left, right = self.ticks / TICKS_PER_M
        dist = 0.5 * (left + right)
        dtheta = (right - left) / base
        heading = np.fromiter(running_total(dtheta), float, dtheta.size)
        x = np.fromiter(running_total(dist * np.cos(heading)), float, dist.size)
        y = np.fromiter(running_total(dist * np.sin(heading)), float, dist.size)
        return x, y, heading

    def truth(self):
        heading = np.cumsum(self.w_true * self.dt)
        return (np.cumsum(self.v_true * self.dt * np.cos(heading)),
                np.cumsum(self.v_true * self.dt * np.sin(heading)))


rng = np.random.default_rng(42)
drifts = []
bases = []
for r in range(30):
    robot = Robot(rng, 200_000)
    base = robot.calibrate_base()
    x, y, _ = robot.integrate(base)
    xt, yt = robot.truth()
    drifts.append(np.hypot(x - xt, y - yt).mean())
    bases.append(base)
print(f"mean drift {np.mean(drifts):.3f} m, wheel base {np.mean(bases):.4f} m")
print(f"result: {np.sum(drifts) + np.sum(bases):.10e}")
