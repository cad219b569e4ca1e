# ruff: noqa
"""Coral-reef survey summary: point-intercept coral cover and fish counts from quadrats laid
along transects at several reef sites, a bleaching flag per quadrat, per-transect diversity and
a site report."""
from dataclasses import dataclass

import numpy as np

SITES = ["north-wall", "lagoon-patch", "south-spur", "outer-slope", "channel"]
N_POINTS = 400
N_SPECIES = 48


@dataclass
class Quadrat:
    site: str
    depth: float
    cover: np.ndarray
    counts: np.ndarray

    @property
    def peak_cover(self):
        return max(self.cover)

    @property
    def richness(self):
        return int((self.counts > 0).sum())


def shannon(counts):
    p = counts / max(counts.sum(), 1)
    p = p[p > 0]
    return float(-(p * np.log(p)).sum())


class TransectSurvey:
    def __init__(self, rng, n_transects, quadrats_per):
        self.rng = rng
        self.n_transects = n_transects
        self.quadrats_per = quadrats_per

    def lay_transect(self, t):
        site = SITES[t % len(SITES)]
        depth = 3.0 + 0.5 * (t % 17)
        base = self.rng.beta(2.0, 5.0, size=(self.quadrats_per, N_POINTS))
        shade = np.exp(-depth / 25.0)
        cover = np.clip(base * shade + 0.02 * self.rng.standard_normal(base.shape), 0.0, 1.0)
        lam = self.rng.gamma(1.5, 2.0, size=N_SPECIES) * shade
        counts = self.rng.poisson(lam, size=(self.quadrats_per, N_SPECIES))
        return [Quadrat(site, depth, cover[q], counts[q]) for q in range(self.quadrats_per)]


def summarise(survey, bleach_level):
    diversity = np.empty(0)
    report = {s: [0, 0.0, 0] for s in SITES}
    for t in range(survey.n_transects):
        quadrats = survey.lay_transect(t)
        counts = np.stack([q.counts for q in quadrats])
        h = shannon(counts.sum(axis=0))
        diversity = np.append(diversity, h)
        for q in quadrats:
            entry = report[q.site]
            entry[0] += q.peak_cover < bleach_level
            entry[1] += q.peak_cover
            entry[2] += q.richness
    return diversity, report


rng = np.random.default_rng(2031)
survey = TransectSurvey(rng, n_transects=80, quadrats_per=220)
diversity, report = summarise(survey, bleach_level=0.45)
checksum = float(diversity.sum())
for site, (bleached, peak, rich) in report.items():
    print(f"{site:>13}: bleached quadrats {bleached:4d}, mean peak cover {peak / (survey.n_transects // len(SITES) * survey.quadrats_per):.3f}, richness {rich}")
    checksum += bleached + peak + rich
print(f"mean Shannon diversity: {diversity.mean():.4f}")
print(f"result: {checksum:.10e}")
