"""Online calibration of a logistic dose-response model: each day a new batch of trials arrives
and the model is refitted on all data so far (expanding window) by Newton iterations until the
step is small; the daily estimates of the slope and the ED50 are reported."""
import numpy as np
import jax
import jax.numpy as jnp

jax.config.update("jax_platform_name", "cpu")


@jax.jit
def newton_step(theta, x, y, w):
    def nll(th):
        z = th[0] + th[1] * x
        return jnp.sum(w * (jnp.logaddexp(0.0, z) - y * z))

    g = jax.grad(nll)(theta)
    h = jax.hessian(nll)(theta)
    return theta - jnp.linalg.solve(h + 1e-6 * jnp.eye(2), g)


def refit(theta, x, y, w, tol=1e-4, max_iter=30):
    it = 0
    while it < max_iter:
        new = newton_step(theta, x, y, w)
        if float(jnp.max(jnp.abs(new - theta))) < tol:
            return new, it
        theta = new
        it += 1
    return theta, it


rng = np.random.default_rng(4)
days, per_day = 8, 120
doses = rng.uniform(-3.0, 3.0, size=days * per_day)
p = 1.0 / (1.0 + np.exp(-(0.4 + 1.7 * doses)))
resp = (rng.random(doses.size) < p).astype(np.float32)
theta = jnp.zeros(2)
estimates = []
for day in range(1, days + 1):
    n = day * per_day
    prior_scale = jnp.asarray([1.0, 1.0])
    w = jnp.asarray(np.arange(doses.size) < n, dtype=jnp.float32)
    theta, iters = refit(theta * prior_scale, jnp.asarray(doses, dtype=jnp.float32), jnp.asarray(resp), w)
    estimates.append((float(theta[1]), float(-theta[0] / theta[1]), iters))
slope, ed50, _ = estimates[-1]
print(f"final slope {slope:.4f}, ED50 {ed50:.4f}, mean iterations {np.mean([e[2] for e in estimates]):.2f}")
print(f"result: {sum(e[0] + e[1] for e in estimates):.10e}")
