# ruff: noqa
"""Explicit finite-difference solution of the 1-D heat equation with a source term in JAX, with
boundary fluxes accumulated from the solution; prints the final energy and total flux."""
import jax
import jax.numpy as jnp


@jax.jit
def diffuse(u, alpha, src):
    lap = jnp.zeros_like(u).at[1:-1].set(u[:-2] - 2.0 * u[1:-1] + u[2:])
    return u + alpha * lap + src


def source_profile(n):
    x = jnp.linspace(0.0, 1.0, n)
    return 1e-4 * jnp.exp(-((x - 0.3) ** 2) / 0.01)


def boundary_flux(u, dx):
    flux = 0.0
    for i in range(len(u) - 1):
        flux = flux + jnp.abs(u[i + 1] - u[i]) / dx
    return flux


def simulate(n, steps, alpha):
    u = jnp.zeros(n).at[n // 2].set(1.0)
    src = source_profile(n)
    fluxes = []
    for t in range(steps):
        u = diffuse(u, alpha, src)
        if t % 40 == 0:
            fluxes.append(boundary_flux(u, 1.0 / n))
    return u, fluxes


u, fluxes = simulate(200, 1200, 0.2)
energy = float(jnp.sum(u**2))
print(f"energy {energy:.6f}")
print(f"result: {energy + float(sum(fluxes)):.8e}")
