import numpy as np


def smooth(signal, kernel):
    out = np.zeros_like(signal)
    for i in range(1, len(signal)):
        out[i] = kernel[0] * signal[i - 1] + kernel[1] * signal[i]
    return out


def rescale(coefs):
    coefs = np.asarray(coefs, dtype=float)
    for i in range(len(coefs)):
        coefs[i] = coefs[i] / 2.0
    return coefs


y = smooth(np.random.rand(100_000), np.ones(3))
