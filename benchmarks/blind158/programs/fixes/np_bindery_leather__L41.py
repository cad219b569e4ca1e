"""Leather-paring plan for the bindery's full-leather covers: every hide is measured on a grid,
the expected shrinkage of each measured spot after wet-moulding is worked out from its
thickness, and the hide is graded by how much pared area stays usable; the tanning vats'
levels are tallied per batch. Prints the usable fraction and a checksum."""

import math
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class CuringSpec:
    cure_scale_mm: float = 1.8
    pare_to_mm: float = 0.6
    min_shrink: float = 0.55


@dataclass
class Hide:
    tag: str
    thickness: np.ndarray
    spec: CuringSpec

    @property
    def shrinkage(self) -> np.ndarray:
        scale = self.spec.cure_scale_mm
        return np.fromiter(
            map(lambda t: math.exp(-t / scale), self.thickness),
            dtype=np.float64,
            count=len(self.thickness),
        )

    def usable(self) -> np.ndarray:
        pared = np.minimum(self.thickness, self.spec.pare_to_mm)
        return (self.shrinkage > self.spec.min_shrink) & (pared > 0.3)


def vat_total(levels: np.ndarray) -> float:
    return float(np.sum(levels))


def measure_hide(tag: str, rng: np.random.Generator, spec: CuringSpec) -> Hide:
    grid = rng.gamma(6.0, 0.18, size=80_000)
    return Hide(tag, grid, spec)


def main() -> None:
    rng = np.random.default_rng(1581)
    spec = CuringSpec()
    usable = 0
    spots = 0
    checksum = 0.0
    for batch in range(7):
        vats = rng.uniform(0.4, 1.0, size=6)
        for k in range(12):
            hide = measure_hide(f"B{batch}-{k:02d}", rng, spec)
            mask = hide.usable()
            usable += int(mask.sum())
            spots += mask.size
            checksum += float(hide.thickness[mask].sum())
        checksum += vat_total(vats)
    print(f"usable fraction: {usable / spots:.4f}")
    print(f"result: {checksum:.6f}")


if __name__ == "__main__":
    main()
