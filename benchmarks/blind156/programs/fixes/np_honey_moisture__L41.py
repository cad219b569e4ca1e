# ruff: noqa
"""Honey moisture grading for a beekeeping cooperative's extraction room.

Every drum of extracted honey is sampled and read with a near-infrared spectrometer. A linear
calibration (fitted by ridge regression on the lab's refractometer readings) turns each
spectrum into a moisture percentage; the calibration is checked by k-fold cross-validation and
then applied to the season's samples, which are graded (grade A below 18.6 %). Prints the
cross-validated error, the share of grade A samples and a checksum.
"""

from dataclasses import dataclass

import numpy as np

N_BANDS = 24


@dataclass(frozen=True)
class CalibrationConfig:
    ridge: float = 1e-2
    folds: int = 5
    grade_a_limit: float = 18.6


class MoistureCalibration:
    def __init__(self, cfg: CalibrationConfig) -> None:
        self.cfg = cfg
        self.reference = np.zeros(N_BANDS)
        self.coef = np.zeros(N_BANDS)
        self.intercept = 0.0

    def fit(self, spectra: np.ndarray, moisture: np.ndarray) -> "MoistureCalibration":
        self.reference = spectra.mean(axis=0)
        centred = spectra - self.reference
        gram = centred.T @ centred + self.cfg.ridge * len(spectra) * np.eye(N_BANDS)
        self.coef = np.linalg.solve(gram, centred.T @ (moisture - moisture.mean()))
        self.intercept = float(moisture.mean())
        return self

    def predict(self, spectra: np.ndarray) -> np.ndarray:
        baseline = self.reference
        readings = map(lambda s: (s - baseline) @ self.coef, spectra)
        return self.intercept + np.fromiter(readings, dtype=float, count=len(spectra))


def lab_samples(n: int, rng: np.random.Generator):
    loadings = np.sin(np.linspace(0.0, 3.0, N_BANDS))[None, :] * np.linspace(0.5, 1.5, N_BANDS)
    water = rng.normal(17.5, 1.2, n)
    spectra = 0.04 * water[:, None] * loadings + rng.normal(0.0, 0.01, (n, N_BANDS))
    return spectra, water


def cross_validate(spectra, moisture, cfg: CalibrationConfig) -> float:
    folds = np.array_split(np.arange(len(spectra)), cfg.folds)
    errors = []
    for k, test in enumerate(folds):
        train = np.concatenate([f for j, f in enumerate(folds) if j != k])
        model = MoistureCalibration(cfg).fit(spectra[train], moisture[train])
        errors.append(np.mean((model.predict(spectra[test]) - moisture[test]) ** 2))
    return float(np.sqrt(np.mean(errors)))


def main() -> None:
    rng = np.random.default_rng(8)
    cfg = CalibrationConfig()
    spectra, moisture = lab_samples(300_000, rng)
    rmse = cross_validate(spectra, moisture, cfg)
    model = MoistureCalibration(cfg).fit(spectra, moisture)
    season, _ = lab_samples(500_000, rng)
    predicted = model.predict(season)
    grade_a = float(np.mean(predicted < cfg.grade_a_limit))
    print(f"cross-validated rmse {rmse:.4f} %, grade A {grade_a:.3f}")
    print(f"result: {rmse + grade_a + predicted.sum() * 1e-6:.10e}")


if __name__ == "__main__":
    main()
