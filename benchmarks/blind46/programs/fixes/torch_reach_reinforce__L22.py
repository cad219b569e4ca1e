# ruff: noqa
"""REINFORCE on a vectorised 2-D point-mass reaching task: a Gaussian MLP policy drives 1024
simulated arms toward random goals; rollouts are collected without gradients, then the
log-probabilities of the taken actions are recomputed in one pass for the policy-gradient
update. Reports the success rate per iteration."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class StepInfo:
    reward: torch.Tensor
    done: torch.Tensor
    n_reached: int


def count_reached(done):
    return int(done.sum())


class VecReach:
    def __init__(self, n_envs, gen, tol=0.05):
        self.n = n_envs
        self.gen = gen
        self.tol = tol

    def reset(self):
        self.pos = torch.zeros(self.n, 2, device=device)
        self.vel = torch.zeros(self.n, 2, device=device)
        self.goal = (torch.rand(self.n, 2, generator=self.gen) * 2 - 1).to(device)
        return self.obs()

    def obs(self):
        return torch.cat([self.pos, self.vel, self.goal - self.pos], dim=1)

    def step(self, action):
        self.vel = 0.9 * self.vel + 0.05 * action.clamp(-1, 1)
        self.pos = self.pos + self.vel
        dist = (self.goal - self.pos).norm(dim=1)
        done = dist < self.tol
        reward = -dist - 0.01 * action.pow(2).sum(dim=1)
        return self.obs(), StepInfo(reward, done, count_reached(done))


class GaussianPolicy(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.mu = nn.Sequential(nn.Linear(6, hidden), nn.Tanh(), nn.Linear(hidden, 2))
        self.log_std = nn.Parameter(torch.full((2,), -0.5))

    def dist(self, obs):
        return torch.distributions.Normal(self.mu(obs), self.log_std.exp())


def collect(env, policy, horizon, gen):
    obs = env.reset()
    observations, actions, rewards, reached = [], [], [], []
    with torch.no_grad():
        for t in range(horizon):
            d = policy.dist(obs)
            a = d.mean + d.stddev * torch.randn(d.mean.shape, generator=gen).to(device)
            observations.append(obs)
            actions.append(a)
            obs, info = env.step(a)
            rewards.append(info.reward)
            reached.append(info.n_reached)
    return torch.stack(observations), torch.stack(actions), torch.stack(rewards), reached


def returns_to_go(rewards, gamma):
    out = torch.zeros_like(rewards)
    running = torch.zeros(rewards.shape[1], device=device)
    for t in range(len(rewards) - 1, -1, -1):
        running = rewards[t] + gamma * running
        out[t] = running
    return out


gen = torch.Generator().manual_seed(3)
torch.manual_seed(3)
env = VecReach(1024, gen)
policy = GaussianPolicy().to(device)
opt = torch.optim.Adam(policy.parameters(), lr=3e-3)
history = []
for it in range(8):
    obs, act, rew, reached = collect(env, policy, 60, gen)
    ret = returns_to_go(rew, 0.98)
    adv = (ret - ret.mean()) / (ret.std() + 1e-8)
    logp = policy.dist(obs).log_prob(act).sum(-1)
    loss = -(logp * adv).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    history.append((rew.sum(0).mean().item(), max(reached)))
print("iterations:", [(round(r, 2), n) for r, n in history[-3:]])
print("result:", sum(r for r, _ in history) + sum(n for _, n in history))
