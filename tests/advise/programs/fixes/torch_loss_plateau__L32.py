# ruff: noqa
"""Streaming least-squares fit of a small linear model with SGD in torch: mini-batches arrive
one at a time, each step records its loss, and training stops once the recent losses no longer
improve on the average of all losses so far (a plateau test in a helper), or at a step limit.
Prints the steps taken, the final weights' error and a checksum."""
import statistics

import torch


def plateaued(losses, window=50):
    recent = torch.tensor(losses[-window:]).mean()
    overall = torch.tensor(losses).mean()
    return bool(recent > 0.995 * overall)


torch.manual_seed(2)
true_w = torch.randn(8, 1, dtype=torch.float64)
w = torch.zeros(8, 1, dtype=torch.float64, requires_grad=True)
opt = torch.optim.SGD([w], lr=0.002)
losses = []
step = 0
while step < 6_000:
    x = torch.randn(16, 8, dtype=torch.float64)
    y = x @ true_w + 0.5 * torch.randn(16, 1, dtype=torch.float64)
    loss = ((x @ w - y) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    losses.append(loss.item())
    step += 1
    if step > 500 and plateaued(losses):
        break
spread = statistics.stdev(losses)
error = float((w.detach() - true_w).norm())
print(f"steps: {step}  weight error: {error:.5f}")
print(f"result: {step + error + float(spread):.8f}")
