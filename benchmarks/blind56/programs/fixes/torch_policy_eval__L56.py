# ruff: noqa
"""Evaluation of an actor-critic policy on a batch of cart-pole environments: the environments
are stepped in lock-step with vectorised dynamics, the policy picks a push for each of them,
finished episodes are reset, and the mean episode return and the critic's value error are
reported."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class ActorCritic(nn.Module):
    def __init__(self, obs_dim=4, width=64, n_actions=2):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, width), nn.Tanh(), nn.Linear(width, width), nn.Tanh())
        self.pi = nn.Linear(width, n_actions)
        self.v = nn.Linear(width, 1)

    def forward(self, obs):
        h = self.body(obs)
        return self.pi(h), self.v(h).squeeze(-1)


class CartPoles:
    """n independent cart-poles, Euler-integrated (gym's equations)."""

    def __init__(self, n, generator):
        self.n = n
        self.gen = generator
        self.state = self._fresh(n)

    def _fresh(self, k):
        return (torch.rand(k, 4, generator=self.gen) - 0.5) * 0.1

    def step(self, action):
        x, x_dot, th, th_dot = self.state.unbind(1)
        force = torch.where(action == 1, 10.0, -10.0)
        cos, sin = torch.cos(th), torch.sin(th)
        temp = (force + 0.05 * th_dot ** 2 * sin) / 1.1
        th_acc = (9.8 * sin - cos * temp) / (0.5 * (4.0 / 3.0 - 0.1 * cos ** 2 / 1.1))
        x_acc = temp - 0.05 * th_acc * cos / 1.1
        self.state = torch.stack([x + 0.02 * x_dot, x_dot + 0.02 * x_acc, th + 0.02 * th_dot, th_dot + 0.02 * th_acc], 1)
        done = (self.state[:, 0].abs() > 2.4) | (self.state[:, 2].abs() > 0.21)
        if done.any():
            self.state[done] = self._fresh(int(done.sum()))
        return done


class Evaluator:
    def __init__(self, policy, gamma=0.99, log_every=100):
        self.policy = policy
        self.gamma = gamma
        self.log_every = log_every

    def act(self, obs):
        return self.policy(obs)[0].argmax(dim=1)

    @torch.no_grad()
    def run(self, envs, steps):
        ret = torch.zeros(envs.n)
        finished, value_err = [], torch.zeros(())
        for t in range(steps):
            obs = envs.state.to(device)
            action = self.act(obs).cpu()
            _, v = self.policy(obs)
            done = envs.step(action)
            ret += 1.0
            value_err += ((v.cpu() - (1.0 - self.gamma ** ret) / (1.0 - self.gamma)) ** 2).mean()
            finished.append(ret[done].clone())
            ret[done] = 0.0
            if t % self.log_every == 0:
                print(f"step {t}: {sum(len(f) for f in finished)} episodes done, value err {value_err.item() / (t + 1):.3f}")
        return torch.cat(finished), value_err / steps


torch.manual_seed(0)
policy = ActorCritic().to(device)
gen = torch.Generator().manual_seed(1)
returns, err = Evaluator(policy).run(CartPoles(256, gen), 220)
print(f"{returns.numel()} episodes, mean return {returns.float().mean():.3f}")
print(f"result: {float(returns.float().mean()) + float(err):.10e}")
