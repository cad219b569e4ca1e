"""Cue timing check for the stage manager's cue sheet.

Every cue's fade is rendered frame by frame at the console's 30 fps (smoothstep crossfade,
square-law dimmers) to find when the stage has visibly settled on the new look and how much
light the fade puts on stage, so fades that overlap the next GO can be flagged. Prints the
summed on-stage light (lux-frames, arbitrary units) plus the settle frames across the show."""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

FPS = 30
N_CHANNELS = 512


@dataclass(frozen=True)
class CueLine:
    number: str
    act: int
    fade_s: float
    go_after_s: float
    look: int  # index into the preset looks


MAX_FRAMES = 6 * FPS


@partial(jax.jit, static_argnames=("gamma",))
def render_fade(start, end, t, n, gamma=2.2):
    valid = jnp.arange(t.shape[0]) < n
    s = t * t * (3.0 - 2.0 * t)
    levels = start[None, :] + (end - start)[None, :] * s[:, None]
    light = (levels ** gamma).mean(axis=1)
    close = jnp.abs(levels - end[None, :]) <= 0.05 * jnp.abs(end - start)[None, :] + 1e-3
    settle_frames = jnp.sum(~jnp.all(close, axis=1) & valid)
    return jnp.where(valid, light, 0.0).sum(), settle_frames, jnp.where(valid, light, jnp.inf).min()


def frame_times(fade_s: float) -> tuple[np.ndarray, int]:
    n = max(2, int(round(fade_s * FPS)))
    t = np.ones(max(MAX_FRAMES, n), dtype=np.float32)
    t[:n] = np.linspace(0.0, 1.0, n, dtype=np.float32)
    return t, n


def read_cue_sheet(n_cues: int, seed: int) -> list[CueLine]:
    rng = np.random.default_rng(seed)
    fades = np.round(rng.uniform(1.0, 6.0, n_cues) * 2) / 2  # the SM calls fades in half seconds
    gaps = rng.uniform(2.0, 40.0, n_cues)
    looks = rng.integers(0, 24, n_cues)
    return [
        CueLine(f"Q{i + 1}", act=1 + (3 * i) // n_cues, fade_s=float(f), go_after_s=float(g), look=int(k))
        for i, (f, g, k) in enumerate(zip(fades, gaps, looks))
    ]


class ShowCaller:
    def __init__(self, looks: jnp.ndarray):
        self.looks = looks
        self.flags: list[str] = []

    def run(self, sheet: list[CueLine]):
        current = self.looks[0]
        per_act: dict[int, list] = {}
        settle_total = 0
        for cue in sheet:
            target = self.looks[cue.look]
            light, settle, dimmest = render_fade(current, target, *frame_times(cue.fade_s))
            settle_total += int(settle)
            if int(settle) / FPS > cue.go_after_s:
                self.flags.append(cue.number)
            per_act.setdefault(cue.act, []).append(light)
            current = target
        return per_act, settle_total


def main() -> None:
    key = jax.random.PRNGKey(8)
    looks = jax.random.uniform(key, (24, N_CHANNELS)) ** 1.5
    sheet = read_cue_sheet(140, seed=12)
    caller = ShowCaller(looks)
    per_act, settle_total = caller.run(sheet)
    act_light = [float(jnp.sum(jnp.stack(v))) for v in per_act.values()]
    result = sum(act_light) + settle_total + len(caller.flags)
    print(f"result: {result:.10e}")


if __name__ == "__main__":
    main()
