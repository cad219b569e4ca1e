# ruff: noqa
"""Semi-supervised node classification on a synthetic citation graph (stochastic block model):
a one-layer graph convolution (features times weights, averaged over each node's neighbours)
with a softmax output, trained by full-batch gradient descent on the labelled nodes, with an
early-stopping callback; prints the test accuracy."""
from dataclasses import dataclass

import numpy as np


@dataclass
class Graph:
    adj: np.ndarray
    features: np.ndarray
    labels: np.ndarray
    train_mask: np.ndarray

    @property
    def n_classes(self):
        return int(self.labels.max()) + 1


def make_graph(rng, n_nodes=1500, n_classes=5, n_feat=24, p_in=0.02, p_out=0.002):
    labels = rng.integers(0, n_classes, size=n_nodes)
    same = labels[:, None] == labels[None, :]
    prob = np.where(same, p_in, p_out)
    upper = np.triu(rng.random((n_nodes, n_nodes)) < prob, 1)
    adj = (upper | upper.T).astype(np.float64) + np.eye(n_nodes)
    centers = rng.normal(0.0, 1.0, size=(n_classes, n_feat))
    features = centers[labels] + rng.normal(0.0, 2.5, size=(n_nodes, n_feat))
    train_mask = rng.random(n_nodes) < 0.1
    return Graph(adj, features, labels, train_mask)


class GraphConv:
    def __init__(self, graph, n_out, rng):
        deg = graph.adj.sum(axis=1)
        self.P = graph.adj / deg[:, None]
        self.W = rng.normal(0.0, 0.1, size=(graph.features.shape[1], n_out))

    def propagate(self, h):
        return self.P @ h

    def forward(self, x):
        return self.propagate(x @ self.W)


def softmax(z):
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


class EarlyStopping:
    def __init__(self, patience):
        self.patience = patience
        self.best = np.inf
        self.best_W = None
        self.wait = 0

    def __call__(self, layer, loss):
        if loss < self.best - 1e-6:
            self.best = loss
            self.best_W = layer.W.copy()
            self.wait = 0
        else:
            self.wait += 1
        return self.wait >= self.patience


class Trainer:
    def __init__(self, graph, layer, lr, callbacks=()):
        self.g = graph
        self.layer = layer
        self.lr = lr
        self.callbacks = list(callbacks)
        self.Y = np.eye(graph.n_classes)[graph.labels]

    def step(self):
        m = self.g.train_mask
        probs = softmax(self.layer.forward(self.g.features))
        loss = -np.mean(np.log(probs[m][np.arange(m.sum()), self.g.labels[m]] + 1e-12))
        grad_logits = np.zeros_like(probs)
        grad_logits[m] = (probs[m] - self.Y[m]) / m.sum()
        grad_h = self.layer.P.T @ grad_logits
        self.layer.W -= self.lr * (self.g.features.T @ grad_h)
        return loss

    def fit(self, epochs):
        losses = []
        for epoch in range(epochs):
            loss = self.step()
            losses.append(loss)
            if any(cb(self.layer, loss) for cb in self.callbacks):
                break
        return losses


rng = np.random.default_rng(3)
graph = make_graph(rng)
layer = GraphConv(graph, graph.n_classes, rng)
stopper = EarlyStopping(patience=25)
trainer = Trainer(graph, layer, lr=0.5, callbacks=[stopper])
losses = trainer.fit(400)
layer.W = stopper.best_W
pred = layer.forward(graph.features).argmax(axis=1)
test = ~graph.train_mask
acc = float((pred[test] == graph.labels[test]).mean())
per_class = [float((pred[test & (graph.labels == c)] == c).mean()) for c in range(graph.n_classes)]
print(f"epochs {len(losses)}, final loss {losses[-1]:.4f}, test accuracy {acc:.4f}")
print("per-class:", " ".join(f"{a:.3f}" for a in per_class))
print(f"result: {sum(losses) + acc + sum(per_class):.10e}")
