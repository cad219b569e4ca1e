# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Summary-consistency scorer that bins NLI scores into per-document histograms and stacks them with torch.FloatTensor."""

# Source: https://github.com/tingofurro/summac/pull/18 (model_summac.py:301 warns about creating a tensor
# from a list of numpy.ndarrays at histograms = torch.FloatTensor(histograms).to(self.device)).

import numpy as np
import torch


class SummaCConvHead(torch.nn.Module):
    def __init__(self, n_bins=50, device="cuda"):
        super().__init__()
        self.n_bins = n_bins
        self.device = device
        self.mlp = torch.nn.Linear(n_bins, 1).to(device)

    def build_histogram(self, image):
        return np.histogram(image[:, 0], range=(0, 1), bins=self.n_bins)[0] / image.shape[0]

    def forward(self, images):
        histograms = []
        for image in images:
            histograms.append(self.build_histogram(image))
        histograms = torch.FloatTensor(histograms).to(self.device)  # expect: AB108
        return self.mlp(histograms).squeeze(-1)
