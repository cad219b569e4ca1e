# ruff: noqa
"""Fishery monitoring: classifies the hourly VMS pings of each port's fleet into behaviour
states (in port, steaming, searching, setting and hauling gear, drifting) with a six-state
hidden Markov model on speed and turning angle (transitions from observer-annotated trips):
forward pass for the fleet's log-likelihood and backward pass for the state posteriors
(expected hours fished per port), batched over vessels in torch, and prints hours fished and
the log-likelihood."""
import math
import numpy as np
import torch

torch.set_num_threads(1)

STATES = ("port", "steaming", "searching", "setting", "hauling", "drifting")
SPEED_MEAN = torch.tensor([0.1, 9.5, 5.5, 3.0, 1.6, 0.7])
SPEED_SD = torch.tensor([0.1, 1.5, 1.0, 0.6, 0.4, 0.4])
TURN_KAPPA = torch.tensor([0.2, 12.0, 2.0, 1.0, 3.0, 0.5])
PRIOR_COUNT = 0.5  # add-half smoothing of the observer transition counts
# hourly transitions counted on observer-annotated trips: OBSERVED[from][to]
OBSERVED = {
    "port": {"port": 950, "steaming": 50},
    "steaming": {"port": 20, "steaming": 880, "searching": 80, "drifting": 20},
    "searching": {"steaming": 60, "searching": 700, "setting": 220, "drifting": 20},
    "setting": {"setting": 600, "hauling": 400},
    "hauling": {"steaming": 60, "searching": 90, "hauling": 850},
    "drifting": {"steaming": 150, "searching": 50, "drifting": 800},
}


def transition_matrix():
    counts = torch.tensor([[OBSERVED[a].get(b, 0) + PRIOR_COUNT for b in STATES] for a in STATES])
    return counts / counts.sum(dim=1, keepdim=True)


def simulate_port(n_vessels, n_pings, rng):
    A = transition_matrix().numpy().astype(np.float64)
    A /= A.sum(axis=1, keepdims=True)
    states = np.zeros((n_vessels, n_pings), dtype=np.int64)
    u = rng.random((n_vessels, n_pings))
    cum = np.cumsum(A, axis=1)
    for t in range(1, n_pings):
        states[:, t] = (u[:, t, None] > cum[states[:, t - 1]]).sum(axis=1)
    states = np.minimum(states, len(STATES) - 1)
    mean, sd = SPEED_MEAN.numpy()[states], SPEED_SD.numpy()[states]
    speed = np.abs(mean + sd * rng.standard_normal(states.shape))
    turn = rng.vonmises(0.0, TURN_KAPPA.numpy()[states])
    return torch.from_numpy(speed).float(), torch.from_numpy(turn).float()


def emission_logprob(speed, turn):
    z = (speed[..., None] - SPEED_MEAN) / SPEED_SD
    log_speed = -0.5 * z * z - torch.log(SPEED_SD) - 0.5 * math.log(2 * math.pi)
    bessel = torch.special.i0(TURN_KAPPA)
    log_turn = TURN_KAPPA * torch.cos(turn[..., None]) - torch.log(2 * math.pi * bessel)
    return log_speed + log_turn


def forward_backward(logb, init):
    """Scaled forward-backward; returns per-vessel log-likelihood and state posteriors."""
    n, T, S = logb.shape
    peak = logb.max(dim=2, keepdim=True).values
    b = torch.exp(logb - peak)
    alphas = torch.empty((n, T, S))
    scale = torch.empty((n, T, 1))
    alpha = init * b[:, 0]
    scale[:, 0] = alpha.sum(dim=1, keepdim=True)
    alphas[:, 0] = alpha / scale[:, 0]
    for t in range(1, T):
        alpha = (alphas[:, t - 1] @ transition_matrix()) * b[:, t]
        scale[:, t] = alpha.sum(dim=1, keepdim=True)
        alphas[:, t] = alpha / scale[:, t]
    beta = torch.ones((n, S))
    posterior = torch.empty((n, T, S))
    posterior[:, -1] = alphas[:, -1]
    for t in range(T - 2, -1, -1):
        beta = ((b[:, t + 1] * beta) @ transition_matrix().T) / scale[:, t + 1]
        posterior[:, t] = alphas[:, t] * beta
    loglik = (torch.log(scale) + peak).sum(dim=(1, 2))
    return loglik, posterior


rng = np.random.default_rng(8)
ports = {"harbour_%d" % i: int(n) for i, n in enumerate(rng.integers(30, 90, 10))}
hours_fished = {}
init = torch.tensor([0.95, 0.01, 0.01, 0.01, 0.01, 0.01])
total_ll = 0.0
for port, n_vessels in ports.items():
    speed, turn = simulate_port(n_vessels, 1500, rng)
    logb = emission_logprob(speed, turn)
    ll, posterior = forward_backward(logb, init)
    hours_fished[port] = float(posterior[:, :, STATES.index("setting"):STATES.index("hauling") + 1].sum())
    total_ll += float(ll.sum())
print("hours fished by port:", {p: round(h) for p, h in hours_fished.items()})
print(f"result: {sum(hours_fished.values()) + total_ll / 1e6:.10e}")
