# ruff: noqa
"""Honeybee colony genotyping: simulates SNP calls (0/1/2, -1 missing) for workers sampled from
many colonies, estimates per-colony allele frequencies and expected heterozygosity at every
locus, and summarises population differentiation (Fst) between the colonies."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Panel:
    calls: np.ndarray
    colony: np.ndarray
    names: list = field(default_factory=list)


def simulate_panel(rng, n_colonies=56, workers=30, n_loci=6000, missing=0.04):
    base = rng.beta(0.7, 0.7, size=n_loci)
    drift = rng.normal(0.0, 0.08, size=(n_colonies, n_loci))
    p = np.clip(base + drift, 0.01, 0.99)
    colony = np.repeat(np.arange(n_colonies), workers)
    calls = rng.binomial(2, p[colony]).astype(np.int8)
    calls[rng.random(calls.shape) < missing] = -1
    names = [f"apiary-{c // 8}/hive-{c % 8}" for c in range(n_colonies)]
    return Panel(calls, colony, names)


def locus_frequency(col):
    valid = col >= 0
    n = valid.sum()
    return col[valid].sum() / (2.0 * n)


class ColonySummary:
    def __init__(self, panel):
        self.panel = panel

    def frequencies(self, c):
        sub = self.panel.calls[self.panel.colony == c]
        return np.apply_along_axis(locus_frequency, 0, sub)

    def table(self):
        return np.stack([self.frequencies(c) for c in range(len(self.panel.names))])


def fst(freqs):
    pbar = freqs.mean(axis=0)
    ht = 2 * pbar * (1 - pbar)
    hs = (2 * freqs * (1 - freqs)).mean(axis=0)
    keep = ht > 0.05
    return (ht[keep] - hs[keep]).sum() / ht[keep].sum(), hs


rng = np.random.default_rng(11)
panel = simulate_panel(rng)
freqs = ColonySummary(panel).table()
f, hs = fst(freqs)
het = (2 * freqs * (1 - freqs)).mean(axis=1)
grade = np.vectorize(lambda h: 2 if h > 0.29 else (1 if h > 0.286 else 0))(het)
for name, h, g in list(zip(panel.names, het, grade))[:5]:
    print(f"{name}: He={h:.4f} grade={g}")
print(f"Fst={f:.5f}")
print(f"result: {f + hs.sum() + het.sum() + grade.sum() + freqs.sum():.10e}")
