# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A module that makes its scratch buffers on the host and moves them, on every forward."""

import torch
import torch.nn as nn


class Renderer(nn.Module):
    def __init__(self, size=128):
        super().__init__()
        self.size = size

    def forward(self, verts):
        n = verts.shape[0]
        canvas = torch.zeros(n, 3, self.size, self.size).to(verts.device)  # expect: AB202
        canvas[:, :, 0, 0] = verts[:, 0, :]
        return canvas
