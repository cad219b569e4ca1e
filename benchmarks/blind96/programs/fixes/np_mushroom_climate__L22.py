# ruff: noqa
"""Climate control review for a mushroom farm's grow rooms: six days of humidity and CO2 sensor
readings per room (one reading a second), smoothed the way the controller smooths them, then
the minutes each room spent outside the fruiting band and the misting and fan duty it implies."""
import numpy as np
from scipy import signal

ROOMS = ["oyster-A", "oyster-B", "shiitake-1", "shiitake-2", "lions-mane", "enoki"]
BAND = {"humidity": (85.0, 95.0), "co2": (400.0, 1200.0)}


def synthetic_day(rng, seconds):
    t = np.arange(seconds) / 3600.0
    humidity = 90.0 + 6.0 * np.sin(2 * np.pi * t / 6.0) + rng.normal(0.0, 2.5, seconds)
    co2 = 800.0 + 250.0 * np.sin(2 * np.pi * t / 9.0 + 1.0) + rng.normal(0.0, 60.0, seconds)
    return {"humidity": humidity, "co2": co2}


def smoothed(readings, alpha):
    level = readings[0]
    yield level
    for value in readings[1:]:
        level = alpha * level + (1.0 - alpha) * value
        yield level


def controller_view(readings, alpha=0.97):
    out, _ = signal.lfilter([1.0 - alpha], [1.0, -alpha], readings, zi=[alpha * readings[0]])
    return out


def room_summary(day):
    view = controller_view(day["humidity"])
    lo, hi = BAND["humidity"]
    dry = (view < lo).sum() / 60.0
    wet = (view > hi).sum() / 60.0
    co2 = day["co2"]
    lo2, hi2 = BAND["co2"]
    stale = (signal.savgol_filter(co2, 61, 2) > hi2).sum() / 60.0
    return {"dry_min": dry, "wet_min": wet, "stale_min": stale, "mean": float(view.mean())}


rng = np.random.default_rng(2024)
zone_weights = np.array([0.5, 0.3, 0.2])
checksum = 0.0
for room in ROOMS:
    day = synthetic_day(rng, 86_400 * 6)
    s = room_summary(day)
    zones = []
    for w in zone_weights:
        zones.append(float((w * day["humidity"]).mean()))
    misting = s["dry_min"] * 0.8
    fans = s["stale_min"] * 1.2 + s["wet_min"] * 0.5
    print(f"{room:>11}: dry {s['dry_min']:6.1f} min, wet {s['wet_min']:6.1f} min, "
          f"misting {misting:6.1f}, fans {fans:6.1f}")
    checksum += s["dry_min"] + s["wet_min"] + s["stale_min"] + s["mean"] + sum(zones)
print(f"result: {checksum:.10e}")
