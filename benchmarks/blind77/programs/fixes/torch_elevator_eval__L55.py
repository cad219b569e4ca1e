"""Evaluation of a learned elevator-dispatch policy: a small network scores every (hall call,
car) pair from the building's state, each call is assigned to the best-scoring car, and the
simulated waiting times are compared with a nearest-car baseline over many episodes."""
import torch
from torch import nn

N_FLOORS, N_CARS = 30, 6
device = "cuda" if torch.cuda.is_available() else "cpu"


class DispatchPolicy(nn.Module):
    def __init__(self, n_in, hidden=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_in, hidden), nn.ReLU(), nn.Linear(hidden, hidden),
                                 nn.ReLU(), nn.Linear(hidden, N_CARS))

    def forward(self, x):
        return self.net(x)


def encode(calls, cars):
    dist = (calls[:, None] - cars[None, :]).abs() / N_FLOORS
    return torch.cat([dist, calls[:, None] / N_FLOORS, (cars / N_FLOORS).expand(len(calls), -1)], 1)


class Evaluator:
    def __init__(self, policy):
        self.policy = policy

    @torch.no_grad()
    def score_one(self, feat):
        return self.policy(feat.unsqueeze(0))[0]

    def assign(self, feats):
        scores = torch.stack(list(map(self.score_one, feats)))
        return scores.argmax(dim=1)


def episode(evaluator, gen, n_calls):
    cars = torch.randint(0, N_FLOORS, (N_CARS,), generator=gen).float().to(device)
    calls = torch.randint(0, N_FLOORS, (n_calls,), generator=gen).float().to(device)
    chosen = evaluator.assign(encode(calls, cars))
    waits = (calls - cars[chosen]).abs()
    nearest = (calls[:, None] - cars[None, :]).abs().min(dim=1).values
    return waits.mean(), nearest.mean()


torch.manual_seed(0)
gen = torch.Generator().manual_seed(3)
policy = DispatchPolicy(2 * N_CARS + 1).to(device).eval()
evaluator = Evaluator(policy)
learned, baseline = [], []
for ep in range(30):
    w, b = episode(evaluator, gen, 2000)
    learned.append(w)
    baseline.append(b.item())
learned = torch.stack(learned).tolist()
gap = sum(learned) / len(learned) - sum(baseline) / len(baseline)
print(f"mean wait (floors): policy {sum(learned) / len(learned):.3f}, nearest car {sum(baseline) / len(baseline):.3f}")
print(f"result: {sum(learned) + sum(baseline) + gap:.10e}")
