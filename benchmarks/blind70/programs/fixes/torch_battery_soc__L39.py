# ruff: noqa
"""Satellite power-subsystem simulator: orbit by orbit, solar input (with eclipses) and load
currents of four subsystems are synthesised at 1 s resolution; hooks run after each orbit to
integrate the battery's state of charge and to track subsystem duty; the minimum state of
charge and total energy are reported."""
import math

import torch

SUBSYSTEMS = ["adcs", "comms", "payload", "thermal"]


class PowerSimulator:
    def __init__(self, orbit_s, hooks, seed=0):
        self.orbit_s, self.hooks = orbit_s, hooks
        self.g = torch.Generator().manual_seed(seed)
        self.t = torch.arange(orbit_s, dtype=torch.float64)

    def orbit(self, k):
        phase = 2 * math.pi * (self.t / self.orbit_s + 0.1 * k)
        solar = torch.clamp(torch.sin(phase), min=0.0) * 6.0
        loads = 0.4 + torch.rand(len(SUBSYSTEMS), self.orbit_s, generator=self.g, dtype=torch.float64)
        return solar, loads

    def run(self, n_orbits):
        for k in range(n_orbits):
            solar, loads = self.orbit(k)
            for hook in self.hooks:
                hook(solar, loads)


def make_battery_hook(capacity, dt=1.0 / 3600):
    state = {"soc": capacity, "min": capacity, "trace": []}

    def hook(solar, loads):
        net = solar - loads.sum(0)
        soc = state["soc"] + torch.cumsum(dt * net, 0)
        state["soc"] = float(soc[-1])
        state["min"] = min(state["min"], float(soc.min()))
        state["trace"].append(soc[::60])

    return hook, state


def make_duty_hook():
    duty = torch.zeros(len(SUBSYSTEMS), dtype=torch.float64)

    def hook(solar, loads):
        for j in range(len(SUBSYSTEMS)):
            duty[j] += (loads[j] > 1.0).double().mean()

    return hook, duty


battery, bstate = make_battery_hook(capacity=40.0)
duty_hook, duty = make_duty_hook()
sim = PowerSimulator(orbit_s=5400, hooks=[battery, duty_hook])
sim.run(30)
trace = torch.cat(bstate["trace"])
print(f"min SoC {bstate['min']:.4f} Wh, final {bstate['soc']:.4f} Wh, duty {duty.tolist()}")
print(f"result: {float(trace.sum()) + bstate['min'] + float(duty.sum()):.10e}")
