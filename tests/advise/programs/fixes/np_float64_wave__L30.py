# ruff: noqa
"""Simulates a damped 2-D acoustic wave in a float32 room model with a varying sound speed,
records a microphone trace and the field's energy, and prints their checksum."""
import numpy as np


def speed_field(n, rng):
    c = np.full((n, n), 1.0, dtype=np.float32)
    c[n // 3 : n // 2, :] = 0.6
    c += 0.05 * rng.standard_normal((n, n)).astype(np.float32)
    return c


def laplacian(u):
    return np.roll(u, 1, 0) + np.roll(u, -1, 0) + np.roll(u, 1, 1) + np.roll(u, -1, 1) - 4.0 * u


def simulate(n_steps, n, rng):
    dt, gamma = 0.2, 0.002
    c = speed_field(n, rng)
    c2dt2 = (c * c) * (dt * dt)
    damping = np.exp(-gamma * dt)
    u = np.zeros((n, n), dtype=np.float32)
    u_prev = np.zeros_like(u)
    u[n // 4, n // 4] = 1.0
    trace = []
    energy = np.float64(0.0)
    for step in range(n_steps):
        lap = laplacian(u)
        u_next = (2.0 * u - u_prev + c2dt2 * lap) * np.float32(damping)
        u_prev, u = u, u_next
        trace.append(u[3 * n // 4, 3 * n // 4])
        if step % 50 == 0:
            energy += np.sum(u * u, dtype=np.float64)
    return np.array(trace), energy, u


rng = np.random.default_rng(0)
trace, energy, u = simulate(1200, 512, rng)
print(f"field dtype {u.dtype}, energy {float(energy):.6e}")
print(f"result: {float(np.abs(trace).sum()) + float(energy):.8e}")
