# ruff: noqa
"""Paper-marbling simulation: ink drops are laid one after another on the size bath (each new
drop pushes the earlier ink outwards), then the bath is combed with rake strokes whose tine
displacements follow a smoothed tine profile. The marbled sheet is binned into a colour-count
image and summarised."""
import math
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Rake:
    n_tines: int = 260
    spacing: float = 0.03
    stiffness: float = 6.0
    falloff: float = 0.01
    angles: list = field(default_factory=list)

    @property
    def smoother(self):
        n = self.n_tines
        d = np.diff(np.eye(n), 2, axis=0)
        return np.linalg.inv(np.eye(n) + self.stiffness * (d.T @ d))

    def profile(self, raw):
        return self.smoother @ raw

    def log_angle(self, angle):
        self.angles.append(angle)


class Bath:
    def __init__(self, n_drops, ring, rng):
        self.points = np.empty((n_drops * ring, 2))
        self.colour = np.empty(n_drops * ring, dtype=np.int64)
        self.count = 0
        self.ring = ring
        self.rng = rng

    def drop(self, centre, radius, colour):
        p = self.points[: self.count]
        d = p - centre
        r2 = np.einsum("ij,ij->i", d, d) + 1e-12
        p[:] = centre + d * np.sqrt(1.0 + radius * radius / r2)[:, None]
        t = np.linspace(0.0, 2.0 * math.pi, self.ring, endpoint=False)
        k = self.count
        self.points[k : k + self.ring, 0] = centre[0] + radius * np.cos(t)
        self.points[k : k + self.ring, 1] = centre[1] + radius * np.sin(t)
        self.colour[k : k + self.ring] = colour
        self.count += self.ring

    def stroke(self, rake, angle, amplitude):
        p = self.points[: self.count]
        direction = np.array([math.cos(angle), math.sin(angle)])
        normal = np.array([-direction[1], direction[0]])
        s = p @ normal
        raw = self.rng.normal(1.0, 0.3, rake.n_tines)
        prof = rake.profile(raw)
        pos = s / rake.spacing + rake.n_tines / 2
        k = np.clip(np.rint(pos).astype(np.int64), 0, rake.n_tines - 1)
        dist = np.abs(pos - k) * rake.spacing
        shift = amplitude * prof[k] * rake.falloff / (dist + rake.falloff)
        p += shift[:, None] * direction
        rake.log_angle(angle)


def sheet_image(bath, bins=96):
    p = bath.points[: bath.count]
    img = np.zeros((4, bins, bins))
    for c in range(4):
        sel = bath.colour[: bath.count] == c
        h, _, _ = np.histogram2d(p[sel, 0], p[sel, 1], bins=bins, range=[[-3, 3], [-3, 3]])
        img[c] = h
    return img


rng = np.random.default_rng(11)
n_drops, ring = 70, 2400
bath = Bath(n_drops, ring, rng)
for i in range(n_drops):
    centre = rng.normal(0.0, 0.6, 2)
    bath.drop(centre, rng.uniform(0.08, 0.25), i % 4)
rake = Rake()
for j in range(150):
    angle = (j % 4) * math.pi / 2 + rng.normal(0.0, 0.05)
    bath.stroke(rake, angle, 0.04 * (1 + (j % 3)))
img = sheet_image(bath)
filled = (img.sum(axis=0) > 0).mean()
print(f"{bath.count} ink points, {len(rake.angles)} strokes, sheet coverage {filled:.3f}")
print(f"result: {np.abs(bath.points[: bath.count]).sum() + img.std() + np.sum(rake.angles):.10e}")
