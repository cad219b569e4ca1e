# ruff: noqa
"""Short-read quality control and k-mer profiling for a simulated sequencing run: reads arrive in
chunks, reads with extreme GC content or low mean quality are filtered out, and the survivors'
4-mer spectrum and per-base composition are accumulated."""
import itertools

import numpy as np

BASES = "ACGT"
K = 4


def simulate_chunks(n_chunks, chunk, read_len, rng):
    for _ in range(n_chunks):
        gc_bias = rng.uniform(0.3, 0.7, size=(chunk, 1))
        p = rng.random((chunk, read_len))
        reads = np.where(p < gc_bias, rng.integers(1, 3, size=(chunk, read_len)),
                         rng.choice([0, 3], size=(chunk, read_len))).astype(np.uint8)
        quals = np.clip(rng.normal(32, 6, size=(chunk, read_len)), 2, 41).astype(np.uint8)
        yield reads, quals


def gc_fraction(read):
    return np.count_nonzero((read == 1) | (read == 2)) / read.size


class ReadFilter:
    def __init__(self, gc_lo=0.35, gc_hi=0.65, min_qual=30.0):
        self.gc_lo, self.gc_hi, self.min_qual = gc_lo, gc_hi, min_qual

    def __call__(self, reads, quals):
        gc = np.apply_along_axis(gc_fraction, 1, reads)
        mean_q = quals.mean(axis=1)
        keep = (gc > self.gc_lo) & (gc < self.gc_hi) & (mean_q >= self.min_qual)
        return reads[keep], gc[keep]


def kmer_codes(reads, k=K):
    codes = np.zeros((reads.shape[0], reads.shape[1] - k + 1), dtype=np.int64)
    for j in range(k):
        codes = codes * 4 + reads[:, j: reads.shape[1] - k + 1 + j]
    return codes


def profile(chunks, read_filter):
    spectrum = np.zeros(4 ** K, dtype=np.int64)
    composition = np.zeros((4, 150), dtype=np.int64)
    gc_values = []
    for reads, quals in chunks:
        kept, gc = read_filter(reads, quals)
        spectrum += np.bincount(kmer_codes(kept).ravel(), minlength=4 ** K)
        for b in range(4):
            composition[b] += (kept == b).sum(axis=0)
        gc_values.append(gc)
    return spectrum, composition, np.concatenate(gc_values)


rng = np.random.default_rng(2024)
spectrum, composition, gc = profile(simulate_chunks(60, 6000, 150, rng), ReadFilter())
kmers = ["".join(t) for t in itertools.product(BASES, repeat=K)]
top = np.argsort(spectrum)[::-1][:3]
skew = np.apply_along_axis(lambda row: row.max() / max(row.min(), 1), 1, composition)
print("top 4-mers:", [kmers[i] for i in top], "kept reads:", gc.size)
print(f"result: {spectrum.sum() + float(gc.mean()) + float(skew.sum()):.10e}")
