# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A growing list of rewards converted whole at every step."""

import torch


def returns(env, policy, steps: int):
    rewards = []
    for _ in range(steps):
        reward = env.step(policy())
        rewards.append(reward)
        hist = torch.tensor(rewards)  # expect: AB108
        env.log(hist.mean())
    return rewards
