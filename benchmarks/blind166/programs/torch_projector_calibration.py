# ruff: noqa
"""Projector calibration for the planetarium dome: each frame the camera sees the projected grid
of calibration dots displaced by the dome's distortion plus drift; a smooth polynomial warp
(bivariate, degree 10) is fitted to the observed displacements by ridge least squares and used to
pre-correct the dots. Prints the mean residual (pixels) of the corrected dots over the run."""
from dataclasses import dataclass, field

import torch

torch.manual_seed(42)
DEGREE = 10


@dataclass
class CalibrationConfig:
    grid: int = 140
    frames: int = 220
    ridge: float = 1e-6
    noise_px: float = 0.4


def poly_terms(xy, degree=DEGREE):
    x, y = xy[:, 0], xy[:, 1]
    return torch.stack([x ** i * y ** j for i in range(degree + 1) for j in range(degree + 1 - i)], dim=1)


@dataclass
class WarpFitter:
    dots: torch.Tensor
    cfg: CalibrationConfig
    basis: torch.Tensor = field(init=False)

    def __post_init__(self):
        self.basis = poly_terms(self.dots)

    def fit(self, displacement):
        B = self.basis
        gram = B.T @ B + self.cfg.ridge * torch.eye(B.shape[1], dtype=B.dtype)
        return torch.linalg.solve(gram, B.T @ displacement)

    def warp(self, coef):
        return self.basis @ coef


def dome_distortion(dots, t):
    r2 = (dots ** 2).sum(dim=1, keepdim=True)
    swirl = torch.stack([-dots[:, 1], dots[:, 0]], dim=1)
    return 3.0 * r2 * dots + (0.5 + 0.1 * torch.sin(torch.tensor(t / 40.0))) * swirl


def main():
    cfg = CalibrationConfig()
    g = torch.linspace(-1.0, 1.0, cfg.grid, dtype=torch.float64)
    dots = torch.cartesian_prod(g, g)
    reference = dots.clone()
    fitter = WarpFitter(dots, cfg)
    gen = torch.Generator().manual_seed(1)
    residuals = []
    for t in range(cfg.frames):
        seen = dots + dome_distortion(dots, t) + cfg.noise_px / 500.0 * torch.randn(
            dots.shape, generator=gen, dtype=torch.float64
        )
        coef = fitter.fit(seen - reference)
        corrected = seen - fitter.warp(coef)
        residuals.append(((corrected - reference) * 500.0).norm(dim=1).mean())
    print(f"first frame residual: {float(residuals[0]):.4f} px")
    print(f"result: {float(torch.stack(residuals).mean()):.10e}")


if __name__ == "__main__":
    main()
