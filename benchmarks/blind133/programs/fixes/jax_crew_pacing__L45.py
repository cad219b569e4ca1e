# ruff: noqa
"""Race-pacing analysis for a rowing club: each logged session is a sequence of 500 m split
times over the strokes of a piece; a weighted linear pace trend is fitted to every session
(JAX), the trend's fade and the fit's residual are collected, and each crew's average fade and
consistency are reported."""
from dataclasses import dataclass, field

import numpy as np
import jax
import jax.numpy as jnp

jax.config.update("jax_platforms", "cpu")
MAX_LEN = 420


@jax.jit
def pace_curve(t, split, w):
    sw = jnp.sum(w)
    tm = jnp.sum(w * t) / sw
    sm = jnp.sum(w * split) / sw
    slope = jnp.sum(w * (t - tm) * (split - sm)) / jnp.sum(w * (t - tm) ** 2)
    resid = (split - sm - slope * (t - tm)) * w
    return slope, jnp.sqrt(jnp.sum(resid * resid) / sw)


@dataclass
class Session:
    crew: str
    splits: np.ndarray


@dataclass
class CrewStats:
    fades: list = field(default_factory=list)
    residuals: list = field(default_factory=list)


class PaceAnalyzer:
    def __init__(self):
        self.stats = {}

    def analyse(self, session: Session):
        n = session.splits.shape[0]
        t = np.zeros(MAX_LEN, dtype=np.float32)
        t[:n] = np.linspace(0.0, 1.0, n, dtype=np.float32)
        w = np.zeros(MAX_LEN, dtype=np.float32)
        w[:n] = 1.0
        split = np.zeros(MAX_LEN, dtype=np.float32)
        split[:n] = session.splits
        slope, resid = pace_curve(t, split, w)
        st = self.stats.setdefault(session.crew, CrewStats())
        st.fades.append(slope)
        st.residuals.append(resid)

    def report(self):
        out = {}
        for crew, st in self.stats.items():
            fade = jnp.mean(jnp.stack(st.fades))
            out[crew] = (float(fade), float(jnp.mean(jnp.stack(st.residuals))))
        return out


def synth_sessions(rng, n_sessions=12):
    crews = ["M1x", "W2-", "M4+", "W8+"]
    sessions = []
    for k in range(n_sessions):
        n = int(rng.integers(150, 420))
        t = np.linspace(0.0, 1.0, n)
        base = 100.0 + 4.0 * (k % 4)
        splits = base - 3.0 * t + 6.0 * t ** 2 + rng.normal(0.0, 0.8, n)
        sessions.append(Session(crews[k % 4], splits.astype(np.float32)))
    return sessions


rng = np.random.default_rng(17)
analyzer = PaceAnalyzer()
for s in synth_sessions(rng):
    analyzer.analyse(s)
summary = analyzer.report()
for crew, (fade, resid) in summary.items():
    print(f"{crew}: fade {fade:+.3f} s/500m, residual {resid:.3f} s")
print(f"result: {sum(f + r for f, r in summary.values()):.10e}")
