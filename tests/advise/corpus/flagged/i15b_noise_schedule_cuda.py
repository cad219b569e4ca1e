# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Sampling loop that sends the same schedule tensors to the GPU at every step."""

import torch


def sample(model, x, sigmas):
    for i in range(len(sigmas) - 1):
        sigma = sigmas.cuda()[i]  # expect: AB202 (possible)
        denoised = model(x, sigma)
        d = (x - denoised) / sigma
        x = x + d * (sigmas[i + 1] - sigma).cuda()
    return x
