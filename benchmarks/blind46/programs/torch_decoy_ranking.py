# ruff: noqa
"""Ranks synthetic protein structure decoys with a knowledge-based statistical pair potential:
for each decoy, C-alpha distances are binned and every residue pair's energy is read from a
residue-type x residue-type x distance-bin table; decoys are scored in chunks and the best are
reported."""
import random

import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
AMINO = "ACDEFGHIKLMNPQRSTVWY"
BIN_EDGES = [4.0, 5.0, 6.0, 7.0, 8.0, 10.0, 12.0]

_r = random.Random(42)
# statistical potential as published: energies[a][b][bin], symmetric in a, b
POTENTIAL = [[[0.0] * (len(BIN_EDGES) + 1) for _ in AMINO] for _ in AMINO]
for a in range(len(AMINO)):
    for b in range(a, len(AMINO)):
        row = [round(_r.uniform(-1.0, 0.6) * (1.0 - k / 9), 3) for k in range(len(BIN_EDGES) + 1)]
        POTENTIAL[a][b] = row
        POTENTIAL[b][a] = row


class PairPotential:
    def __init__(self, device):
        self.device = device
        self.edges = torch.tensor(BIN_EDGES, device=device)

    @property
    def table(self):
        return torch.tensor(POTENTIAL, dtype=torch.float32, device=self.device)

    def energy(self, coords, seq):
        d = torch.cdist(coords, coords)
        bins = torch.bucketize(d, self.edges)
        n = len(seq)
        e = self.table[seq[:, None], seq[None, :], bins]
        mask = torch.triu(torch.ones(n, n, dtype=torch.bool, device=self.device), diagonal=3)
        return e[mask].sum()


def decoys(n, length, gen):
    for _ in range(n):
        steps = torch.randn(length, 3, generator=gen)
        steps = 3.8 * steps / steps.norm(dim=1, keepdim=True)
        coords = torch.cumsum(steps, dim=0)
        seq = torch.randint(0, len(AMINO), (length,), generator=gen)
        yield coords.to(device), seq.to(device)


gen = torch.Generator().manual_seed(7)
potential = PairPotential(device)
chunks, chunk = [], []
for k, (coords, seq) in enumerate(decoys(8000, 40, gen)):
    chunk.append(potential.energy(coords, seq))
    if len(chunk) == 500:
        chunks.append(torch.stack(chunk))
        chunk = []
all_scores = torch.empty(0, device=device)
for part in chunks:
    all_scores = torch.cat([all_scores, part])
best = torch.topk(all_scores, 5, largest=False)
print("decoys scored:", len(all_scores), "best energies:", [round(v, 2) for v in best.values.tolist()])
print("result:", float(all_scores.sum()) + float(best.values.sum()))
