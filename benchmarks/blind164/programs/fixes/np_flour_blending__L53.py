"""Flour blending for the bakery's house mixes.

We stock a couple dozen flours, each with a near-infrared spectrum from the mill's
lab sheet. For every order we find the blend whose spectrum comes closest to the
target spectrum of the mix the customer wants (ridge-regularised least squares),
clip it to something we can actually weigh, and cost it.
"""
from dataclasses import dataclass
from functools import partial

import numpy as np


@dataclass
class Flour:
    name: str
    price_per_kg: float
    spectrum: np.ndarray


@dataclass
class BlendConfig:
    n_flours: int = 40
    n_wavelengths: int = 180
    n_orders: int = 30_000
    ridge: float = 0.05
    seed: int = 11


class Pantry:
    def __init__(self, flours):
        self.flours = flours
        self.spectra = np.stack([f.spectrum for f in flours], axis=1).copy()
        self.prices = np.array([f.price_per_kg for f in flours])

    def gram_inv(self, ridge):
        if getattr(self, "_gram_inv", None) is None:
            A = self.spectra
            self._gram_inv = np.linalg.inv(A.T @ A + ridge * np.eye(A.shape[1]))
        return self._gram_inv

    @property
    def names(self):
        return [f.name for f in self.flours]


def make_pantry(cfg, rng):
    wl = np.linspace(1100, 2500, cfg.n_wavelengths)
    flours = []
    for i in range(cfg.n_flours):
        peaks = rng.uniform(1100, 2500, 4)
        spec = sum(np.exp(-((wl - p) / 60.0) ** 2) for p in peaks) + 0.01 * rng.standard_normal(wl.size)
        flours.append(Flour(f"flour-{i:02d}", rng.uniform(0.6, 2.4), spec))
    return Pantry(flours)


def fit_blend(pantry, ridge, target):
    A = pantry.spectra
    gram_inv = pantry.gram_inv(ridge)
    w = gram_inv @ (A.T @ target)
    w = np.clip(w, 0.0, None)
    return w / max(w.sum(), 1e-9)


def orders(pantry, cfg, rng):
    """Target spectra: a few house flours mixed, plus lab noise."""
    for _ in range(cfg.n_orders):
        picks = rng.integers(0, cfg.n_flours, 3)
        mix = rng.dirichlet(np.ones(3))
        yield pantry.spectra[:, picks] @ mix + 0.02 * rng.standard_normal(cfg.n_wavelengths)


def main():
    cfg = BlendConfig()
    rng = np.random.default_rng(cfg.seed)
    pantry = make_pantry(cfg, rng)
    fit = partial(fit_blend, pantry, cfg.ridge)
    costs = [pantry.prices @ w for w in map(fit, orders(pantry, cfg, rng))]
    print(f"result: {np.mean(costs):.10f}")


if __name__ == "__main__":
    main()
