"""Runs a small float32 recurrent mixing network over a long synthetic signal: each step mixes
the state with a fixed weight matrix, applies per-channel gains and a tanh, and prints the
mean activation of the final state."""
import numpy as np

N_CH = 256
N_STEPS = 10000

rng = np.random.default_rng(3)
W = (rng.standard_normal((N_CH, N_CH)) / np.sqrt(N_CH)).astype(np.float32)
gain = rng.uniform(0.5, 0.9, N_CH).astype(np.float32)
bias = np.float32(0.01) * np.ones(N_CH, dtype=np.float32)
drive = rng.standard_normal((64, N_CH)).astype(np.float32)
state = np.zeros((16, N_CH), dtype=np.float32)
trace = np.zeros(N_STEPS, dtype=np.float64)
for t in range(N_STEPS):
    x = state @ W + drive[t % 64]
    state = np.tanh(x * gain + bias)
    trace[t] = state[0, 0]
print(f"mean activation {float(state.mean()):.6f}")
print(f"result: {float(np.abs(state).sum()) + float(trace.sum()):.8e}")
