"""Nearest-neighbour memory for a streaming recommender: a bank of item embeddings that is
queried with each incoming user vector (top-k by inner product) and occasionally updated in
place with fresh embeddings; reports the summed top-k scores."""
import torch


class MemoryBank:
    def __init__(self, n_items, dim, g):
        self._bank = torch.nn.functional.normalize(torch.randn(n_items, dim, generator=g), dim=1)
        self.updates = 0

    @property
    def vectors(self):
        return self._bank

    def write(self, idx, vec):
        self._bank[idx] = torch.nn.functional.normalize(vec, dim=0)
        self.updates += 1


class Recommender:
    def __init__(self, bank, k):
        self.bank = bank
        self.k = k
        self.last_query = None

    def recommend(self, user):
        q = user
        if self.last_query is not None:
            q = self.last_query.clone()
            q.mul_(0.2).add_(user, alpha=0.8)
        self.last_query = q
        scores = self.bank.vectors @ q
        return torch.topk(scores, self.k)


def main():
    g = torch.Generator().manual_seed(4)
    bank = MemoryBank(60_000, 64, g)
    rec = Recommender(bank, 20)
    users = torch.randn(700, 64, generator=g)
    total = 0.0
    for step, user in enumerate(users):
        top = rec.recommend(user)
        total += float(top.values.sum())
        if step % 10 == 0:
            bank.write(int(top.indices[0]), torch.randn(64, generator=g))
    print("result:", round(total, 4))


if __name__ == "__main__":
    main()
