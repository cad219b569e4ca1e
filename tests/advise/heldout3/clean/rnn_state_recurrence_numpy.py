# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Iterates the state of a random recurrent network, x <- J tanh(x), for a fixed number of steps."""

# Source: https://github.com/pytorch/pytorch/issues/1088 (the CPU reference of the RNN test script:
# rn = np.tanh(xn); xn = Jn.dot(rn), a recurrence where each step needs the previous state).

import numpy as np

N = 1000
Jn = np.random.randn(N, N) / np.sqrt(N)
xn = np.random.randn(N)

states = np.empty((1000, N))
for i in range(1000):
    rn = np.tanh(xn)
    xn = Jn.dot(rn)
    states[i] = xn
