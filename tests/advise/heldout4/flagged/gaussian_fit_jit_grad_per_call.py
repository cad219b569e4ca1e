# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Fits a Gaussian to many simulated samples with scipy.optimize, evaluating the JAX likelihood and its gradient through jit wrappers."""

# Source: https://github.com/google/jaxopt/issues/221 (issue: the function to minimize is recompiled at each instantiation when a scipy-backed minimiser is set up again for every fit)

import jax.numpy as jnp
import numpy as np
from jax import grad, jit
from scipy.optimize import minimize


def _neg_log_likelihood(s, m, w):
    return jnp.sum(jnp.log(s * jnp.sqrt(2.0 * jnp.pi)) + ((w - m) / s) ** 2 / 2.0)


_nll_jit = jit(_neg_log_likelihood)


def fit_one(x):
    def nll(pars):
        return float(_nll_jit(pars[0], pars[1], x))

    def nll_grad(pars):
        g = jit(grad(_neg_log_likelihood, argnums=(0, 1)))(pars[0], pars[1], x)  # expect: AB403
        return np.array(g, dtype=np.float64)

    res = minimize(nll, x0=np.array([5.0, 100.0]), jac=nll_grad, method="L-BFGS-B", bounds=[(1e-3, None), (None, None)])
    return res.x


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    fits = [fit_one(rng.normal(100.0, 5.0, size=10_000)) for _ in range(500)]
