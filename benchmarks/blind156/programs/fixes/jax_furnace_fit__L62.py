# ruff: noqa
"""Cooling-curve fits for a glassblowing studio's gathers.

Every gather taken from the furnace is logged by a pyrometer until it is set down; the logs have
different lengths (a gather is worked for as long as the piece needs). For each gather a
Newton-cooling curve with a radiative correction is fitted by gradient descent in JAX, and the
fitted cooling constants are summarised per furnace. Prints the mean cooling constant and a
checksum of the fits.
"""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np


@dataclass(frozen=True)
class FitSettings:
    steps: int = 60
    lr: float = 0.05


@dataclass
class GatherLog:
    furnace: str
    seconds: np.ndarray
    temp_c: np.ndarray


def curve(params, t):
    t0, k, rad = params
    return 25.0 + (t0 - 25.0) * jnp.exp(-k * t) - rad * t


PAD = 160


@jax.jit
def fit_curve(t, y, mask):
    def loss(p):
        return jnp.sum(mask * (curve(p, t) - y) ** 2) / jnp.sum(mask) / 1e4

    grad = jax.grad(loss)

    def body(_, p):
        return p - 0.05 * grad(p) * jnp.array([100.0, 1e-4, 1e-3])

    p0 = jnp.array([1100.0, 0.01, 0.1])
    p = jax.lax.fori_loop(0, 60, body, p0)
    return p, loss(p)


def pyrometer_logs(rng: np.random.Generator, n: int):
    for i in range(n):
        length = 45 + 15 * int(rng.integers(0, 6))
        t = np.arange(length, dtype=np.float32) * 0.5
        k = rng.uniform(0.008, 0.02)
        y = 25.0 + 1075.0 * np.exp(-k * t) - 0.05 * t + rng.normal(0.0, 3.0, length)
        yield GatherLog(("east", "west", "glory-hole")[i % 3], t, y.astype(np.float32))


def fitted(logs):
    for log in logs:
        n = len(log.seconds)
        pad = PAD - n
        t = np.pad(log.seconds, (0, pad))
        y = np.pad(log.temp_c, (0, pad))
        mask = np.pad(np.ones(n, dtype=np.float32), (0, pad))
        params, err = fit_curve(jnp.asarray(t), jnp.asarray(y), jnp.asarray(mask))
        yield log.furnace, params, err


def main() -> None:
    rng = np.random.default_rng(5)
    per_furnace = {}
    for furnace, params, err in fitted(pyrometer_logs(rng, 90)):
        per_furnace.setdefault(furnace, []).append(jnp.concatenate([params, err[None]]))
    checksum = 0.0
    ks = []
    for furnace, rows in per_furnace.items():
        table = jnp.stack(rows)
        checksum += float(table.sum())
        ks.append(table[:, 1])
    mean_k = float(jnp.concatenate(ks).mean())
    print(f"mean cooling constant: {mean_k:.5f} per s over {sum(len(r) for r in per_furnace.values())} gathers")
    print(f"result: {checksum:.6f}")


if __name__ == "__main__":
    main()
