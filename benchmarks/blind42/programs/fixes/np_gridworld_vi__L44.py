# ruff: noqa
"""Model-based planning on a windy grid world: transition counts and rewards are estimated from
random exploratory rollouts, then value iteration on the estimated model runs to convergence for
several discount factors; prints the greedy policy's value at the start cell for each."""
import numpy as np

ACTIONS = np.array([[-1, 0], [1, 0], [0, -1], [0, 1]])


class GridWorld:
    def __init__(self, size, rng):
        self.size = size
        self.rng = rng
        self.goal = (size - 1, size - 1)
        self.wind = rng.integers(0, 2, size=size)

    def n_states(self):
        return self.size * self.size

    def step(self, cells, actions):
        moved = cells + ACTIONS[actions]
        moved[:, 0] -= self.wind[cells[:, 1]] * (self.rng.random(len(cells)) < 0.3)
        slip = self.rng.random(len(cells)) < 0.1
        moved[slip] = cells[slip] + ACTIONS[self.rng.integers(0, 4, size=slip.sum())]
        moved = np.clip(moved, 0, self.size - 1)
        at_goal = (moved[:, 0] == self.goal[0]) & (moved[:, 1] == self.goal[1])
        return moved, np.where(at_goal, 1.0, -0.01)


class TabularModel:
    def __init__(self, n_states, n_actions):
        self.counts = np.ones((n_states, n_actions, n_states)) * 1e-3
        self.reward_sum = np.zeros((n_states, n_actions))
        self.visits = np.zeros((n_states, n_actions))
        self.start_counts = np.zeros(n_states)

    def record(self, s, a, s2, r):
        np.add.at(self.counts, (s, a, s2), 1.0)
        np.add.at(self.reward_sum, (s, a), r)
        np.add.at(self.visits, (s, a), 1.0)

    @property
    def transitions(self):
        return self.counts / self.counts.sum(axis=2, keepdims=True)

    @property
    def rewards(self):
        return self.reward_sum / np.maximum(self.visits, 1.0)

    def start_distribution(self):
        return self.start_counts / self.start_counts.sum()


def explore(env, model, n_walkers, n_steps, rng):
    cells = rng.integers(0, env.size, size=(n_walkers, 2))
    model.start_counts += np.bincount(cells[:, 0] * env.size + cells[:, 1], minlength=env.n_states())
    for _ in range(n_steps):
        a = rng.integers(0, 4, size=n_walkers)
        nxt, r = env.step(cells, a)
        s = cells[:, 0] * env.size + cells[:, 1]
        s2 = nxt[:, 0] * env.size + nxt[:, 1]
        model.record(s, a, s2, r)
        cells = nxt


def value_iteration(model, gamma, tol=1e-6):
    V = np.zeros(model.counts.shape[0])
    P = model.transitions
    sweeps = 0
    while True:
        Q = model.rewards + gamma * (P @ V)
        V_new = Q.max(axis=1)
        delta = np.abs(V_new - V).max()
        V = V_new
        sweeps += 1
        if delta < tol:
            return V, Q.argmax(axis=1), sweeps


rng = np.random.default_rng(5)
env = GridWorld(28, rng)
model = TabularModel(env.n_states(), 4)
explore(env, model, 1500, 400, rng)
total = 0.0
for gamma in (0.8, 0.9, 0.95, 0.97):
    V, policy, sweeps = value_iteration(model, gamma)
    start = model.start_distribution()
    total += float(start @ V) + sweeps
    print(f"gamma={gamma}: {sweeps} sweeps, expected start value {start @ V:.5f}")
print(f"result: {total + V.sum():.10e}")
