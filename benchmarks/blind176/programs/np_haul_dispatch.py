# ruff: noqa
"""Schedules a limestone quarry's bench blocks shift by shift: each shift ranks the remaining
blocks by value (tonnage times a product-grade factor, less haul cost to the primary crusher),
skips blocks inside the power-line exclusion corridor, fills the fleet's shift capacity, and prints
the season's delivered tonnage and mean CaCO3 grade."""
import numpy as np

ROCK_TYPES = {"limestone": 0.95, "dolomitic": 0.75, "marl": 0.45, "clay_seam": 0.05}
CRUSHER_XY = np.array([1200.0, -150.0])
SHIFT_HOURS = 10.0
CORRIDOR_HALF_WIDTH = 70.0


def block_model(nx, ny, rng):
    gx, gy = np.meshgrid(np.arange(nx) * 10.0, np.arange(ny) * 10.0, indexing="ij")
    x, y = gx.ravel(), gy.ravel()
    trend = 0.5 + 0.4 * np.sin(x / 350.0) * np.cos(y / 270.0)
    rock = 3 - np.digitize(trend + 0.15 * rng.standard_normal(x.size), [0.2, 0.45, 0.7])
    names = list(ROCK_TYPES)
    factor = np.array([ROCK_TYPES[names[r]] for r in range(len(names))])[rock]
    grade = np.clip(88.0 * factor + rng.normal(0.0, 3.0, x.size), 2.0, 99.0)
    tonnes = 10.0 * 10.0 * rng.uniform(8.0, 12.0, x.size) * 2.6
    return {"x": x, "y": y, "rock": rock, "grade": grade, "tonnes": tonnes}


def distance_to_line(x, y, p0, p1):
    d = p1 - p0
    t = np.clip(((x - p0[0]) * d[0] + (y - p0[1]) * d[1]) / (d @ d), 0.0, 1.0)
    return np.hypot(x - (p0[0] + t * d[0]), y - (p0[1] + t * d[1]))


def make_fleet():
    return {"payload": np.array([90.0, 90.0, 90.0, 60.0, 60.0, 40.0, 40.0]),
            "speed": np.array([28.0, 28.0, 26.0, 32.0, 32.0, 35.0, 35.0]),     # km/h loaded-empty mean
            "load_min": np.array([3.5, 3.5, 3.5, 2.8, 2.8, 2.2, 2.2]),
            "dump_min": np.array([1.2, 1.2, 1.2, 1.0, 1.0, 0.9, 0.9])}


def shift_capacity(fleet, haul_km, availability):
    cycle = np.empty(len(fleet["payload"]))
    for t in range(len(fleet["payload"])):
        cycle[t] = fleet["load_min"][t] + 2.0 * haul_km / fleet["speed"][t] * 60.0 + fleet["dump_min"][t]
    trips = np.floor(SHIFT_HOURS * 60.0 * availability / cycle)
    return float((trips * fleet["payload"]).sum())


def block_values(blocks, mined, price_by_grade):
    haul = np.hypot(blocks["x"] - CRUSHER_XY[0], blocks["y"] - CRUSHER_XY[1]) / 1000.0
    value = blocks["tonnes"] * (np.interp(blocks["grade"], *price_by_grade) - 0.9 * haul - 1.5)
    value[mined] = -np.inf
    return value, haul


rng = np.random.default_rng(3)
blocks = block_model(200, 160, rng)
n_blocks = blocks["x"].size
near_line = distance_to_line(blocks["x"], blocks["y"], np.array([0.0, 700.0]),
                             np.array([1990.0, 1100.0])) < CORRIDOR_HALF_WIDTH
restricted = [b for b in range(n_blocks) if near_line[b]]
fleet = make_fleet()
price_by_grade = (np.array([0.0, 60.0, 80.0, 92.0, 100.0]), np.array([0.0, 2.0, 6.5, 11.0, 13.0]))

mined = np.zeros(n_blocks, dtype=bool)
delivered, grade_tonnes = 0.0, 0.0
for shift in range(360):
    value, haul = block_values(blocks, mined, price_by_grade)
    order = np.argsort(-value)[:600].tolist()
    availability = 0.85 + 0.1 * rng.random()
    capacity = shift_capacity(fleet, float(np.median(haul[order[:50]])), availability)
    loaded = 0.0
    for b in order:
        if b in restricted:
            continue
        if loaded + blocks["tonnes"][b] > capacity:
            break
        mined[b] = True
        loaded += blocks["tonnes"][b]
        grade_tonnes += blocks["tonnes"][b] * blocks["grade"][b]
    delivered += loaded
    if shift % 90 == 89:
        print(f"shift {shift + 1}: {delivered / 1e6:.3f} Mt delivered, {mined.sum()} blocks mined")

mean_grade = grade_tonnes / delivered
print(f"season: {delivered / 1e6:.3f} Mt at {mean_grade:.2f}% CaCO3, {len(restricted)} blocks left in the corridor")
print(f"result: {delivered / 1e6 + mean_grade:.10e}")
