# ruff: noqa
"""TD(0) evaluation of an exploratory policy on a large stochastic grid world: the environment
keeps its reward map as a NumPy array (as a level loader would give it), a PyTorch agent moves
a population of walkers with a noisy greedy-on-reward policy, learns a state-value table from
their transitions, and reports the value map's statistics."""
import numpy as np
import torch

torch.manual_seed(0)


class GridWorld:
    moves = torch.tensor([[-1, 0], [1, 0], [0, -1], [0, 1]])

    def __init__(self, size, rng):
        self.size = size
        self._rewards = rng.normal(-0.04, 0.02, size=(size, size))
        goals = rng.integers(0, size, size=(400, 2))
        self._rewards[goals[:, 0], goals[:, 1]] = 1.0

    @property
    def rewards(self):
        return torch.from_numpy(self._rewards).float()

    def step(self, pos, action):
        nxt = (pos + self.moves[action]).clamp(0, self.size - 1)
        return nxt, self.rewards[nxt[:, 0], nxt[:, 1]]


class Agent:
    def __init__(self, env, n_walkers, gen, gamma=0.95, alpha=0.1, eps=0.3):
        self.env = env
        self.gen = gen
        self.gamma, self.alpha, self.eps = gamma, alpha, eps
        self.values = torch.zeros(env.size, env.size)
        self.pos = torch.randint(0, env.size, (n_walkers, 2), generator=gen)

    def act(self):
        n = self.pos.shape[0]
        neigh = (self.pos[:, None, :] + GridWorld.moves[None]).clamp(0, self.env.size - 1)
        greedy = self.values[neigh[..., 0], neigh[..., 1]].argmax(1)
        explore = torch.rand(n, generator=self.gen) < self.eps
        random_a = torch.randint(0, 4, (n,), generator=self.gen)
        return torch.where(explore, random_a, greedy)

    def update(self):
        a = self.act()
        nxt, r = self.env.step(self.pos, a)
        v = self.values[self.pos[:, 0], self.pos[:, 1]]
        target = r + self.gamma * self.values[nxt[:, 0], nxt[:, 1]]
        self.values.index_put_((self.pos[:, 0], self.pos[:, 1]), v + self.alpha * (target - v))
        self.pos = nxt
        return r


rng = np.random.default_rng(8)
env = GridWorld(1000, rng)
agent = Agent(env, 256, torch.Generator().manual_seed(1))
returns = torch.zeros(256)
for step in range(3000):
    returns += agent.update()
    if step % 1000 == 0:
        print(f"step {step}: mean reward so far {returns.mean().item() / (step + 1):.4f}")
print(f"visited cells: {int((agent.values != 0).sum())}")
print(f"result: {agent.values.sum().item() + returns.sum().item():.10e}")
