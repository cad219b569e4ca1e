# ruff: noqa
"""Station-health report for a small seismic network: cuts each station's day of continuous
vertical data into ten-minute segments, tapers them, removes the station gain and the sensor's
low-frequency roll-off in the frequency domain, and measures the RMS ground velocity in four
noise bands (long period, microseism, local, cultural). Prints the network's median band levels and the
noisiest station's cultural-band level (torch, CPU)."""
import math
from dataclasses import dataclass

import numpy as np
import torch

FS = 100.0
SEGMENT_S = 600
SEGMENTS_PER_DAY = 144
SEGMENTS_PER_BLOCK = 24  # four hours
CORNER_HZ = 1.0 / 120.0  # broadband sensor's low-frequency corner
BANDS = {"long_period": (0.02, 0.1), "microseism": (0.1, 1.0), "local": (1.0, 10.0), "cultural": (10.0, 40.0)}


@dataclass(frozen=True)
class Station:
    code: str
    gain: float  # counts per m/s
    site_noise: float  # relative level of the cultural noise


NETWORK = [
    Station("AVN1", 6.29e8, 0.4),
    Station("BRK", 4.97e8, 1.6),
    Station("CLD", 6.27e8, 0.7),
    Station("DUF", 8.10e8, 2.5),
    Station("GLN", 6.28e8, 0.3),
    Station("KRN", 6.33e8, 1.1),
    Station("MRS", 4.99e8, 0.9),
    Station("WTR", 8.05e8, 1.9),
]


def cosine_taper(n, fraction):
    m = int(n * fraction / 2)
    w = np.ones(n)
    ramp = 0.5 * (1.0 - np.cos(np.pi * np.arange(m) / m))
    w[:m] = ramp
    w[-m:] = ramp[::-1]
    return w


def blocks_of_counts(station, gen, segments=SEGMENTS_PER_BLOCK):
    """Yields the station's day as blocks of ten-minute segments (segments x samples), in counts."""
    n = int(SEGMENT_S * FS)
    t = torch.arange(n, dtype=torch.float32) / FS
    for first in range(0, SEGMENTS_PER_DAY, segments):
        hour = torch.arange(first, first + segments, dtype=torch.float32)[:, None] * SEGMENT_S / 3600.0
        daytime = 0.5 + 0.5 * torch.cos(2 * math.pi * (hour - 14.0) / 24.0)
        phase = torch.rand(segments, 1, generator=gen) * 6.28
        noise_std = torch.sqrt((station.site_noise * 2e-8 * daytime) ** 2 + 1e-16)  # cultural + instrument
        v = torch.randn(segments, n, generator=gen).mul_(noise_std)
        v += 3e-7 * torch.sin(2 * math.pi * 0.17 * t + phase)
        yield v.mul_(station.gain)


def band_response(freqs, lo, hi, order=4):
    return 1.0 / torch.sqrt(1.0 + (freqs / hi) ** (2 * order)) / torch.sqrt(1.0 + (lo / freqs.clamp(min=1e-6)) ** (2 * order))


n = int(SEGMENT_S * FS)
taper = torch.from_numpy(cosine_taper(n, 0.05))
freqs = torch.fft.rfftfreq(n, d=1.0 / FS)
sensor = freqs / torch.sqrt(freqs**2 + CORNER_HZ**2)  # velocity response of the sensor, flat above the corner
inverse = torch.where(freqs > 0.05, 1.0 / sensor, torch.zeros_like(freqs))
responses = {name: band_response(freqs, lo, hi) for name, (lo, hi) in BANDS.items()}

gen = torch.Generator().manual_seed(169)
levels = {name: [] for name in BANDS}
loudest = ("", 0.0)
for station in NETWORK:
    station_rms = {name: [] for name in BANDS}
    for counts in blocks_of_counts(station, gen):
        counts = counts - counts.mean(dim=1, keepdim=True)
        spectrum = torch.fft.rfft(counts * taper, dim=1) * (inverse / station.gain)
        for name, response in responses.items():
            band = torch.fft.irfft(spectrum * response, n=n, dim=1)
            station_rms[name].append(band.pow(2).mean(dim=1).sqrt())
    for name, parts in station_rms.items():
        rms = torch.cat(parts)
        levels[name].append(rms.median())
        if name == "cultural" and rms.max().item() > loudest[1]:
            loudest = (station.code, rms.max().item())

summary = sum(math.log10(torch.stack(v).median().item()) for v in levels.values()) + math.log10(loudest[1])
print(f"result: {summary:.10e}")
