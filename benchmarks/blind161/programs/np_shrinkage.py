"""Shrinkage book for the studio's clay bodies.

Every test tile gets a 100 mm line scratched in while wet; we measure it again after the bisque and
after the glaze firing. This works out each body's shrinkage with a bootstrap interval (trimmed
mean, because a few tiles always warp), and the wet size to throw for a finished size."""
from dataclasses import dataclass
from functools import partial

import numpy as np


@dataclass(frozen=True)
class ClayBody:
    name: str
    bisque_shrink: float  # fraction, wet -> bisque
    glaze_shrink: float  # fraction, wet -> glaze fired
    tiles: int


BODIES = [
    ClayBody("B-mix 5", 0.062, 0.121, 420),
    ClayBody("Speckled buff", 0.058, 0.113, 380),
    ClayBody("Grolleg porcelain", 0.071, 0.142, 440),
    ClayBody("Red stoneware", 0.066, 0.128, 400),
    ClayBody("Raku body", 0.041, 0.079, 360),
    ClayBody("Studio reclaim", 0.063, 0.124, 450),
]


def measure_tiles(body, rng, mark_mm=100.0):
    """Simulated calipers: the scratched line on every tile, wet, bisqued and glaze fired."""
    spread = rng.normal(1.0, 0.06, body.tiles)
    wet = mark_mm + rng.normal(0.0, 0.15, body.tiles)
    bisque = wet * (1.0 - body.bisque_shrink * spread) + rng.normal(0.0, 0.1, body.tiles)
    fired = wet * (1.0 - body.glaze_shrink * spread) + rng.normal(0.0, 0.1, body.tiles)
    warped = rng.random(body.tiles) < 0.04
    fired[warped] -= rng.exponential(2.5, warped.sum())
    return {"wet": wet, "bisque": bisque, "fired": fired}


def trimmed_means(samples, trim=0.1):
    """Trimmed mean of every row of a (resamples, tiles) array."""
    k = int(samples.shape[1] * trim)
    kept = np.sort(samples, axis=1)[:, k : samples.shape[1] - k]
    return np.array([sum(row) / len(row) for row in kept])


def bootstrap_interval(values, stat, n_boot, rng, level=0.95):
    picks = rng.integers(0, len(values), size=(n_boot, len(values)))
    boots = stat(values[picks])
    lo, hi = np.quantile(boots, [(1 - level) / 2, (1 + level) / 2])
    return stat(values[None, :])[0], lo, hi


class ShrinkageBook:
    def __init__(self, bodies, seed=2024, n_boot=8000):
        self.bodies = bodies
        self.rng = np.random.default_rng(seed)
        self.n_boot = n_boot
        self.entries = {}

    def record(self, body):
        m = measure_tiles(body, self.rng)
        wet = m["wet"].astype(np.float64)
        stat = partial(trimmed_means, trim=0.1)
        self.entries[body.name] = {
            stage: bootstrap_interval(1.0 - m[stage] / wet, stat, self.n_boot, self.rng)
            for stage in ("bisque", "fired")
        }

    def throw_size(self, name, finished_mm):
        shrink, _, hi = self.entries[name]["fired"]
        return finished_mm / (1.0 - shrink), finished_mm / (1.0 - hi)

    @property
    def table(self):
        for name, stages in self.entries.items():
            b, f = stages["bisque"], stages["fired"]
            yield (f"{name:18s} bisque {100 * b[0]:5.2f}% [{100 * b[1]:5.2f}, {100 * b[2]:5.2f}]"
                   f"  fired {100 * f[0]:5.2f}% [{100 * f[1]:5.2f}, {100 * f[2]:5.2f}]")


if __name__ == "__main__":
    book = ShrinkageBook(BODIES)
    for body in BODIES:
        book.record(body)
    print("\n".join(book.table))
    mug = {b.name: book.throw_size(b.name, 95.0) for b in BODIES}
    for name, (typical, safe) in mug.items():
        print(f"95 mm mug in {name}: throw {typical:.1f} mm (up to {safe:.1f} mm)")
    total = sum(v for stages in book.entries.values() for est in stages.values() for v in est)
    print(f"result: {total + sum(t + s for t, s in mug.values()) / 1000.0:.10e}")
