"""Least-squares imaging of a synthetic seismic survey: a linear travel-time operator maps a
layered slowness model to recorded picks, each shot's picks are inverted with Tikhonov
regularisation, and the per-shot images are stacked and smoothed into one section."""
import numpy as np


def travel_time_operator(n_picks, n_cells, rng):
    G = np.abs(rng.normal(0.0, 1.0, (n_picks, n_cells)))
    G *= rng.uniform(0.2, 1.0, n_cells)
    return G / n_cells


class LeastSquaresImager:
    def __init__(self, G, lam):
        self.G = G
        self.lam = lam
        GtG = G.T @ G
        self._inv = np.linalg.inv(GtG + lam * np.eye(GtG.shape[0]))

    @property
    def normal_inverse(self):
        return self._inv

    def image(self, picks):
        return self.normal_inverse @ (self.G.T @ picks)


def station_weights(n):
    C = np.array([[2.0, 0.3, 0.1], [0.3, 1.5, 0.2], [0.1, 0.2, 1.0]])
    return np.linalg.inv(C)[:, :n].sum()


def survey(n_shots, imager, truth, rng):
    stack = np.zeros_like(truth)
    for shot in range(n_shots):
        picks = imager.G @ truth + rng.normal(0.0, 0.002, imager.G.shape[0])
        picks -= picks.mean()
        model = imager.image(picks)
        stack += station_weights(3) * model
    return stack / n_shots


rng = np.random.default_rng(5)
n_cells = 400
depth = np.linspace(0, 1, n_cells)
truth = 0.5 + 0.2 * (depth > 0.3) + 0.15 * (depth > 0.7) + 0.05 * np.sin(20 * depth)
G = travel_time_operator(1200, n_cells, rng)
stack = survey(260, LeastSquaresImager(G, lam=1e-3), truth, rng)
kernel = np.ones(7) / 7
section = np.convolve(stack, kernel, mode="same")
print(f"misfit: {np.abs(section - section.mean() - (truth - truth.mean())).mean():.4f}")
print(f"result: {section.sum() + np.abs(stack).sum():.10e}")
