"""Two-tower retrieval: an item tower embeds a catalogue of products, a user tower embeds
users' recent-activity features, and each user's candidates are scored against the catalogue
with a temperature; the top 10 per user and the catalogue's coverage are reported."""
import functools

import torch
from torch import nn

torch.manual_seed(1)


class Tower(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_in, 96), nn.ReLU(), nn.Linear(96, d_out))

    def forward(self, x):
        return nn.functional.normalize(self.net(x), dim=-1)


class Retriever:
    def __init__(self, item_tower, user_tower, item_feats):
        self.user_tower = user_tower
        with torch.no_grad():
            self.items = item_tower(item_feats)

    def score(self, user_feat, temperature=1.0):
        with torch.no_grad():
            u = self.user_tower(user_feat)
            logits = (self.items @ u) / temperature
        return logits.softmax(0)


items = torch.randn(1500, 24)
users = torch.randn(300, 16)
ret = Retriever(Tower(24, 32), Tower(16, 32), items)
scorer = functools.partial(ret.score, temperature=0.1)
top = []
mass = 0.0
for probs in map(scorer, users):
    vals, idx = probs.topk(10)
    top.append(idx.tolist())
    mass += float(vals.sum())
coverage = len({i for row in top for i in row})
print(f"{len(top)} users, {coverage} distinct items in the top 10s, mean top-10 mass {mass / len(top):.4f}")
print(f"result: {mass + coverage + sum(sum(r) for r in top) * 1e-6:.10e}")
