# ruff: noqa
"""Scoring ticket-buying sessions for bot and scalper behaviour: each session is a sequence of
page events, embedded and pooled, then mixed with a venue-affinity table (how often buyers of one
venue category also buy another) before a linear fraud head. The model is trained with a plain
SGD loop over mini-batches of sessions."""
import numpy as np
import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
N_EVENTS, N_VENUES = 40, 128

_rng = np.random.default_rng(9)
_aff = _rng.dirichlet(np.ones(N_VENUES), size=N_VENUES)
VENUE_AFFINITY = [[round(float(v), 5) for v in row] for row in _aff]


AFFINITY = torch.tensor(VENUE_AFFINITY, device=device)


class SessionModel(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.events = nn.EmbeddingBag(N_EVENTS, dim, mode="mean")
        self.venue_proj = nn.Linear(N_VENUES, dim)
        self.head = nn.Linear(2 * dim, 1)

    @property
    def affinity(self):
        return AFFINITY

    def forward(self, events, offsets, venue_counts):
        ev = self.events(events, offsets)
        venues = self.venue_proj(venue_counts @ self.affinity)
        return self.head(torch.cat([ev, torch.relu(venues)], dim=1)).squeeze(-1)


def make_sessions(n, gen):
    lengths = torch.randint(3, 12, (n,), generator=gen)
    events = torch.randint(0, N_EVENTS, (int(lengths.sum()),), generator=gen)
    offsets = torch.cat([torch.zeros(1, dtype=torch.long), lengths.cumsum(0)[:-1]])
    venue_counts = torch.poisson(torch.full((n, N_VENUES), 0.2), generator=gen)
    label = ((events[offsets] % 7 == 0) | (venue_counts.sum(1) > 25)).float()
    return events, offsets, venue_counts, label


gen = torch.Generator().manual_seed(4)
model = SessionModel().to(device)
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
lossf = nn.BCEWithLogitsLoss()
epoch_losses = []
for epoch in range(4):
    running = []
    for step in range(200):
        events, offsets, venue_counts, label = make_sessions(64, gen)
        logits = model(events.to(device), offsets.to(device), venue_counts.to(device))
        loss = lossf(logits, label.to(device))
        opt.zero_grad()
        loss.backward()
        opt.step()
        running.append(loss.detach())
    epoch_losses.append(torch.stack(running).mean())
    print(f"epoch {epoch}: loss {epoch_losses[-1].item():.4f}")
curve = torch.cat([l.reshape(1) for l in epoch_losses])
print(f"result: {curve.sum().item():.10e}")
