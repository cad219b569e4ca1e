# ruff: noqa
"""Keeps the light-dose ledger of light-sensitive objects on display: three-minute
illuminance from daylight through the blinds plus the gallery lamps, converted to hourly lux-hour
doses with a UV weighting per object, logged for a year, then summed by month against each
object's annual limit. Prints the total excess dose in megalux-hours."""
import numpy as np

DAYS = 365
STEP_MIN = 3
N_OBJECTS = 600
ANNUAL_LIMIT = {"high": 15_000.0, "medium": 150_000.0, "low": 600_000.0}
MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


def make_objects(rng):
    sensitivity = rng.choice(list(ANNUAL_LIMIT), size=N_OBJECTS, p=[0.3, 0.5, 0.2])
    return {
        "limit": np.array([ANNUAL_LIMIT[s] for s in sensitivity]),
        "window_factor": rng.uniform(0.0, 0.004, N_OBJECTS),
        "lamp_lux": rng.uniform(30.0, 120.0, N_OBJECTS),
        "uv_fraction": rng.uniform(0.01, 0.12, N_OBJECTS),
    }


def daylight(day, minute):
    declination = 23.44 * np.sin(2 * np.pi * (day - 81) / DAYS)
    hour_angle = (minute / 60.0 - 12.0) * 15.0
    lat = np.radians(51.5)
    elev = np.arcsin(
        np.sin(lat) * np.sin(np.radians(declination))
        + np.cos(lat) * np.cos(np.radians(declination)) * np.cos(np.radians(hour_angle))
    )
    return 90_000.0 * np.clip(np.sin(elev), 0.0, None)


def day_dose(day, objects, rng):
    """One day's hourly UV-weighted lux-hours per object, from three-minute samples."""
    dose = np.empty((24, N_OBJECTS))
    for hour in range(24):
        minute = hour * 60 + np.arange(0, 60, STEP_MIN, dtype=float)
        outside = daylight(day, minute) * rng.uniform(0.3, 1.0)
        blinds = np.where((minute > 600) & (minute < 960), 0.35, 1.0)
        open_hours = (minute >= 600) & (minute < 1020)
        cloud = 1.0 + 0.15 * rng.standard_normal((minute.size, 1))
        lux = (outside * blinds)[:, None] * objects["window_factor"] * cloud
        lux += np.where(open_hours[:, None], objects["lamp_lux"], 0.0)
        dose[hour] = (lux * (1.0 + 3.0 * objects["uv_fraction"])).mean(axis=0)
    return dose


def ledger(objects, rng):
    log = np.empty((0, N_OBJECTS))
    for day in range(DAYS):
        log = np.concatenate([log, day_dose(day, objects, rng)])
    return log


def monthly_excess(log, objects):
    monthly_limit = objects["limit"] / 12.0
    excess = 0.0
    start = 0
    for days in MONTH_DAYS:
        month = log[start : start + 24 * days].sum(axis=0)
        excess += np.clip(month - monthly_limit, 0.0, None).sum()
        start += 24 * days
    return excess


def rotation_plan(log, objects, max_objects=8):
    """Objects whose annual dose passes their limit, worst first, with the month they reach it."""
    annual = log.sum(axis=0)
    ratio = annual / objects["limit"]
    worst = np.argsort(ratio)[::-1][:max_objects]
    cumulative = np.cumsum(log[:, worst], axis=0)
    plan = []
    for j, obj in enumerate(worst):
        if ratio[obj] <= 1.0:
            break
        hour = int(np.searchsorted(cumulative[:, j], objects["limit"][obj]))
        plan.append((int(obj), round(float(ratio[obj]), 2), hour // (24 * 31) + 1))
    return plan


def print_plan(plan):
    if not plan:
        print("no object over its annual limit")
    for obj, ratio, month in plan:
        print(f"object {obj:4d}: {ratio:6.2f} x annual limit, reached around month {month}")


rng = np.random.default_rng(11)
objects = make_objects(rng)
log = ledger(objects, rng)
excess = monthly_excess(log, objects)
print_plan(rotation_plan(log, objects))
print(f"annual dose, median object: {np.median(log.sum(axis=0)):.0f} lux-hours")
print(f"result: {excess / 1e6:.10e}")
