# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Replay-buffer helper that turns sampled experiences into a batch dict of tensors for a DQN update."""

# Source: https://github.com/pfnet/pfrl/issues/189 (replay_buffer.py:180 warns "Creating a tensor from a
# list of numpy.ndarrays is extremely slow" at "action": torch.as_tensor([...])).

import numpy as np
import torch


def batch_experiences(experiences, device, phi, gamma, batch_states=None):
    batch_exp = {
        "state": torch.as_tensor(np.array([phi(elem[0]["state"]) for elem in experiences]), device=device),
        "action": torch.as_tensor([elem[0]["action"] for elem in experiences], device=device),  # expect: AB108
        "reward": torch.as_tensor(
            [sum((gamma ** i) * exp[i]["reward"] for i in range(len(exp))) for exp in experiences],
            dtype=torch.float32, device=device,
        ),
        "next_state": torch.as_tensor(np.array([phi(elem[-1]["next_state"]) for elem in experiences]), device=device),
        "is_state_terminal": torch.as_tensor(
            [any(t["is_state_terminal"] for t in exp) for exp in experiences], dtype=torch.float32, device=device,
        ),
    }
    return batch_exp
