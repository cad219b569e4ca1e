# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""REINFORCE: discounted returns computed backwards, a true recurrence, then one loss."""

# Source: https://github.com/wasuratme96/Deep-Reinforcement-Learning (REINFORCE train():
# "for t in reversed(range(T)): future_ret = pi.rewards[t] + gamma * future_ret; rets[t] =
# future_ret", and "torch.from_numpy(state.astype(np.float32))" in act()).

import numpy as np
import torch

gamma = 0.99


def act(pi, state: np.ndarray) -> int:
    x = torch.from_numpy(state.astype(np.float32))
    dist = torch.distributions.Categorical(logits=pi(x))
    action = dist.sample()
    pi.log_probs.append(dist.log_prob(action))
    return int(action)


def train(pi, optimizer) -> None:
    T = len(pi.rewards)
    rets = np.empty(T, dtype=np.float32)
    future_ret = 0.0
    for t in reversed(range(T)):
        future_ret = pi.rewards[t] + gamma * future_ret
        rets[t] = future_ret
    loss = -(torch.stack(pi.log_probs) * torch.from_numpy(rets)).sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
