# ruff: noqa
"""Fire brigade hydrant survey: a small pressure model (trained briefly on synthetic survey
data) predicts the flow pressure of every hydrant in six districts from pipe age, diameter,
elevation and distance to the pump station; hydrants under the minimum pressure are flagged."""
import torch
import torch.nn as nn

torch.manual_seed(4)
DISTRICTS = ["harbour", "old town", "hill", "mill", "airport", "north"]
MIN_PRESSURE = 2.2


class PressureNet(nn.Module):
    def __init__(self, n_in=6, width=48):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_in, width), nn.SiLU(), nn.Linear(width, width),
                                  nn.SiLU(), nn.Linear(width, 1))

    def forward(self, x):
        return 3.0 + self.body(x).squeeze(-1)


def synth_hydrants(n):
    age = torch.rand(n) * 80
    diam = torch.randint(80, 300, (n,)).float() / 100
    elev = torch.randn(n) * 15
    dist = torch.rand(n) * 6
    x = torch.stack([age / 80, diam, elev / 15, dist / 6, torch.sin(elev), diam * dist / 6], 1)
    y = 4.0 - 0.02 * age + 0.5 * diam - 0.03 * elev - 0.2 * dist + 0.1 * torch.randn(n)
    return x, y


def train(model, x, y, epochs=12):
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for ep in range(epochs):
        for i in range(0, len(x), 512):
            loss = ((model(x[i:i + 512]) - y[i:i + 512]) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
    return model


def make_predictor(model, scale):
    def predict_one(features):
        return model(features.unsqueeze(0) * scale)[0]
    return predict_one


def survey_district(predict, hydrants):
    return torch.stack([predict(h) for h in hydrants])


model = train(PressureNet(), *synth_hydrants(8192))
model.eval()
flagged = {}
base_scale = torch.ones(6)
total = 0.0
with torch.no_grad():
    for k, name in enumerate(DISTRICTS):
        scale = base_scale.clone()
        scale[2] = 1.0 + 0.05 * k
        hydrants, _ = synth_hydrants(1800)
        pressure = survey_district(make_predictor(model, scale), hydrants)
        low = pressure < MIN_PRESSURE
        flagged[name] = int(low.sum())
        total += float(pressure.sum())
for name, n in flagged.items():
    print(f"{name:>9}: {n} hydrants under {MIN_PRESSURE} bar")
print(f"result: {total:.10e}")
