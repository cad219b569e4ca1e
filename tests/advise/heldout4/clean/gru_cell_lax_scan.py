# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Runs a simplified GRU cell over a sequence with jax.lax.scan, carrying the hidden state."""

# Source: https://www.apxml.com/courses/advanced-jax/chapter-1-advanced-jax-transformations-control-flow/practical-complex-recurrent-logic (tutorial: a custom GRU cell whose hidden-state recurrence is expressed with lax.scan)

import jax
import jax.numpy as jnp


def gru_cell(params, h_prev, x_t):
    z = jax.nn.sigmoid(x_t @ params["Wz"] + h_prev @ params["Uz"] + params["bz"])
    r = jax.nn.sigmoid(x_t @ params["Wr"] + h_prev @ params["Ur"] + params["br"])
    h_tilde = jnp.tanh(x_t @ params["Wh"] + (r * h_prev) @ params["Uh"] + params["bh"])
    h_t = (1.0 - z) * h_prev + z * h_tilde
    return h_t, h_t


@jax.jit
def run_gru(params, xs, h0):
    h_final, hs = jax.lax.scan(lambda h, x: gru_cell(params, h, x), h0, xs)
    return h_final, hs


def init_params(key, d_in=64, d_h=128):
    ks = jax.random.split(key, 6)
    p = {n: jax.random.normal(k, s) * 0.1 for n, k, s in zip(
        ["Wz", "Uz", "Wr", "Ur", "Wh", "Uh"], ks,
        [(d_in, d_h), (d_h, d_h)] * 3)}
    p.update({b: jnp.zeros(d_h) for b in ["bz", "br", "bh"]})
    return p
