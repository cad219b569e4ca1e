# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""An RNN written from scratch: the hidden state is carried from one time step to the next."""

# Source: https://github.com/3venthatguy/Dive-Into-Deep-Learning (d2l RNNScratch.forward:
# "for X in inputs: state = torch.tanh(torch.matmul(X, self.W_xh) + torch.matmul(state, self.W_hh)
# + self.b_h)").

import torch
from torch import nn


class RNNScratch(nn.Module):
    def __init__(self, num_inputs: int, num_hiddens: int, sigma: float = 0.01):
        super().__init__()
        self.num_hiddens = num_hiddens
        self.W_xh = nn.Parameter(torch.randn(num_inputs, num_hiddens) * sigma)
        self.W_hh = nn.Parameter(torch.randn(num_hiddens, num_hiddens) * sigma)
        self.b_h = nn.Parameter(torch.zeros(num_hiddens))

    def forward(self, inputs: torch.Tensor, state=None):
        if state is None:
            state = torch.zeros((inputs.shape[1], self.num_hiddens), device=inputs.device)
        outputs = []
        for X in inputs:
            state = torch.tanh(X @ self.W_xh + state @ self.W_hh + self.b_h)
            outputs.append(state)
        return torch.stack(outputs), state
