# ruff: noqa
"""Event characterisation for a regional seismograph network: synthetic traces with triggered
events of different durations, a jitted feature extractor (energy, peak amplitude, envelope total
and rise) applied to each event window through a trigger callback, and a per-station
magnitude summary."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np

DURATIONS = (600, 900, 1400, 2000, 2400)


@jax.jit
def window_features(x):
    energy = jnp.sum(x * x)
    peak = jnp.max(jnp.abs(x))
    envelope = jnp.cumsum(jnp.abs(x))
    rise = jnp.argmax(envelope >= 0.5 * envelope[-1])
    return jnp.stack([energy, peak, envelope[-1], rise.astype(jnp.float32)])


@dataclass
class Station:
    code: str
    gain: float
    features: list = field(default_factory=list)

    def on_trigger(self, trace, start, stop):
        window = np.zeros(max(DURATIONS), dtype=np.float32)
        window[: stop - start] = np.asarray(trace)[start:stop]
        self.features.append(window_features(window))


def synth_trace(rng, n, onsets, durations):
    x = rng.normal(0.0, 0.05, size=n).astype(np.float32)
    for o, d in zip(onsets, durations):
        t = np.arange(d, dtype=np.float32)
        x[o : o + d] += (np.sin(0.35 * t) * np.exp(-t / (0.3 * d)) * rng.uniform(0.5, 3.0)).astype(np.float32)
    return x


def detect(station, trace, onsets, durations, callback):
    for o, d in zip(onsets, durations):
        callback(trace, int(o), int(o + d))


rng = np.random.default_rng(17)
stations = [Station(f"ST{i:02d}", float(rng.uniform(0.8, 1.2))) for i in range(6)]
n = 200_000
summary = []
for st in stations:
    onsets = np.sort(rng.choice(np.arange(1000, n - 3000, 2600), size=40, replace=False))
    durations = rng.choice(DURATIONS, size=40)
    trace = synth_trace(rng, n, onsets, durations) * st.gain
    detect(st, jnp.asarray(trace), onsets, durations, st.on_trigger)
    feats = np.asarray(jnp.stack(st.features))
    magnitude = float(jnp.log10(jnp.sqrt(feats[:, 0].mean())) + 2.0)
    summary.append(magnitude + feats[:, 1:].sum() * 1e-4)
    print(f"{st.code}: {len(st.features)} events, local magnitude {magnitude:.3f}")
print(f"result: {sum(summary):.10e}")
