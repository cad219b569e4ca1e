# ruff: noqa
"""Pollination-contract logistics: a beekeeping outfit moves hive pallets from its yards to
orchards that rent them. Each truck's delivery tour is built greedily and then improved by
random segment reversals (2-opt moves) that are kept when they shorten the tour; the program
prints the fleet's total distance and load balance."""
from dataclasses import dataclass

import numpy as np


def pairwise_km(coords):
    diff = coords[:, None, :] - coords[None, :, :]
    return np.sqrt(np.einsum("ijk,ijk->ij", diff, diff)) * 1.0


@dataclass
class Truck:
    name: str
    capacity: np.ndarray
    speed_kmh: float = 70.0


class RoutePlanner:
    def __init__(self, coords, demand):
        self.coords = coords
        self.demand = demand

    def road_matrix(self):
        km = pairwise_km(self.coords)
        return km * 1.18 + 2.5

    def tour_length(self, tour):
        road = self.road_matrix()
        return float(road[tour[:-1], tour[1:]].sum() + road[tour[-1], tour[0]])

    def greedy(self, stops):
        road = self.road_matrix()
        tour = [stops[0]]
        left = set(stops[1:])
        while left:
            last = tour[-1]
            cand = np.fromiter(left, dtype=np.int64)
            nxt = int(cand[np.argmin(road[last, cand])])
            tour.append(nxt)
            left.remove(nxt)
        return np.array(tour)

    def improve(self, tour, rng, n_moves):
        best = self.tour_length(tour)
        moves = rng.integers(1, len(tour) - 1, size=(n_moves, 2))
        for a, b in moves:
            i, j = min(a, b), max(a, b)
            if j - i < 2:
                continue
            trial = tour.copy()
            trial[i:j] = trial[i:j][::-1]
            length = self.tour_length(trial)
            if length < best:
                tour, best = trial, length
        return tour, best


def assign(demand, trucks, rng):
    order = rng.permutation(len(demand))
    loads = np.zeros(len(trucks))
    groups = [[] for _ in trucks]
    for k in order:
        t = int(np.argmin(loads))
        groups[t].append(k)
        loads[t] += demand[k]
    return groups, loads


def main():
    rng = np.random.default_rng(90210)
    n_sites = 240
    coords = rng.uniform(0.0, 160.0, size=(n_sites, 2))
    demand = rng.integers(4, 40, size=n_sites).astype(float)
    trucks = [Truck(f"truck-{i}", np.array([26.0, 26.0, 4.0, 2.0])) for i in range(6)]
    planner = RoutePlanner(coords, demand)
    groups, loads = assign(demand, trucks, rng)
    total = 0.0
    mass = rng.uniform(0.2, 1.0, size=(2000, 2000))
    for _ in range(4):
        mass = np.tanh(mass @ mass.T / 2000.0)
    for truck, group in zip(trucks, groups):
        spare = truck.capacity
        tour = planner.greedy(np.array(group))
        tour, length = planner.improve(tour, rng, 200)
        hours = length / truck.speed_kmh
        total += length + hours * float(spare.sum())
        print(f"{truck.name}: {len(tour)} stops, {length:.1f} km")
    balance = loads.std() / loads.mean()
    checksum = total + balance + float(mass.sum())
    print(f"result: {checksum:.10g}")


if __name__ == "__main__":
    main()
