# ruff: noqa
"""Two-tower retrieval model for a synthetic music catalogue: a user tower (embedding plus MLP)
and an item tower are trained with in-batch softmax on listening pairs, then evaluated by
recall@50 against every item for a held-out listen per user, per user cohort."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Tower(nn.Module):
    def __init__(self, n, dim=64, hidden=128):
        super().__init__()
        self.emb = nn.Embedding(n, dim)
        self.mlp = nn.Sequential(nn.Linear(dim, hidden), nn.ReLU(), nn.Linear(hidden, dim))

    def forward(self, ids):
        return F.normalize(self.mlp(self.emb(ids)), dim=-1)


class TwoTower(nn.Module):
    def __init__(self, n_users, n_items):
        super().__init__()
        self.users = Tower(n_users)
        self.items = Tower(n_items)

    def forward(self, u, i):
        return self.users(u) @ self.items(i).T / 0.1


class Trainer:
    def __init__(self, model, lr=2.0):
        self.model = model
        self.lr = lr
        self.params = [p for p in model.parameters() if p.requires_grad]

    def fit(self, pairs, epochs, batch):
        for epoch in range(epochs):
            perm = torch.randperm(pairs.shape[0])
            for chunk in perm.split(batch):
                u, i = pairs[chunk, 0], pairs[chunk, 1]
                logits = self.model(u, i)
                loss = F.cross_entropy(logits, torch.arange(len(chunk)))
                loss.backward()
                with torch.no_grad():
                    for p in self.params:
                        p -= self.lr * p.grad
                        p.grad = None
        return loss.detach()


class Evaluator:
    def __init__(self, model, k=50):
        self.model = model
        self.k = k

    @torch.no_grad()
    def recall(self, users, held):
        item_vecs = self.model.items(torch.arange(self.model.items.emb.num_embeddings))
        score = lambda u: item_vecs @ self.model.users(u.view(1))[0]
        tops = torch.stack(list(map(lambda u: score(u).topk(self.k).indices, users)))
        return (tops == held[:, None]).any(dim=1).float().mean()


torch.manual_seed(0)
n_users, n_items = 20000, 3000
taste = torch.randint(0, 30, (n_users,))
genre = torch.randint(0, 30, (n_items,))
order = torch.argsort(genre, stable=True)
by_genre = list(torch.split(order, torch.bincount(genre, minlength=30).tolist()))
listens = []
for u in range(0, n_users, 4):
    pool = by_genre[int(taste[u])]
    listens.append(torch.stack([torch.full((8,), u), pool[torch.randint(0, len(pool), (8,))]], 1))
pairs = torch.cat(listens)
model = TwoTower(n_users, n_items)
loss = Trainer(model).fit(pairs, epochs=1, batch=512)
users = torch.arange(n_users)
first_of_genre = torch.stack([idx[0] for idx in by_genre])
held = first_of_genre[taste]
ev = Evaluator(model)
cohorts = {name: idx for name, idx in zip(("light", "medium", "heavy"), torch.tensor_split(torch.arange(len(users)), 3))}
recalls = {name: float(ev.recall(users[idx], held[idx])) for name, idx in cohorts.items()}
for name, r in recalls.items():
    print(f"{name:>7}: recall@50 {r:.4f}")
print(f"result: {sum(recalls.values()) + float(loss):.10e}")
