# ruff: noqa
"""Defect screening for a glass studio's furnace line. A small 1-D conv net (random weights,
seeded; the studio swaps in its trained one) scores every gather's sensor window (pyrometer,
draw force, bubble-counter) for seeds, cords and stones. A forward hook keeps the penultimate
embeddings so the shift's gathers can be grouped afterwards against the class prototypes;
the script prints the defect counts per class and how tightly each class clusters."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
CLASSES = ["clear", "seed", "cord", "stone"]


@dataclass
class ScreenConfig:
    channels: int = 3
    window: int = 64
    batch: int = 24
    n_batches: int = 800
    embed: int = 48


class DefectNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(cfg.channels, 8, 5, padding=2), nn.ReLU(), nn.AdaptiveAvgPool1d(8),
            nn.Flatten(), nn.Linear(64, cfg.embed), nn.ReLU())
        self.head = nn.Linear(cfg.embed, len(CLASSES))

    def forward(self, x):
        return self.head(self.features(x))


class EmbeddingRecorder:
    """Forward hook on the feature extractor: keeps every embedding of the shift."""

    def __init__(self, embed):
        self.bank = torch.empty(0, embed)

    def __call__(self, module, inputs, output):
        self.bank = torch.cat([self.bank, output.detach().cpu()])

    @property
    def embeddings(self):
        return self.bank


def sensor_batches(cfg, gen):
    for _ in range(cfg.n_batches):
        x = torch.randn(cfg.batch, cfg.channels, cfg.window, generator=gen)
        x[:, 0] += torch.linspace(0, 1, cfg.window)
        yield x


def main():
    torch.manual_seed(3)
    cfg = ScreenConfig()
    net = DefectNet(cfg).to(device).eval()
    recorder = EmbeddingRecorder(cfg.embed)
    net.features.register_forward_hook(recorder)
    gen = torch.Generator().manual_seed(9)
    labels = []
    with torch.no_grad():
        for x in sensor_batches(cfg, gen):
            labels.append(net(x.to(device)).argmax(dim=1).cpu())
    labels = torch.cat(labels)
    emb = recorder.embeddings
    protos = torch.stack([emb[labels == c].mean(dim=0) if (labels == c).any() else torch.zeros(cfg.embed)
                          for c in range(len(CLASSES))])
    reference = protos
    spread = torch.cdist(emb, reference).min(dim=1).values
    counts = torch.bincount(labels, minlength=len(CLASSES))
    for c, name in enumerate(CLASSES):
        sel = labels == c
        s = spread[sel].mean().item() if sel.any() else 0.0
        print(f"{name:6s}: {int(counts[c]):6d} gathers, spread {s:.4f}")
    print(f"result: {emb.sum().item() + spread.sum().item() + float(counts @ torch.arange(4)):.10e}")


if __name__ == "__main__":
    main()
