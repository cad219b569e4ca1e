# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Trains a session-based recommender, turning each batch's list of per-session NumPy arrays into a tensor in the feed step."""

# Source: https://github.com/ssu-dmlab/DGRec-pytorch/issues/4 (warning "Creating a tensor from a list of numpy.ndarrays is extremely slow" at torch.tensor(input_x).to(self.device) when building the feed dict)

import torch


class Trainer:
    def __init__(self, model, optimizer, device):
        self.model, self.optimizer, self.device = model, optimizer, device

    def feed(self, batch):
        input_x, input_y, support_nodes = batch  # each a list of np.ndarray, one per session
        return {
            "input_x": torch.tensor(input_x).to(self.device),  # expect: AB108
            "input_y": torch.from_numpy(input_y).to(self.device),
            "support_nodes": torch.from_numpy(support_nodes).to(self.device),
        }

    def train(self, data_loader, epochs=20):
        for epoch in range(epochs):
            for batch in data_loader:
                feed_dict = self.feed(batch)
                loss = self.model(feed_dict)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
