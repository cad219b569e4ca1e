# ruff: noqa
"""Anomaly detection on a stream of multichannel sensor windows: each window is scored by its
squared Mahalanobis distance to a reference distribution estimated on clean data, and windows
above the reference's 99th percentile are flagged; prints the flag rate and a score checksum."""
import torch


def reference(clean):
    mu = clean.mean(0)
    cov = torch.cov(clean.T) + 1e-3 * torch.eye(clean.shape[1], dtype=clean.dtype)
    return mu, cov


def mahalanobis(window, mu, cov):
    chol = torch.linalg.cholesky(cov)
    z = torch.linalg.solve_triangular(chol, (window - mu).T, upper=False)
    return (z * z).sum(0)


def scan(stream, mu, cov, width, threshold):
    flagged = 0
    total = 0.0
    for start in range(0, stream.shape[0] - width + 1, width):
        window = stream[start : start + width]
        energy = torch.linalg.norm(window[:, :4], dim=0)
        scores = mahalanobis(window, mu, cov)
        flagged += int((scores > threshold).sum())
        total += float(scores.sum()) + float(energy.sum()) * 1e-6
    return flagged, total


torch.manual_seed(0)
channels = 320
mix = torch.randn(channels, channels, dtype=torch.float64) / channels**0.5
clean = torch.randn(20_000, channels, dtype=torch.float64) @ mix
mu, cov = reference(clean)
threshold = float(torch.quantile(mahalanobis(clean[:4000], mu, cov), 0.99))
stream = torch.randn(48_000, channels, dtype=torch.float64) @ mix
stream[::97] *= 3.0
flagged, total = scan(stream, mu, cov, 32, threshold)
print(f"flagged: {flagged}")
print(f"result: {flagged + total * 1e-6:.8f}")
