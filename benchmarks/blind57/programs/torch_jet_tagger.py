# ruff: noqa
"""Jet-tagging classifier for a collider analysis: synthetic events carry up to 64 jets with
kinematics (pt, eta, phi, mass, b-score); a per-jet network scores every jet, an event-level
trigger emulation selects events through pluggable selection hooks, and the selected events'
signal efficiency and background rejection are reported."""
import functools

import torch
from torch import nn

torch.manual_seed(0)
device = "cuda" if torch.cuda.is_available() else "cpu"


class JetScorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(5, 32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, jets):
        return torch.sigmoid(self.net(jets)).squeeze(-1)


def leading_jet_trigger(event_pt, scores, threshold):
    return max(event_pt) > threshold


def btag_hook(event_pt, scores, cut):
    return scores.max() > cut


class EventSelector:
    def __init__(self, model, hooks):
        self.model = model
        self.hooks = hooks

    @torch.no_grad()
    def select(self, jets):
        scores = self.model(jets)
        keep = []
        for ev in range(jets.shape[0]):
            pt = jets[ev, :, 0]
            ok = all(hook(pt, scores[ev]) for hook in self.hooks)
            keep.append(ok)
        return torch.tensor(keep)


def make_events(n, g, signal):
    jets = torch.randn(n, 64, 5, generator=g)
    jets[..., 0] = 30.0 * torch.rand(n, 64, generator=g) ** 2 * (1.6 if signal else 1.0)
    jets[..., 4] += 0.8 if signal else 0.0
    return jets


g = torch.Generator().manual_seed(7)
model = JetScorer().to(device).eval()
hooks = [
    functools.partial(leading_jet_trigger, threshold=29.0),
    functools.partial(btag_hook, cut=0.476),
]
selector = EventSelector(model, hooks)
weights = [1.0, 0.5, 0.25]
norm = sum(weights)
passed = {}
for label, signal in (("signal", True), ("background", False)):
    total = 0
    for chunk in range(6):
        jets = make_events(1_000, g, signal).to(device)
        total += int(selector.select(jets).sum())
    passed[label] = total / 6_000
print(f"signal eff {passed['signal']:.4f}, background eff {passed['background']:.4f}")
print(f"result: {passed['signal'] * norm + passed['background']:.10e}")
