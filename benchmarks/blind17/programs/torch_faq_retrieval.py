# ruff: noqa
"""Routes support questions to FAQ answers by embedding retrieval: each incoming batch of
question embeddings is compared with the FAQ catalogue by cosine similarity, the top-3 answers
per question are kept, and each question is also assigned to the closest of five product
areas. Prints the top-3 recall and a checksum."""

import torch


def normalise(x):
    return x / x.norm(dim=-1, keepdim=True)


gen = torch.Generator().manual_seed(2)
n_faq, dim, batch_size = 20000, 384, 64
catalogue = normalise(torch.randn(n_faq, dim, generator=gen))
area_of = torch.randint(0, 5, (n_faq,), generator=gen)
centroids = normalise(torch.stack([catalogue[area_of == a].mean(dim=0) for a in range(5)]))

hits = torch.zeros((), dtype=torch.long)
area_counts = torch.zeros(5, dtype=torch.long)
checksum = torch.zeros(())
for batch in range(25):
    answers = torch.randint(0, n_faq, (batch_size,), generator=gen)
    questions = normalise(catalogue[answers] + 0.08 * torch.randn(batch_size, dim, generator=gen))
    # similarity of every question with the whole catalogue
    scores = torch.stack([catalogue @ q for q in questions])
    best = scores.topk(3, dim=1)
    hits += (best.indices == answers[:, None]).any(dim=1).sum()
    area_scores = torch.stack([questions @ c for c in centroids], dim=1)
    area_counts += torch.bincount(area_scores.argmax(dim=1), minlength=5)
    checksum += best.values.sum()
print(f"top-3 recall: {int(hits) / (25 * batch_size):.4f}, areas {area_counts.tolist()}")
print(f"result: {float(checksum) + int(hits):.8e}")
