# ruff: noqa
"""Scores card transactions for fraud with a small MLP: transactions arrive in batches of
256, a scorer object standardises the features and runs the model, and the few
highest-scoring transactions of each batch are flagged for review. Prints the number of
flagged transactions and a checksum."""

import torch

torch.manual_seed(8)


class FraudScorer:
    def __init__(self, n_features, mean, std):
        self.model = torch.nn.Sequential(
            torch.nn.Linear(n_features, 64),
            torch.nn.ReLU(),
            torch.nn.Linear(64, 32),
            torch.nn.ReLU(),
            torch.nn.Linear(32, 1),
        )
        self.model.eval()
        self.mean, self.std = mean, std

    @torch.no_grad()
    def score_batch(self, batch):
        x = (batch - self.mean) / self.std
        scores = torch.empty(len(x))
        for i in range(len(x)):
            scores[i] = torch.sigmoid(self.model(x[i : i + 1]))[0, 0]
        return scores


def review_queue(scores, batch_ids, top=4):
    worst = torch.topk(scores, top).indices
    flagged = []
    for i in worst:
        flagged.append((int(batch_ids[i]), float(scores[i])))
    return flagged


n_features, n_batches, batch_size = 30, 300, 256
history = torch.randn(5000, n_features)
scorer = FraudScorer(n_features, history.mean(dim=0), history.std(dim=0))
flagged, total = [], 0.0
for b in range(n_batches):
    batch = torch.randn(batch_size, n_features) * 1.2 + 0.1
    ids = torch.arange(b * batch_size, (b + 1) * batch_size)
    scores = scorer.score_batch(batch)
    total += float(scores.sum())
    flagged += review_queue(scores, ids)
print(f"flagged {len(flagged)}")
print(f"result: {total + sum(s for _, s in flagged) + sum(i for i, _ in flagged) * 1e-9:.8e}")
