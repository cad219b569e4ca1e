"""Test-particle simulation of ions in a bounded plasma slab: ions move in a sheath field with
collisions modelled as random velocity kicks, ions that reach a wall are absorbed and removed,
and the wall flux, the surviving population's temperature and the sheath potential drop are
recorded over time."""
import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")


@jax.jit
def advance(x, v, kicks, dt):
    sheath = 4.0 * (jnp.exp(-(x + 1.0) / 0.05) - jnp.exp((x - 1.0) / 0.05))
    v = v + sheath * dt + kicks * jnp.sqrt(dt)
    x = x + v * dt
    return x, v


@jax.jit
def potential_drop(grid, density):
    phi = jnp.cumsum(jnp.cumsum(density - density.mean())) * (grid[1] - grid[0]) ** 2
    return phi.max() - phi.min()


def absorb(x, v):
    alive = np.abs(x) < 1.0
    return x[alive], v[alive], int((~alive).sum())


def run(n_ions=6000, n_steps=30, seed=2):
    rng = np.random.default_rng(seed)
    grid = jnp.linspace(-1.0, 1.0, 201)
    x = rng.uniform(-0.97, 0.97, n_ions)
    v = rng.normal(0.0, 0.4, n_ions)
    flux, temps, drops = [], [], []
    for step in range(n_steps):
        kicks = rng.normal(0.0, 0.2, x.shape[0])
        n = x.shape[0]
        pad = n_ions - n
        xn, vn = advance(np.pad(x, (0, pad)), np.pad(v, (0, pad)), np.pad(kicks, (0, pad)), 0.02)
        x, v, lost = absorb(np.asarray(xn)[:n], np.asarray(vn)[:n])
        flux.append(lost)
        if step % 5 == 0:
            density = jnp.asarray(np.histogram(x, bins=201, range=(-1.0, 1.0))[0], dtype=jnp.float32)
            drops.append(float(potential_drop(grid, density)))
            temps.append(float(np.var(v)))
    return np.array(flux), np.array(temps), np.array(drops), x


flux, temps, drops, x = run()
print(f"absorbed {flux.sum()} ions, final temperature {temps[-1]:.4f}, sheath drop {drops[-1]:.4f}")
print(f"result: {flux.sum() + temps.sum() + drops.sum() + np.abs(x).sum():.10e}")
