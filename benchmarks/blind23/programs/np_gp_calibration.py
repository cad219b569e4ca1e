"""Gaussian-process regression of a noisy response surface from 600 calibration runs: predicts
the mean and variance on batches of query settings, and scores the predictive calibration (the
share of held-out points inside the 2-sigma band and the mean log predictive density)."""
import numpy as np


class SquaredExponential:
    def __init__(self, variance, length):
        self.variance = variance
        self.length = length

    def __call__(self, a, b):
        d2 = (a[:, None] - b[None, :]) ** 2
        return self.variance * np.exp(-0.5 * d2 / self.length ** 2)


class GaussianProcess:
    def __init__(self, x, y, kernel, noise):
        self.x = x
        self.y = y
        self.kernel = kernel
        self.noise = noise

    @property
    def precision(self):
        k = self.kernel(self.x, self.x) + self.noise * np.eye(len(self.x))
        return np.linalg.inv(k)

    def predict(self, xq):
        ks = self.kernel(xq, self.x)
        p = self.precision
        mean = ks @ (p @ self.y)
        var = self.kernel.variance - np.einsum("ij,ij->i", ks @ p, ks) + self.noise
        return mean, var


def response(x):
    return np.sin(3.0 * x) + 0.3 * x ** 2 - 0.5 * np.cos(7.0 * x)


rng = np.random.default_rng(8)
x_train = rng.uniform(-2.0, 2.0, size=600)
y_train = response(x_train) + 0.1 * rng.standard_normal(600)
gp = GaussianProcess(x_train, y_train, SquaredExponential(1.0, 0.35), noise=0.01)

inside = 0
lpd = 0.0
n_seen = 0
for batch in range(100):
    xq = rng.uniform(-2.0, 2.0, size=256)
    yq = response(xq) + 0.1 * rng.standard_normal(256)
    mean, var = gp.predict(xq)
    z = (yq - mean) / np.sqrt(var)
    inside += int((np.abs(z) < 2.0).sum())
    lpd += float(np.sum(-0.5 * z ** 2 - 0.5 * np.log(2 * np.pi * var)))
    n_seen += len(xq)
    clipped = z.copy()
    np.clip(clipped, -3.0, 3.0, out=clipped)
    lpd -= 1e-3 * float(np.abs(clipped).mean())
print(f"coverage {inside / n_seen:.4f}, mean lpd {lpd / n_seen:.4f}")
print(f"result: {inside / n_seen + lpd / n_seen:.10e}")
