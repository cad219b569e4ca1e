# ruff: noqa
"""Power and heat budget of a theatre lighting rig over a show: every cue fades the dimmer levels
from the previous look to the next over its fade time; each frame's lamp power follows the
dimmer curve, and the show's energy, peak draw and the heat each dimmer rack has to shed are
totalled per act."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

FPS = 30
N_CHANNELS = 96
N_RACKS = 4


@dataclass
class ShowCue:
    act: int
    look: np.ndarray
    fade_s: float


@jax.jit
def fade_power(start, end, t, lamp_watts):
    eased = t * t * (3.0 - 2.0 * t)
    levels = start[None, :] + (end - start)[None, :] * eased[:, None]
    drawn = jnp.power(jnp.clip(levels, 0.0, 1.0), 2.2) @ lamp_watts
    return jnp.sum(drawn) / FPS, jnp.max(drawn)


class PowerBudget:
    def __init__(self, lamp_watts, rack_of):
        self.lamp_watts = jnp.asarray(lamp_watts)
        self.rack_of = rack_of
        self.energy_j = {}
        self.peak_w = 0.0

    def replay(self, cues):
        look = np.zeros(N_CHANNELS, dtype=np.float32)
        i = 0
        while i < len(cues):
            cue = cues[i]
            n = max(1, int(round(cue.fade_s * FPS)))
            t = (np.arange(1, n + 1, dtype=np.float32) / n)
            energy, peak = fade_power(jnp.asarray(look), jnp.asarray(cue.look), jnp.asarray(t), self.lamp_watts)
            self.energy_j[cue.act] = self.energy_j.get(cue.act, 0.0) + energy
            self.peak_w = jnp.maximum(self.peak_w, peak)
            look = cue.look
            i += 1
        return look


def rack_heat(final_look, lamp_watts, rack_of):
    return 0.04 * np.bincount(rack_of, weights=(final_look ** 2.2 * lamp_watts).astype(np.float64), minlength=N_RACKS)


rng = np.random.default_rng(303)
lamp_watts = rng.choice([575.0, 750.0, 1000.0, 1200.0], size=N_CHANNELS).astype(np.float32)
rack_of = np.arange(N_CHANNELS) % N_RACKS
fades = rng.choice([0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 12.0], size=140)
cues = [
    ShowCue(act=1 + k // 70, look=rng.uniform(0.0, 1.0, size=N_CHANNELS).astype(np.float32), fade_s=float(f))
    for k, f in enumerate(fades)
]
budget = PowerBudget(lamp_watts, rack_of)
final_look = budget.replay(cues)
heat = rack_heat(final_look, lamp_watts, rack_of)
for act, e in sorted(budget.energy_j.items()):
    print(f"act {act}: {float(e) / 3.6e6:.4f} kWh")
print(f"peak draw {float(budget.peak_w):.1f} W, rack heat {heat.round(1).tolist()}")
total = sum(float(e) for e in budget.energy_j.values())
print(f"result: {total / 3.6e6 + float(budget.peak_w) / 1000.0 + heat.sum():.10e}")
