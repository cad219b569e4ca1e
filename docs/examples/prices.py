"""Monte Carlo prices of Asian options: a small script to try `arraybench profile` on."""

import math
import sys

import numpy as np


def simulate(n_paths: int, n_steps: int, rng: np.random.Generator) -> np.ndarray:
    dt = 1.0 / n_steps
    z = rng.standard_normal((n_paths, n_steps))
    return 100.0 * np.exp(np.cumsum((0.05 - 0.02) * dt + 0.2 * math.sqrt(dt) * z, axis=1))


def payoffs(paths: np.ndarray, strike: float) -> np.ndarray:
    out = np.empty(len(paths))
    for i in range(len(paths)):
        avg = paths[i].mean()
        out[i] = max(avg - strike, 0.0)
    return out


def main(n_paths: int) -> None:
    rng = np.random.default_rng(0)
    paths = simulate(n_paths, 64, rng)
    prices = [float(np.mean(payoffs(paths, k))) for k in (90.0, 100.0, 110.0)]
    print("prices:", [round(p, 4) for p in prices])


main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
