# ruff: noqa
"""Extrusion dynamics of a Bowden-fed 3D printer: the filament in the tube acts as a spring
between the extruder gear and the melt chamber, so the flow out of the nozzle lags the commanded
feed. A toolpath's feed-rate profile is replayed through this model for a few nozzle sizes, and
the over- and under-extrusion at corners (where the feed drops) is reported."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

NOZZLES = [0.4, 0.6, 0.8]


@dataclass
class ExtruderModel:
    stiffness: float
    melt_resistance: float
    dt: float

    def __post_init__(self):
        self._step = jax.jit(self.step)

    def step(self, state, feed):
        pressure, flow = state
        pressure = pressure + self.dt * self.stiffness * (feed - flow)
        flow = flow + self.dt * (pressure / self.melt_resistance - flow) * 8.0
        return jnp.stack([pressure, flow])

    def run(self, feed_profile, state):
        out = np.empty(feed_profile.shape[0], dtype=np.float32)
        i = 0
        while i < feed_profile.shape[0]:
            state = self._step(state, feed_profile[i])
            out[i] = state[1]
            i += 1
        return out, state


def toolpath_feed(rng, n_segments):
    lengths = rng.integers(40, 200, size=n_segments)
    speeds = rng.uniform(20.0, 80.0, size=n_segments)
    feed = np.repeat(speeds, lengths)
    return feed.astype(np.float32)


rng = np.random.default_rng(21)
feed = toolpath_feed(rng, 20)
nozzle_scale = jnp.array([1.0, 0.8, 0.6])
_SCALES = np.asarray(nozzle_scale).tolist()
total = 0.0
for k, d in enumerate(NOZZLES):
    model = ExtruderModel(stiffness=4.0 / d, melt_resistance=1.0 + d, dt=0.01)
    scale = _SCALES[k]
    flow, final = model.run(feed * scale, jnp.zeros(2, dtype=jnp.float32))
    err = flow - feed * scale
    over = float(np.maximum(err, 0).sum()) * 0.01
    under = float(np.maximum(-err, 0).sum()) * 0.01
    print(f"nozzle {d:.1f} mm: over-extrusion {over:.2f}, under-extrusion {under:.2f}")
    total += over + under + float(final.sum())
print(f"result: {total:.10e}")
