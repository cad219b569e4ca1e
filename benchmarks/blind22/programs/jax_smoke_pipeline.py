"""Smoke-plume advection on a 2-D grid: a jitted JAX step advects and diffuses the density,
and a post-processing stage written with NumPy clips negative densities and renormalises the
total mass after every step; the plume's centre of mass is logged along the way."""
import numpy as np
import jax
import jax.numpy as jnp

jax.config.update("jax_platform_name", "cpu")


@jax.jit
def advect_diffuse(rho, vx, vy, nu):
    back = rho - 0.5 * vx * (jnp.roll(rho, -1, 1) - jnp.roll(rho, 1, 1)) - 0.5 * vy * (jnp.roll(rho, -1, 0) - jnp.roll(rho, 1, 0))
    lap = jnp.roll(back, 1, 0) + jnp.roll(back, -1, 0) + jnp.roll(back, 1, 1) + jnp.roll(back, -1, 1) - 4 * back
    return back + nu * lap


def postprocess(rho, mass):
    rho = np.clip(rho, 0.0, None)
    return rho * (mass / rho.sum())


n = 512
yy, xx = np.mgrid[0:n, 0:n] / n
vx = jnp.asarray(0.3 * np.sin(2 * np.pi * yy), dtype=jnp.float32)
vy = jnp.asarray(0.2 * np.cos(2 * np.pi * xx), dtype=jnp.float32)
rho = jnp.asarray(np.exp(-((xx - 0.3) ** 2 + (yy - 0.5) ** 2) / 0.005), dtype=jnp.float32)
mass = float(rho.sum())
track = []
for step in range(1400):
    rho = advect_diffuse(rho, vx, vy, 0.05)
    rho = jnp.asarray(postprocess(np.asarray(rho), mass))
    if step % 200 == 0:
        cx = jax.device_get((rho * jnp.asarray(xx, dtype=jnp.float32)).sum()) / mass
        track.append(float(cx))
print(f"centre of mass x: {[round(c, 4) for c in track]}")
print(f"result: {float(rho.max()) + sum(track) + float((rho * rho).sum()):.10e}")
