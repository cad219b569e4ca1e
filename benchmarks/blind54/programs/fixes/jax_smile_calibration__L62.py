# ruff: noqa
"""Calibration of a quadratic volatility smile, slice by slice, to synthetic option quotes:
Black-Scholes prices of every quoted strike, a vega-weighted squared error, and plain gradient
descent on the three smile parameters of each maturity; prints the fitted at-the-money vols."""
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.stats import norm
from scipy.stats import norm as np_norm

jax.config.update("jax_enable_x64", False)


def bs_call(spot, strike, t, r, vol):
    sd = vol * jnp.sqrt(t)
    d1 = (jnp.log(spot / strike) + (r + 0.5 * vol**2) * t) / sd
    return spot * norm.cdf(d1) - strike * jnp.exp(-r * t) * norm.cdf(d1 - sd)


def smile(params, k):
    a, b, c = params
    return a + b * k + c * k**2


def slice_loss(params, strikes, quotes, weights, spot, t, r):
    k = jnp.log(strikes / spot)
    model = bs_call(spot, strikes, t, r, smile(params, k))
    return jnp.sum(weights * ((model - quotes) / spot) ** 2) / jnp.sum(weights)


loss_and_grad = jax.jit(jax.value_and_grad(slice_loss))


def bs_call_np(spot, strike, t, r, vol):
    sd = vol * np.sqrt(t)
    d1 = (np.log(spot / strike) + (r + 0.5 * vol**2) * t) / sd
    return spot * np_norm.cdf(d1) - strike * np.exp(-r * t) * np_norm.cdf(d1 - sd)


def market(rng, spot, r):
    slices = []
    for i, t in enumerate(np.linspace(0.1, 2.0, 6)):
        n_strikes = 9 + 2 * i
        strikes = spot * np.exp(np.linspace(-0.35, 0.35, n_strikes) * math.sqrt(t))
        k = np.log(strikes / spot)
        true_vol = 0.2 - 0.05 * k + 0.3 * k**2 + 0.01 * t
        quotes = bs_call_np(spot, strikes, t, r, true_vol) * (1 + 0.002 * rng.standard_normal(n_strikes))
        weights = np.exp(-0.5 * (k / 0.2) ** 2)
        slices.append((t, strikes.astype(np.float32), quotes.astype(np.float32), weights.astype(np.float32)))
    return slices


def calibrate(slices, spot, r, steps=80, lr=2.0):
    fitted = []
    for t, strikes, quotes, weights in slices:
        params = jnp.array([0.25, 0.0, 0.0])
        for _ in range(steps):
            loss, g = loss_and_grad(params, strikes, quotes, weights, spot, t, r)
            params = params - lr * g
        fitted.append((t, params, loss))
    return fitted


rng = np.random.default_rng(8)
spot, r = 100.0, 0.02
slices = market(rng, spot, r)
fitted = calibrate(slices, spot, r)
atm = np.array([float(p[0]) for _, p, _ in fitted])
print("ATM vols:", np.round(atm, 4))
print(f"result: {atm.sum() + float(sum(l for _, _, l in fitted)):.10e}")
