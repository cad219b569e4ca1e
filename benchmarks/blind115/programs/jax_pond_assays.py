# ruff: noqa
"""Brine assay calibration for a solar salt works: each pond's laboratory samples (density,
temperature, conductivity) are fitted to a per-pond calibration curve by a few Gauss-Newton
steps in JAX, and the calibrated salinity of every pond group is reported."""
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platforms", "cpu")


@dataclass
class PondAssays:
    pond: str
    group: str
    density: np.ndarray
    temp: np.ndarray
    cond: np.ndarray


def make_assays(rng: np.random.Generator, n_ponds: int):
    out = []
    for k in range(n_ponds):
        n = int(rng.integers(40, 400))
        sal = rng.uniform(3.0, 30.0, n)
        temp = rng.uniform(12.0, 38.0, n)
        density = 0.998 + 0.0072 * sal - 0.00025 * (temp - 20.0) + rng.normal(0, 4e-4, n)
        cond = (1.9 + 0.011 * k) * sal * (1.0 + 0.021 * (temp - 25.0)) + rng.normal(0, 0.3, n)
        out.append(PondAssays(f"P{k:02d}", ["crystalliser", "concentrator", "intake"][k % 3],
                              density, temp, cond))
    return out


def model(theta, density, temp):
    sal = (density - 0.998 + 0.00025 * (temp - 20.0)) / 0.0072
    return theta[0] * sal * (1.0 + theta[1] * (temp - 25.0)) + theta[2] * sal ** 2


def calibrate(theta0, density, temp, cond, n_iter=6):
    def resid(th):
        return model(th, density, temp) - cond

    def gauss_newton(_, theta):
        r = resid(theta)
        J = jax.jacfwd(resid)(theta)
        return theta - jnp.linalg.solve(J.T @ J + 1e-6 * jnp.eye(3), J.T @ r)

    theta = jax.lax.fori_loop(0, n_iter, gauss_newton, theta0)
    rms = jnp.sqrt(jnp.mean(resid(theta) ** 2))
    return theta, rms


fit = jax.jit(calibrate, static_argnames=("n_iter",))


def calibrate_pond(assay: PondAssays, theta0, n_iter):
    theta, rms = fit(theta0, jnp.asarray(assay.density, jnp.float32),
                     jnp.asarray(assay.temp, jnp.float32), jnp.asarray(assay.cond, jnp.float32),
                     n_iter=n_iter)
    return assay, theta, rms


def main():
    rng = np.random.default_rng(77)
    assays = make_assays(rng, 6)
    theta0 = jnp.array([2.0, 0.02, 0.0], jnp.float32)
    results = list(map(partial(calibrate_pond, theta0=theta0, n_iter=6), assays))
    by_group = {}
    for assay, theta, rms in results:
        by_group.setdefault(assay.group, []).append((theta, rms))
    total = 0.0
    for group, fits in sorted(by_group.items()):
        gains = jnp.stack([th[0] for th, _ in fits])
        mean_rms = float(jnp.mean(jnp.stack([r for _, r in fits])))
        total += float(gains.sum()) + mean_rms
        print(f"{group:>13}: {len(fits)} ponds, mean gain {float(gains.mean()):.4f}, rms {mean_rms:.3f}")
    print(f"result: {total:.10e}")


main()
