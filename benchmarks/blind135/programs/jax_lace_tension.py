# ruff: noqa
"""Bobbin-lace tension relaxation: for each pattern in a pillow's queue, models the worked
pairs as a chain of threads held by pins and relaxes their tensions towards equilibrium with
a jitted Jacobi smoother, then reports how evenly each pattern pulls on the pillow."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")


@jax.jit
def relax(tension, pin_grip):
    def sweep(t, _):
        left = jnp.concatenate([t[:1], t[:-1]])
        right = jnp.concatenate([t[1:], t[-1:]])
        return 0.5 * t + 0.25 * (left + right) * pin_grip, None

    out, _ = jax.lax.scan(sweep, tension, None, length=40)
    return jnp.std(out) / jnp.mean(out)


@dataclass
class PatternJob:
    name: str
    n_pairs: int
    tension: np.ndarray
    grip: np.ndarray


class Pillow:
    def __init__(self, bobbin_weights):
        self.bobbin_weights = bobbin_weights

    def settle(self, job):
        spread = relax(jnp.asarray(job.tension), jnp.asarray(job.grip))
        return float(spread)

    def weight_scale(self):
        total = 0.0
        for w in self.bobbin_weights:
            total += float(w)
        return total / len(self.bobbin_weights)


def make_queue(n_jobs, rng):
    jobs = []
    for k in range(n_jobs):
        n = 16 * int(rng.integers(1, 9))
        tension = rng.uniform(0.5, 1.5, size=n).astype(np.float32)
        grip = rng.uniform(0.9, 1.0, size=n).astype(np.float32)
        jobs.append(PatternJob(f"pattern-{k:03d}", n, tension, grip))
    return jobs


rng = np.random.default_rng(17)
pillow = Pillow(np.array([11.0, 12.5, 14.0]))
queue = make_queue(60, rng)
scale = pillow.weight_scale()
evenness = [pillow.settle(job) * scale for job in queue]
for job, e in sorted(zip(queue, evenness), key=lambda je: je[1])[-3:]:
    print(f"{job.name} ({job.n_pairs} pairs): unevenness {e:.4f}")
print(f"result: {sum(evenness):.10e}")
