# ruff: noqa
"""Difference-imaging transient search over a simulated survey: each epoch's frame (sky, stars,
a few transients, read noise) has the reference subtracted, pixels above a noise threshold are
detected, and each detection's position, flux and signal-to-noise is recorded in a catalogue
that is then cross-matched into candidate light curves."""
from dataclasses import dataclass

import numpy as np


@dataclass
class SurveyConfig:
    size: int = 96
    n_stars: int = 60
    n_epochs: int = 3000
    sky: float = 200.0
    read_noise: float = 6.0
    n_sigma: float = 2.5
    exposure_times: tuple = (30.0, 30.0, 60.0, 60.0, 120.0)
    transients: tuple = ((17, 40), (63, 12), (80, 71))


class Catalog:
    columns = ("epoch", "x", "y", "flux", "snr")

    def __init__(self):
        self.rows = np.empty((0, len(self.columns)))

    def add(self, epoch, det):
        block = np.column_stack([np.full(len(det["x"]), epoch), det["x"], det["y"], det["flux"], det["snr"]])
        self.rows = np.concatenate([self.rows, block])

    def column(self, name):
        return self.rows[:, self.columns.index(name)]


def star_field(cfg, rng):
    yy, xx = np.mgrid[0:cfg.size, 0:cfg.size]
    pos = rng.uniform(4, cfg.size - 4, size=(cfg.n_stars, 2))
    flux = rng.pareto(1.5, cfg.n_stars) * 300 + 100
    px, py = pos[:, 0, None, None], pos[:, 1, None, None]
    psf = np.exp(-((xx - px) ** 2 + (yy - py) ** 2) / (2 * 1.4 ** 2)) / (2 * np.pi * 1.4 ** 2)
    return (flux[:, None, None] * psf).sum(axis=0)


def observe(reference, cfg, rng, epoch):
    frame = reference + cfg.sky + rng.normal(0.0, np.sqrt(reference + cfg.sky + cfg.read_noise ** 2))
    for x, y in cfg.transients:
        frame[y, x] += 250.0 * (1 + np.sin(epoch / 40.0))
    return frame


def detect(frame, reference, cfg):
    diff = frame - reference - cfg.sky
    sigma = np.sqrt(reference + cfg.sky + cfg.read_noise ** 2)
    snr = diff / sigma
    y, x = np.nonzero(snr > cfg.n_sigma)
    return {"x": x.astype(float), "y": y.astype(float), "flux": diff[y, x], "snr": snr[y, x]}


def run_survey(cfg, rng, on_detections):
    reference = star_field(cfg, rng)
    for epoch in range(cfg.n_epochs):
        frame = observe(reference, cfg, rng, epoch)
        on_detections(epoch, detect(frame, reference, cfg))


cfg = SurveyConfig()
rng = np.random.default_rng(5)
catalog = Catalog()
run_survey(cfg, rng, catalog.add)
pix = (catalog.column("y") * cfg.size + catalog.column("x")).astype(np.int64)
counts = np.bincount(pix, minlength=cfg.size * cfg.size)
candidates = np.flatnonzero(counts > 0.02 * cfg.n_epochs)
strong = catalog.column("snr") > 6
total_exposure = sum(cfg.exposure_times)
print("detections:", len(catalog.rows), "candidates:", len(candidates))
print(f"result: {catalog.column('flux').sum() / 1e3 + counts[candidates].sum() + strong.sum() + total_exposure:.10e}")
