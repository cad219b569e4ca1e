"""Barrel blending: for each cider the cellar master wants to release, find the blend of the
barrels on hand that lands closest to the house profile (sugar, acid, tannin, ABV)."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")

HOUSE_PROFILE = {
    "medium dry": (1.2, 0.55, 0.22, 6.5),
    "sweet": (3.0, 0.45, 0.15, 5.5),
    "bittersharp": (0.6, 0.75, 0.35, 7.0),
}


@dataclass
class Release:
    style: str
    barrels: np.ndarray  # (n_barrels, 4) sugar %, malic %, tannin %, ABV
    cost: np.ndarray  # per litre

    @property
    def target(self):
        return jnp.asarray(HOUSE_PROFILE[self.style], dtype=jnp.float32)


def blend_loss(logits, barrels, cost, target, scale):
    w = jax.nn.softmax(logits)
    profile = w @ barrels
    miss = ((profile - target) / scale) ** 2
    return miss.sum() + 0.02 * (w @ cost)


@jax.jit
def fit_blend(barrels, cost, target, scale, mask):
    grad = jax.grad(blend_loss)

    def body(i, logits):
        return logits - 0.5 * grad(logits, barrels, cost, target, scale)

    start = jnp.where(mask, 0.0, -jnp.inf).astype(jnp.float32)
    logits = jax.lax.fori_loop(0, 400, body, start)
    return jax.nn.softmax(logits), blend_loss(logits, barrels, cost, target, scale)


def stock_cellar(rng, n_releases):
    styles = list(HOUSE_PROFILE)
    for k in range(n_releases):
        n = 5 + 2 * k  # the cellar's stock changes as barrels are racked and topped
        barrels = np.column_stack([
            rng.uniform(0.2, 4.0, n), rng.uniform(0.3, 0.9, n),
            rng.uniform(0.1, 0.45, n), rng.uniform(4.5, 8.0, n),
        ]).astype(np.float32)
        yield Release(styles[k % 3], barrels, rng.uniform(1.0, 3.0, n).astype(np.float32))


MAX_BARRELS = 32


def main():
    rng = np.random.default_rng(5)
    scale = jnp.asarray([1.0, 0.1, 0.05, 0.5], dtype=jnp.float32)
    total = 0.0
    for release in stock_cellar(rng, 9):
        n, pad = len(release.cost), MAX_BARRELS - len(release.cost)
        weights, loss = fit_blend(jnp.asarray(np.pad(release.barrels, ((0, pad), (0, 0)))),
                                  jnp.asarray(np.pad(release.cost, (0, pad))),
                                  release.target, scale, jnp.arange(MAX_BARRELS) < n)
        anchor = max(weights[:3])  # the three oak anchor barrels
        total += float(loss) + float(anchor)
    print(f"result: {total:.8f}")


if __name__ == "__main__":
    main()
