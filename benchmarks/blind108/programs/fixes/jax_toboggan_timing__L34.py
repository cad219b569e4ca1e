# ruff: noqa
"""Race-day timing for a toboggan club's runs: each run is a sequence of surveyed track segments
(length, drop, banking) that differs in length from run to run; a JAX model of sled speed along
the segments gives each run's predicted time, compared with the stopwatch times for a handicap
table."""
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")
MAX_SEGMENTS = 84


@dataclass
class RunSurvey:
    name: str
    segments: np.ndarray  # (n, 3): length m, drop m, banking rad
    stopwatch: float


def make_timer(mu, drag):
    @jax.jit
    def predicted_time(segments):
        length, drop, bank = segments[:, 0], segments[:, 1], segments[:, 2]
        effective_mu = mu * jnp.cos(bank) + 0.02 * jnp.sin(bank) ** 2
        energy = 2.0 * 9.81 * (jnp.cumsum(drop) - jnp.cumsum(effective_mu * length))
        energy = energy - drag * jnp.cumsum(length * jnp.tanh(drop / (length + 1e-3)))
        v = jnp.sqrt(jnp.maximum(4.0 + energy, 1.0))
        return jnp.sum(length / v)

    def time_run(run):
        seg = np.zeros((MAX_SEGMENTS, 3), np.float32)
        seg[: len(run.segments)] = run.segments
        return predicted_time(jnp.asarray(seg))

    return time_run


def survey_runs(rng, n_runs):
    runs = []
    for r in range(n_runs):
        n = int(rng.choice([36, 48, 60, 72, 84]))
        length = rng.uniform(4.0, 14.0, n)
        drop = length * rng.uniform(0.05, 0.25, n)
        bank = rng.uniform(0.0, 0.6, n)
        seg = np.stack([length, drop, bank], axis=1).astype(np.float32)
        runs.append(RunSurvey(f"run-{r:02d}", seg, float(rng.uniform(20, 60))))
    return runs


def handicap_table(runs, times, class_coefs):
    table = {}
    for k, coef in enumerate(class_coefs):
        scale = np.exp(np.asarray(coef)).sum()
        table[k] = [float(scale) * t / r.stopwatch for r, t in zip(runs, times)]
    return table


rng = np.random.default_rng(8)
runs = survey_runs(rng, 40)
timer = make_timer(0.035, 0.15)
times = list(map(lambda run: float(timer(run)), runs))
table = handicap_table(runs, times, [[0.0, 0.1], [0.05, -0.1], [0.1, 0.0]])
best = min(range(len(runs)), key=lambda i: times[i] / runs[i].stopwatch)
print(f"{len(runs)} runs timed; fastest relative to stopwatch: {runs[best].name}")
print(f"result: {sum(times) + sum(sum(v) for v in table.values()):.10e}")
