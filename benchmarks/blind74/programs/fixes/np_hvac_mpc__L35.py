# ruff: noqa
"""Supervisory HVAC control of a multi-zone office building: a linear thermal network (zones
coupled through walls, driven by outdoor temperature, occupancy gains and heating power) is
simulated at 5-minute steps under an LQR-style state-feedback controller with a setpoint
schedule; energy use and comfort violations are reported."""
import numpy as np


class ThermalModel:
    def __init__(self, n, rng):
        C = rng.uniform(2.0, 5.0, size=n)
        G = rng.uniform(0.0, 0.05, size=(n, n))
        G = (G + G.T) / 2 * (rng.random((n, n)) < 0.1)
        np.fill_diagonal(G, 0.0)
        loss = rng.uniform(0.02, 0.06, size=n)
        L = np.diag(G.sum(1) + loss) - G
        self.A = np.eye(n) - 0.08 * L / C[:, None]
        self.B = 0.08 * np.diag(1.0 / C)
        self.e = 0.08 * loss / C

    def step(self, x, u, t_out, gains):
        return self.A @ x + self.B @ (u + gains) + self.e * t_out


class Controller:
    def __init__(self, model, q=1.0, r=0.5):
        n = model.A.shape[0]
        self.model = model
        self.R = r * np.eye(n)
        self.P = q * np.eye(n) + model.A.T @ model.A

        A, B = self.model.A, self.model.B
        self._gain = np.linalg.inv(self.R + B.T @ self.P @ B) @ (B.T @ self.P @ A)

    @property
    def gain(self):
        return self._gain

    def __call__(self, x, target, ahu):
        mix = np.linalg.inv(ahu) @ np.array([1.0, 0.5, 0.2])
        u = -self.gain @ (x - target) * (1.0 + 0.01 * mix[0])
        return np.clip(u, 0.0, 3.0)


rng = np.random.default_rng(17)
n_zones, n_steps = 180, 1400
model = ThermalModel(n_zones, rng)
ctrl = Controller(model)
ahu = np.array([[1.0, 0.1, 0.0], [0.1, 1.0, 0.1], [0.0, 0.1, 1.0]])
x = np.full(n_zones, 16.0)
energy = 0.0
violations = 0
for k in range(n_steps):
    hour = (k * 5 / 60) % 24
    occupied = 7 <= hour < 19
    target = np.full(n_zones, 21.0 if occupied else 17.0)
    t_out = 5.0 + 6.0 * np.sin(2 * np.pi * (hour - 9) / 24)
    gains = rng.uniform(0.0, 0.4, size=n_zones) * occupied
    u = ctrl(x, target, ahu)
    x = model.step(x, u, t_out, gains)
    energy += u.sum() * 5 / 60
    violations += int((occupied & (np.abs(x - target) > 1.0)).sum())
print(f"energy {energy:.2f} kWh, comfort violations {violations}")
print(f"result: {energy + violations + x.sum():.10e}")
