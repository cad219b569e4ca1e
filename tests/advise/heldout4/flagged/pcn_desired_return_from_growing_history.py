# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Multi-objective policy rollout that feeds the mean of all past episode returns, rebuilt from a growing list, as the desired return each step."""

# Source: https://github.com/LucasAlegre/morl-baselines/issues/151 (issue "Slow tensor creation in pcn.py": creating tensors from Python lists of arrays in the training code)

import numpy as np
import torch


def run_episodes(policy, env, n_episodes=5_000, device="cpu"):
    returns_history = []  # one np.ndarray of per-objective returns per finished episode
    for ep in range(n_episodes):
        obs, _ = env.reset()
        done, ep_return = False, np.zeros(env.reward_dim)
        while not done:
            desired = torch.tensor(returns_history or [ep_return]).float().mean(0)  # expect: AB108
            with torch.no_grad():
                logits = policy(torch.as_tensor(obs, dtype=torch.float32), desired)
            action = torch.distributions.Categorical(logits=logits).sample().item()
            obs, reward, terminated, truncated, _ = env.step(action)
            ep_return += reward
            done = terminated or truncated
        returns_history.append(ep_return)
    return returns_history
