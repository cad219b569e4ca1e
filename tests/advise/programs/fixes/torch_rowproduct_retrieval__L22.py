# ruff: noqa
"""Two-tower recommendation scoring: user feature vectors are projected into the item embedding
space, the item catalogue goes through a small item tower, and every user's top items are taken
by inner product; the catalogue's leading direction is tracked for monitoring. Prints the mean
top score and a checksum."""
import torch


def user_vector(P, feats):
    return torch.mv(P, feats)


def encode_users(P, users):
    out = []
    for i in range(users.shape[0]):
        out.append(user_vector(P, users[i]))
    return torch.stack(out)


def item_tower(items, layers):
    W0, W1, W2 = layers
    return torch.relu(torch.relu(torch.relu(items @ W0) @ W1) @ W2)


def leading_direction(M, steps):
    v = torch.ones(M.shape[0], dtype=M.dtype)
    for _ in range(steps):
        v = M @ v
        v = v / v.norm()
    return v


torch.manual_seed(0)
dim, feats = 64, 32
P = torch.randn(dim, feats) / feats**0.5
layers = [torch.randn(dim, dim) / dim**0.5 for _ in range(3)]
items = item_tower(torch.randn(400, dim), layers)
lead = leading_direction(items.T @ items / len(items), 30)
total = 0.0
for day in range(5):
    users = torch.randn(60_000, feats)
    u = encode_users(P, users)
    scores = u @ items.T
    top = scores.topk(10, dim=1).values
    total += float(top.mean()) + float((u @ lead).abs().mean())
print(f"mean top score: {total / 5:.4f}")
print(f"result: {total:.6f}")
