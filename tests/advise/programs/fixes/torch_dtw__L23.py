# ruff: noqa
"""Dynamic time warping distances between synthetic gesture recordings, used for a
nearest-neighbour classification of query gestures."""
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


def make_gesture(kind, length, gen):
    t = torch.linspace(0.0, 1.0, length, dtype=torch.float64)
    base = torch.stack([torch.sin(2 * torch.pi * (kind + 1) * t), torch.cos(torch.pi * (kind + 2) * t)], 1)
    return base + 0.1 * torch.randn(length, 2, generator=gen, dtype=torch.float64)


def pairwise_cost(a, b):
    return torch.cdist(a, b)


def dtw(cost):
    n, m = cost.shape
    c = cost.tolist()
    inf = float("inf")
    acc = [[inf] * (m + 1) for _ in range(n + 1)]
    acc[0][0] = 0.0
    for i in range(1, n + 1):
        prev, row, ci = acc[i - 1], acc[i], c[i - 1]
        for j in range(1, m + 1):
            row[j] = ci[j - 1] + min(prev[j], row[j - 1], prev[j - 1])
    return torch.tensor(acc[n][m], dtype=torch.float64)


def classify(query, templates, labels):
    best, best_label = float("inf"), -1
    for tmpl, lab in zip(templates, labels):
        d = dtw(pairwise_cost(query.to(device), tmpl.to(device)).cpu()).item()
        if d < best:
            best, best_label = d, lab
    return best_label, best


torch.manual_seed(0)
gen = torch.Generator().manual_seed(0)
templates = [make_gesture(k, 56, gen) for k in range(6)]
labels = list(range(6))
queries = [make_gesture(k % 6, 50 + k % 7, gen) for k in range(7)]
total = 0.0
correct = 0
for q, query in enumerate(queries):
    pred, dist = classify(query, templates, labels)
    correct += int(pred == q % 6)
    total += dist
print(f"accuracy {correct}/{len(queries)}")
print(f"result: {total:.10e}")
