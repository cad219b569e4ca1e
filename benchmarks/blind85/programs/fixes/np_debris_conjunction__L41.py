# ruff: noqa
"""Conjunction screening for a catalogue of orbital debris: the objects are propagated on
two-body orbits, their positions relative to a protected satellite are rotated into the
satellite's radial/along-track/cross-track frame, and objects inside the screening box are
counted per step; prints hits per altitude shell and the closest miss."""
from dataclasses import dataclass

import numpy as np

MU = 398600.4418  # km^3/s^2
SHELLS = [(300.0, 600.0), (600.0, 900.0), (900.0, 1200.0), (1200.0, 2000.0)]


@dataclass
class Catalogue:
    pos: np.ndarray
    vel: np.ndarray


def two_body_step(r, v, dt):
    a = -MU * r / np.linalg.norm(r, axis=-1, keepdims=True) ** 3
    v = v + dt * a
    return r + dt * v, v


def local_frame(r, v):
    x = r / np.linalg.norm(r)
    z = np.cross(r, v)
    z = z / np.linalg.norm(z)
    return np.stack([x, np.cross(z, x), z])


class Screener:
    def __init__(self, box):
        self.box = np.asarray(box)
        self.hits = np.zeros(len(SHELLS), dtype=np.int64)
        self.closest = []

    def to_local(self, frame, rel):
        return rel @ frame.T

    def __call__(self, sat_r, sat_v, cat):
        frame = local_frame(sat_r, sat_v)
        local = self.to_local(frame, cat.pos - sat_r)
        inside = np.all(np.abs(local) < self.box, axis=1)
        alt = np.linalg.norm(cat.pos, axis=1) - 6378.137
        for s, (lo, hi) in enumerate(SHELLS):
            self.hits[s] += int(np.count_nonzero(inside & (alt >= lo) & (alt < hi)))
        self.closest = np.append(self.closest, np.sqrt((local ** 2).sum(axis=1)).min())


def make_catalogue(n, rng):
    radius = 6378.137 + rng.uniform(350.0, 1900.0, n)
    incl = rng.uniform(0.0, np.pi, n)
    raan = rng.uniform(0.0, 2 * np.pi, n)
    u = rng.uniform(0.0, 2 * np.pi, n)
    pos = np.stack([np.cos(u), np.sin(u), np.zeros(n)], 1)
    vel = np.stack([-np.sin(u), np.cos(u), np.zeros(n)], 1) * np.sqrt(MU / radius)[:, None]
    ci, si, co, so = np.cos(incl), np.sin(incl), np.cos(raan), np.sin(raan)
    rot = np.stack([np.stack([co, -so * ci, so * si], 1),
                    np.stack([so, co * ci, -co * si], 1),
                    np.stack([np.zeros(n), si, ci], 1)], 1)
    pos = np.einsum("nij,nj->ni", rot, pos) * radius[:, None]
    vel = np.einsum("nij,nj->ni", rot, vel) * (1.0 + rng.normal(0, 0.01, n))[:, None]
    return Catalogue(pos, vel)


rng = np.random.default_rng(11)
cat = make_catalogue(12000, rng)
sat_r = np.array([6378.137 + 780.0, 0.0, 0.0])
sat_v = np.array([0.0, np.sqrt(MU / sat_r[0]) * np.cos(1.2), np.sqrt(MU / sat_r[0]) * np.sin(1.2)])
screen = Screener(box=(400.0, 2500.0, 400.0))
for step in range(140):
    screen(sat_r, sat_v, cat)
    cat.pos, cat.vel = two_body_step(cat.pos, cat.vel, 20.0)
    sat_r, sat_v = two_body_step(sat_r, sat_v, 20.0)
for (lo, hi), h in zip(SHELLS, screen.hits):
    print(f"shell {lo:6.0f}-{hi:6.0f} km: {h} box entries")
print(f"closest miss {screen.closest.min():.3f} km")
print(f"result: {screen.hits.sum() + screen.closest.sum():.10e}")
