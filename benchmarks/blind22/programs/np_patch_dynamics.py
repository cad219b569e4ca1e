"""Stochastic birth-death-migration dynamics on a ring of habitat patches, advanced by
tau-leaping; recorder hooks attached to the simulator collect every step's population and the
run ends with summary statistics of the trajectory (mean, variance, extinction count)."""
import numpy as np


class Recorder:
    def __init__(self, n_patches):
        self.snapshots = np.empty((0, n_patches))
        self.times = []

    def __call__(self, t, pop):
        self.times.append(t)
        self.snapshots = np.concatenate([self.snapshots, pop[None, :]])


class Simulator:
    def __init__(self, pop0, rates, rng, hooks=()):
        self.pop = pop0.astype(np.float64)
        self.rates = rates
        self.rng = rng
        self.hooks = list(hooks)

    def step(self, dt):
        total = sum(self.rates.values())
        lam = np.maximum(self.pop, 0.0) * dt
        births = self.rng.poisson(self.rates["birth"] * lam)
        deaths = self.rng.poisson(self.rates["death"] * lam * (1.0 + self.pop / 500.0))
        moves = self.rng.poisson(self.rates["move"] * lam)
        left = self.rng.random(self.pop.size) < 0.5
        out_l = np.where(left, moves, 0)
        out_r = moves - out_l
        self.pop = np.maximum(self.pop + births - deaths - moves + np.roll(out_l, -1) + np.roll(out_r, 1), 0.0)
        return total * dt

    def run(self, t_end, dt):
        t = 0.0
        clock = 0.0
        while t < t_end:
            clock += self.step(dt)
            t += dt
            for hook in self.hooks:
                hook(t, self.pop)
        return clock


rng = np.random.default_rng(21)
n = 120
rec = Recorder(n)
sim = Simulator(rng.integers(50, 150, size=n), {"birth": 1.0, "death": 0.8, "move": 0.3}, rng, hooks=[rec])
clock = sim.run(t_end=64.0, dt=0.02)
traj = rec.snapshots
extinct = int((traj[-1] == 0).sum())
print(f"{traj.shape[0]} steps, mean pop {traj.mean():.2f}, var {traj.var():.2f}, {extinct} extinct")
print(f"result: {traj.sum() + traj.var() + extinct + clock:.10e}")
