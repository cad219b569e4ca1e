"""Herbarium scanning desk: turns a batch of RGB sheet scans into grey tiles, smooths them
with a separable Gaussian, projects 16x16 patches onto a small texture basis and reports how
much 'venation' texture each sheet shows (used to flag sheets worth a high-res rescan)."""
from dataclasses import dataclass, field
from functools import partial

import numpy as np

LUMA = np.array([0.299, 0.587, 0.114])
PATCH = 16


@dataclass
class ScanConfig:
    n_sheets: int = 6
    height: int = 640
    width: int = 448
    sigma: float = 2.5
    n_basis: int = 48
    seed: int = 1872


@dataclass
class SheetScan:
    barcode: str
    rgb: np.ndarray  # float32, H x W x 3
    notes: dict = field(default_factory=dict)

    @property
    def grey(self):
        return self.rgb @ LUMA


def gaussian_band(n, sigma, dtype=np.float32):
    idx = np.arange(n, dtype=dtype)
    band = np.exp(-0.5 * ((idx[:, None] - idx[None, :]) / sigma) ** 2).astype(dtype)
    band[band < 1e-9] = 0.0
    return band / band.sum(axis=1, keepdims=True)


def smooth(img, rows_op, cols_op):
    return rows_op @ img @ cols_op


def patches_of(img, size=PATCH):
    h, w = img.shape
    tiles = img[: h - h % size, : w - w % size].reshape(h // size, size, w // size, size)
    return tiles.transpose(0, 2, 1, 3).reshape(-1, size * size)


def texture_basis(rng, n_basis, size=PATCH):
    raw = rng.standard_normal((size * size, n_basis)).astype(np.float32)
    q, _ = np.linalg.qr(raw)
    return q.astype(np.float32)


def fake_sheet(rng, cfg, k):
    yy, xx = np.mgrid[0 : cfg.height, 0 : cfg.width].astype(np.float32)
    veins = np.sin(xx / (7.0 + k) + np.cos(yy / 23.0)) * np.cos(yy / (11.0 + k))
    rgb = np.stack([0.4 + 0.2 * veins, 0.5 + 0.3 * veins, 0.3 + 0.1 * veins], axis=-1)
    rgb = rgb + 0.05 * rng.standard_normal(rgb.shape).astype(np.float32)
    return SheetScan(barcode=f"HERB-{1000 + k}", rgb=rgb.astype(np.float32))


def venation_score(scan, basis, rows_op, cols_op, passes=10):
    img = scan.grey
    energy = []
    for _ in range(passes):
        img = smooth(img, rows_op, cols_op)
        coeffs = patches_of(img) @ basis
        energy.append(np.sqrt((coeffs**2).sum(axis=1)).mean())
        img = img - 0.5 * smooth(img, rows_op, cols_op)
        img = img @ cols_op.T @ cols_op
    return float(np.mean(energy))


def main():
    cfg = ScanConfig()
    rng = np.random.default_rng(cfg.seed)
    sheets = [fake_sheet(rng, cfg, k) for k in range(cfg.n_sheets)]
    basis = texture_basis(rng, cfg.n_basis)
    rows_op = gaussian_band(cfg.height, cfg.sigma)
    cols_op = gaussian_band(cfg.width, cfg.sigma)

    per_sheet = np.stack([s.rgb.reshape(-1, 3).mean(axis=0) for s in sheets])
    channel_means = dict(zip(("red", "green", "blue"), map(float, per_sheet.mean(axis=0))))

    score = partial(venation_score, basis=basis, rows_op=rows_op, cols_op=cols_op)
    scores = dict(zip((s.barcode for s in sheets), map(score, sheets)))
    for code, val in scores.items():
        print(f"{code}: venation {val:.5f}")
    total = sum(scores.values()) + 1e-3 * channel_means["green"]
    print(f"result: {total:.10e}")


if __name__ == "__main__":
    main()
