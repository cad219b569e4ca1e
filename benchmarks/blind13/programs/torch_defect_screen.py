# ruff: noqa
"""Screening wafer-inspection patches for defects with a small convolutional classifier: the
patches of each lot are classified, the defect rate per lot is tracked, and lots whose defect
rate exceeds the control limit are listed."""

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class DefectNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 8, 3, padding=1),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(8, 16, 3, padding=1),
            nn.ReLU(),
            nn.AdaptiveAvgPool2d(1),
        )
        self.head = nn.Linear(16, 2)

    def forward(self, x):
        return self.head(self.features(x).flatten(1))


class Screener:
    def __init__(self, model, threshold):
        self.model = model.eval()
        self.threshold = threshold

    def defect_prob(self, patches):
        with torch.no_grad():
            logits = torch.cat([self.model(p[None]) for p in patches])
        return logits.softmax(dim=1)[:, 1]


torch.manual_seed(12)
model = DefectNet().to(device)
screener = Screener(model, 0.5)
n_lots, per_lot = 100, 400
rates = []
flagged = 0
for lot in range(n_lots):
    patches = torch.randn(per_lot, 1, 16, 16, device=device)
    patches[: lot % 7] += 2.0
    prob = screener.defect_prob(patches)
    flagged += (prob > screener.threshold).sum().item()
    rates.append(float(prob.mean()))

rates = torch.tensor(rates)
limit = rates.mean() + 3 * rates.std()
print(
    f"{flagged} patches flagged; lots over the limit: {torch.nonzero(rates > limit).flatten().tolist()}"
)
print(f"result: {float(rates.sum()) + flagged:.10e}")
