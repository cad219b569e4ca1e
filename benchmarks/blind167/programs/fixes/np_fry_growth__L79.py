"""Fry growth check.

Every rearing batch is weighed (a sample of fry) on the same sampling days; we fit a smooth
growth curve (polynomial in days on log weight) per batch, project weight at release and
flag batches that fall behind the hatchery's target curve. Prints the mean projected release
weight over all batches that pass."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator

import numpy as np

SAMPLE_DAYS = np.arange(0, 180, 1.5)  # weighed every 36 hours
RELEASE_DAY = 200.0
DEGREE = 7


@dataclass(frozen=True)
class Batch:
    batch_id: int
    strain: str
    log_weights: np.ndarray  # log grams, one per sampling day


@dataclass
class GrowthFit:
    coeffs: np.ndarray
    rmse: float

    def at(self, day: float, scale: float) -> float:
        return float(np.exp(np.polyval(self.coeffs, day / scale)))


def make_curve_fitter(days: np.ndarray, degree: int) -> Callable[[np.ndarray], GrowthFit]:
    scale = days.max()

    def fit(log_w: np.ndarray) -> GrowthFit:
        design = np.vander(days / scale, degree + 1)
        solver = np.linalg.pinv(design)
        coeffs = solver @ log_w
        resid = log_w - design @ coeffs
        return GrowthFit(coeffs, float(np.sqrt(np.mean(resid**2))))

    fit.scale = scale
    return fit


def target_curve(days: np.ndarray) -> np.ndarray:
    # hatchery standard: 0.12 g at ponding, thermal-unit driven growth
    return np.log(0.12) + 3.9 * (1 - np.exp(-days / 140.0))


def batches(n: int, seed: int) -> Iterator[Batch]:
    rng = np.random.default_rng(seed)
    strains = ("coho", "chinook", "steelhead")
    base = target_curve(SAMPLE_DAYS)
    for i in range(n):
        vigor = rng.normal(1.0, 0.08)
        noise = rng.normal(0, 0.05, SAMPLE_DAYS.size)
        yield Batch(i, strains[i % 3], base * vigor + noise + 0.02 * np.sin(SAMPLE_DAYS / 9.0 + i))


def main() -> None:
    fit = make_curve_fitter(SAMPLE_DAYS, DEGREE)
    target_release = float(np.exp(target_curve(np.array([RELEASE_DAY]))[0]))

    projected = []
    flagged = 0
    for batch in batches(20000, seed=31):
        curve = fit(batch.log_weights)
        w = curve.at(RELEASE_DAY, fit.scale)
        if w < 0.8 * target_release or curve.rmse > 0.2:
            flagged += 1
            continue
        projected.append(w)

    weights = np.array(projected)
    trimmed = weights
    trimmed.sort()
    trimmed = trimmed[len(trimmed) // 20: -len(trimmed) // 20]
    result = float(trimmed.mean()) + 1e-6 * flagged
    print(f"result: {result:.10e}")


if __name__ == "__main__":
    main()
