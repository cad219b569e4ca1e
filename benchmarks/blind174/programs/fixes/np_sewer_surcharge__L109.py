# ruff: noqa
"""Routes a week of storm runoff through a combined sewer network (manholes joined by pipes) with
an implicit storage model: each step solves for the manhole heads from the linearised pipe
conductances, then moves sediment along the pipes with the resulting flows, and prints the total
volume spilled at the overflow weirs."""
import numpy as np

DT = 60.0  # seconds per step
GRAVITY = 9.81
MANNING_N = 0.013
SED_SUBSTEPS = 12  # sediment moves on a finer clock than the heads


def build_network(n_nodes, rng):
    """A tree of trunk sewers plus a few cross connections, as (upstream, downstream) pairs."""
    pipes = [(i, (i - 1) // 2) for i in range(1, n_nodes)]
    for _ in range(n_nodes // 6):
        a, b = rng.integers(0, n_nodes, 2)
        if a != b:
            pipes.append((int(a), int(b)))
    pipes = np.array(pipes)
    length = rng.uniform(40.0, 180.0, len(pipes))
    diameter = rng.choice([0.3, 0.45, 0.6, 0.9, 1.2], len(pipes))
    return pipes, length, diameter


class SewerNetwork:
    def __init__(self, pipes, length, diameter, plan_area, weir_crest):
        self.pipes = pipes
        self.length = length
        self.diameter = diameter
        self.area = plan_area
        self.crest = weir_crest
        n = len(plan_area)
        self.n = n
        # incidence matrix, one row per pipe: +1 upstream, -1 downstream
        self.B = np.zeros((len(pipes), n))
        self.B[np.arange(len(pipes)), pipes[:, 0]] = 1.0
        self.B[np.arange(len(pipes)), pipes[:, 1]] = -1.0
        full_area = 0.25 * np.pi * diameter**2
        hyd_radius = diameter / 4.0
        self.conductance = full_area * hyd_radius ** (2 / 3) / (MANNING_N * np.sqrt(length))
        self.outfall = 0

    def system_matrix(self):
        L = self.B.T @ (self.conductance[:, None] * self.B)
        A = np.diag(self.area / DT) + L
        A[self.outfall, self.outfall] += 50.0  # outfall held near datum
        return A

    def step(self, heads, inflow):
        A_inv = np.linalg.inv(self.system_matrix())
        rhs = self.area / DT * heads + inflow
        new_heads = A_inv @ rhs
        spill = np.clip(new_heads - self.crest, 0.0, None)
        new_heads = new_heads - spill
        return new_heads, spill * self.area

    def pipe_flows(self, heads):
        return self.conductance * (self.B @ heads)


def rainfall_profile(n_steps, rng):
    t = np.arange(n_steps) * DT / 3600.0
    storms = np.zeros(n_steps)
    for start, peak in zip(rng.uniform(0, t[-1], 5), rng.uniform(8.0, 40.0, 5)):
        storms += peak * np.exp(-0.5 * ((t - start) / 0.8) ** 2)
    return storms / 1000.0 / 3600.0  # mm/h -> m/s


def transport_sediment(sed, flows, pipes, length, diameter):
    velocity = flows / (0.25 * np.pi * diameter**2)
    capacity = 0.02 * np.clip(np.abs(velocity) - 0.3, 0.0, None) ** 1.5 * diameter
    moved = np.minimum(sed[pipes[:, 0]], capacity * (DT / SED_SUBSTEPS) / length)
    out = np.zeros_like(sed)
    np.add.at(out, pipes[:, 0], -moved)
    np.add.at(out, pipes[:, 1], moved)
    deposit = 1e-4 * np.exp(-np.abs(velocity))
    return sed + out + np.bincount(pipes[:, 1], weights=deposit, minlength=len(sed)) * 1e-3 / SED_SUBSTEPS


rng = np.random.default_rng(0)
n_nodes = 80
pipes, length, diameter = build_network(n_nodes, rng)
plan_area = rng.uniform(1.0, 4.0, n_nodes)
crest = rng.uniform(1.5, 3.0, n_nodes)
crest[0] = 1e9
catchment = rng.uniform(500.0, 4000.0, n_nodes)  # m2 draining to each manhole
net = SewerNetwork(pipes, length, diameter, plan_area, crest)

n_steps = 7 * 24 * 60 // 3
rain = rainfall_profile(n_steps, rng)
dry_weather = 0.002 * (1.0 + 0.4 * np.sin(np.arange(n_steps) * DT / 86400.0 * 2 * np.pi))

heads = np.zeros(n_nodes)
sediment = np.full(n_nodes, 0.05)
spilled = np.zeros(n_nodes)
overflow_events = []
in_event = False
for k in range(n_steps):
    inflow = catchment * rain[k] * 0.7 + dry_weather[k]
    heads, spill = net.step(heads, inflow)
    flows = net.pipe_flows(heads)
    for _ in range(SED_SUBSTEPS):
        sediment = transport_sediment(sediment, flows, pipes, length, diameter)
    spilled += spill
    spilling = spill.sum() > 0.0
    if spilling and not in_event:
        overflow_events.append(k * DT / 3600.0)
    in_event = spilling

print(f"{len(overflow_events)} overflow events, sediment {sediment.sum():.3f} m3")
print(f"result: {spilled.sum() + 1e-3 * sediment.sum():.10e}")
