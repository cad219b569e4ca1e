# ruff: noqa
"""Colour matching for a textile dye house: each incoming customer swatch (a reflectance
spectrum measured at 1 nm from 380 to 780 nm) is matched with a mixture of library dyes by
weighted, regularised least squares on Kubelka-Munk absorption, the recipe is clipped to
non-negative concentrations, and the predicted colour difference of each match is reported."""
import functools

import numpy as np

WAVELENGTHS = np.arange(380, 781)


class DyeLibrary:
    def __init__(self, n_dyes, rng):
        centres = rng.uniform(400, 760, size=n_dyes)
        widths = rng.uniform(20, 90, size=n_dyes)
        self.names = [f"dye-{i:03d}" for i in range(n_dyes)]
        self.unit_ks = np.exp(-0.5 * ((WAVELENGTHS[:, None] - centres) / widths) ** 2)

    def __len__(self):
        return self.unit_ks.shape[1]


class ColourMatcher:
    """Least-squares recipe on K/S, weighted towards the eye's sensitive band."""

    def __init__(self, library, ridge=1e-3):
        self.library = library
        self.ridge = ridge
        self.weights = 0.3 + np.exp(-0.5 * ((WAVELENGTHS - 555.0) / 80.0) ** 2)

    @functools.cached_property
    def projector(self):
        B, w = self.library.unit_ks, self.weights
        return np.linalg.inv(B.T @ (w[:, None] * B) + self.ridge * np.eye(len(self.library))) @ (B.T * w)

    @staticmethod
    def ks(reflectance):
        return (1.0 - reflectance) ** 2 / (2.0 * reflectance)

    @staticmethod
    def reflectance(ks):
        return 1.0 + ks - np.sqrt(ks ** 2 + 2.0 * ks)

    def match(self, swatch):
        target = swatch.copy()
        np.clip(target, 0.02, 0.98, out=target)
        recipe = self.projector @ self.ks(target)
        recipe = np.maximum(recipe, 0.0)
        predicted = self.reflectance(self.library.unit_ks @ recipe)
        return recipe, float(np.sqrt(np.mean(self.weights * (predicted - target) ** 2)))


def incoming_swatches(library, n, rng):
    true = rng.exponential(0.05, size=(n, len(library))) * (rng.random((n, len(library))) < 0.05)
    ks = true @ library.unit_ks.T
    refl = ColourMatcher.reflectance(ks)
    return refl + rng.normal(0.0, 0.003, size=refl.shape)


rng = np.random.default_rng(11)
library = DyeLibrary(90, rng)
matcher = ColourMatcher(library)
swatches = incoming_swatches(library, 1400, rng)
results = list(map(matcher.match, swatches))
recipes = np.array([r for r, _ in results])
errors = np.array([e for _, e in results])
print(f"{len(results)} swatches matched, median error {np.median(errors):.5f}, worst {errors.max():.5f}")
print(f"dyes used per recipe: {np.mean((recipes > 1e-4).sum(axis=1)):.1f}")
print(f"result: {recipes.sum() + errors.sum():.10e}")
