# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Evaluates an RL actor in a gym environment, wrapping each observation in a tuple before torch.as_tensor."""

# Source: https://github.com/AI4Finance-Foundation/ElegantRL/issues/106 (evaluator.py:126 warns
# "Creating a tensor from a list of numpy.ndarrays is extremely slow" at torch.as_tensor((state,), ...)).

import numpy as np
import torch


def get_episode_return_and_step(env, act, device, max_step) -> (float, int):
    episode_return = 0.0
    state = env.reset()
    for episode_step in range(max_step):
        s_tensor = torch.as_tensor((state,), dtype=torch.float32, device=device)  # expect: AB108
        a_tensor = act(s_tensor)
        action = a_tensor.detach().cpu().numpy()[0]
        state, reward, done, _ = env.step(action)
        episode_return += reward
        if done:
            break
    return episode_return, episode_step + 1
