# ruff: noqa
"""Ranks news articles for batches of users with a two-tower model: the article tower encodes the
catalogue once, each user's history embedding is scored against every article, and the top-k
articles per user are collected to measure catalogue coverage."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class Tower(nn.Module):
    def __init__(self, n_in, dim, n_heads=4):
        super().__init__()
        self.heads = nn.ModuleList(nn.Linear(n_in, dim // n_heads) for _ in range(n_heads))

    def forward(self, x):
        parts = []
        for head in self.heads:
            parts.append(torch.tanh(head(x)))
        return torch.cat(parts, dim=1)


class Ranker:
    def __init__(self, article_vecs, k):
        self.articles = article_vecs
        self.k = k

    def relevance(self, user_vecs):
        return torch.stack([torch.mv(self.articles, u) for u in user_vecs])

    def top_k(self, user_vecs):
        return self.relevance(user_vecs).topk(self.k, dim=1).indices


torch.manual_seed(8)
n_articles, n_users, n_in, dim = 3000, 60000, 40, 32
article_tower, user_tower = Tower(n_in, dim).to(device), Tower(n_in, dim).to(device)
with torch.no_grad():
    articles = article_tower(torch.randn(n_articles, n_in, device=device))
    ranker = Ranker(articles, k=10)
    seen = torch.zeros(n_articles, dtype=torch.long, device=device)
    checksum = 0.0
    for users in torch.randn(n_users, n_in, device=device).split(500):
        picks = ranker.top_k(user_tower(users))
        seen += torch.bincount(picks.flatten(), minlength=n_articles)
        checksum += float(picks.float().mean())
print(f"catalogue coverage: {(seen > 0).float().mean().item():.3f}")
print(f"result: {checksum + seen.max().item():.10e}")
