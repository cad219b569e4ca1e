# ruff: noqa
"""Tunnel boring machine telemetry: per-second cutterhead thrust, torque and advance for a shift
sequence are generated, cutter wear is accumulated from thrust times advance, the specific energy per
ring is computed, and rings whose cutter wear runs well above the geology zone's norm are
flagged for a cutter inspection."""
from dataclasses import dataclass

import numpy as np

RING_SAMPLES = 4800


@dataclass
class Zone:
    name: str
    ucs: float       # rock strength, MPa
    rings: int


@dataclass
class Telemetry:
    thrust: np.ndarray
    torque: np.ndarray
    advance: np.ndarray
    zone_of_ring: np.ndarray


def synthesize(zones, rng):
    n_rings = sum(z.rings for z in zones)
    zone_of_ring = np.repeat(np.arange(len(zones)), [z.rings for z in zones])
    ucs = np.array([z.ucs for z in zones])[zone_of_ring]
    base = np.repeat(ucs, RING_SAMPLES)
    n = n_rings * RING_SAMPLES
    thrust = 8.0 + 0.09 * base + rng.normal(0.0, 0.6, n)
    torque = 1.5 + 0.02 * base + 0.1 * thrust + rng.normal(0.0, 0.2, n)
    advance = np.clip(2.2 - 0.012 * base + rng.normal(0.0, 0.15, n), 0.05, None)
    return Telemetry(thrust, torque, advance, zone_of_ring)


def accumulated(values, rate):
    total = 0.0
    for v in values:
        total += rate * v
        yield total


def cutter_wear(tel, rate=2.5e-6):
    work = tel.thrust * tel.advance
    return np.fromiter(accumulated(work, rate), dtype=np.float64, count=len(work))


def specific_energy(tel):
    t = tel.thrust.reshape(-1, RING_SAMPLES)
    q = tel.torque.reshape(-1, RING_SAMPLES)
    a = tel.advance.reshape(-1, RING_SAMPLES)
    return (t.mean(axis=1) + 2 * np.pi * 3.0 * q.mean(axis=1) / a.mean(axis=1)) / 10.0


def shift_summary(advance_per_ring, rings_per_shift=40):
    shifts = [advance_per_ring[i:i + rings_per_shift] for i in range(0, 160, rings_per_shift)]
    return float(advance_per_ring[:160].sum())


zones = [Zone("moraine", 40.0, 260), Zone("granite", 160.0, 420), Zone("schist", 90.0, 380),
         Zone("fault", 25.0, 120)]
rng = np.random.default_rng(23)
tel = synthesize(zones, rng)
wear = cutter_wear(tel)
ring_load = np.diff(wear[RING_SAMPLES - 1::RING_SAMPLES], prepend=0.0)
se = specific_energy(tel)
norms = np.array([np.median(ring_load[tel.zone_of_ring == k]) for k in range(len(zones))])
flag = ring_load > 1.02 * norms[tel.zone_of_ring]
adv = tel.advance.reshape(-1, RING_SAMPLES).sum(axis=1) / 1000.0
print(f"rings flagged: {int(flag.sum())} of {len(flag)}; first shifts advanced {shift_summary(adv):.2f} m")
print(f"result: {float(ring_load.sum() + se.sum() + flag.sum() + adv.sum()):.10e}")
