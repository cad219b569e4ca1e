"""Scores a stream of queries against a fixed bank of document embeddings with torch (cosine
similarity after a three-head projection), keeps the best document per query and prints
the mean of the best scores."""
import torch

N_DOCS = 3000
DIM = 64
N_QUERIES = 70


def heads_project(q, heads):
    return (torch.stack(heads) @ q).reshape(-1)


torch.manual_seed(0)
docs = torch.nn.functional.normalize(torch.randn(N_DOCS, 3 * DIM), dim=1)
heads = [torch.randn(DIM, DIM) / DIM**0.5 for _ in range(3)]
best = []
for k in range(N_QUERIES):
    q = heads_project(torch.randn(DIM), heads)
    q = q / q.norm()
    scores = torch.stack([docs[i] @ q for i in range(N_DOCS)])
    best.append(scores.max())
best = torch.stack(best)
print(f"mean best {float(best.mean()):.6f}")
print(f"result: {float(best.sum()):.8e}")
