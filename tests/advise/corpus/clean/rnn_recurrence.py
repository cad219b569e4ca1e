# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A hand-written RNN: the hidden state is carried from step to step."""

import torch


def rnn(x: torch.Tensor, W: torch.Tensor, U: torch.Tensor) -> torch.Tensor:
    h = torch.zeros(W.shape[0])
    for t in range(x.shape[0]):
        h = torch.tanh(W @ h + U @ x[t])
    return h
