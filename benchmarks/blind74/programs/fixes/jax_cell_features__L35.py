# ruff: noqa
"""Per-frame morphology and crowding features for a cell-tracking pipeline: every frame of a
synthetic time-lapse has a different number of segmented nuclei; for each frame the features
(nearest-neighbour distance, local density, area statistics) are computed with JAX and smoothed
over time into a crowding index per well."""
import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platforms", "cpu")


@jax.jit
def frame_features(xy, area, n):
    m = jnp.arange(xy.shape[0]) < n
    d2 = jnp.sum((xy[:, None, :] - xy[None, :, :]) ** 2, axis=-1)
    d2 = d2 + jnp.eye(xy.shape[0]) * 1e12 + jnp.where(m, 0.0, 1e12)[None, :]
    nn = jnp.sqrt(jnp.min(d2, axis=1))
    density = jnp.sum(d2 < 40.0 ** 2, axis=1)
    mean_area = jnp.sum(jnp.where(m, area, 0.0)) / n
    std_area = jnp.sqrt(jnp.sum(jnp.where(m, (area - mean_area) ** 2, 0.0)) / n)
    return jnp.stack([jnp.sum(jnp.where(m, nn, 0.0)) / n, jnp.sum(jnp.where(m, density, 0)) / n, mean_area, std_area])


def padded(xy, area, size=520):
    n = len(xy)
    return np.pad(xy, ((0, size - n), (0, 0))), np.pad(area, (0, size - n)), n


def segmented_frames(rng, n_frames):
    count = 300
    for t in range(n_frames):
        count = int(np.clip(count + rng.integers(-12, 16), 200, 520))
        xy = rng.uniform(0, 1024, size=(count, 2)).astype(np.float32)
        area = rng.gamma(4.0, 30.0, size=count).astype(np.float32)
        yield t, xy, area


def crowding(rng, n_frames, alpha=0.2):
    smooth = None
    out = []
    for t, xy, area in segmented_frames(rng, n_frames):
        f = np.asarray(frame_features(*padded(xy, area)))
        smooth = f if smooth is None else (1 - alpha) * smooth + alpha * f
        out.append(smooth)
    return np.array(out)


rng = np.random.default_rng(8)
wells = [crowding(rng, 11) for _ in range(2)]
scales = np.array([1.0, 0.1, 0.01, 0.01])
index = 0.0
for w in wells:
    for c in range(scales.shape[0]):
        index += float(np.mean(w[:, c] * scales[c]))
print(f"crowding index {index:.4f}")
print(f"result: {index + sum(float(w.sum()) for w in wells):.10e}")
