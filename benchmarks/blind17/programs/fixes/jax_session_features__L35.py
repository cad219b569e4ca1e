# ruff: noqa
"""Feature extraction for churn prediction: every user's last session is a sequence of page
dwell times of its own length; a jitted function turns each session into features (mean and
spread of the log dwell time, longest dwell), users are then split into equal cohorts and each
cohort's feature matrix is summarised. Prints the cohort means and a checksum."""

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def session_features(dwell):
    logd = jnp.log1p(dwell)
    mean = logd.mean()
    spread = jnp.sqrt(((logd - mean) ** 2).mean())
    return jnp.stack([mean, spread, jnp.log1p(dwell.max())])


@jax.jit
def session_features_padded(padded, n):
    mask = jnp.arange(padded.shape[0]) < n
    logd = jnp.log1p(padded)
    mean = jnp.where(mask, logd, 0.0).sum() / n
    spread = jnp.sqrt(jnp.where(mask, (logd - mean) ** 2, 0.0).sum() / n)
    return jnp.stack([mean, spread, jnp.log1p(jnp.where(mask, padded, -1.0).max())])


def pad(dwell, size=48):
    out = np.zeros(size, dtype=np.float32)
    out[: len(dwell)] = dwell
    return out


@jax.jit
def cohort_summary(features):
    centred = features - features.mean(axis=0)
    cov = centred.T @ centred / features.shape[0]
    return jnp.concatenate([features.mean(axis=0), jnp.diag(cov)])


rng = np.random.default_rng(4)
n_users = 2400
lengths = rng.integers(4, 40, n_users)
sessions = {
    f"user{u:05d}": rng.gamma(1.5, 20.0, size=int(lengths[u])).astype(np.float32)
    for u in range(n_users)
}

features = {
    user: session_features_padded(pad(dwell), len(dwell)) for user, dwell in sessions.items()
}

matrix = np.stack(list(features.values()))
summaries = []
for cohort in range(6):
    rows = matrix[cohort * 400 : (cohort + 1) * 400]
    summaries.append(cohort_summary(rows))
summaries = np.asarray(jnp.stack(summaries))
print("cohort mean log dwell:", np.round(summaries[:, 0], 4).tolist())
print(f"result: {float(summaries.sum()):.8e}")
