# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Deep Q-learning trainer for a Snake agent that converts tuples of NumPy states into tensors at every training step."""

# Source: https://github.com/patrickloeber/snake-ai-pytorch/issues/26 (UserWarning "Creating a tensor from a list of numpy.ndarrays is extremely slow" from torch.tensor(state) in train_step)

import random
from collections import deque

import torch
import torch.nn as nn


class QTrainer:
    def __init__(self, model, lr=1e-3, gamma=0.9):
        self.model, self.gamma = model, gamma
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)
        self.criterion = nn.MSELoss()

    def train_step(self, states, actions, rewards, next_states, dones):
        state = torch.tensor(states, dtype=torch.float)  # expect: AB108
        next_state = torch.tensor(next_states, dtype=torch.float)  # expect: AB108
        action = torch.tensor(actions, dtype=torch.long)
        reward = torch.tensor(rewards, dtype=torch.float)
        pred = self.model(state)
        target = pred.clone().detach()
        q_next = self.model(next_state).max(dim=1).values.detach()
        done = torch.tensor(dones, dtype=torch.bool)
        q_new = reward + self.gamma * q_next * (~done)
        target[torch.arange(len(action)), action.argmax(dim=1)] = q_new
        loss = self.criterion(pred, target)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()


def train_long_memory(trainer, memory: deque, batch_size=1000):
    sample = random.sample(memory, min(len(memory), batch_size))
    states, actions, rewards, next_states, dones = zip(*sample)  # tuples of np.ndarray
    trainer.train_step(states, actions, rewards, next_states, dones)
