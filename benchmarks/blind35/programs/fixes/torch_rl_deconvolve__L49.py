"""Richardson-Lucy deconvolution of star-field cut-outs blurred by a known Gaussian seeing
profile: each cut-out is restored with a fixed number of multiplicative updates and the
recovered peak flux is compared with the true one."""
import math

import torch
import torch.nn.functional as F

SEEING_SIGMA = 2.2
PSF_RADIUS = 7


def gaussian_psf(sigma=SEEING_SIGMA, radius=PSF_RADIUS, sub=(-0.25, 0.25)):
    rows = [[sum(math.exp(-((i + a) ** 2 + (j + b) ** 2) / (2 * sigma ** 2)) for a in sub for b in sub)
             for j in range(-radius, radius + 1)] for i in range(-radius, radius + 1)]
    k = torch.tensor(rows, dtype=torch.float32)
    return (k / k.sum())[None, None]


def blur(img, psf):
    return F.conv2d(img, psf, padding=PSF_RADIUS)


def richardson_lucy(observed, n_iter, eps=1e-6):
    est = torch.full_like(observed, observed.mean().item())
    for _ in range(n_iter):
        psf = gaussian_psf()
        ratio = observed / (blur(est, psf) + eps)
        est = est * blur(ratio, psf.flip(-1, -2))
    return est


def make_cutout(gen, size=24):
    img = torch.zeros(1, 1, size, size)
    xy = torch.randint(4, size - 4, (6, 2), generator=gen)
    flux = torch.rand(6, generator=gen) * 50 + 10
    for (x, y), f in zip(xy.tolist(), flux.tolist()):
        img[0, 0, y, x] += f
    return img, flux


torch.manual_seed(0)
gen = torch.Generator().manual_seed(4)
true_psf = gaussian_psf()
total = 0.0
for c in range(30):
    truth, flux = make_cutout(gen)
    observed = blur(truth, true_psf) + 0.01 * torch.rand(truth.shape, generator=gen)
    peak = float(flux.max())
    restored = richardson_lucy(observed, 200)
    total += restored.amax().item() / peak + restored.sum().item()
print(f"result: {total:.10e}")
