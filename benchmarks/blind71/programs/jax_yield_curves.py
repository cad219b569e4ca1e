# ruff: noqa
"""Daily Nelson-Siegel fits of a government yield curve: each business day's quoted bonds
(a varying number of maturities) are fitted by damped Gauss-Newton on the four curve parameters,
and the fitted level, slope and curvature series are summarised at the end."""
import numpy as np
import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)


def nelson_siegel(params, tau):
    b0, b1, b2, lam = params
    x = tau / lam
    f = (1.0 - jnp.exp(-x)) / x
    return b0 + b1 * f + b2 * (f - jnp.exp(-x))


@jax.jit
def fit_day(tau, y, w, params0):
    def resid(p):
        return jnp.sqrt(w) * (nelson_siegel(p, tau) - y)

    def gn_step(p, _):
        r = resid(p)
        J = jax.jacfwd(resid)(p)
        H = J.T @ J + 1e-6 * jnp.eye(4)
        p = p - jnp.linalg.solve(H, J.T @ r)
        return p, jnp.sum(r ** 2)

    p, sse = jax.lax.scan(gn_step, params0, None, length=12)
    return p, sse[-1]


def quotes_for_day(rng, day):
    n = 32 - int(rng.binomial(3, 0.25))  # a bond or two is sometimes not quoted
    tau = np.sort(rng.uniform(0.25, 30.0, n))
    level = 0.035 + 0.004 * np.sin(day / 40.0)
    slope = -0.015 + 0.003 * np.cos(day / 25.0)
    true = np.array([level, slope, 0.01, 2.0])
    x = tau / true[3]
    f = (1.0 - np.exp(-x)) / x
    y = true[0] + true[1] * f + true[2] * (f - np.exp(-x)) + rng.normal(0, 2e-4, n)
    liquidity = np.where(tau < 10.0, 1.0, 0.5)
    return tau, y, liquidity


rng = np.random.default_rng(21)
params = jnp.array([0.03, -0.01, 0.0, 1.5])
curve = []
for day in range(250):
    tau, y, w = quotes_for_day(rng, day)
    tau, y, w = jnp.asarray(tau), jnp.asarray(y), jnp.asarray(w)
    params, sse = fit_day(tau, y, w, params)
    curve.append(params)
curve = np.asarray(jnp.stack(curve))
print(f"mean level {curve[:, 0].mean():.5f}, mean slope {curve[:, 1].mean():.5f}, last sse {float(sse):.3e}")
print(f"result: {curve[:, :3].sum() + float(sse) * 1e3:.10e}")
