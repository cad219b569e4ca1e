# ruff: noqa
"""Salt works crystallisation lab: each brine sample's crystal-size log (a series of a
different length per sample) is fitted with a saturating growth curve by a few Gauss-Newton
steps, and the fitted growth rates are summarised per harvest pond."""
import numpy as np
import jax
import jax.numpy as jnp

jax.config.update("jax_platforms", "cpu")


@jax.jit
def fit_growth(t, size, w):
    # size ~ a * (1 - exp(-k t)): damped Gauss-Newton steps on (a, k)
    def gn_step(_, ak):
        a, k = ak
        e = jnp.exp(-k * t)
        r = (size - a * (1 - e)) * w
        ja = (1 - e) * w
        jk = a * t * e * w
        haa, hak, hkk = ja @ ja + 1e-6, ja @ jk, jk @ jk + 1e-6
        ga, gk = ja @ r, jk @ r
        det = haa * hkk - hak * hak
        da = (hkk * ga - hak * gk) / det
        dk = (haa * gk - hak * ga) / det
        return jnp.stack([a + 0.8 * da, jnp.clip(k + 0.8 * dk, 1e-3, 2.0)])

    a, k = jax.lax.fori_loop(0, 12, gn_step, jnp.stack([jnp.max(size) * 1.1, 0.1]))
    rss = jnp.sum(((size - a * (1 - jnp.exp(-k * t))) * w) ** 2)
    return jnp.stack([a, k, rss])


def sample_logs(rng, n_samples):
    for i in range(n_samples):
        n = int(rng.choice([40, 48, 56, 64, 72, 80, 96, 112]))
        t = np.sort(rng.uniform(0, 48, n)).astype(np.float32)
        a, k = rng.uniform(1, 5), rng.uniform(0.05, 0.3)
        size = (a * (1 - np.exp(-k * t)) + rng.normal(0, 0.05, n)).astype(np.float32)
        yield t, size


def fitted(logs):
    for t, size in logs:
        n = t.size
        pad = 112 - n
        w = np.concatenate([np.ones(n, np.float32), np.zeros(pad, np.float32)])
        yield fit_growth(np.pad(t, (0, pad)), np.pad(size, (0, pad)), w)


@jax.jit
def pond_step(state, rate):
    return 0.9 * state + 0.1 * rate


rng = np.random.default_rng(21)
params = np.stack([np.asarray(p) for p in fitted(sample_logs(rng, 150))])
ponds = params[:, 1].reshape(5, 30)
state = jnp.zeros(30)
for p in range(5):
    state = pond_step(state, jnp.asarray(ponds[p]))
for p in range(5):
    print(f"pond {p}: mean growth rate {ponds[p].mean():.4f} /h, max size {params[p * 30:(p + 1) * 30, 0].max():.3f}")
print(f"result: {float(params[:, :2].sum()) + float(state.sum()):.10e}")
