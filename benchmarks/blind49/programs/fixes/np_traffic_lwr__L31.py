# ruff: noqa
"""Macroscopic traffic on a ring motorway: the LWR model with a Greenshields flux, upwind
advection, an implicit viscosity step for stability, on-ramp inflow at rush hour, and loop
detectors that report the mean density and flow of their stretch of road."""
import numpy as np
import scipy.linalg


class Road:
    def __init__(self, n_cells, length_km, v_free=110.0, rho_jam=160.0):
        self.n = n_cells
        self.dx = length_km / n_cells
        self.v_free = v_free
        self.rho_jam = rho_jam

    def flux(self, rho):
        return self.v_free * rho * (1.0 - rho / self.rho_jam)

    def laplacian(self):
        L = -2.0 * np.eye(self.n)
        idx = np.arange(self.n)
        L[idx, (idx + 1) % self.n] = 1.0
        L[idx, (idx - 1) % self.n] = 1.0
        return L / self.dx**2


class ImplicitViscosity:
    def __init__(self, road, nu, dt):
        self.system = scipy.linalg.lu_factor(np.eye(road.n) - dt * nu * road.laplacian())

    def __call__(self, rho):
        return scipy.linalg.lu_solve(self.system, rho)


class Detectors:
    def __init__(self, cells, every=10):
        self.cells = cells
        self.every = every
        self.calls = 0
        self.log = []

    def __call__(self, t, rho, q):
        self.calls += 1
        if self.calls % self.every:
            return
        row = []
        for lo, hi in self.cells:
            row.append((rho[lo:hi].mean(), q[lo:hi].mean()))
        self.log.append(row)


class Simulator:
    def __init__(self, road, dt, hooks):
        self.road = road
        self.dt = dt
        self.hooks = hooks

    def ramp_inflow(self, t):
        return 25.0 * np.exp(-(((t - 0.5) / 0.15) ** 2))

    def run(self, rho, n_steps, ramps):
        smooth, *observers = self.hooks
        for step in range(n_steps):
            t = step * self.dt
            q = self.road.flux(rho)
            rho = rho - self.dt / self.road.dx * (q - np.roll(q, 1))
            rho[ramps] += self.dt * self.ramp_inflow(t)
            rho = np.clip(smooth(rho), 0.0, self.road.rho_jam)
            for obs in observers:
                obs(t, rho, q)
        return rho


rng = np.random.default_rng(5)
road = Road(n_cells=420, length_km=42.0)
dt = 0.4 * road.dx / road.v_free
rho0 = 30.0 + 10.0 * rng.random(road.n)
ramps = np.array([50, 160, 300])
det = Detectors([(i, i + 10) for i in range(0, 420, 84)])
sim = Simulator(road, dt, [ImplicitViscosity(road, nu=0.05, dt=dt), det])
rho = sim.run(rho0, 900, ramps)
log = np.array(det.log)
print(f"mean density {rho.mean():.4f} veh/km, peak detector flow {log[:, :, 1].max():.2f}")
print(f"result: {rho.sum() + log.sum() * 1e-3:.10e}")
