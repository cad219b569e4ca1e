# ruff: noqa
"""Plug-flow aeration basin of an activated-sludge plant: substrate and dissolved oxygen along
the basin (finite cells), advection-dispersion taken implicitly, Monod uptake and blower
aeration explicitly, with a PI controller on the outlet oxygen; prints the blower energy and
the effluent substrate."""
import numpy as np

O_SAT = 9.1  # mg/l


class Basin:
    def __init__(self, n_cells, length, dispersion, velocity, dt):
        self.n = n_cells
        self.dt = dt
        h = length / n_cells
        main = np.full(n_cells, -2.0 * dispersion / h**2 - velocity / h)
        lower = np.full(n_cells - 1, dispersion / h**2 + velocity / h)
        upper = np.full(n_cells - 1, dispersion / h**2)
        self.L = np.diag(main) + np.diag(lower, -1) + np.diag(upper, 1)
        self.L[-1, -1] += dispersion / h**2
        self._transport = np.linalg.inv(np.eye(self.n) - self.dt * self.L)

    @property
    def transport(self):
        return self._transport

    def step(self, S, O, kla, inflow):
        growth = 0.25 * S / (S + 10.0) * O / (O + 0.5)
        S_new = S - self.dt * 4.0 * growth
        S_new[0] += self.dt * inflow
        O_new = O + self.dt * (kla * (O_SAT - O) - 2.5 * growth)
        A = self.transport
        return A @ S_new, A @ O_new


class PIController:
    def __init__(self, kp, ki, setpoint):
        self.kp, self.ki, self.setpoint = kp, ki, setpoint
        self.integral = 0.0

    def __call__(self, measured, dt):
        gains = np.array([self.kp, self.ki])
        err = self.setpoint - measured
        self.integral += err * dt
        return float(np.clip(gains @ np.array([err, self.integral]) + 2.0, 0.0, 12.0))


def run_day(basin, controller, steps, rng):
    S = np.full(basin.n, 20.0)
    O = np.full(basin.n, 2.0)
    energy = 0.0
    kla = 2.0
    for t in range(steps):
        inflow = 40.0 * (1.0 + 0.3 * np.sin(2 * np.pi * t / steps)) + rng.normal(0.0, 2.0)
        prev = O.copy()
        S, O = basin.step(S, O, kla, inflow)
        kla = controller(O[-1], basin.dt)
        energy += kla * basin.dt
        if np.abs(O - prev).max() < 1e-12:
            break
    return S, O, energy


rng = np.random.default_rng(3)
basin = Basin(n_cells=320, length=120.0, dispersion=0.8, velocity=0.05, dt=0.01)
controller = PIController(kp=1.5, ki=0.2, setpoint=2.0)
S, O, energy = run_day(basin, controller, 450, rng)
print(f"blower energy {energy:.4f}, effluent substrate {S[-1]:.4f} mg/l, outlet DO {O[-1]:.4f}")
print(f"result: {energy + S.sum() + O.sum():.10e}")
