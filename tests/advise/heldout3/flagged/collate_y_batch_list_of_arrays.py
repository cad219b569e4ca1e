# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Vocoder collate function that cuts random audio segments and builds the batch with torch.tensor of a list of arrays."""

# Source: https://github.com/kan-bayashi/ParallelWaveGAN/issues/367 (train.py warns "Creating a tensor
# from a list of numpy.ndarrays is extremely slow" at y_batch = torch.tensor(y_batch, dtype=torch.float)).

import numpy as np
import torch


class Collater:
    def __init__(self, batch_max_steps=20480, hop_size=256):
        self.batch_max_steps = batch_max_steps
        self.hop_size = hop_size
        self.batch_max_frames = batch_max_steps // hop_size

    def __call__(self, batch):
        y_batch, c_batch = [], []
        for y, c in batch:
            start_frame = np.random.randint(0, len(c) - self.batch_max_frames)
            start_step = start_frame * self.hop_size
            y_batch.append(y[start_step:start_step + self.batch_max_steps])
            c_batch.append(c[start_frame:start_frame + self.batch_max_frames])
        y_batch = torch.tensor(y_batch, dtype=torch.float).unsqueeze(1)  # expect: AB108
        c_batch = torch.tensor(np.array(c_batch), dtype=torch.float).transpose(2, 1)
        z_batch = torch.randn(y_batch.size())
        return (z_batch, c_batch), y_batch
