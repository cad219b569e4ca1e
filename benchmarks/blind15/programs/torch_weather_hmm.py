# ruff: noqa
"""Forward filtering of a hidden weather-regime Markov model over a long synthetic record of
daily observations; prints the log-likelihood of the record."""
import torch


class RegimeFilter:
    def __init__(self, emissions):
        self.emissions = emissions
        self.prior = torch.tensor([0.3, 0.2, 0.2, 0.1, 0.1, 0.05, 0.03, 0.02])

    def transition(self):
        return torch.tensor([[0.80, 0.05, 0.05, 0.03, 0.03, 0.02, 0.01, 0.01],
                             [0.05, 0.80, 0.05, 0.03, 0.03, 0.02, 0.01, 0.01],
                             [0.05, 0.05, 0.80, 0.03, 0.03, 0.02, 0.01, 0.01],
                             [0.03, 0.03, 0.05, 0.80, 0.05, 0.02, 0.01, 0.01],
                             [0.03, 0.03, 0.05, 0.05, 0.80, 0.02, 0.01, 0.01],
                             [0.02, 0.02, 0.03, 0.03, 0.05, 0.80, 0.03, 0.02],
                             [0.01, 0.01, 0.02, 0.03, 0.03, 0.05, 0.80, 0.05],
                             [0.01, 0.01, 0.02, 0.03, 0.03, 0.05, 0.05, 0.80]])

    def step(self, alpha, day):
        alpha = (alpha @ self.transition()) * self.emissions[day]
        norm = alpha.sum()
        return alpha / norm, norm


torch.manual_seed(0)
days = 80000
emissions = torch.rand(days, 8) * 0.9 + 0.1
filt = RegimeFilter(emissions)
alpha = filt.prior.clone()
norms = torch.empty(days)
checkpoints = []
day = 0
while day < days:
    alpha, norms[day] = filt.step(alpha, day)
    if day % 2000 == 0:
        checkpoints.append(alpha.max().item())
    day += 1
loglik = torch.log(norms).sum()
print(f"checkpoints: {len(checkpoints)}")
print(f"result: {loglik.item():.8e}")
