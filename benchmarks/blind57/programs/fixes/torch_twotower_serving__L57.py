# ruff: noqa
"""Offline evaluation of a two-tower retrieval model for a recommender: a user tower and an item
tower (small MLPs) embed synthetic user profiles and item features, users are matched to their
top-k items by inner product, and recall@k against held-out interactions is reported."""
import itertools

import torch
from torch import nn

torch.manual_seed(0)
device = "cuda" if torch.cuda.is_available() else "cpu"


def tower(d_in, widths):
    layers = []
    for a, b in itertools.pairwise([d_in, *widths]):
        layers += [nn.Linear(a, b), nn.ReLU()]
    return nn.Sequential(*layers[:-1])


class TwoTower(nn.Module):
    def __init__(self):
        super().__init__()
        self.user_tower = tower(40, [128, 64, 32])
        self.item_tower = tower(24, [96, 32])


class Retriever:
    def __init__(self, model, k):
        self.model = model
        self.k = k

    def embed_items(self, item_feats, shard=500):
        parts = [self.model.item_tower(chunk) for chunk in item_feats.split(shard)]
        return nn.functional.normalize(torch.cat(parts), dim=1)

    def embed_users(self, profiles):
        rows = (self.model.user_tower(p.unsqueeze(0)) for p in profiles)
        return nn.functional.normalize(torch.cat(list(rows)), dim=1)

    def topk(self, profiles, item_emb):
        u = self.embed_users(profiles)
        return (u @ item_emb.T).topk(self.k, dim=1).indices


g = torch.Generator().manual_seed(3)
users = torch.randn(40_000, 40, generator=g)
items = torch.randn(2_000, 24, generator=g)
held_out = torch.randint(0, 2_000, (40_000,), generator=g)
model = TwoTower().to(device).eval()
retriever = Retriever(model, k=20)
hits = 0
with torch.no_grad():
    item_emb = retriever.embed_items(items.to(device))
    for batch, truth in zip(users.to(device).split(2_000), held_out.to(device).split(2_000)):
        top = retriever.topk(batch, item_emb)
        hits += (top == truth[:, None]).any(dim=1).sum()
    hits = int(hits)
    score = (item_emb.sum() + hits).item()
print(f"recall@20 {hits / len(users):.4f}")
print(f"result: {score:.10e}")
