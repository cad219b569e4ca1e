# ruff: noqa
"""Actuated traffic-signal control on a grid of intersections: vehicles arrive at random on four
approaches, each signal extends its green while its served queues stay long and switches phase
otherwise, and the run reports mean queue lengths and the share of time spent in each phase."""
import numpy as np

PHASES = ("NS_through", "EW_through", "NS_left", "EW_left")
SERVES = np.array([[1, 1, 0, 0], [0, 0, 1, 1], [1, 1, 0, 0], [0, 0, 1, 1]], dtype=float)


class QueueRecorder:
    def __init__(self):
        self.history = np.empty(0)

    def record(self, queues):
        self.history = np.append(self.history, queues.sum(axis=1))

    def as_matrix(self, n_int):
        return self.history.reshape(-1, n_int)


class SignalGrid:
    def __init__(self, n_int, rng, min_green=8, max_green=45):
        self.rng = rng
        self.queues = np.zeros((n_int, 4))
        self.phase = rng.integers(0, 4, size=n_int)
        self.elapsed = np.zeros(n_int)
        self.rates = rng.uniform(0.05, 0.35, size=(n_int, 4))
        self.min_green, self.max_green = min_green, max_green

    def tick(self):
        self.queues += self.rng.poisson(self.rates)
        served = SERVES[self.phase] * 0.9
        self.queues = np.maximum(self.queues - served, 0.0)
        self.elapsed += 1
        demand = (self.queues * SERVES[self.phase]).sum(axis=1)
        switch = (self.elapsed >= self.max_green) | ((self.elapsed >= self.min_green) & (demand < 2.0))
        self.phase = np.where(switch, (self.phase + 1) % 4, self.phase)
        self.elapsed = np.where(switch, 0, self.elapsed)


rng = np.random.default_rng(5)
grid = SignalGrid(120, rng)
recorder = QueueRecorder()
phase_time = np.zeros(4)
t = 0
while t < 9000:
    grid.tick()
    recorder.record(grid.queues)
    if t % 25 == 0:
        phase_time += np.bincount(grid.phase, minlength=len(PHASES))
    t += 1
hist = recorder.as_matrix(120)
for k, name in enumerate(PHASES):
    print(f"{name}: {phase_time[k] / phase_time.sum():.3f}")
print(f"mean queue {hist.mean():.3f}, worst {hist.max():.1f}")
print(f"result: {hist.sum() + hist[-1].sum() + phase_time @ np.arange(1, 5):.10e}")
