# ruff: noqa
"""Genome-wide association scan with a permutation null: genotype dosages (0/1/2) of a cohort
are standardised, the phenotype is adjusted for a few covariates, every SNP gets a score
statistic, and the phenotype is permuted many times to calibrate the genome-wide maximum."""
from functools import partial

import numpy as np


def standardise(G):
    mu = G.mean(axis=1, keepdims=True)
    sd = G.std(axis=1, keepdims=True)
    sd[sd == 0] = 1.0
    return ((G - mu) / sd).astype(np.float32)


def adjust_for_covariates(y, covariates):
    y = y - y.mean()
    C = np.stack(covariates)
    C = C - C.mean(axis=1, keepdims=True)
    cc = np.einsum("ij,ij->i", C, C)
    for c, n2 in zip(C, cc):
        y = y - (c @ y) / n2 * c
    return y


def snp_score(resid, dosage_row):
    return dosage_row @ resid


class AssociationScan:
    def __init__(self, G, y):
        self.G = G
        self.n = G.shape[1]
        self.y = y

    def scores(self, resid):
        score = partial(snp_score, resid)
        return np.fromiter(map(score, self.G), dtype=np.float64, count=self.G.shape[0])

    def max_statistic(self, resid):
        s = self.scores(resid) / np.sqrt(self.n)
        return float(np.max(s * s))

    def permutation_pvalue(self, rng, n_perm):
        observed = self.max_statistic(self.y)
        null = np.empty(n_perm)
        for k in range(n_perm):
            null[k] = self.max_statistic(rng.permutation(self.y))
        return observed, (1 + np.sum(null >= observed)) / (n_perm + 1)


rng = np.random.default_rng(2024)
n_snps, n_people = 4000, 900
freqs = rng.uniform(0.05, 0.5, size=(n_snps, 1))
dosages = rng.binomial(2, freqs, size=(n_snps, n_people)).astype(np.float64)
G = standardise(dosages)
covariates = [rng.normal(size=n_people) for _ in range(4)]
beta = np.zeros(n_snps)
beta[rng.choice(n_snps, 5, replace=False)] = 0.25
pheno = G.T.astype(np.float64) @ beta + sum(covariates) * 0.3 + rng.normal(size=n_people)
resid = adjust_for_covariates(pheno, covariates)
resid = (resid / resid.std()).astype(np.float32)
scan = AssociationScan(G, resid)
obs, p = scan.permutation_pvalue(rng, 400)
print(f"max chi2 {obs:.3f}, permutation p = {p:.4f}")
print(f"result: {obs + p:.10e}")
