# ruff: noqa
"""Proximal policy optimisation on a batch of cart-pole environments simulated in torch: each
iteration collects a rollout from every environment with the current policy, computes
generalised advantage estimates and runs a few clipped-objective gradient epochs; prints the
mean episode return per iteration."""
import math

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class CartPoles:
    def __init__(self, n, gen):
        self.n = n
        self.gen = gen
        self.state = torch.zeros(n, 4, device=device)
        self.reset(torch.ones(n, dtype=torch.bool, device=device))

    def reset(self, mask):
        fresh = (torch.rand(self.n, 4, generator=self.gen) - 0.5) * 0.1
        self.state = torch.where(mask[:, None], fresh.to(device), self.state)

    def step(self, action):
        x, v, th, w = self.state.unbind(1)
        force = (action.float() * 2 - 1) * 10.0
        cos, sin = torch.cos(th), torch.sin(th)
        tmp = (force + 0.05 * w * w * sin) / 1.1
        acc_th = (9.8 * sin - cos * tmp) / (0.5 * (4.0 / 3.0 - 0.1 * cos * cos / 1.1))
        acc_x = tmp - 0.05 * acc_th * cos / 1.1
        self.state = torch.stack([x + 0.02 * v, v + 0.02 * acc_x, th + 0.02 * w, w + 0.02 * acc_th], 1)
        done = (self.state[:, 0].abs() > 2.4) | (self.state[:, 2].abs() > 0.21)
        reward = torch.ones(self.n, device=device)
        self.reset(done)
        return reward, done


class RolloutBuffer:
    def __init__(self, n_envs):
        self.obs = torch.empty(0, n_envs, 4, device=device)
        self.actions = torch.empty(0, n_envs, dtype=torch.long, device=device)
        self.logp = torch.empty(0, n_envs, device=device)
        self.rewards = torch.empty(0, n_envs, device=device)
        self.dones = torch.empty(0, n_envs, device=device)
        self.values = torch.empty(0, n_envs, device=device)

    def add(self, obs, action, logp, reward, done, value):
        self.obs = torch.cat([self.obs, obs[None]])
        self.actions = torch.cat([self.actions, action[None]])
        self.logp = torch.cat([self.logp, logp[None]])
        self.rewards = torch.cat([self.rewards, reward[None]])
        self.dones = torch.cat([self.dones, done.float()[None]])
        self.values = torch.cat([self.values, value[None]])

    def advantages(self, last_value, gamma=0.99, lam=0.95):
        T = len(self.rewards)
        adv = torch.zeros_like(self.rewards)
        gae = torch.zeros_like(last_value)
        for t in reversed(range(T)):
            nxt = last_value if t == T - 1 else self.values[t + 1]
            nonterminal = 1.0 - self.dones[t]
            delta = self.rewards[t] + gamma * nxt * nonterminal - self.values[t]
            gae = delta + gamma * lam * nonterminal * gae
            adv[t] = gae
        return adv


class ActorCritic(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(4, hidden), nn.Tanh())
        self.pi = nn.Linear(hidden, 2)
        self.v = nn.Linear(hidden, 1)

    def forward(self, obs):
        h = self.body(obs)
        return torch.distributions.Categorical(logits=self.pi(h)), self.v(h).squeeze(-1)


def ppo_update(model, opt, buf, adv, epochs=4, clip=0.2, minibatch=8192):
    obs, act = buf.obs.reshape(-1, 4), buf.actions.reshape(-1)
    old_logp, ret = buf.logp.reshape(-1), (adv + buf.values).reshape(-1)
    adv = adv.reshape(-1)
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    for _ in range(epochs):
        mb = torch.randint(0, len(obs), (minibatch,), device=device)
        dist, value = model(obs[mb])
        ratio = torch.exp(dist.log_prob(act[mb]) - old_logp[mb])
        loss = -torch.min(ratio * adv[mb], ratio.clamp(1 - clip, 1 + clip) * adv[mb]).mean()
        loss = loss + 0.5 * ((value - ret[mb]) ** 2).mean() - 0.01 * dist.entropy().mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


torch.manual_seed(0)
gen = torch.Generator().manual_seed(2)
N_ENVS, T = 768, 600
env = CartPoles(N_ENVS, gen)
model = ActorCritic().to(device)
opt = torch.optim.Adam(model.parameters(), lr=3e-3)
history = torch.empty(0)
for it in range(3):
    buf = RolloutBuffer(N_ENVS)
    episodes = torch.zeros((), device=device)
    with torch.no_grad():
        for t in range(T):
            obs = env.state
            dist, value = model(obs)
            action = dist.sample()
            reward, done = env.step(action)
            buf.add(obs, action, dist.log_prob(action), reward, done, value)
            episodes += done.sum()
        _, last_value = model(env.state)
    adv = buf.advantages(last_value)
    ppo_update(model, opt, buf, adv)
    mean_len = (N_ENVS * T / max(episodes.item(), 1.0))
    history = torch.cat([history, torch.tensor([mean_len])])
    print(f"iteration {it}: mean episode length {mean_len:.1f}")
print(f"result: {float(history.sum()):.10e}")
