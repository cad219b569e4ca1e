# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Pairwise features in JAX, one small array per pair, stacked at the end."""

import jax.numpy as jnp


def pair_features(pairs):
    feats = []
    for a, b in pairs:
        feats.append(jnp.array([a, b, a * b, a - b]))  # expect: AB108
    return jnp.stack(feats)
