# ruff: noqa
"""Feature matching for visual odometry: keypoint descriptors of consecutive camera frames are
projected by a learned whitening layer, matched by mutual nearest neighbour with a ratio test,
and the mean match count and inlier ratio over the sequence are reported."""
import torch
import torch.nn.functional as F


class Projector:
    def __init__(self, dim_in=128, dim_out=64, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.weight = torch.randn(dim_out, dim_in, generator=g) / dim_in ** 0.5
        self.bias = torch.randn(dim_out, generator=g) * 0.01

    def project_one(self, d):
        return torch.mv(self.weight, d) + self.bias

    def __call__(self, descriptors):
        return descriptors @ self.weight.T + self.bias


def mutual_matches(a, b, ratio=0.9):
    sim = F.normalize(a, dim=1) @ F.normalize(b, dim=1).T
    top2 = sim.topk(2, dim=1)
    best_b = top2.indices[:, 0]
    best_a = sim.argmax(dim=0)
    idx = torch.arange(a.shape[0])
    keep = (best_a[best_b] == idx) & ((1 - top2.values[:, 0]) < ratio * (1 - top2.values[:, 1]))
    return idx[keep], best_b[keep]


class FrameSource:
    def __init__(self, n_frames, n_kp=400, seed=1):
        self.n_frames = n_frames
        self.n_kp = n_kp
        self.g = torch.Generator().manual_seed(seed)
        self.scene = torch.randn(3000, 128, generator=self.g)

    def frames(self):
        for t in range(self.n_frames):
            ids = torch.randint(0, 3000, (self.n_kp,), generator=self.g)
            noise = 0.3 * torch.randn(self.n_kp, 128, generator=self.g)
            yield ids, self.scene[ids] + noise


proj = Projector()
source = FrameSource(700)
prev = None
counts, inliers = [], []
for ids, desc in source.frames():
    feats = proj(desc)
    if prev is not None:
        ia, ib = mutual_matches(prev[1], feats)
        counts.append(len(ia))
        inliers.append(float((prev[0][ia] == ids[ib]).float().mean()) if len(ia) else 0.0)
    prev = (ids, feats)
print(f"matches/frame {sum(counts) / len(counts):.1f}  inlier ratio {sum(inliers) / len(inliers):.3f}")
print(f"result: {sum(counts) + sum(inliers):.10e}")
