# ruff: noqa
"""Timing service for a canoe slalom race day: a simulated timing loop emits a gate event for
every paddler passing each of the 24 gates (with touch and miss penalties), recorders subscribed
to the event bus keep the split times, and the service prints each heat's standings."""
import functools
from dataclasses import dataclass

import numpy as np

N_GATES = 24


@dataclass
class GateEvent:
    heat: int
    bib: int
    gate: int
    t: float
    penalty: int


class EventBus:
    def __init__(self):
        self.handlers = []

    def subscribe(self, handler):
        self.handlers.append(handler)

    def emit(self, event):
        for handler in self.handlers:
            handler(event)


class SplitRecorder:
    def __init__(self):
        self.times = np.empty(0)
        self.penalties = []

    def on_gate(self, event):
        self.times = np.append(self.times, event.t)
        self.penalties.append(event.penalty)


def count_touches(counter, event):
    if event.penalty:
        counter[event.penalty] = counter.get(event.penalty, 0) + 1


def race(bus, rng, heat, n_paddlers):
    speed = rng.uniform(0.9, 1.1, size=n_paddlers)
    legs = rng.gamma(9.0, 0.45, size=(n_paddlers, N_GATES))
    pen = rng.choice([0, 2, 50], p=[0.9, 0.08, 0.02], size=(n_paddlers, N_GATES))
    clock = np.cumsum(legs / speed[:, None], axis=1)
    for bib in range(n_paddlers):
        for g in range(N_GATES):
            bus.emit(GateEvent(heat, bib, g, float(clock[bib, g]), int(pen[bib, g])))
    return clock[:, -1] + pen.sum(axis=1)


rng = np.random.default_rng(2024)
bus = EventBus()
recorder = SplitRecorder()
touches = {}
bus.subscribe(recorder.on_gate)
bus.subscribe(functools.partial(count_touches, touches))
finals = []
for heat, n in enumerate([520, 480, 560]):
    finish = race(bus, rng, heat, n)
    finals.append(np.sort(finish)[:3])
splits = recorder.times.reshape(-1, N_GATES)
print(f"events: {recorder.times.size}, touches: {touches}")
podium = np.concatenate(finals)
spread = float((podium - np.repeat(podium[::3], 3)).sum())
print(f"best per heat: {np.round(podium[::3], 2).tolist()}, podium spread {spread:.2f}")
print(f"result: {splits.sum() + sum(recorder.penalties) + podium.sum() + spread:.10e}")
