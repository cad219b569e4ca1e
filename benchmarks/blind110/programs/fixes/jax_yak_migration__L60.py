# ruff: noqa
"""Daily movement of yak herds between high pastures, simulated with JAX: each herd's animals
drift toward forage, keep spacing from their neighbours' centroid, and pay an energy cost for
climbing; herds gain and lose animals along the season (births, sales). Prints each herd's
final spread and the season's total climbing energy."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platforms", "cpu")


@jax.jit
def graze_step(pos, alt, forage_xy):
    pull = forage_xy - pos
    centroid = pos.mean(axis=0)
    spacing = pos - centroid
    new_pos = pos + 0.05 * pull + 0.01 * spacing
    climb = jnp.abs(jnp.sin(new_pos[:, 0]) * jnp.cos(new_pos[:, 1])) * alt
    return new_pos, climb.sum(), jnp.sqrt(((new_pos - new_pos.mean(axis=0)) ** 2).sum(axis=1)).mean()


@dataclass
class HerdTrack:
    name: str
    pos: np.ndarray
    alt: float
    energy: float = 0.0
    spread: float = 0.0
    weekly: list = field(default_factory=list)


class Season:
    def __init__(self, herds, forage_xy, rng):
        self.herds = herds
        self.forage_xy = forage_xy
        self.rng = rng

    def roster_change(self, herd):
        change = int(self.rng.integers(-3, 4))
        if change > 0:
            born = herd.pos[:change] + self.rng.normal(0.0, 0.1, size=(change, 2))
            herd.pos = np.concatenate([herd.pos, born])
        elif change < 0 and herd.pos.shape[0] > 40:
            herd.pos = herd.pos[:change]

    def advance(self, days):
        day = 0
        while day < days:
            for herd in self.herds:
                if day % 7 == 0:
                    self.roster_change(herd)
                new_pos, climb, spread = graze_step(jnp.asarray(herd.pos), herd.alt, self.forage_xy)
                herd.pos = np.asarray(new_pos)
                herd.energy += float(climb)
                herd.spread = float(spread)
            if day % 14 == 13:
                for herd in self.herds:
                    herd.weekly.append(herd.energy)
            day += 1


def main():
    rng = np.random.default_rng(17)
    herds = [HerdTrack(f"herd-{k}", rng.normal(0.0, 1.0, size=(int(n), 2)), alt=float(a))
             for k, (n, a) in enumerate(zip(rng.integers(60, 90, size=3), rng.uniform(3.5, 4.8, size=3)))]
    season = Season(herds, jnp.array([2.0, -1.0]), rng)
    season.advance(42)
    total = 0.0
    for herd in herds:
        print(f"{herd.name}: {herd.pos.shape[0]} animals, spread {herd.spread:.4f}, energy {herd.energy:.2f}")
        total += herd.energy + herd.spread + float(np.sum(herd.weekly))
    print(f"result: {total:.10e}")


if __name__ == "__main__":
    main()
