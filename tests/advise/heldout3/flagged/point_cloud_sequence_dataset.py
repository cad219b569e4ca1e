# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Point-cloud sequence dataset whose __getitem__ returns float64 tensors loaded with np.loadtxt."""

# Source: https://github.com/4DVLab/LIP/issues/2 (in train_dis.py seq_pc.to(device) gives "Input type
# (torch.cuda.DoubleTensor) and weight type (torch.cuda.FloatTensor) should be the same").

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset


class SeqPointDataset(Dataset):
    def __init__(self, seq_files, gt_files):
        self.seq_files = seq_files
        self.gt_files = gt_files

    def __len__(self):
        return len(self.seq_files)

    def __getitem__(self, idx):
        seq_pc = np.stack([np.loadtxt(f) for f in self.seq_files[idx]])
        seq_gt = np.loadtxt(self.gt_files[idx])
        return torch.from_numpy(seq_pc), torch.from_numpy(seq_gt)  # expect: AB401


def train(model, dataset, optimizer, device):
    loader = DataLoader(dataset, batch_size=8, shuffle=True, num_workers=4)
    for seq_pc, seq_gt in loader:
        seq_pc = seq_pc.to(device)
        seq_gt = seq_gt.to(device)
        loss = (model(seq_pc) - seq_gt).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
