# ruff: noqa
"""Lidar odometry against a prior map: each incoming scan is registered to a dense map of a
street corridor with point-to-point ICP (nearest landmarks of a voxel-downsampled map, then a
Kabsch/SVD pose update) until the pose converges; prints the estimated trajectory's drift."""
import math

import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


def voxel_downsample(points, voxel):
    keys = torch.floor(points / voxel).to(torch.int64)
    keys = keys - keys.min(dim=0).values
    dims = keys.max(dim=0).values + 1
    flat = (keys[:, 0] * dims[1] + keys[:, 1]) * dims[2] + keys[:, 2]
    uniq, inv = torch.unique(flat, return_inverse=True)
    sums = torch.zeros(len(uniq), 3, device=points.device).index_add_(0, inv, points)
    counts = torch.zeros(len(uniq), device=points.device).index_add_(0, inv, torch.ones(len(points), device=points.device))
    return sums / counts[:, None]


class PriorMap:
    def __init__(self, points, voxel=1.5):
        self.points = points
        self.voxel = voxel

    @property
    def landmarks(self):
        return voxel_downsample(self.points, self.voxel)


def kabsch(src, dst):
    cs, cd = src.mean(0), dst.mean(0)
    h = (src - cs).T @ (dst - cd)
    u, _, vt = torch.linalg.svd(h)
    d = torch.sign(torch.det(vt.T @ u.T))
    fix = torch.diag(torch.tensor([1.0, 1.0, d.item()], device=src.device))
    r = vt.T @ fix @ u.T
    return r, cd - r @ cs


def register(scan, prior, r, t, tol=1e-4, max_iter=15):
    it = 0
    while it < max_iter:
        lm = prior.landmarks
        moved = scan @ r.T + t
        nn_idx = torch.cdist(moved, lm).argmin(dim=1)
        dr, dt = kabsch(moved, lm[nn_idx])
        r, t = dr @ r, dr @ t + dt
        it += 1
        if torch.linalg.norm(dt) < tol and torch.linalg.norm(dr - torch.eye(3, device=scan.device)) < tol:
            break
    return r, t, it


def corridor(gen, n):
    x = torch.rand(n, generator=gen) * 120.0
    side = torch.randint(0, 3, (n,), generator=gen)
    y = torch.where(side == 0, torch.full((n,), -6.0), torch.where(side == 1, torch.full((n,), 6.0), (torch.rand(n, generator=gen) - 0.5) * 12))
    z = torch.where(side == 2, torch.zeros(n), torch.rand(n, generator=gen) * 8.0)
    bumps = 0.3 * torch.sin(x / 3.0) * (side < 2)
    pts = torch.stack([x, y + bumps, z], 1)
    return pts + 0.02 * torch.randn(n, 3, generator=gen)


def yaw(a):
    c, s = math.cos(a), math.sin(a)
    return torch.tensor([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


gen = torch.Generator().manual_seed(6)
world = corridor(gen, 200000).to(device)
prior = PriorMap(world)
r, t = torch.eye(3, device=device), torch.zeros(3, device=device)
drift, iters = 0.0, 0
for k in range(8):
    true_r, true_t = yaw(0.01 * k).to(device), torch.tensor([5.0 + 6.0 * k, 0.3 * math.sin(k), 0.0], device=device)
    sample = world[torch.randint(0, len(world), (1500,), generator=gen).to(device)]
    scan = (sample - true_t) @ true_r + 0.01 * torch.randn(1500, 3, generator=gen).to(device)
    r, t, n_it = register(scan, prior, r, true_t + torch.tensor([0.4, -0.3, 0.0], device=device))
    iters += n_it
    drift += float(torch.linalg.norm(t - true_t))
print(f"{iters} ICP iterations, mean drift {drift / 8:.4f} m")
print(f"result: {drift + iters:.10e}")
