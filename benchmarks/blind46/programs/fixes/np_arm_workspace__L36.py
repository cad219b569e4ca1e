# ruff: noqa
"""Workspace study of a planar 4-link robot arm: streams batches of random joint configurations
from a sampler, computes end-effector poses with forward kinematics, bins reachable positions
into an occupancy grid, and solves damped-least-squares IK for a few target points."""
import itertools

import numpy as np

LINKS = np.array([0.45, 0.35, 0.25, 0.15])
LIMITS = np.array([[-2.6, 2.6], [-2.2, 2.2], [-2.0, 2.0], [-1.6, 1.6]])


def forward_kinematics(q):
    angles = np.cumsum(q)
    x = np.sum(LINKS * np.cos(angles))
    y = np.sum(LINKS * np.sin(angles))
    return np.array([x, y, angles[-1]])


def jacobian(q):
    angles = np.cumsum(q)
    s = LINKS * np.sin(angles)
    c = LINKS * np.cos(angles)
    jx = -np.cumsum(s[::-1])[::-1]
    jy = np.cumsum(c[::-1])[::-1]
    return np.stack([jx, jy])


def config_batches(rng, batch):
    lo, hi = LIMITS[:, 0], LIMITS[:, 1]
    while True:
        yield rng.uniform(lo, hi, size=(batch, len(LINKS)))


def poses_of(batch):
    angles = np.cumsum(batch, axis=1)
    x = np.sum(LINKS * np.cos(angles), axis=1)
    y = np.sum(LINKS * np.sin(angles), axis=1)
    return np.stack([x, y, angles[:, -1]], axis=1)


def occupancy(poses, bins=64, extent=1.25):
    h, _, _ = np.histogram2d(poses[:, 0], poses[:, 1], bins=bins,
                             range=[[-extent, extent], [-extent, extent]])
    return h


def solve_ik(target, q0, iters=200, damping=0.05):
    q = q0.copy()
    for _ in range(iters):
        err = target - forward_kinematics(q)[:2]
        if np.linalg.norm(err) < 1e-6:
            break
        J = jacobian(q)
        dq = J.T @ np.linalg.solve(J @ J.T + damping ** 2 * np.eye(2), err)
        q += dq
        q[:] = np.clip(q, LIMITS[:, 0], LIMITS[:, 1])
    return q


def batched_ik(targets, iters=150, damping=0.05):
    """Damped least squares for many targets at once (one configuration per target)."""
    q = np.full((len(targets), len(LINKS)), 0.1)
    for _ in range(iters):
        angles = np.cumsum(q, axis=1)
        s = LINKS * np.sin(angles)
        c = LINKS * np.cos(angles)
        err = targets - np.stack([c.sum(axis=1), s.sum(axis=1)], axis=1)
        J = np.stack([-np.cumsum(s[:, ::-1], axis=1)[:, ::-1], np.cumsum(c[:, ::-1], axis=1)[:, ::-1]], axis=1)
        JJt = J @ J.transpose(0, 2, 1) + damping ** 2 * np.eye(2)
        dq = (J.transpose(0, 2, 1) @ np.linalg.solve(JJt, err[:, :, None]))[:, :, 0]
        q = np.clip(q + dq, LIMITS[:, 0], LIMITS[:, 1])
    return q


rng = np.random.default_rng(21)
grid = np.zeros((64, 64))
heading = 0.0
for batch in itertools.islice(config_batches(rng, 4000), 40):
    poses = poses_of(batch)
    grid += occupancy(poses)
    heading += float(np.abs(poses[:, 2]).mean())
targets = [np.array([0.6, 0.3]), np.array([-0.4, 0.7]), np.array([0.1, -0.9])]
sols = [solve_ik(t, np.zeros(4) + 0.1) for t in targets]
radius = rng.uniform(0.2, 1.1, size=20000)
phi = rng.uniform(-np.pi, np.pi, size=20000)
q_grid = batched_ik(np.stack([radius * np.cos(phi), radius * np.sin(phi)], axis=1))
reach = (grid > 0).mean()
print(f"reachable fraction {reach:.3f}, IK residual {sum(np.linalg.norm(t - forward_kinematics(q)[:2]) for t, q in zip(targets, sols)):.2e}")
print("result:", float(grid.std() + heading + sum(q.sum() for q in sols) + np.abs(q_grid).mean()))
