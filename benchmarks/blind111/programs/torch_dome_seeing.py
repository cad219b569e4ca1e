"""Seeing monitor for an observatory dome: short-exposure frames of a bright star, blurred by
dome and atmospheric turbulence, are sky-subtracted, apodized, Fourier transformed and their
power spectra averaged per block of exposures; the speckle transfer function and the centroid
jitter give a seeing estimate for each block, logged with the dome's telemetry."""
from dataclasses import dataclass, field

import numpy as np
import torch

DEVICE = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class CameraConfig:
    size: int = 192
    frames_per_burst: int = 100
    bursts: int = 5
    blocks: int = 9
    pixel_arcsec: float = 0.12


def make_apodizer(window):
    def apodize(frames):
        return frames * window
    return apodize


def subtract_sky(frames):
    return frames - frames.mean(dim=(1, 2), keepdim=True)


@dataclass
class FramePipeline:
    hooks: list = field(default_factory=list)

    def run(self, frames):
        for hook in self.hooks:
            frames = hook(frames)
        return frames


def speckle_burst(gen, cfg, seeing_px):
    n, s = cfg.frames_per_burst, cfg.size
    grid = torch.arange(s, device=DEVICE, dtype=torch.float32) - s / 2
    jitter = torch.randn(n, 2, generator=gen, device=DEVICE) * seeing_px * 0.3
    gx = torch.exp(-((grid[None, :] - jitter[:, :1]) ** 2) / (2 * seeing_px**2))
    gy = torch.exp(-((grid[None, :] - jitter[:, 1:]) ** 2) / (2 * seeing_px**2))
    star = gy[:, :, None] * gx[:, None, :]
    noise = torch.rand(n, s, s, generator=gen, device=DEVICE) * 0.05
    return star + noise, jitter


def run_block(gen, cfg, pipeline, seeing_px, telemetry):
    power = torch.zeros(cfg.size, cfg.size // 2 + 1, device=DEVICE)
    jit, logged = [], []
    for burst in range(cfg.bursts):
        frames, jitter = speckle_burst(gen, cfg, seeing_px)
        frames = pipeline.run(frames)
        spec = torch.fft.rfft2(frames)
        power = power + (spec.real**2 + spec.imag**2).sum(dim=0)
        jit.append(jitter)
        logged.append(telemetry.clone())
    power = power / (cfg.bursts * cfg.frames_per_burst)
    mtf = power[:, 0] / power[0, 0]
    width = (mtf > 0.01).sum()
    return power, torch.cat(jit).std(dim=0), width, torch.stack(logged)


cfg = CameraConfig()
gen = torch.Generator(device=DEVICE).manual_seed(17)
window = torch.from_numpy(np.outer(np.hanning(cfg.size), np.hanning(cfg.size))).to(DEVICE)
pipeline = FramePipeline([subtract_sky, make_apodizer(window)])
checksum = 0.0
for block in range(cfg.blocks):
    seeing_px = 2.0 + 1.5 * np.sin(block / 3.0)
    telemetry = torch.tensor([block, 12.5, 3.1, 0.2, seeing_px, 1.0], dtype=torch.float32, device=DEVICE)
    power, jitter, width, log = run_block(gen, cfg, pipeline, seeing_px, telemetry)
    seeing = cfg.pixel_arcsec * cfg.size / max(int(width), 1)
    print(f"block {block}: seeing {seeing:.3f} arcsec, jitter {jitter.sum().item():.3f} px")
    checksum += float(power.sum()) / power.numel() + float(jitter.sum()) + float(log.sum())
print(f"result: {checksum:.10e}")
