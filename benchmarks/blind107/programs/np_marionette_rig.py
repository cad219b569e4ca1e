# ruff: noqa
"""Marionette rig simulation for a puppet-theatre touring show: each puppet hangs from a bundle of
strings whose tensions follow the control bar's choreography, damped by the strings' stretch.
The stage manager's guard slackens the bar when a string nears its rated load; the program
reports guard trips per scene and a checksum of the final tensions."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class StringBundle:
    rated: float
    stiffness: np.ndarray
    tensions: np.ndarray = field(init=False)

    def __post_init__(self):
        self.tensions = np.full_like(self.stiffness, 0.5 * self.rated)

    @property
    def peak(self):
        return max(self.tensions)

    def pull(self, bar_offset, damping):
        stretch = bar_offset * self.stiffness
        self.tensions = damping * self.tensions + (1.0 - damping) * (0.5 * self.rated + stretch)


@dataclass
class Scene:
    name: str
    beats: int
    swing: float


class StageManager:
    def __init__(self, bundle, margin=0.92):
        self.bundle = bundle
        self.margin = margin
        self.trips = 0

    def guard(self, offset):
        if self.bundle.peak > self.margin * self.bundle.rated:
            self.trips += 1
            return 0.5 * offset
        return offset


def perform(scene, bundle, manager, rng, damping=0.9):
    phases = rng.uniform(0.0, 2 * np.pi, size=scene.beats)
    offset = 0.0
    for beat in range(scene.beats):
        target = scene.swing * np.sin(0.05 * beat + phases[beat] * 0.01)
        offset = manager.guard(0.7 * offset + 0.3 * target)
        bundle.pull(offset, damping)


def main():
    rng = np.random.default_rng(11)
    bundle = StringBundle(rated=40.0, stiffness=rng.uniform(2.0, 9.0, size=360))
    manager = StageManager(bundle)
    scenes = [Scene(f"act{i // 4 + 1}-scene{i % 4 + 1}", 4000, 1.2 + 0.15 * i) for i in range(12)]
    programme = {}
    for scene in scenes:
        before = manager.trips
        perform(scene, bundle, manager, rng)
        snapshot = bundle.tensions.copy()
        programme[scene.name] = (manager.trips - before, float(snapshot.mean()))
    for name, (trips, mean) in programme.items():
        print(f"{name:>14}: {trips:5d} guard trips, mean tension {mean:7.3f}")
    checksum = float(bundle.tensions.sum()) + manager.trips
    print(f"result: {checksum:.10e}")


if __name__ == "__main__":
    main()
