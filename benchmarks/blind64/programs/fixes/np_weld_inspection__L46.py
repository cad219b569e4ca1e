"""Manufacturing QA for weld seams: each inspected part yields a vector of profile features;
parts arrive in batches from the line, are standardised per batch, and scored by their
Mahalanobis distance to a reference population of good parts. Parts beyond a chi-square
style limit are rejected and the reject rate per shift is reported."""
from dataclasses import dataclass

import numpy as np


@dataclass
class Reference:
    mean: np.ndarray
    cov: np.ndarray

    @property
    def precision(self):
        return np.linalg.inv(self.cov)


def fit_reference(rng, mix, n_good):
    n_features = mix.shape[0]
    good = rng.standard_normal((n_good, n_features)) @ mix + 1.0
    return Reference(mean=good.mean(0), cov=np.cov(good, rowvar=False) + 1e-3 * np.eye(n_features))


def score_batch(batch, ref):
    d = batch - ref.mean
    return np.einsum("ij,jk,ik->i", d, ref.precision, d)


def batches(rng, mix, n_batches, size):
    n_features = mix.shape[0]
    for b in range(n_batches):
        drift = 0.0001 * b
        yield rng.standard_normal((size, n_features)) @ mix + 1.0 + drift


def main():
    rng = np.random.default_rng(11)
    n_features = 200
    mix = rng.standard_normal((n_features, n_features)) / np.sqrt(n_features)
    ref = fit_reference(rng, mix, 4000)
    limit = n_features * 1.3
    rejects, seen, shift_rates = 0, 0, []
    gain = np.linalg.inv(np.diag([1.0, 2.0, 4.0]))
    for k, batch in enumerate(batches(rng, mix, 1000, 48)):
        d2 = score_batch(batch, ref) * (gain[1, 1] * 2.0)
        rejects += int((d2 > limit).sum())
        seen += batch.shape[0]
        if (k + 1) % 100 == 0:
            shift_rates.append(rejects / seen)
    print("result:", round(rejects + sum(shift_rates), 8))


if __name__ == "__main__":
    main()
