# ruff: noqa
"""Juice yield of a day's pressings at a cider mill: each load of apples (a different number of
apples each time) is milled and pressed; per-apple juice content follows variety, ripeness and
firmness, and the press efficiency falls with cake depth. Reports litres per load and per shift."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

VARIETIES = {"kingston black": 0.71, "dabinett": 0.66, "yarlington mill": 0.69, "bramley": 0.62}


@jax.jit
def press_load(mass_g, juice_frac, firmness, mask):
    depth = jnp.cumsum(mass_g) / 2.0e4
    efficiency = 0.85 * jnp.exp(-0.04 * depth) * (1.0 - 0.15 * jnp.tanh(firmness - 6.0))
    litres = mass_g * juice_frac * efficiency / 1040.0
    return litres.sum(), (efficiency * mask).sum() / mask.sum()


def pad(a, size=2048):
    out = np.zeros(size, dtype=np.float32)
    out[: len(a)] = a
    return out


@dataclass
class Load:
    mass_g: np.ndarray
    juice_frac: np.ndarray
    firmness: np.ndarray


class PressLine:
    def __init__(self):
        self.loads_done = 0

    def run_load(self, load):
        self.loads_done += 1
        mask = pad(np.ones(len(load.mass_g), dtype=np.float32))
        litres, eff = press_load(pad(load.mass_g), pad(load.juice_frac), pad(load.firmness), mask)
        return litres, eff


def make_load(rng):
    n = int(rng.integers(300, 2000))
    variety = list(VARIETIES)[int(rng.integers(len(VARIETIES)))]
    mass = rng.normal(150.0, 25.0, n).astype(np.float32)
    frac = (VARIETIES[variety] + rng.normal(0.0, 0.03, n)).astype(np.float32)
    firm = rng.normal(7.0, 1.0, n).astype(np.float32)
    return Load(mass, frac, firm)


def main():
    rng = np.random.default_rng(1987)
    line = PressLine()
    shifts = []
    for shift in range(3):
        total = jnp.float32(0.0)
        effs = []
        for _ in range(5):
            litres, eff = line.run_load(make_load(rng))
            total = total + litres
            effs.append(eff)
        shifts.append(float(total))
        print(f"shift {shift}: {shifts[-1]:.1f} L, mean efficiency {float(jnp.mean(jnp.stack(effs))):.3f}")
    print(f"result: {sum(shifts):.10e}")


main()
