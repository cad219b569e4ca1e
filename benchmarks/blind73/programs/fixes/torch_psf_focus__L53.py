# ruff: noqa
"""Through-focus point-spread functions of a telescope design: the pupil's wavefront error is
built from the design's Zernike-like aberration coefficients plus a defocus term, the PSF is the
squared modulus of the pupil's Fourier transform, and the Strehl ratio and encircled energy are
tracked across focus positions and wavelengths to pick the best focus."""
import math

import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
N, PAD = 192, 384
WAVELENGTHS_UM = [0.48, 0.55, 0.62, 0.70]
DESIGN_COEFFS = np.array([0.0, 0.0, 0.0, 0.031, -0.012, 0.008, 0.021, -0.017, 0.011, 0.006])


def pupil_grid(n):
    x = torch.linspace(-1, 1, n)
    yy, xx = torch.meshgrid(x, x, indexing="ij")
    r2 = xx ** 2 + yy ** 2
    th = torch.atan2(yy, xx)
    return r2.sqrt(), th, (r2 <= 1.0).float()


class Pupil:
    def __init__(self, n):
        r, th, self.mask = pupil_grid(n)
        modes = [torch.ones_like(r), r * torch.cos(th), r * torch.sin(th), 2 * r ** 2 - 1,
                 r ** 2 * torch.cos(2 * th), r ** 2 * torch.sin(2 * th), (3 * r ** 3 - 2 * r) * torch.cos(th),
                 (3 * r ** 3 - 2 * r) * torch.sin(th), 6 * r ** 4 - 6 * r ** 2 + 1, r ** 3 * torch.cos(3 * th)]
        self.modes = torch.stack(modes).to(device)
        self.mask = self.mask.to(device)
        self.coeffs = torch.from_numpy(DESIGN_COEFFS).to(device)

    def wavefront(self, defocus_um):
        w = (self.coeffs[:, None, None] * self.modes).sum(dim=0)
        return w + defocus_um * self.modes[3]


class PSFEngine:
    def __init__(self, pupil, pad):
        self.pupil, self.pad = pupil, pad
        self.perfect = {}

    def psf(self, wavefront_um, lam_um):
        phase = (2 * math.pi / lam_um) * wavefront_um
        field = torch.complex(self.pupil.mask * torch.cos(phase), self.pupil.mask * torch.sin(phase))
        field = torch.nn.functional.pad(field, (0, self.pad - field.shape[1], 0, self.pad - field.shape[0]))
        return torch.fft.fftshift(torch.fft.fft2(field).abs() ** 2)

    def strehl(self, psf, lam_um):
        if lam_um not in self.perfect:
            self.perfect[lam_um] = self.psf(torch.zeros_like(self.pupil.mask), lam_um).max()
        return psf.max() / self.perfect[lam_um]


def encircled_energy(psf, radius):
    c = psf.shape[0] // 2
    box = psf[c - radius:c + radius, c - radius:c + radius]
    return box.sum() / psf.sum()


pupil = Pupil(N)
engine = PSFEngine(pupil, PAD)
focus_positions = np.linspace(-0.6, 0.6, 141)
curve = []
for dz in focus_positions:
    w = pupil.wavefront(float(dz))
    s, ee = 0.0, 0.0
    for lam in WAVELENGTHS_UM:
        p = engine.psf(w, lam)
        s = s + engine.strehl(p, lam)
        ee = ee + encircled_energy(p, 6)
    curve.append(torch.stack([torch.as_tensor(s), torch.as_tensor(ee)]) / len(WAVELENGTHS_UM))
curve = torch.stack(curve).double().cpu().numpy()
best = int(np.argmax(curve[:, 0]))
print(f"best focus {focus_positions[best]:+.3f} um, Strehl {curve[best, 0]:.4f}, EE {curve[best, 1]:.4f}")
print(f"result: {curve.sum():.10e}")
