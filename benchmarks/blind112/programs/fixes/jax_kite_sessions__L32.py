# ruff: noqa
"""Session analyser for a kite-surfing club: each rider's watch logs board speed once a
second. Every session is summarised (mean and top speed, time spent planing, how jerky the
ride was) and the club's season board ranks the riders by their sessions' scores."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

PLANING_KNOTS = 12.0


MAX_LEN = 3600


def summary(speeds, n):
    idx = jnp.arange(speeds.shape[0])
    valid = idx < n
    step = idx[:-1] < n - 1
    accel = jnp.where(step, jnp.abs(jnp.diff(speeds)), 0.0)
    planing = jnp.sum(valid & (speeds > PLANING_KNOTS)) / n
    mean = jnp.sum(jnp.where(valid, speeds, 0.0)) / n
    top = jnp.max(jnp.where(valid, speeds, -jnp.inf))
    return jnp.stack([mean, top, planing, jnp.sum(accel) / (n - 1)])


@dataclass
class Session:
    rider: str
    speeds: np.ndarray


class SessionAnalyser:
    def __init__(self, weights):
        self.weights = jnp.asarray(weights, dtype=jnp.float32)
        self._summary = jax.jit(summary)

    def score(self, session):
        n = len(session.speeds)
        padded = np.zeros(MAX_LEN, dtype=np.float32)
        padded[:n] = session.speeds
        stats = self._summary(jnp.asarray(padded), n)
        return jnp.dot(self.weights, stats)


def season(rng, riders, per_rider):
    for rider in riders:
        for _ in range(per_rider):
            n = int(rng.integers(600, 3600))
            gusts = np.cumsum(rng.normal(0.0, 0.4, n))
            yield Session(rider, np.clip(14.0 + gusts - gusts.mean() + rng.normal(0, 1.5, n), 0, None))


rng = np.random.default_rng(17)
riders = ["Ana", "Bram", "Caoimhe", "Dev"]
analyser = SessionAnalyser([0.5, 0.3, 10.0, -2.0])
sessions = season(rng, riders, per_rider=2)
board = {r: [] for r in riders}
pending = next(sessions, None)
while pending is not None:
    board[pending.rider].append(analyser.score(pending))
    pending = next(sessions, None)
total = 0.0
for rider in riders:
    best = float(jnp.max(jnp.stack(board[rider])))
    total += best
    print(f"{rider:>8}: {len(board[rider])} sessions, best score {best:.3f}")
print(f"result: {total:.10e}")
