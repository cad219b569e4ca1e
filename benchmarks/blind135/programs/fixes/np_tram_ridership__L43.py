# ruff: noqa
"""Tram ridership assignment: spreads hourly origin-destination demand over a tram network
with a resistance-based (electrical analogy) flow split, accumulates the load on each stop
through the day, and reports the busiest stops and the peak-hour crowding index."""
from dataclasses import dataclass

import numpy as np


@dataclass
class Network:
    n_stops: int
    resistance: np.ndarray
    capacity: np.ndarray


def build_network(n_stops, rng):
    links = rng.random((n_stops, n_stops)) < 0.04
    links = links | links.T
    np.fill_diagonal(links, False)
    conductance = np.where(links, rng.uniform(0.5, 2.0, size=(n_stops, n_stops)), 0.0)
    conductance = 0.5 * (conductance + conductance.T)
    laplacian = np.diag(conductance.sum(axis=1)) - conductance
    resistance = laplacian + 0.05 * np.eye(n_stops)
    capacity = rng.uniform(150.0, 400.0, size=n_stops)
    return Network(n_stops, resistance, capacity)


def stop_potentials(net, injections):
    transfer = np.linalg.inv(net.resistance)
    return injections @ transfer.T


def split_flows(net, od_batch):
    injections = od_batch.sum(axis=2) - od_batch.sum(axis=1)
    potentials = stop_potentials(net, injections)
    return np.abs(potentials)


def assign_hour(net, od_batch, calib):
    load = split_flows(net, od_batch).sum(axis=0)
    summary = calib @ np.array([load.mean(), load.max(), load.std()])
    return load, summary


def simulate_day(net, n_hours, n_od, rng):
    calib = np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.2, 0.0, 0.8]])
    total_load = np.zeros(net.n_stops)
    crowding = []
    for hour in range(n_hours):
        peak = 1.0 + 0.8 * np.exp(-((hour % 24 - 8.0) ** 2) / 4.0)
        od = rng.poisson(0.03 * peak, size=(n_od, net.n_stops, net.n_stops)).astype(float)
        load, summary = assign_hour(net, od, calib)
        total_load += load
        crowding.append(summary[1] / net.capacity.mean())
    return total_load, np.array(crowding)


rng = np.random.default_rng(23)
net = build_network(260, rng)
total_load, crowding = simulate_day(net, n_hours=240, n_od=2, rng=rng)
busiest = np.argsort(total_load)[-5:][::-1]
for s in busiest:
    print(f"stop {s:3d}: load {total_load[s]:.1f} (capacity {net.capacity[s]:.0f})")
print(f"peak crowding index: {crowding.max():.3f}")
print(f"result: {total_load.sum() + crowding.sum():.10e}")
