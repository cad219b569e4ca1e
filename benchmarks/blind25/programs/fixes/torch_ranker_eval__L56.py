"""Evaluates a two-layer scoring model for search ranking: query-document feature vectors are
scored, grouped by query, and summarised with NDCG@10, MRR and precision@5."""
import torch
from torch import nn


class Scorer(nn.Module):
    def __init__(self, d_in, d_hidden):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d_in, d_hidden), nn.GELU(), nn.Linear(d_hidden, d_hidden), nn.GELU())
        self.head = nn.Linear(d_hidden, 1)

    def forward(self, feats):
        return self.head(self.body(feats)).squeeze(-1)


def make_data(g, n_queries, per_query, d):
    feats = torch.randn(n_queries * per_query, d, generator=g)
    rel = (feats[:, :4].sum(dim=1) + 0.5 * torch.randn(len(feats), generator=g)).clamp(min=0).round()
    return feats, rel.view(n_queries, per_query)


@torch.no_grad()
def score_all(model, feats):
    return torch.stack(list(map(model, feats)))


def ndcg10(scores, rel):
    order = scores.argsort(dim=1, descending=True)[:, :10]
    gains = (2 ** rel.gather(1, order) - 1) / torch.log2(torch.arange(2, 12).float())
    ideal = (2 ** rel.sort(dim=1, descending=True).values[:, :10] - 1) / torch.log2(torch.arange(2, 12).float())
    return (gains.sum(1) / ideal.sum(1).clamp(min=1e-9)).mean()


def mrr(scores, rel):
    order = scores.argsort(dim=1, descending=True)
    hit = (rel.gather(1, order) > 0).float()
    first = hit.argmax(dim=1).float() + 1
    return (hit.max(dim=1).values / first).mean()


def precision5(scores, rel):
    order = scores.argsort(dim=1, descending=True)[:, :5]
    return (rel.gather(1, order) > 0).float().mean()


METRICS = {"ndcg@10": ndcg10, "mrr": mrr, "p@5": precision5}


def main():
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(2)
    model = Scorer(24, 64).eval()
    feats, rel = make_data(g, 400, 50, 24)
    scores = score_all(model, feats).view(rel.shape)
    results = {"ndcg@10": float(ndcg10(scores, rel)), "mrr": float(mrr(scores, rel)), "p@5": float(precision5(scores, rel))}
    checksum = sum(results.values()) + float(scores.abs().mean())
    print("result:", round(checksum, 6))


if __name__ == "__main__":
    main()
