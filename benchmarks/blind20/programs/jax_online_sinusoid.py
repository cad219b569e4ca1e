"""Online fit of a damped sinusoid: measurements arrive in blocks; after each block the
amplitude, decay, frequency and phase are refined by gradient steps on all data seen so far,
until the estimate stops moving between blocks or the data run out."""
import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")


def model(p, t):
    amp, decay, freq, phase = p[0], p[1], p[2], p[3]
    return amp * jnp.exp(-decay * t) * jnp.sin(freq * t + phase)


def loss(p, t, y):
    return jnp.mean((model(p, t) - y) ** 2)


grad_fn = jax.jit(jax.grad(loss))


def refine(p, t, y, lr, iters):
    for _ in range(iters):
        p = p - lr * grad_fn(p, t, y)
    return p


def main():
    rng = np.random.default_rng(2)
    n_total, block = 3000, 100
    t_all = np.sort(rng.uniform(0.0, 20.0, n_total)).astype(np.float32)
    truth = np.array([2.0, 0.1, 1.3, 0.4], dtype=np.float32)
    y_all = np.asarray(model(truth, t_all)) + 0.05 * rng.standard_normal(n_total).astype(np.float32)
    p = jnp.array([1.5, 0.15, 1.25, 0.3], dtype=jnp.float32)
    n, moved = 0, 1.0
    while n < n_total and moved > 1e-7:
        n += block
        new_p = refine(p, jnp.asarray(t_all[:n]), jnp.asarray(y_all[:n]), 0.02, 5)
        moved = float(jnp.max(jnp.abs(new_p - p)))
        p = new_p
    print(f"blocks used: {n // block}, estimate: {np.round(np.asarray(p), 3).tolist()}")
    print(f"result: {float(jnp.sum(p)) + n:.10e}")


main()
