# ruff: noqa
"""Course designer for canoe slalom: candidate courses (gate positions along the river, a varying
number of gates each) are scored by a smooth paddling-effort model over the current field, and
the best course of each stage is refined by a few gradient steps. Prints the chosen courses."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")


@dataclass
class DesignConfig:
    n_courses: int = 48
    min_gates: int = 14
    max_gates: int = 29
    stages: int = 3
    refine_steps: int = 20


def current(x, y):
    return 1.2 * jnp.sin(0.8 * x) * jnp.cos(0.5 * y) + 0.3 * y


@jax.jit
def course_effort(gates, mask):
    seg = gates[1:] - gates[:-1]
    mid = 0.5 * (gates[1:] + gates[:-1])
    length = jnp.sqrt((seg ** 2).sum(axis=1) + 1e-6)
    against = jnp.maximum(current(mid[:, 0], mid[:, 1]) * seg[:, 0] / length, 0.0)
    turn = jnp.abs(jnp.diff(jnp.arctan2(seg[:, 1], seg[:, 0]), prepend=0.0))
    per_leg = (length * (1.0 + against) + 0.5 * turn) * mask[1:]
    return per_leg.sum()


def candidate_courses(cfg, rng):
    for k in range(cfg.n_courses):
        n = cfg.min_gates + k % (cfg.max_gates - cfg.min_gates + 1)
        x = np.sort(rng.uniform(0.0, 30.0, size=n))
        y = rng.uniform(-4.0, 4.0, size=n)
        yield k, np.stack([x, y], axis=1), np.ones(n, dtype=np.float32)


def score_course(course):
    k, gates, _ = course
    padded, mask = pad_course(gates, cfg.max_gates)
    return float(course_effort(jnp.asarray(padded), jnp.asarray(mask))), k, gates


def pad_course(gates, n):
    extra = n - len(gates)
    tail = gates[-1] + np.stack([np.arange(1, extra + 1), np.zeros(extra)], axis=1)
    return np.concatenate([gates, tail]), (np.arange(n) < len(gates)).astype(np.float32)


grad_effort = jax.jit(jax.grad(course_effort))

cfg = DesignConfig()
rng = np.random.default_rng(17)
chosen = []
for stage in range(cfg.stages):
    scored = list(map(score_course, candidate_courses(cfg, rng)))
    best_effort, best_k, best = min(scored, key=lambda s: s[0])
    padded, mask = pad_course(best, cfg.max_gates)
    gates, mask = jnp.asarray(padded), jnp.asarray(mask)
    for _ in range(cfg.refine_steps):
        gates = gates - 0.05 * grad_effort(gates, mask)
    final = float(course_effort(gates, mask))
    chosen.append((best_k, len(best), best_effort, final))
    print(f"stage {stage}: course {best_k} with {len(best)} gates, effort {best_effort:.3f} -> {final:.3f}")
print(f"result: {sum(c[2] + c[3] for c in chosen):.10e}")
