# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""The discounted return of an episode accumulated reward by reward."""

# Source: https://slides.com/supergriver/06-policy-gradients (the RL objective "sum_t gamma^t r_t")
# and https://geeksrepos.com/saschaschramm/PolicyGradientMethods (G0 = sum of discounted rewards).

import numpy as np


def episode_return(rewards: np.ndarray, alive: np.ndarray, gamma: float = 0.99) -> float:
    total, discount = 0.0, 1.0
    for r, a in zip(rewards, alive):  # expect: AB104
        total += discount * r * a
        discount *= gamma
    return total


rewards = np.random.rand(10_000)
alive = np.ones(10_000)
print(episode_return(rewards, alive))
