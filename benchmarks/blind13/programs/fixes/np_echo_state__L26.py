# ruff: noqa
"""Echo-state network (reservoir computing) forecasting a quasi-periodic load signal: a fixed
random reservoir, kept in float32 for speed, is driven by the signal one step at a time, a ridge
read-out is fitted on the collected states, and the one-step forecast error is reported."""

import numpy as np

N_RES = 500
T_TRAIN, T_TEST = 30000, 5000
LEAK = 0.3
RIDGE = 1e-1

rng = np.random.default_rng(4)
t = np.arange(T_TRAIN + T_TEST + 1)
signal = np.sin(0.05 * t) + 0.5 * np.sin(0.23 * t + 1.0) + 0.05 * rng.normal(size=t.size)
u = signal.astype(np.float32)

W = rng.normal(0.0, 1.0, (N_RES, N_RES)).astype(np.float32)
W *= np.float32(0.9 / np.sqrt(N_RES))
W_in = rng.uniform(-0.5, 0.5, N_RES).astype(np.float32)
bias = rng.uniform(-0.1, 0.1, N_RES).astype(np.float32)

state = np.zeros(N_RES, dtype=np.float32)
states = np.empty((T_TRAIN + T_TEST, N_RES), dtype=np.float32)
for step in range(T_TRAIN + T_TEST):
    pre = W @ state + W_in * u[step] + bias
    state = (1.0 - LEAK) * state + LEAK * np.tanh(pre)
    states[step] = state

S, y = states[:T_TRAIN], u[1 : T_TRAIN + 1]
w_out = np.linalg.solve(S.T @ S + RIDGE * np.eye(N_RES, dtype=np.float32), S.T @ y)
pred = states[T_TRAIN:] @ w_out
target = signal[T_TRAIN + 1 :]
rmse = float(np.sqrt(np.mean((pred - target) ** 2)))
print(f"one-step forecast RMSE {rmse:.5f}")
print(f"result: {rmse * 1e3 + float(pred.mean()):.10e}")
