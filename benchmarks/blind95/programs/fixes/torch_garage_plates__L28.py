# ruff: noqa
"""Re-identification of vehicles at a parking garage's entry and exit cameras: a small encoder
turns synthetic plate-crop descriptors into embeddings, a forward hook collects the embeddings
of the exit stream, and each entry is matched to its nearest exit to estimate dwell times."""
from dataclasses import dataclass, field

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class PlateEncoder(nn.Module):
    def __init__(self, n_in=40, width=64, n_out=24):
        super().__init__()
        self.proj = nn.Sequential(nn.Linear(n_in, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU())
        self.head = nn.Linear(width, n_out)

    def forward(self, x):
        return nn.functional.normalize(self.head(self.proj(x)), dim=-1)


@dataclass
class EmbeddingTap:
    parts: list = field(default_factory=list)

    @property
    def bank(self):
        return torch.cat(self.parts) if self.parts else torch.empty(0, 24)

    def __call__(self, module, inputs, output):
        self.parts.append(output.detach())


def camera_stream(gen, plates, n_batches, batch, noise):
    for _ in range(n_batches):
        idx = torch.randint(0, plates.shape[0], (batch,), generator=gen)
        yield idx, plates[idx] + noise * torch.randn(batch, plates.shape[1], generator=gen)


@torch.no_grad()
def encode_exits(model, stream):
    tap = EmbeddingTap()
    handle = model.head.register_forward_hook(tap)
    ids = []
    for idx, crops in stream:
        model(crops.to(device))
        ids.append(idx)
    handle.remove()
    return tap.bank, torch.cat(ids)


@torch.no_grad()
def match(model, entries, bank, chunk=2048):
    thresholds = torch.tensor([0.5, 0.7, 0.9])
    hits = []
    for s in range(0, entries.shape[0], chunk):
        emb = model(entries[s : s + chunk])
        sim = emb @ nn.functional.normalize(bank, dim=-1).T
        hits.append(sim.max(dim=1))
    best = torch.cat([h.values for h in hits])
    where = torch.cat([h.indices for h in hits])
    levels = thresholds.clone()
    return best, where, (best[:, None] > levels).sum(dim=0)


torch.manual_seed(0)
gen = torch.Generator().manual_seed(2)
plates = torch.randn(5000, 40, generator=gen)
model = PlateEncoder().to(device).eval()
bank, exit_ids = encode_exits(model, camera_stream(gen, plates, n_batches=1000, batch=32, noise=0.3))
entry_ids = torch.randint(0, plates.shape[0], (6000,), generator=gen)
entries = plates[entry_ids] + 0.3 * torch.randn(6000, 40, generator=gen)
best, where, counts = match(model, entries.to(device), bank)
correct = (exit_ids[where.cpu()] == entry_ids).float().mean()
print(f"bank {tuple(bank.shape)}; matched correctly {correct.item():.3f}; above thresholds {counts.tolist()}")
print(f"result: {float(best.double().sum()) + float(correct) + float(counts.sum()):.10e}")
