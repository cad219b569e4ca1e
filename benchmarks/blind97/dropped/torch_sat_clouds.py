# ruff: noqa
"""Cloud and shadow screening of multispectral satellite tiles: top-of-atmosphere reflectances
are normalised with per-band calibration gains, then spectral tests (brightness, whiteness,
NDSI/NDVI, a thermal-like proxy) are combined with soft thresholds into a cloud probability per
pixel; the scene's cloud cover and the tiles kept for the mosaic are reported."""
from dataclasses import dataclass, field

import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
BANDS = 8
SIZE = 192


@dataclass
class Calibration:
    band_gains: torch.Tensor = field(default_factory=lambda: torch.from_numpy(np.linspace(0.96, 1.04, BANDS)))
    dark_offset: float = 0.01

    @staticmethod
    def normalise(tiles, gains, offset):
        return (tiles - offset).clamp(min=0.0) * gains[None, :, None, None]


def soft(x, t, k=25.0):
    return torch.sigmoid(k * (x - t))


def cloud_probability(refl):
    blue, green, red, nir, swir1, swir2, cirrus, tir = refl.unbind(1)
    brightness = (blue + green + red) / 3.0
    whiteness = ((blue - brightness).abs() + (green - brightness).abs() + (red - brightness).abs()) / (brightness + 1e-3)
    ndsi = (green - swir1) / (green + swir1 + 1e-3)
    ndvi = (nir - red) / (nir + red + 1e-3)
    haze = blue - 0.5 * red - 0.08
    p = soft(brightness, 0.3) * (1 - soft(whiteness, 0.7)) * (1 - soft(ndvi, 0.4)) * (1 - soft(ndsi, 0.8))
    p = torch.maximum(p, soft(cirrus, 0.03, 80.0))
    p = p * soft(haze, 0.0, 10.0) + 0.2 * soft(swir2 * tir.exp(), 0.4)
    return p.clamp(0, 1)


def synth_tiles(gen, n):
    y = torch.linspace(0, 1, SIZE)[None, :, None]
    x = torch.linspace(0, 1, SIZE)[None, None, :]
    phase = torch.rand(n, 1, 1, generator=gen) * 6.0
    clouds = (torch.sin(7 * x + phase) * torch.cos(5 * y - phase) + 0.3 * torch.randn(n, SIZE, SIZE, generator=gen)).clamp(min=0)
    ground = 0.05 + 0.2 * torch.rand(n, BANDS, 1, 1, generator=gen)
    tiles = ground + 0.6 * clouds[:, None] * torch.linspace(1.0, 0.6, BANDS)[None, :, None, None]
    texture = 0.01 * torch.sin(40 * x + 3 * y + torch.arange(BANDS)[:, None, None])
    return (tiles + texture[None]).float()


def screen_scene(cal, gen, batches, per_batch):
    kept, cover = 0, []
    for b in range(batches):
        tiles = synth_tiles(gen, per_batch).to(device)
        refl = Calibration.normalise(tiles, cal.band_gains.to(device), cal.dark_offset)
        prob = cloud_probability(refl)
        frac = (prob > 0.5).float().mean(dim=(1, 2))
        rescaled = cal.band_gains.clone()
        cover.append(frac.double().cpu() * rescaled.mean())
        kept += int((frac < 0.3).sum())
    return torch.cat(cover), kept


torch.manual_seed(0)
gen = torch.Generator().manual_seed(12)
cal = Calibration()
cover, kept = screen_scene(cal, gen, batches=40, per_batch=16)
print(f"tiles: {cover.numel()}, kept for mosaic: {kept}, mean cover {cover.mean().item():.4f}")
print(f"result: {cover.sum().item() + kept:.10e}")
