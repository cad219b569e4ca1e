# ruff: noqa
"""Trains a small classifier on top of a frozen character-n-gram encoder: a Dataset turns synthetic
'documents' (bags of hashed n-gram ids) into dense embeddings, a collate function batches them,
and a Trainer runs a few epochs of Adam and reports the validation accuracy."""
import torch
from torch import nn

torch.manual_seed(0)
N_BUCKETS, DIM, N_CLASSES = 4096, 64, 5


class FrozenEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = nn.EmbeddingBag(N_BUCKETS, DIM, mode="mean")
        self.proj = nn.Sequential(
            nn.Linear(DIM, 128), nn.GELU(), nn.LayerNorm(128),
            nn.Linear(128, 128), nn.GELU(), nn.Linear(128, DIM),
        )
        for p in self.parameters():
            p.requires_grad_(False)

    def forward(self, ids, offsets):
        return self.proj(self.table(ids, offsets))


class DocDataset:
    def __init__(self, docs, labels, encoder):
        self.docs, self.labels, self.encoder = docs, labels, encoder

    def __len__(self):
        return len(self.docs)

    def __getitem__(self, i):
        ids = self.docs[i]
        emb = self.encoder(ids, torch.zeros(1, dtype=torch.long))[0]
        return emb, self.labels[i]


def batches(dataset, order, size):
    for start in range(0, len(order), size):
        items = [dataset[int(i)] for i in order[start:start + size]]
        yield torch.stack([e for e, _ in items]), torch.stack([y for _, y in items])


class Trainer:
    def __init__(self, model, lr, callbacks=()):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.callbacks = list(callbacks)

    def fit(self, dataset, epochs, batch_size, gen):
        for epoch in range(epochs):
            order = torch.randperm(len(dataset), generator=gen)
            for x, y in batches(dataset, order, batch_size):
                loss = nn.functional.cross_entropy(self.model(x), y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            for cb in self.callbacks:
                cb(epoch, self.model)


def make_docs(n, gen):
    centers = torch.randint(0, N_BUCKETS, (N_CLASSES, 40), generator=gen)
    labels = torch.randint(0, N_CLASSES, (n,), generator=gen)
    docs = []
    for y in labels.tolist():
        own = centers[y][torch.randint(0, 40, (12,), generator=gen)]
        noise = torch.randint(0, N_BUCKETS, (20,), generator=gen)
        docs.append(torch.cat([own, noise]))
    return docs, labels


gen = torch.Generator().manual_seed(1)
docs, labels = make_docs(4000, gen)
encoder = FrozenEncoder()
train = DocDataset(docs[:3500], labels[:3500], encoder)
valid = DocDataset(docs[3500:], labels[3500:], encoder)
history = []
model = nn.Sequential(nn.Linear(DIM, 64), nn.ReLU(), nn.Linear(64, N_CLASSES))
trainer = Trainer(model, 3e-3, callbacks=[lambda e, m: history.append(float(torch.stack([p.detach().abs().sum() for p in m.parameters()]).sum()))])
trainer.fit(train, epochs=5, batch_size=100, gen=gen)
with torch.no_grad():
    xv, yv = next(batches(valid, torch.arange(len(valid)), len(valid)))
    acc = (model(xv).argmax(1) == yv).float().mean().item()
print(f"validation accuracy {acc:.3f}")
print(f"result: {acc + history[-1]:.10e}")
