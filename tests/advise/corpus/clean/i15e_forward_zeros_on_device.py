# ruff: noqa  (good code that looks like a slow pattern: the linter's test corpus)
"""A module that makes its scratch buffer directly on the input's device."""

import torch
import torch.nn as nn


class Renderer(nn.Module):
    def __init__(self, size=128):
        super().__init__()
        self.size = size

    def forward(self, verts):
        n = verts.shape[0]
        canvas = torch.zeros(n, 3, self.size, self.size, device=verts.device)
        canvas[:, :, 0, 0] = verts[:, 0, :]
        return canvas
