# ruff: noqa
"""Drying-curve fitting for a hop farm's oast kilns: every lot of green hops logs moisture until
it is taken off the kiln floor, so lots have logs of different lengths. Each log is fitted with
an exponential drying curve (equilibrium moisture, initial excess, rate) and the kilns are
compared by their mean drying rate and time to 10% moisture."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np

RATES = jnp.linspace(0.05, 1.5, 96)


@dataclass
class Lot:
    kiln: str
    t: np.ndarray
    moisture: np.ndarray


@jax.jit
def fit_curve(t, m):
    basis = jnp.exp(-RATES[:, None] * t[None, :])
    n = t.shape[0]
    sb, sbb = basis.sum(1), (basis * basis).sum(1)
    sm, sbm = m.sum(), (basis * m[None, :]).sum(1)
    det = n * sbb - sb * sb
    amp = (n * sbm - sb * sm) / det
    eq = (sm - amp * sb) / n
    resid = m[None, :] - eq[:, None] - amp[:, None] * basis
    sse = (resid * resid).sum(1)
    best = jnp.argmin(sse)
    return jnp.stack([eq[best], amp[best], RATES[best], sse[best] / n])


@dataclass
class OastKiln:
    name: str
    queue: list = field(default_factory=list)
    fits: list = field(default_factory=list)

    def dry_all(self):
        while self.queue:
            lot = self.queue.pop()
            self.fits.append(fit_curve(jnp.asarray(lot.t), jnp.asarray(lot.moisture)))
        return jnp.stack(self.fits)


def hours_to_target(eq, amp, rate, target=0.10):
    return jnp.where(amp > 0, -jnp.log(jnp.clip((target - eq) / amp, 1e-6, None)) / rate, 0.0)


def load_lots(kilns, n_lots, rng):
    for i in range(n_lots):
        kiln = kilns[i % len(kilns)]
        n = int(rng.integers(200, 520))
        t = np.linspace(0.0, 10.0, n, dtype=np.float32)
        rate = rng.uniform(0.25, 0.6) * (1.0 + 0.1 * (i % len(kilns)))
        m = 0.08 + 0.7 * np.exp(-rate * t) + rng.normal(0.0, 0.01, n)
        kiln.queue.append(Lot(kiln.name, t, m.astype(np.float32)))


rng = np.random.default_rng(4)
kilns = [OastKiln("north"), OastKiln("south"), OastKiln("roundel")]
load_lots(kilns, 9, rng)
check = 0.0
for kiln in kilns:
    fits = kiln.dry_all()
    hours = hours_to_target(fits[:, 0], fits[:, 1], fits[:, 2])
    mean_rate = fits[:, 2].mean()
    print(f"{kiln.name:>8}: {len(fits)} lots, mean rate {mean_rate:.3f}/h, {float(hours.mean()):.2f} h to 10%")
    check += float(jnp.abs(fits).sum()) + float(hours.sum())
print(f"result: {check:.10e}")
