# ruff: noqa
"""Tabular Q-learning for a ride-dispatch toy environment: a random sparse MDP over zones and
demand levels (states) with a menu of dispatch actions, epsilon-greedy exploration with a
decaying epsilon, TD(0) updates, and a greedy-policy evaluation at the end."""
import numpy as np


class DispatchEnv:
    def __init__(self, n_states, n_actions, rng):
        self.next_state = rng.integers(0, n_states, size=(n_states, n_actions))
        self.reward = rng.normal(0.0, 1.0, size=(n_states, n_actions))
        self.reward[rng.random((n_states, n_actions)) < 0.02] += 5.0
        self.n_states = n_states
        self.n_actions = n_actions

    def step(self, s, a):
        return self.next_state[s, a], self.reward[s, a]


class QAgent:
    def __init__(self, n_states, n_actions, alpha=0.1, gamma=0.95):
        self.Q = np.zeros((n_states, n_actions))
        self.alpha = alpha
        self.gamma = gamma
        self.episode_returns = []

    def act(self, s, explore, random_action):
        if explore:
            return random_action
        return int(self.Q[s].argmax())

    def update(self, s, a, r, s2):
        target = r + self.gamma * self.Q[s2].max()
        self.Q[s, a] += self.alpha * (target - self.Q[s, a])

    def recent_return(self):
        return sum(self.episode_returns[-10:]) / 10


def train(env, agent, n_episodes, horizon, rng):
    eps = 1.0
    for ep in range(n_episodes):
        explore = rng.random(horizon) < eps
        random_actions = rng.integers(0, env.n_actions, size=horizon)
        s = int(rng.integers(env.n_states))
        total = 0.0
        for t in range(horizon):
            a = agent.act(s, explore[t], random_actions[t])
            s2, r = env.step(s, a)
            agent.update(s, a, r, s2)
            total += r
            s = s2
        agent.episode_returns.append(total)
        if ep % 10 == 9:
            eps = max(0.05, eps * 0.9)
            avg = agent.recent_return()
    return avg


rng = np.random.default_rng(21)
env = DispatchEnv(400, 120, rng)
agent = QAgent(env.n_states, env.n_actions)
avg = train(env, agent, 1100, 400, rng)
policy = agent.Q.argmax(axis=1)
value = agent.Q.max(axis=1)
print(f"last 10 returns {avg:.3f}, mean greedy value {value.mean():.4f}")
print(f"result: {value.sum() + avg + policy.sum():.10e}")
