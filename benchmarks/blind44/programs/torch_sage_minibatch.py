# ruff: noqa
"""Minibatch GraphSAGE-style training on a synthetic product co-purchase graph: for each batch
of seed nodes, a fixed number of neighbours is sampled, their features are mean-aggregated and
concatenated with the node's own, and a two-layer MLP predicts the product category; the best
weights are kept by validation accuracy."""
import torch
import torch.nn as nn
import torch.nn.functional as F

device = "cuda" if torch.cuda.is_available() else "cpu"


class NodeStore:
    """Features, labels and a padded neighbour table for every node."""

    def __init__(self, n_nodes, n_feat, n_classes, fanout, g):
        self.labels = torch.randint(0, n_classes, (n_nodes,), generator=g)
        centers = torch.randn(n_classes, n_feat, generator=g)
        self._x = centers[self.labels] + 3.0 * torch.randn(n_nodes, n_feat, generator=g)
        same = torch.randint(0, n_nodes, (n_nodes, fanout * 4), generator=g)
        self.neighbours = same.sort(dim=1).values
        self.n_nodes = n_nodes

    @property
    def features(self):
        return self._x.clone()


class NeighbourSampler:
    def __init__(self, store, fanout, g):
        self.store = store
        self.fanout = fanout
        self.g = g

    def sample(self, seeds):
        cols = torch.randint(0, self.store.neighbours.shape[1], (len(seeds), self.fanout), generator=self.g)
        return self.store.neighbours[seeds[:, None], cols]

    def batches(self, nodes, batch_size):
        perm = nodes[torch.randperm(len(nodes), generator=self.g)]
        for start in range(0, len(perm), batch_size):
            seeds = perm[start:start + batch_size]
            x = self.store.features
            yield x[seeds], x[self.sample(seeds)], self.store.labels[seeds]


class SAGE(nn.Module):
    def __init__(self, n_feat, hidden, n_classes):
        super().__init__()
        self.self_lin = nn.Linear(n_feat, hidden)
        self.neigh_lin = nn.Linear(n_feat, hidden)
        self.out = nn.Linear(hidden, n_classes)

    def forward(self, x_self, x_neigh):
        h = F.relu(self.self_lin(x_self) + self.neigh_lin(x_neigh.mean(dim=1)))
        return self.out(h)


def evaluate(model, sampler, nodes):
    model.eval()
    correct = 0
    with torch.no_grad():
        for xs, xn, y in sampler.batches(nodes, 4096):
            correct += (model(xs, xn).argmax(1) == y).sum()
    model.train()
    return correct / len(nodes)


g = torch.Generator().manual_seed(0)
torch.manual_seed(0)
store = NodeStore(80_000, 96, 12, fanout=8, g=g)
sampler = NeighbourSampler(store, fanout=8, g=g)
nodes = torch.randperm(store.n_nodes, generator=g)
train_nodes, val_nodes = nodes[:12_000], nodes[12_000:16_000]
model = SAGE(96, 64, 12).to(device)
lr = 0.05
best_acc, best_state = -1.0, None
for epoch in range(3):
    for xs, xn, y in sampler.batches(train_nodes, 256):
        loss = F.cross_entropy(model(xs, xn), y)
        model.zero_grad()
        loss.backward()
        with torch.no_grad():
            for p in model.parameters():
                p -= lr * p.grad
    acc = evaluate(model, sampler, val_nodes)
    if acc > best_acc:
        best_acc, best_state = acc, {k: v.clone() for k, v in model.state_dict().items()}
model.load_state_dict(best_state)
final = float(evaluate(model, sampler, val_nodes))
print(f"best validation accuracy {float(best_acc):.4f}, reloaded {final:.4f}")
print(f"result: {final + float(best_acc) + sum(float(v.abs().sum()) for v in best_state.values()):.10e}")
