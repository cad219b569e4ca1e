# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Grows a history of player lengths with np.append on every iteration and recomputes a bonus from it."""

# Source: https://bugsfixing.com/solved-which-one-is-faster-np-vstack-np-append-np-concatenate-or-a-manual-function-made-in-cython/
# (a numpy list updated in each iteration with np.append(pl_list, [pl_length], axis=0)).

import numpy as np

pl_list = np.array([[8, 7]], dtype=np.int32)


def modify(pl_list, pl_length):
    k_const = 10
    mean = np.mean(pl_list, axis=0)
    mean = np.subtract(mean, pl_length)
    dev = np.std(pl_list, axis=0)
    mean = np.divide(mean, dev, out=np.zeros_like(mean), where=dev != 0)
    bonus = -1 + (2 / (1 + np.exp(-k_const * mean)))
    return list(bonus)


for i in range(2499):
    rand = np.random.randint(8, 64)
    pl_length = [rand, rand - 1]
    pl_list = np.append(pl_list, [pl_length], axis=0)  # expect: AB107
    bonus = modify(pl_list, pl_length)
