# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""A likelihood fit whose gradient function jits a fresh grad() every time it is called."""

# Source: https://github.com/jax-ml/jax/issues/2515 ("def my_dev_likelihood(pars): return
# jit(grad(_Likelihood))(pars[0], pars[1], x)", called over and over in a loop) and
# https://github.com/jax-ml/jax/issues/1832 ("when you write jit(grad(...)) ... you're probably doing
# a lot of recompilation"). Judgement call: the loop is in the caller; AB403 on the jit call.

import jax.numpy as jnp
import numpy as np
from jax import grad, jit


def _likelihood(s, m, w):
    return jnp.sum(jnp.log(s * jnp.sqrt(2.0 * jnp.pi)) + ((w - m) / s) ** 2 / 2.0)


def dev_likelihood(pars, x):
    return jit(grad(_likelihood, argnums=(0, 1)))(pars[0], pars[1], x)  # expect: AB403


sigma, mu, N = 5.0, 100.0, 100
s0 = sigma + np.random.randn(50) * 0.5
s1 = mu + np.random.randn(50) * 10.0
for ss, mm in zip(s0, s1):
    x = np.random.randn(N) * sigma + mu
    g1 = dev_likelihood((ss, mm), x)
    g2 = dev_likelihood((ss + 0.1, mm + 0.1), x)
