# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Runs projected-gradient image reconstruction in JAX, converting the fixed NumPy sampling mask to a JAX array in every iteration."""

# Source: https://apxml.com/courses/advanced-jax/chapter-5-jax-interoperability-custom-operations/integrating-jax-numpy (jnp.array/asarray of a NumPy array copies host data to the device; manage conversions carefully)

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def data_consistency_step(image, kspace, mask, step_size):
    pred_k = jnp.fft.fft2(image)
    residual = mask * (pred_k - kspace)
    grad = jnp.real(jnp.fft.ifft2(residual))
    return jnp.clip(image - step_size * grad, 0.0, None)


def reconstruct(kspace: np.ndarray, mask_np: np.ndarray, num_iters=500, step_size=0.9):
    kspace = jnp.asarray(kspace)
    image = jnp.real(jnp.fft.ifft2(kspace))
    for _ in range(num_iters):
        mask = jnp.asarray(mask_np)  # expect: AB202
        image = data_consistency_step(image, kspace, mask, step_size)
    return np.asarray(image)
