# ruff: noqa
"""Quality control of simulated short sequencing reads: samples reads from a random reference
with substitution errors and Phred qualities, computes per-read GC content and mean quality,
filters reads, and builds the 5-mer spectrum and GC histogram of the reads that pass."""
from dataclasses import dataclass

import numpy as np

ALPHABET = np.array(list("ACGT"))
CODE = {"A": 0, "C": 1, "G": 2, "T": 3}


@dataclass
class RunConfig:
    genome_length: int = 2_000_000
    n_reads: int = 250_000
    read_length: int = 150
    error_rate: float = 0.004
    k: int = 5
    min_quality: float = 28.0


def gc_fraction(read):
    return np.count_nonzero((read == 1) | (read == 2)) / read.size


class ReadSet:
    def __init__(self, codes, quals):
        self.codes = codes
        self.quals = quals

    @classmethod
    def simulate(cls, cfg, rng):
        genome = rng.choice(4, size=cfg.genome_length, p=[0.29, 0.21, 0.21, 0.29]).astype(np.uint8)
        starts = rng.integers(0, cfg.genome_length - cfg.read_length, size=cfg.n_reads)
        codes = genome[starts[:, None] + np.arange(cfg.read_length)]
        errors = rng.random(codes.shape) < cfg.error_rate
        codes = np.where(errors, (codes + rng.integers(1, 4, size=codes.shape)) % 4, codes).astype(np.uint8)
        decay = np.linspace(36, 22, cfg.read_length)
        quals = np.clip(decay + rng.normal(0, 4, size=codes.shape), 2, 41).astype(np.uint8)
        return cls(codes, quals)

    def gc_content(self):
        return np.apply_along_axis(gc_fraction, 1, self.codes)

    def mean_quality(self):
        return self.quals.mean(axis=1)

    def subset(self, keep):
        return ReadSet(self.codes[keep], self.quals[keep])


def kmer_spectrum(codes, k):
    idx = np.zeros((codes.shape[0], codes.shape[1] - k + 1), dtype=np.int64)
    for j in range(k):
        idx = idx * 4 + codes[:, j:codes.shape[1] - k + 1 + j]
    return np.bincount(idx.ravel(), minlength=4 ** k)


def decode(codes):
    return "".join(ALPHABET[codes])


cfg = RunConfig()
rng = np.random.default_rng(31)
reads = ReadSet.simulate(cfg, rng)
gc = reads.gc_content()
q = reads.mean_quality()
passing = reads.subset(q >= cfg.min_quality)
spectrum = kmer_spectrum(passing.codes, cfg.k)
hist, _ = np.histogram(gc[q >= cfg.min_quality], bins=30, range=(0.0, 1.0))
probe = np.vectorize(CODE.get)(np.array(list("GATTACA")))
top = np.argsort(spectrum)[::-1][:3]
print("reads passing:", passing.codes.shape[0], "of", cfg.n_reads)
print("top 5-mers:", [decode(np.array([(t // 4 ** (cfg.k - 1 - j)) % 4 for j in range(cfg.k)])) for t in top])
print(f"result: {gc.sum() + q.sum() / 1e3 + hist @ np.arange(30) / 1e3 + spectrum[top].sum() / 1e3 + probe.sum():.10e}")
