# ruff: noqa
"""Two-stage retrieval evaluation: a dual encoder embeds synthetic queries and passages, the top
candidates for each query are fetched by inner product, re-ranked with a learned bilinear score,
and recall@10 and MRR are reported."""
from functools import partial

import torch
from torch import nn

torch.manual_seed(0)
DIM = 96


class Tower(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_in, 192), nn.Tanh(), nn.Linear(192, d_out))

    def forward(self, x):
        return nn.functional.normalize(self.net(x), dim=-1)


def bilinear_score(passages, w, q):
    qw = w @ q
    return passages @ qw


class Reranker:
    def __init__(self, dim, k):
        self.w = torch.eye(dim) + 0.05 * torch.randn(dim, dim)
        self.k = k

    def __call__(self, q_emb, p_emb):
        first = (p_emb @ q_emb.T).T
        top = first.topk(self.k, dim=1).indices
        out = []
        for qi, cand in enumerate(top):
            score = partial(bilinear_score, p_emb[cand], self.w)
            order = score(q_emb[qi]).argsort(descending=True)
            out.append(cand[order])
        return torch.stack(out)


def metrics(ranked, gold):
    hits = ranked == gold[:, None]
    recall = hits[:, :10].any(1).float().mean()
    pos = hits.float().argmax(1).float() + 1
    mrr = torch.where(hits.any(1), 1.0 / pos, torch.zeros_like(pos)).mean()
    return float(recall), float(mrr)


gen = torch.Generator().manual_seed(4)
n_pass, n_query, d_raw = 12000, 1500, 128
passages_raw = torch.randn(n_pass, d_raw, generator=gen)
gold = torch.randint(0, n_pass, (n_query,), generator=gen)
queries_raw = passages_raw[gold] + 0.9 * torch.randn(n_query, d_raw, generator=gen)
q_tower, p_tower = Tower(d_raw, DIM), Tower(d_raw, DIM)
p_tower.load_state_dict(q_tower.state_dict())
reranker = Reranker(DIM, k=400)
with torch.no_grad():
    p_emb = p_tower(passages_raw)
    results = {}
    for name, lo in [("easy", 0), ("hard", n_query // 2)]:
        sl = slice(lo, lo + n_query // 2)
        ranked = reranker(q_tower(queries_raw[sl]), p_emb)
        results[name] = metrics(ranked, gold[sl])
for name, (r, m) in results.items():
    print(f"{name}: recall@10 {r:.3f}, MRR {m:.3f}")
print(f"result: {sum(r + m for r, m in results.values()):.10e}")
