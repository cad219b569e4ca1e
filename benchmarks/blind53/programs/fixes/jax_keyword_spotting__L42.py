# ruff: noqa
"""Keyword spotting over a stream of variable-length utterances: framed log power spectra
pooled over time and scored by a linear keyword model (weights from a seeded initialisation),
with per-utterance detection decisions and the detection rate at the end."""
import numpy as np
import jax
import jax.numpy as jnp

SR = 8000
HOP = 128
N_BANDS = 24


def band_matrix():
    bins = HOP // 2 + 1
    edges = np.geomspace(2, bins - 1, N_BANDS + 1).astype(int)
    m = np.zeros((bins, N_BANDS), dtype=np.float32)
    for b in range(N_BANDS):
        m[edges[b]:max(edges[b + 1], edges[b] + 1), b] = 1.0
    return jnp.asarray(m)


MAX_LEN = 2 * SR // HOP * HOP + HOP


@jax.jit
def padded_score(wave, n_frames, bands, w, b):
    frames = wave.reshape(-1, HOP) * jnp.hanning(HOP)
    power = jnp.abs(jnp.fft.rfft(frames, axis=1)) ** 2
    feats = jnp.log(power @ bands + 1e-6)
    mask = (jnp.arange(frames.shape[0]) < n_frames)[:, None]
    mean = jnp.where(mask, feats, 0.0).sum(axis=0) / n_frames
    var = jnp.where(mask, (feats - mean) ** 2, 0.0).sum(axis=0) / n_frames
    pooled = jnp.concatenate([mean, jnp.sqrt(var)])
    return jax.nn.sigmoid(pooled @ w + b)


def utterance_score(wave, bands, w, b):
    n_frames = wave.shape[0] // HOP
    padded = np.zeros(MAX_LEN, dtype=np.float32)
    padded[: n_frames * HOP] = wave[: n_frames * HOP]
    return padded_score(jnp.asarray(padded), n_frames, bands, w, b)


class KeywordSpotter:
    def __init__(self, key, threshold=0.5):
        kw, kb = jax.random.split(key)
        self.bands = band_matrix()
        self.w = 0.05 * jax.random.normal(kw, (2 * N_BANDS,))
        self.b = 0.1 * jax.random.normal(kb, ())
        self.threshold = threshold

    def score(self, wave):
        return utterance_score(wave, self.bands, self.w, self.b)


def utterances(rng, n):
    for i in range(n):
        length = int(rng.integers(SR // 2, 2 * SR))
        t = np.arange(length) / SR
        f = rng.uniform(200, 900)
        keyword = rng.uniform() < 0.3
        wave = 0.1 * rng.standard_normal(length)
        if keyword:
            wave += 0.5 * np.sin(2 * np.pi * f * t) * np.hanning(length)
        yield wave.astype(np.float32), keyword


rng = np.random.default_rng(8)
spotter = KeywordSpotter(jax.random.PRNGKey(0))
scores, truth = [], []
for wave, keyword in utterances(rng, 8):
    s = spotter.score(wave)
    scores.append(float(s))
    truth.append(keyword)
scores = np.array(scores)
hits = (scores > spotter.threshold) == np.array(truth)
print(f"agreement {hits.mean():.3f}, mean score {scores.mean():.4f}")
print(f"result: {scores.sum():.10e}")
