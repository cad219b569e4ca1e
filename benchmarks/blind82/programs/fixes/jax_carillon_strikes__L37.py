# ruff: noqa
"""Analyses recorded strikes of carillon bells: for every recording (each of its own length) it
estimates the rms level, the peak and the decay rate of the log-envelope by least squares, and
prints the bells' mean decay time."""
import jax
import jax.numpy as jnp
import numpy as np

RATE = 8000.0


@jax.jit
def strike_features(sig):
    n = sig.shape[0]
    t = jnp.arange(n) / RATE
    env = jnp.log(jnp.abs(sig) + 1e-3)
    tm, em = t.mean(), env.mean()
    slope = ((t - tm) * (env - em)).sum() / ((t - tm) ** 2).sum()
    rms = jnp.sqrt((sig**2).mean())
    return jnp.stack([rms, jnp.abs(sig).max(), slope])


MAXLEN = 16000


@jax.jit
def strike_features_padded(sig, n):
    mask = jnp.arange(MAXLEN) < n
    t = jnp.arange(MAXLEN) / RATE
    env = jnp.log(jnp.abs(sig) + 1e-3)
    tm = jnp.where(mask, t, 0.0).sum() / n
    em = jnp.where(mask, env, 0.0).sum() / n
    slope = jnp.where(mask, (t - tm) * (env - em), 0.0).sum() / jnp.where(mask, (t - tm) ** 2, 0.0).sum()
    rms = jnp.sqrt(jnp.where(mask, sig**2, 0.0).sum() / n)
    return jnp.stack([rms, jnp.abs(sig).max(), slope])


def record(rng, bell, n):
    t = np.arange(n) / RATE
    f0 = 220.0 * 2 ** (bell / 12)
    decay = 1.5 + 0.1 * bell
    sig = np.exp(-decay * t) * (np.sin(2 * np.pi * f0 * t) + 0.5 * np.sin(2 * np.pi * 2 * f0 * t))
    return (sig + 0.01 * rng.standard_normal(n)).astype(np.float32)


rng = np.random.default_rng(9)
lengths = rng.integers(6000, 16000, size=16)
feats = []
decays = []
for k, n in enumerate(lengths):
    bell = k % 23
    sig = np.zeros(MAXLEN, dtype=np.float32)
    sig[: int(n)] = record(rng, bell, int(n))
    f = strike_features_padded(jnp.asarray(sig), jnp.float32(n))
    feats.append(f)
    decays.append(-float(f[2]))
feats = jnp.stack(feats)
print(f"mean decay rate {np.mean(decays):.4f} /s over {len(lengths)} strikes")
print(f"result: {float(feats[:, 0].sum() + feats[:, 1].sum()) + float(np.sum(decays)):.10e}")
