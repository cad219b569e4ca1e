# ruff: noqa
"""Sight-mark table for a compound-bow club: simulates volleys of arrows (point mass with
quadratic drag, a crosswind and per-arrow drag scatter from fletching and spine) launched over a
grid of bow angles, finds where each angle lands, and interpolates the sight marks for the
range's marked distances."""
from dataclasses import dataclass

import numpy as np

DISTANCES = (18.0, 30.0, 40.0, 50.0, 60.0, 70.0, 90.0)
WIND_PROFILE = np.array([0.0, 0.6, 1.1, 1.5, 1.8, 2.0], dtype=np.float32)  # m/s, gust levels


@dataclass
class Bow:
    speed: float = 88.0  # m/s, arrow speed off the string
    sight_radius: float = 0.82  # m, eye to sight pin
    peep_height: float = 0.09  # m


def make_drag(drag_scatter, base=0.0021):
    k = base * drag_scatter

    def drag(vx, vy, wind):
        speed = np.sqrt((vx - wind) ** 2 + vy * vy)
        return -k * speed * (vx - wind), -k * speed * vy - 9.81

    return drag


def fly(bow, angles, drag, gust, n_arrows, dt=np.float32(0.004), n_steps=900):
    a = angles[:, None]
    vx = np.repeat(bow.speed * np.cos(a), n_arrows, axis=1)
    vy = np.repeat(bow.speed * np.sin(a), n_arrows, axis=1)
    x = np.zeros_like(vx)
    y = np.full_like(vy, 1.5)
    landed = np.zeros_like(vx)
    flying = np.ones(vx.shape, dtype=bool)
    step = 0
    while step < n_steps and flying.any():
        wind = gust * np.minimum(y, np.float32(4.0))
        ax, ay = drag(vx, vy, wind)
        vx = vx + ax * dt
        vy = vy + ay * dt
        x = x + vx * dt
        y = y + vy * dt
        down = flying & (y < 0.0)
        landed = np.where(down, x, landed)
        flying = flying & ~down
        step += 1
    return landed.mean(axis=1)


def sight_marks(bow, angles, reach):
    order = np.argsort(reach)
    deg = np.degrees(angles[order])
    marks = np.interp(DISTANCES, reach[order], deg)
    return bow.sight_radius * np.tan(np.radians(marks)) * 1000.0  # mm on the sight bar


rng = np.random.default_rng(88)
bow = Bow()
angles = np.radians(np.linspace(-4.0, 8.0, 128)).astype(np.float32)
scatter = rng.normal(1.0, 0.04, 512)
drag = make_drag(scatter)
tables = []
for volley in range(3):
    wind = WIND_PROFILE
    gust = np.float32(wind[1 + volley] / 4.0)
    reach = fly(bow, angles, drag, gust, len(scatter))
    tables.append(sight_marks(bow, angles, reach.astype(np.float64)))
marks = np.mean(tables, axis=0)
for d, m in zip(DISTANCES, marks):
    print(f"{d:5.0f} m: {m:6.1f} mm")
print(f"result: {float(marks.sum()):.10e}")
