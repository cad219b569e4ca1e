# ruff: noqa
"""Inverse kinematics for a 4-link planar arm following a pick-and-place target sequence:
damped least-squares (Levenberg-Marquardt style) iterations from the previous joint
configuration, more iterations for targets farther away, and a report of the final
position errors and joint travel."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

LINKS = jnp.array([0.4, 0.35, 0.25, 0.15])


def forward_kinematics(q):
    angles = jnp.cumsum(q)
    return jnp.array([jnp.sum(LINKS * jnp.cos(angles)), jnp.sum(LINKS * jnp.sin(angles))])


jacobian = jax.jacfwd(forward_kinematics)


@partial(jax.jit, static_argnames=("n_iters",))
def solve_ik(q, target, n_iters, damping=0.05):
    for _ in range(n_iters):
        err = target - forward_kinematics(q)
        J = jacobian(q)
        dq = J.T @ jnp.linalg.solve(J @ J.T + damping * jnp.eye(2), err)
        q = q + dq
    return q


def iterations_for(distance):
    return min(12, 4 * (1 + int(distance / 0.6)))


fk = jax.jit(forward_kinematics)


rng = np.random.default_rng(4)
angles = rng.uniform(-np.pi, np.pi, 120)
radii = rng.uniform(0.3, 1.0, 120)
targets = np.stack([radii * np.cos(angles), radii * np.sin(angles)], 1)
q = jnp.array([0.3, 0.3, 0.3, 0.3])
hand = np.asarray(fk(q))
errors, travel = [], 0.0
for target in targets:
    n = iterations_for(np.linalg.norm(target - hand))
    q_new = solve_ik(q, jnp.asarray(target), n_iters=n)
    travel += jnp.abs(q_new - q).sum()
    q = q_new
    hand = fk(q)
    errors.append(np.linalg.norm(hand - target))
errors = np.array(errors)
print(f"targets {len(errors)}, median error {np.median(errors):.2e}, travel {float(travel):.3f}")
print(f"result: {float(travel) + float(errors.sum()):.10e}")
