# ruff: noqa
"""Quality-score regressor for a wine-blending group: a small PyTorch network predicts a tasting
panel's score from lab chemistry (acidity, sugar, sulphites, alcohol...) plus an aroma profile
looked up from each lot's grape variety, trained with minibatches drawn by a dataset class."""
import numpy as np
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
_prof_rng = np.random.default_rng(1)
VARIETAL_PROFILES = np.round(_prof_rng.gamma(2.0, 0.5, size=(240, 64)), 3).tolist()
REGION_BONUS = [0.0, 0.15, 0.3, -0.1]


class LotDataset:
    def __init__(self, chem, variety, region, score):
        self.chem, self.variety, self.region, self.score = chem, variety, region, score

    def __len__(self):
        return len(self.score)

    def features(self, idx):
        profiles = torch.tensor(VARIETAL_PROFILES, device=device)
        return torch.cat([self.chem[idx], profiles[self.variety[idx]]], dim=1)

    def target(self, idx):
        bonus = torch.tensor(REGION_BONUS, device=device)
        return self.score[idx] + bonus[self.region[idx]]

    def batches(self, size, gen):
        order = torch.randperm(len(self), generator=gen)
        for start in range(0, len(self) - size + 1, size):
            idx = order[start : start + size].to(device)
            yield self.features(idx), self.target(idx)


def make_lots(gen, n):
    chem = torch.randn(n, 11, generator=gen)
    variety = torch.randint(0, 240, (n,), generator=gen)
    region = torch.randint(0, 4, (n,), generator=gen)
    prof = torch.tensor(VARIETAL_PROFILES)
    score = 6.0 + chem[:, :3].sum(1) * 0.4 + prof[variety, :5].mean(1) + 0.3 * torch.randn(n, generator=gen)
    return LotDataset(chem.to(device), variety.to(device), region.to(device), score.to(device))


gen = torch.Generator().manual_seed(12)
torch.manual_seed(12)
data = make_lots(gen, 16000)
model = nn.Sequential(nn.Linear(11 + 64, 32), nn.ReLU(), nn.Linear(32, 1)).to(device)
opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
running = torch.zeros((), device=device)
for epoch in range(6):
    for xb, yb in data.batches(128, gen):
        loss = ((model(xb).squeeze(1) - yb) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        running = 0.99 * running + 0.01 * loss.detach()
print(f"smoothed training mse {float(running):.4f}")
print(f"result: {float(running):.10e}")
