# ruff: noqa
"""Scores weather-station symbol sequences under a 64-state hidden Markov model in torch (the
scaled forward algorithm, one sequence at a time) and prints the total log-likelihood."""
import random

import torch

torch.set_num_threads(1)
N_STATES, N_SYMBOLS = 64, 12


def make_model(rnd):
    trans = []
    for i in range(N_STATES):
        row = [rnd.random() ** 4 + (3.0 if abs(i - j) <= 1 else 0.0) for j in range(N_STATES)]
        s = sum(row)
        trans.append([v / s for v in row])
    emit = []
    for i in range(N_STATES):
        row = [rnd.random() + (2.0 if j == i % N_SYMBOLS else 0.0) for j in range(N_SYMBOLS)]
        s = sum(row)
        emit.append([v / s for v in row])
    return trans, emit


def forward_loglik(seq, trans_rows, emit_t, start):
    trans_t = TRANS_T
    obs = torch.tensor(seq)
    alpha = start * emit_t[:, obs[0]]
    loglik = torch.log(alpha.sum())
    alpha = alpha / alpha.sum()
    for t in range(1, len(seq)):
        alpha = (alpha @ trans_t) * emit_t[:, obs[t]]
        c = alpha.sum()
        loglik = loglik + torch.log(c)
        alpha = alpha / c
    return loglik


rnd = random.Random(0)
trans_rows, emit_rows = make_model(rnd)
TRANS_T = torch.tensor(trans_rows)
emit_t = torch.tensor(emit_rows)
start = torch.full((N_STATES,), 1.0 / N_STATES)
seqs = [[rnd.randrange(N_SYMBOLS) for _ in range(rnd.randint(8, 16))] for _ in range(4000)]
total = 0.0
for seq in seqs:
    total += float(forward_loglik(seq, trans_rows, emit_t, start))
print(f"mean log-likelihood per sequence {total / len(seqs):.4f}")
print(f"result: {total:.6e}")
