# ruff: noqa
"""Fitted Q-learning on a synthetic continuous-state task: transitions are drawn from a fixed
linear environment, stored in a ring replay buffer, and a small Q-network is trained on random
minibatches against a periodically synced target network. Prints the final TD loss and the
mean Q value of a probe set."""

import torch
import torch.nn as nn

OBS, ACTIONS = 32, 4


class ReplayBuffer:
    def __init__(self, capacity, obs_dim):
        # one row per transition: obs, action, reward, next obs
        self.data = torch.zeros(capacity, 2 * obs_dim + 2)
        self.obs_dim = obs_dim
        self.capacity = capacity
        self.size = 0
        self.pos = 0

    def add(self, obs, action, reward, next_obs):
        n = obs.shape[0]
        idx = (self.pos + torch.arange(n)) % self.capacity
        self.data[idx] = torch.cat([obs, action[:, None], reward[:, None], next_obs], dim=1)
        self.pos = (self.pos + n) % self.capacity
        self.size = min(self.size + n, self.capacity)

    def sample(self, batch_size, gen):
        # snapshot so that later writes to the ring do not change what we hand out
        data = self.data
        idx = torch.randint(0, self.size, (batch_size,), generator=gen)
        rows = data[idx]
        d = self.obs_dim
        return rows[:, :d], rows[:, d].long(), rows[:, d + 1], rows[:, d + 2 :]


def q_net():
    return nn.Sequential(nn.Linear(OBS, 64), nn.ReLU(), nn.Linear(64, ACTIONS))


torch.manual_seed(0)
gen = torch.Generator().manual_seed(1)
dynamics = torch.eye(OBS) * 0.9 + 0.02 * torch.randn(OBS, OBS)
reward_w = torch.randn(OBS, ACTIONS) * 0.1
buffer = ReplayBuffer(60000, OBS)
online, target = q_net(), q_net()
target.load_state_dict(online.state_dict())
opt = torch.optim.Adam(online.parameters(), lr=1e-3)

state = torch.randn(16, OBS)
for step in range(700):
    action = torch.randint(0, ACTIONS, (16,), generator=gen)
    reward = (state @ reward_w).gather(1, action[:, None]).squeeze(1)
    next_state = state @ dynamics + 0.1 * torch.randn(16, OBS, generator=gen)
    buffer.add(state, action, reward, next_state)
    state = next_state
    probe = state[0].clone()  # kept for the episode log
    if buffer.size < 512:
        continue
    obs, act, rew, nxt = buffer.sample(64, gen)
    with torch.no_grad():
        td_target = rew + 0.95 * target(nxt).max(dim=1).values
    q = online(obs).gather(1, act[:, None]).squeeze(1)
    loss = nn.functional.smooth_l1_loss(q, td_target)
    opt.zero_grad()
    loss.backward()
    opt.step()
    if step % 200 == 0:
        target.load_state_dict(online.state_dict())

with torch.no_grad():
    mean_q = online(torch.randn(256, OBS, generator=gen)).mean().item()
print(f"final loss {loss.item():.6f}, mean Q {mean_q:.6f}, probe {probe.norm():.4f}")
print(f"result: {loss.item() + mean_q + probe.norm().item():.10e}")
