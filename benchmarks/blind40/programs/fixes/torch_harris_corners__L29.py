# ruff: noqa
"""Corner detection for a visual-odometry front end: camera frames (uint8, synthetic
checkerboard scenes with noise) are normalised with the dataset's per-channel statistics,
turned to grey, and scored with a multi-scale Harris response (Gaussian blur, Sobel gradients,
a Gaussian-weighted structure tensor); the strongest corners of each frame are kept and summarised."""
import numpy as np
import torch
import torch.nn.functional as F

device = "cuda" if torch.cuda.is_available() else "cpu"


def make_frames(rng, n, h, w):
    yy, xx = np.mgrid[0:h, 0:w]
    frames = np.empty((n, 3, h, w), dtype=np.uint8)
    for i in range(n):
        board = ((xx + 7 * i) // 24 + (yy + 3 * i) // 24) % 2
        base = 60 + 140 * board[None] + rng.normal(0, 12, size=(3, h, w))
        frames[i] = np.clip(base, 0, 255)
    return frames


class Normalize:
    def __init__(self, sample):
        self.mean = torch.from_numpy(sample.mean(axis=(0, 2, 3))).view(1, 3, 1, 1).float()
        self.std = torch.from_numpy(sample.std(axis=(0, 2, 3))).view(1, 3, 1, 1).float()

    def __call__(self, x):
        return (x - self.mean.to(x.device)) / self.std.to(x.device)


def sobel(grey):
    kx = torch.tensor([[-1.0, 0.0, 1.0], [-2.0, 0.0, 2.0], [-1.0, 0.0, 1.0]], dtype=grey.dtype)
    k = torch.stack([kx, kx.T]).unsqueeze(1).to(grey.device)
    g = F.conv2d(F.pad(grey, (1, 1, 1, 1), mode="replicate"), k)
    return g[:, :1], g[:, 1:]


def gaussian_blur(grey, sigma):
    r = int(3 * sigma)
    t = torch.arange(-r, r + 1, dtype=grey.dtype, device=grey.device)
    g = torch.exp(-0.5 * (t / sigma) ** 2)
    g = g / g.sum()
    grey = F.conv2d(F.pad(grey, (r, r, 0, 0), mode="replicate"), g.view(1, 1, 1, -1))
    return F.conv2d(F.pad(grey, (0, 0, r, r), mode="replicate"), g.view(1, 1, -1, 1))


def harris(grey, sigma, kappa=0.05):
    gx, gy = sobel(gaussian_blur(grey, sigma))
    sxx = gaussian_blur(gx * gx, 2 * sigma)
    syy = gaussian_blur(gy * gy, 2 * sigma)
    sxy = gaussian_blur(gx * gy, 2 * sigma)
    return sxx * syy - sxy * sxy - kappa * (sxx + syy) ** 2


rng = np.random.default_rng(9)
frames = make_frames(rng, 16, 240, 320)
norm = Normalize(frames[:8].astype(np.float64))
weights = torch.tensor([0.299, 0.587, 0.114]).view(1, 3, 1, 1)
strength = []
for start in range(0, len(frames), 4):
    batch = torch.from_numpy(frames[start:start + 4]).to(device).float()
    x = norm(batch)
    grey = (x * weights.to(x.device)).sum(1, keepdim=True)
    r = sum(harris(grey, s) * s**4 for s in (1.0, 1.5, 2.0))
    top = torch.topk(r.flatten(1), 50).values
    strength.append(top.mean(1).double())
strength = torch.cat(strength)
print(f"frames {len(strength)}, mean corner strength {float(strength.mean()):.6f}")
print(f"result: {float(strength.sum()):.10e}")
