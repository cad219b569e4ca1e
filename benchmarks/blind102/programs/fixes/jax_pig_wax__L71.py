# ruff: noqa
"""Wax deposition survey of a crude oil line from a cleaning pig's runs: the pig's differential
pressure and speed are logged along each segment between valve stations (segments of different
lengths), a wax thickness estimate is fitted per segment from the pressure drop, and the segments
are ranked for the next pigging campaign."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np


@dataclass
class Segment:
    name: str
    length_km: float
    dp_bar: np.ndarray
    speed_ms: np.ndarray


@dataclass
class WaxModel:
    friction: float = 0.018
    bore_m: float = 0.508
    density: float = 850.0


def make_segments(rng, n_segments=6):
    segs = []
    for i in range(n_segments):
        n = int(rng.integers(900, 2900))
        x = np.linspace(0.0, 1.0, n, dtype=np.float32)
        wax = 0.004 + 0.003 * np.sin(6.0 * x + i) ** 2
        speed = (1.2 + 0.2 * rng.standard_normal(n)).astype(np.float32)
        dp = (0.3 + 40.0 * wax + 0.05 * speed**2 + 0.01 * rng.standard_normal(n)).astype(np.float32)
        segs.append(Segment(f"KP{i * 7:03d}-KP{i * 7 + 7:03d}", 7.0, dp, speed))
    return segs


@jax.jit
def wax_fit(dp, speed, friction, bore):
    # pressure drop explained by flow (dp ~ a + b * speed^2), wax from what is left over
    u = speed**2
    um, dm = u.mean(), dp.mean()
    b = ((u - um) * (dp - dm)).mean() / ((u - um) ** 2).mean()
    a = dm - b * um
    resid = dp - (a + b * u)
    wax = jnp.clip((a - 0.3) / 40.0 + resid / 40.0, 0.0, None)
    thickness = wax * (1.0 + friction) * bore
    return thickness.mean(), thickness.max(), jnp.sqrt((resid**2).mean())


def make_analyser(model):
    def analyse(seg):
        mean_t, max_t, rms = wax_fit(seg.dp_bar, seg.speed_ms, model.friction, model.bore_m)
        return {"segment": seg.name, "mean": mean_t, "max": max_t, "rms": rms}

    return analyse


def campaign_priority(results, weight=0.7):
    return sorted(results, key=lambda r: -(weight * r["max"] + (1 - weight) * r["mean"]))


def main():
    rng = np.random.default_rng(8)
    segments = make_segments(rng)
    analyse = make_analyser(WaxModel())
    results = [analyse(s) for s in segments]
    results = [{k: (float(v) if k != "segment" else v) for k, v in r.items()} for r in jax.device_get(results)]
    ranked = campaign_priority(results)
    for r in ranked[:3]:
        print(f"{r['segment']}: mean {1000 * r['mean']:.2f} mm, max {1000 * r['max']:.2f} mm")
    checksum = sum(r["mean"] + r["max"] + r["rms"] for r in results)
    print(f"result: {checksum:.10e}")


if __name__ == "__main__":
    main()
