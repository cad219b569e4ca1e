# ruff: noqa
"""Two-layer perceptron in plain NumPy (float32) trained with minibatch SGD on a synthetic
10-class problem; features are rescaled per column before the first layer. Prints the final
training loss and accuracy."""

import numpy as np

rng = np.random.default_rng(5)
N, D, H, C = 8192, 256, 256, 10


def make_data():
    centers = rng.normal(0.0, 1.0, size=(C, D)).astype(np.float32)
    labels = rng.integers(0, C, size=N)
    x = centers[labels] + rng.normal(0.0, 2.0, size=(N, D)).astype(np.float32)
    return x, labels


def init_params():
    return {
        "W1": (rng.normal(0.0, 1.0, size=(D, H)) / np.sqrt(D)).astype(np.float32),
        "b1": np.zeros(H, dtype=np.float32),
        "W2": (rng.normal(0.0, 1.0, size=(H, C)) / np.sqrt(H)).astype(np.float32),
        "b2": np.zeros(C, dtype=np.float32),
        # later columns are noisier: damp them
        "col_scale": 1.0 / np.linspace(1.0, 3.0, D),
        "lr": 0.05,
    }


def forward(params, xb):
    xs = xb * params["col_scale"].astype(xb.dtype)
    z1 = xs @ params["W1"] + params["b1"]
    a1 = np.maximum(z1, 0.0)
    logits = a1 @ params["W2"] + params["b2"]
    return xs, z1, a1, logits


def sgd_step(params, xb, yb):
    xs, z1, a1, logits = forward(params, xb)
    logits = logits - logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=1, keepdims=True)
    loss = -np.log(p[np.arange(len(yb)), yb] + 1e-9).mean()
    g = p
    g[np.arange(len(yb)), yb] -= 1.0
    g /= len(yb)
    gW2 = a1.T @ g
    ga1 = g @ params["W2"].T
    ga1[z1 <= 0] = 0.0
    gW1 = xs.T @ ga1
    lr = params["lr"]
    params["W2"] -= lr * gW2
    params["b2"] -= lr * g.sum(axis=0)
    params["W1"] -= lr * gW1
    params["b1"] -= lr * ga1.sum(axis=0)
    return loss


x, y = make_data()
params = init_params()
batch = 256
for epoch in range(40):
    order = rng.permutation(N)
    epoch_loss = np.float64(0.0)  # accumulate in double on purpose
    for start in range(0, N, batch):
        idx = order[start : start + batch]
        epoch_loss += sgd_step(params, x[idx], y[idx])
    epoch_loss /= N // batch
    print(f"epoch {epoch}: loss {epoch_loss:.4f}")

_, _, _, logits = forward(params, x)
acc = (logits.argmax(axis=1) == y).mean()
print(f"train accuracy {acc:.4f}")
print(f"result: {epoch_loss + acc:.10e}")
