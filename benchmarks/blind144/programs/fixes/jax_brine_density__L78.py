# ruff: noqa
"""Brine density calibration for the hydrometers of a salt works: each evaporation pond's log of
readings (temperature, salinity from conductivity, measured density) is fitted with a quadratic
equation of state by weighted least squares, and a pond whose fit drifts from the works' reference
curve is flagged for a hydrometer check. Ponds keep logs of different lengths, as the readings
are taken whenever the pond is visited."""
from collections import deque
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")

REFERENCE = np.array([997.0, 0.76, -0.45])


@dataclass
class PondLog:
    pond: str
    temp_c: np.ndarray
    salinity_g_kg: np.ndarray
    density: np.ndarray


@jax.jit
def normal_equations(temp, sal, dens, weights):
    design = jnp.stack([jnp.ones_like(temp), sal, 0.01 * (temp * temp - temp * sal)], axis=1)
    wd = design * weights[:, None]
    return wd.T @ design, wd.T @ dens, jnp.sum(weights * dens * dens), jnp.sum(weights)


def density_fit(temp, sal, dens, weights):
    sums = normal_equations(temp, sal, dens, weights)
    gram, rhs, dwd, wsum = (np.asarray(v, dtype=np.float64) for v in sums)
    coef = np.linalg.solve(gram, rhs)
    rss = dwd - 2.0 * coef @ rhs + coef @ gram @ coef
    return coef, np.sqrt(max(rss, 0.0) / wsum)


def calibrate(log):
    weights = np.linspace(0.5, 1.0, len(log.density), dtype=np.float32)
    return density_fit(jnp.asarray(log.temp_c), jnp.asarray(log.salinity_g_kg),
                       jnp.asarray(log.density), jnp.asarray(weights))


def survey_pond(log, tolerance):
    coef, rms = calibrate(log)
    drift = np.abs(coef - REFERENCE).max()
    return coef, rms, bool(drift > tolerance)


def make_logs(rng, n_ponds):
    logs = []
    for p in range(n_ponds):
        n = 7 * int(rng.integers(20, 25))  # one week of visits per line of the log book
        t = rng.uniform(12, 38, n).astype(np.float32)
        s = rng.uniform(35, 260, n).astype(np.float32)
        offset = 3.0 if p % 8 == 5 else 0.0
        d = 997.0 + offset + 0.76 * s - 0.0045 * (t * t - t * s) + rng.normal(0, 0.8, n)
        d = d.astype(np.float32)
        logs.append(PondLog(f"pond-{p:03d}", t, s, d))
    return logs


rng = np.random.default_rng(1850)
queue = deque(make_logs(rng, 45))
flagged, total_rms, coefs = [], 0.0, []
while queue:
    log = queue.popleft()
    coef, rms, drifted = survey_pond(log, tolerance=2.0)
    total_rms += float(rms)
    coefs.append(coef)
    if drifted:
        flagged.append(log.pond)
mean_coef = jnp.stack(coefs).mean(axis=0)
for name, c in zip(["rho0", "beta_s", "gamma"], mean_coef.tolist()):
    print(f"{name:>7}: {c:.5f}")
print(f"flagged {len(flagged)} ponds for a hydrometer check")
print(f"result: {total_rms + float(jnp.abs(mean_coef).sum()) + len(flagged):.10e}")
