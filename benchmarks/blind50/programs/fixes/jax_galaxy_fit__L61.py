# ruff: noqa
"""Structural fits of galaxies in a survey field: a cutout is taken around each detected galaxy
(its side scaled with the galaxy's apparent size, rounded up
to a multiple of 16 pixels), and a Sersic profile (centre, amplitude,
effective radius, index, axis ratio, angle) is fitted to it by gradient descent on a
noise-weighted squared error; the catalogue of fitted radii and indices is summarised."""
import math

import jax
import jax.numpy as jnp
import numpy as np


def sersic_image(params, yy, xx):
    x0, y0, log_amp, log_re, log_n, q_raw, theta = params
    n = jnp.exp(log_n)
    re = jnp.exp(log_re)
    q = jax.nn.sigmoid(q_raw) * 0.9 + 0.1
    b = 2.0 * n - 1.0 / 3.0
    dx, dy = xx - x0, yy - y0
    c, s = jnp.cos(theta), jnp.sin(theta)
    u, v = c * dx + s * dy, -s * dx + c * dy
    r = jnp.sqrt(u**2 + (v / q) ** 2 + 1e-6)
    return jnp.exp(log_amp) * jnp.exp(-b * ((r / re) ** (1.0 / n) - 1.0))


def loss(params, img, weight):
    side = img.shape[0]
    yy, xx = jnp.mgrid[0:side, 0:side].astype(jnp.float32)
    resid = (sersic_image(params, yy, xx) - img) * weight
    return jnp.sum(resid**2) / jnp.sum(weight)


@jax.jit
def step(params, img, weight, lr):
    value, g = jax.value_and_grad(loss)(params, img, weight)
    return params - lr * g / (1.0 + jnp.abs(g)), value


def cutout_side(re_pix, block=16):
    return block * math.ceil((2 * math.ceil(3.0 * re_pix) + 9) / block)


def make_galaxy(rng, re_pix):
    side = cutout_side(re_pix)
    x0, y0 = side / 2 + rng.normal(0, 1, 2)
    amp, n, q, theta = rng.uniform(20, 80), rng.uniform(0.7, 3.0), rng.uniform(0.3, 1.0), rng.uniform(0, math.pi)
    yy, xx = np.mgrid[0:side, 0:side]
    u = np.cos(theta) * (xx - x0) + np.sin(theta) * (yy - y0)
    v = -np.sin(theta) * (xx - x0) + np.cos(theta) * (yy - y0)
    r = np.sqrt(u**2 + (v / q) ** 2)
    sigma = 1.5
    img = amp * np.exp(-(2 * n - 1 / 3) * ((r / re_pix) ** (1 / n) - 1)) + rng.normal(0, sigma, (side, side))
    return img.astype(np.float32), np.full((side, side), 1.0 / sigma, dtype=np.float32)


def fit_galaxy(img, weight, n_steps=60, lr=0.05):
    side = img.shape[0]
    params = jnp.array([side / 2, side / 2, math.log(float(img.max()) + 1.0), math.log(side / 8), 0.0, 0.0, 0.5], dtype=jnp.float32)
    pad = ((0, 64 - side), (0, 64 - side))
    img, weight = jnp.pad(img, pad), jnp.pad(weight, pad)
    for _ in range(n_steps):
        params, value = step(params, img, weight, lr)
    return params, value


rng = np.random.default_rng(77)
radii = rng.uniform(2.0, 9.0, size=60)
catalogue = []
for re_pix in radii:
    img, weight = make_galaxy(rng, float(re_pix))
    params, final = fit_galaxy(img, weight)
    catalogue.append((float(jnp.exp(params[3])), float(jnp.exp(params[4])), float(final)))
cat = np.array(catalogue)
print(f"galaxies: {len(cat)}, median re {np.median(cat[:, 0]):.2f} px, median n {np.median(cat[:, 1]):.2f}")
print(f"result: {cat[:, 0].sum() + cat[:, 1].sum() + cat[:, 2].sum():.10e}")
