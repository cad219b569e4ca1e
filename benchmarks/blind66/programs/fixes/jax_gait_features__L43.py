# ruff: noqa
"""Stride-level gait features from foot-mounted IMUs: each subject's walk is cut into strides at
heel strikes, and every stride gets harmonic ratio, jerk and stance-fraction features from a
jitted feature function; prints per-subject stride variability."""
import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")
N_HARM = 10


MAXLEN = 128


@jax.jit
def stride_features_padded(acc, n):
    m = acc.shape[0]
    valid = (jnp.arange(m) < n)[:, None]
    centred = (acc - jnp.sum(acc * valid, axis=0) / n) * valid
    i = jnp.arange(m)[:, None]
    k = jnp.arange(1, N_HARM + 1)[None, :]
    ph = 2 * jnp.pi * i * k / n
    amp = jnp.hypot(jnp.cos(ph).T @ centred, jnp.sin(ph).T @ centred)
    ratio = amp[1::2].sum(axis=0) / amp[0::2].sum(axis=0)
    dvalid = (jnp.arange(m - 1) < n - 1)[:, None]
    jerk = jnp.sqrt(jnp.sum(jnp.diff(acc, axis=0) ** 2 * dvalid, axis=0) / (n - 1))
    stance = jnp.sum((jnp.linalg.norm(acc, axis=1) < 1.1) & valid[:, 0]) / n
    return jnp.concatenate([ratio, jerk, stance[None]])


def stride_features(acc):
    n = acc.shape[0]
    padded = np.zeros((MAXLEN, acc.shape[1]), dtype=acc.dtype)
    padded[:n] = acc
    return stride_features_padded(jnp.asarray(padded), jnp.float32(n))


class Subject:
    def __init__(self, rng, n_strides):
        self.lengths = rng.integers(104, 116, n_strides)
        self.signal = [self._stride(rng, n) for n in self.lengths]

    @staticmethod
    def _stride(rng, n):
        ph = np.linspace(0, 2 * np.pi, n, endpoint=False)
        base = np.stack([np.sin(ph), 0.5 * np.sin(2 * ph), 1.0 + 0.3 * np.cos(ph)], axis=1)
        return (base + 0.05 * rng.standard_normal((n, 3))).astype(np.float32)

    def strides(self):
        yield from self.signal


def analyse(subject):
    feats = [np.asarray(stride_features(s)) for s in subject.strides()]
    return np.stack(feats)


rng = np.random.default_rng(8)
subjects = [Subject(rng, 40) for _ in range(4)]
cv = []
for subj in subjects:
    f = analyse(subj)
    cv.append(float(f[:, 3:6].std(axis=0).sum() / f[:, 3:6].mean(axis=0).sum()))
    for axis in range(3):
        cv[-1] += float(np.median(f[:, axis])) * 1e-3
print("stride variability per subject:", " ".join(f"{c:.4f}" for c in cv))
print(f"result: {sum(cv):.10e}")
