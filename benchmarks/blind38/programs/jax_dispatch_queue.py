# ruff: noqa
"""Day-by-day dispatch of repair jobs to technicians: each day a different number of jobs
arrives, a soft assignment (entropic optimal transport via Sinkhorn iterations) matches jobs to
technicians by travel cost and skill, and the expected daily cost and workload balance are
tracked over a season."""
import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")


@jax.jit
def sinkhorn_cost(jobs, techs, skill, eps=0.05, n_iter=60):
    d = jnp.sqrt(((jobs[:, None, :] - techs[None, :, :]) ** 2).sum(-1))
    cost = d + 0.5 * (1.0 - skill)
    k = jnp.exp(-cost / eps)
    a = jnp.full(jobs.shape[0], 1.0 / jobs.shape[0])
    b = jnp.full(techs.shape[0], 1.0 / techs.shape[0])

    def body(_, uv):
        u, v = uv
        u = a / (k @ v)
        v = b / (k.T @ u)
        return u, v

    u, v = jax.lax.fori_loop(0, n_iter, body, (jnp.ones_like(a), jnp.ones_like(b)))
    plan = u[:, None] * k * v[None, :]
    return (plan * cost).sum(), (plan * skill).sum(0)


def daily_jobs(rng, n_days):
    for day in range(n_days):
        n = int(rng.integers(90, 98))
        yield day, rng.uniform(0, 1, size=(n, 2)).astype(np.float32), rng.uniform(0, 1, size=(n, 12)).astype(np.float32)


def season(n_days, techs, rng):
    costs, loads = [], []
    for day, jobs, skill in daily_jobs(rng, n_days):
        c, load = sinkhorn_cost(jnp.asarray(jobs), techs, jnp.asarray(skill))
        costs.append(c)
        loads.append(load)
        if day % 10 == 0:
            print(f"day {day}: {jobs.shape[0]} jobs, cost {float(c):.4f}")
    return jnp.stack(costs), jnp.stack(loads)


rng = np.random.default_rng(9)
techs = jnp.asarray(rng.uniform(0, 1, size=(12, 2)).astype(np.float32))
costs, loads = season(40, techs, rng)
balance = float(loads.std(1).mean())
print(f"mean daily cost {float(costs.mean()):.5f}, workload imbalance {balance:.6f}")
print(f"result: {float(costs.sum()) + balance:.10e}")
