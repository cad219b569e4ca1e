# ruff: noqa
"""Group dispatch for the elevators of a 40-floor office tower: hall calls arrive through a working
day (morning up-peak, lunch, evening down-peak), every call is given to the car with the shortest
estimated time of arrival, cars travel and serve their stops, and waiting times are reported."""
from dataclasses import dataclass, field
from functools import partial

import numpy as np

FLOOR_HEIGHT = 3.6
DOOR_TIME = 4.5


@dataclass
class DispatchConfig:
    n_floors: int = 40
    n_cars: int = 12
    speed: float = 6.0
    accel: float = 1.1
    capacity: int = 16


@dataclass
class Car:
    state: np.ndarray
    stops: list = field(default_factory=list)
    load: int = 0


class Dispatcher:
    def __init__(self, cfg):
        self.cfg = cfg
        self.cars = [Car(np.array([FLOOR_HEIGHT * f, 0.0])) for f in np.linspace(0, cfg.n_floors - 1, cfg.n_cars)]

    @staticmethod
    def eta(car, floor, speed, accel):
        return float(np.abs(floor * FLOOR_HEIGHT - car.state[0]) / speed + np.sqrt(np.abs(car.state[1]) / accel) + DOOR_TIME * np.float64(len(car.stops)) + 20.0 * (np.sign(car.state[1]) * np.sign(floor * FLOOR_HEIGHT - car.state[0]) < 0))

    def assign(self, floor):
        etas = list(map(partial(self.eta, floor=floor, speed=self.cfg.speed, accel=self.cfg.accel), self.cars))
        best = int(np.argmin(etas))
        car = self.cars[best]
        if car.load >= self.cfg.capacity:
            best = (best + 1) % len(self.cars)
            car = self.cars[best]
        car.stops.append(floor)
        car.load += 1
        return best, etas[best]

    def advance(self, dt):
        for car in self.cars:
            if not car.stops:
                car.state[1] = 0.0
                continue
            gap = car.stops[0] * FLOOR_HEIGHT - float(car.state[0])
            step = self.cfg.speed * dt
            move = min(max(gap, -step), step)
            car.state[0] += move
            car.state[1] = move / dt
            if abs(gap) < 1e-9:
                car.stops.pop(0)
                car.load = max(0, car.load - 1)


def call_stream(rng, n_floors, seconds):
    t = np.arange(seconds)
    hour = 7.0 + t / 3600.0
    rate = 3.0 * (0.05 + 0.6 * np.exp(-((hour - 8.6) ** 2) / 0.3) + 0.35 * np.exp(-((hour - 12.5) ** 2) / 0.4) + 0.6 * np.exp(-((hour - 17.3) ** 2) / 0.3))
    counts = rng.poisson(rate)
    floors = rng.integers(0, n_floors, size=counts.sum())
    return counts, floors


cfg = DispatchConfig()
rng = np.random.default_rng(3)
seconds = 12 * 3600
counts, floors = call_stream(rng, cfg.n_floors, seconds)
dispatcher = Dispatcher(cfg)
waits = np.zeros(len(floors))
served_by = np.zeros(cfg.n_cars, dtype=np.int64)
snapshots = []
k = 0
for second in range(0, seconds, 5):
    for _ in range(int(counts[second : second + 5].sum())):
        car, w = dispatcher.assign(int(floors[k]))
        waits[k] = w
        served_by[car] += 1
        k += 1
    dispatcher.advance(5.0)
    if second % 1800 == 0:
        snapshots.append(np.stack([c.state for c in dispatcher.cars]))
positions = np.stack(snapshots)
print(f"{k} hall calls, mean estimated wait {waits[:k].mean():.1f} s, 95th pct {np.percentile(waits[:k], 95):.1f} s")
print("calls per car:", served_by)
print(f"result: {waits[:k].sum() + served_by @ np.arange(cfg.n_cars) + positions.sum():.10e}")
