# ruff: noqa
"""Wind-profile fitting for a balloon festival's flight tracks: each flight's GPS fixes give
horizontal drift at known altitudes, and a smooth wind model (speed and direction varying with
height) is fitted per flight by gradient descent. The festival report lists the fitted surface
wind and the wind at 1,000 m for each launch window."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np


@dataclass
class Track:
    flight: int
    alt: np.ndarray
    u: np.ndarray
    v: np.ndarray


def wind_model(params, alt):
    h = alt / 1000.0
    basis = jnp.stack([jnp.ones_like(h), h, h * h, jnp.tanh(2.0 * h), jnp.sin(3.0 * h)], axis=-1)
    return basis @ params[:, 0], basis @ params[:, 1]


def loss_fn(params, alt, u, v):
    pu, pv = wind_model(params, alt)
    return jnp.mean((pu - u) ** 2 + (pv - v) ** 2) + 1e-3 * jnp.sum(params**2)


@jax.jit
def descend(params, alt, u, v):
    def body(_, p):
        return p - 0.05 * jax.grad(loss_fn)(p, alt, u, v)

    return jax.lax.fori_loop(0, 60, body, params)


class WindFitter:
    def __init__(self, layer_scales):
        self.layer_scales = layer_scales

    def fit(self, track):
        params = jnp.zeros((5, 2))
        scales = jnp.asarray(self.layer_scales)
        params = descend(params, jnp.asarray(track.alt), jnp.asarray(track.u), jnp.asarray(track.v))
        return params * scales[0]


def synth_tracks(n_flights, rng):
    tracks = []
    for f in range(n_flights):
        n = int(rng.integers(300, 900))
        alt = np.sort(rng.uniform(0.0, 2500.0, size=n)).astype(np.float32)
        h = alt / 1000.0
        u = (3.0 + 2.0 * h + 0.4 * rng.standard_normal(n)).astype(np.float32)
        v = (-1.0 + 1.5 * np.sin(h + f) + 0.4 * rng.standard_normal(n)).astype(np.float32)
        tracks.append(Track(f, alt, u, v))
    return tracks


def main():
    rng = np.random.default_rng(99)
    tracks = synth_tracks(12, rng)
    fitter = WindFitter([1.0, 1.0, 1.0])
    check = 0.0
    probe = jnp.array([0.0, 1000.0], dtype=jnp.float32)
    for track in tracks:
        params = fitter.fit(track)
        pu, pv = wind_model(params, probe)
        check += float(jnp.sum(jnp.abs(pu)) + jnp.sum(jnp.abs(pv)))
        if track.flight % 6 == 0:
            print(f"flight {track.flight:2d}: surface {float(pu[0]):5.2f},{float(pv[0]):5.2f}  1000 m {float(pu[1]):5.2f},{float(pv[1]):5.2f}")
    print(f"result: {check:.10e}")


main()
