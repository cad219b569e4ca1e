# ruff: noqa
"""Reconstruction of electromagnetic showers in a sampling calorimeter: for every simulated
collision event, cell energies are generated for a handful of shower clusters plus noise,
clusters are calibrated and selected, and the di-photon invariant mass of the two leading
clusters is histogrammed. Prints a checksum of the mass spectrum."""
import math
from dataclasses import dataclass

import numpy as np

THRESHOLDS = (0.5, 1.0, 2.0)


@dataclass
class Cluster:
    cells: np.ndarray
    eta: float
    phi: float
    scale: float = 1.0

    @property
    def energy(self):
        return self.scale * self.cells.sum()

    def four_vector(self):
        e = self.energy
        pt = e / math.cosh(self.eta)
        return np.array([e, pt * math.cos(self.phi), pt * math.sin(self.phi), pt * math.sinh(self.eta)])


class EventGenerator:
    def __init__(self, rng, n_cells=128, max_clusters=12):
        self.rng = rng
        self.n_cells = n_cells
        self.max_clusters = max_clusters
        self.profile = np.exp(-np.arange(n_cells) / 9.0)
        self.profile /= self.profile.sum()

    def event(self):
        k = self.rng.integers(4, self.max_clusters + 1)
        e_true = self.rng.exponential(20.0, k) + 1.0
        cells = e_true[:, None] * self.profile[None, :] * self.rng.gamma(8.0, 1 / 8.0, (k, self.n_cells))
        cells += self.rng.normal(0.0, 0.002, cells.shape)
        eta = self.rng.uniform(-2.4, 2.4, k)
        phi = self.rng.uniform(-math.pi, math.pi, k)
        return [Cluster(cells[i], float(eta[i]), float(phi[i])) for i in range(k)]


def calibrate(clusters, response):
    for c in clusters:
        c.scale = 1.0 / response(abs(c.eta))
    return clusters


def invariant_mass(a, b):
    p = a.four_vector() + b.four_vector()
    m2 = p[0] ** 2 - p[1] ** 2 - p[2] ** 2 - p[3] ** 2
    return math.sqrt(max(m2, 0.0))


def reconstruct(n_events, rng):
    gen = EventGenerator(rng)
    response = lambda aeta: 0.92 + 0.03 * aeta
    cut = max(THRESHOLDS)
    hist = np.zeros(100)
    n_sel = 0
    m_sum = 0.0
    for _ in range(n_events):
        clusters = calibrate(gen.event(), response)
        good = [c for c in clusters if c.energy > cut]
        if len(good) < 2:
            continue
        good.sort(key=lambda c: c.energy, reverse=True)
        m = invariant_mass(good[0], good[1])
        hist[min(int(m / 2.0), 99)] += 1
        n_sel += 1
        m_sum += m
    return hist, n_sel, m_sum


hist, n_sel, m_sum = reconstruct(15000, np.random.default_rng(21))
print(f"selected {n_sel} events, peak bin {int(np.argmax(hist))}")
print(f"result: {m_sum + n_sel:.10e}")
