# ruff: noqa
"""Re-ranking stage of a recommender: for each incoming request, candidate items from the
retrieval stage are scored by a click-through-rate model (embeddings for user and item, an
MLP over their concatenation with dense context features), the top ones kept, and the
expected clicks of the served slates summed."""
import itertools

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_USERS, N_ITEMS, EMB, N_DENSE = 5000, 20000, 16, 8


class CTRModel(nn.Module):
    def __init__(self, widths=(64, 32)):
        super().__init__()
        self.user_emb = nn.Embedding(N_USERS, EMB)
        self.item_emb = nn.Embedding(N_ITEMS, EMB)
        w1, w2 = widths
        layers = [nn.Linear(2 * EMB + N_DENSE, w1), nn.ReLU(), nn.Linear(w1, w2), nn.ReLU(), nn.Linear(w2, 1)]
        self.mlp = nn.Sequential(*layers)

    def forward(self, user, item, dense):
        z = torch.cat([self.user_emb(user), self.item_emb(item), dense], dim=-1)
        return torch.sigmoid(self.mlp(z)).squeeze(-1)


def request_stream(g, n):
    for _ in range(n):
        user = torch.randint(0, N_USERS, (1,), generator=g)
        cands = torch.randint(0, N_ITEMS, (200,), generator=g)
        dense = torch.randn(200, N_DENSE, generator=g)
        yield user, cands, dense


class Reranker:
    def __init__(self, model, k=10):
        self.model, self.k = model, k

    @torch.no_grad()
    def __call__(self, user, cands, dense):
        scores = torch.stack([self.model(user[0], c, d) for c, d in zip(cands, dense)])
        top = torch.topk(scores, self.k)
        return top.values, cands[top.indices]


torch.manual_seed(0)
model = CTRModel().to(device).eval()
rerank = Reranker(model)
g = torch.Generator().manual_seed(42)
served, clicks = [], torch.zeros((), device=device)
for user, cands, dense in itertools.islice(request_stream(g, 10_000), 90):
    vals, items = rerank(user.to(device), cands.to(device), dense.to(device))
    clicks += vals.sum()
    served.append(items)
served = torch.cat(served)
print(f"requests {len(served) // 10}, distinct items {served.unique().numel()}, expected clicks {float(clicks):.4f}")
print(f"result: {float(clicks) + float(served.float().mean()):.10e}")
