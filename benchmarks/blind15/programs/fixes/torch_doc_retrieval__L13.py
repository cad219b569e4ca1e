# ruff: noqa
"""Nearest-neighbour retrieval over a bank of document embeddings: for each batch of query
embeddings, normalises it, scores it against the whole bank and keeps the top-5 hits; prints
a checksum of the retrieved ids and scores."""
import torch


class Index:
    def __init__(self, bank):
        self.bank = bank / bank.norm(dim=1, keepdim=True)

    def search(self, queries, k):
        bank = self.bank
        scores = queries @ bank.T
        return scores.topk(k, dim=1)


def prepare(batch):
    q = batch.clone()
    q /= q.norm(dim=1, keepdim=True)
    return q


torch.manual_seed(5)
torch.set_num_threads(1)
index = Index(torch.randn(60000, 64))
total_score = 0.0
id_sum = 0
for step in range(800):
    batch = torch.randn(4, 64)
    top_scores, top_ids = index.search(prepare(batch), 5)
    total_score += top_scores.sum().item()
    id_sum += int(top_ids.sum())
print(f"ids: {id_sum}")
print(f"result: {total_score:.8e}")
