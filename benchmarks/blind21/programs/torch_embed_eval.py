# ruff: noqa
"""Evaluating a small text-classification model (mean-pooled token embeddings and an MLP head)
on a synthetic test set wrapped in a map-style Dataset, with per-class recall and a calibration
check at the end."""
import torch
from torch import nn

device = "cuda" if torch.cuda.is_available() else "cpu"
torch.manual_seed(1)
VOCAB, LEN, CLASSES = 5000, 48, 6


class Tokens(torch.utils.data.Dataset):
    def __init__(self, n):
        self.labels = torch.randint(0, CLASSES, (n,))
        base = torch.randint(0, VOCAB, (n, LEN))
        marker = self.labels[:, None] * 50 + torch.randint(0, 50, (n, 8))
        base[:, :8] = marker
        self.tokens = base

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.tokens[i], self.labels[i]


class BagModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, 64)
        self.head = nn.Sequential(nn.Linear(64, 128), nn.GELU(), nn.Linear(128, CLASSES))

    def forward(self, tokens):
        return self.head(self.emb(tokens).mean(dim=1))


class Evaluator:
    def __init__(self, model):
        self.model = model.eval()

    @torch.no_grad()
    def predict(self, dataset):
        probs = []
        for tokens, _ in (dataset[i] for i in range(len(dataset))):
            logits = self.model(tokens.unsqueeze(0).to(device))
            probs.append(torch.softmax(logits, dim=1)[0].cpu())
        return torch.stack(probs)


def warm_start(model, dataset, steps=60):
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for s in range(steps):
        idx = torch.randint(0, len(dataset), (256,))
        loss = nn.functional.cross_entropy(model(dataset.tokens[idx].to(device)), dataset.labels[idx].to(device))
        opt.zero_grad()
        loss.backward()
        opt.step()


model = BagModel().to(device)
warm_start(model, Tokens(4000))
test = Tokens(40000)
probs = Evaluator(model).predict(test)
pred = probs.argmax(1)
recalls = []
for c in range(CLASSES):
    mask = test.labels == c
    recalls.append((pred[mask] == c).float().mean().item())
conf = probs.max(1).values
print("recall per class", [round(r, 3) for r in recalls])
print(f"mean confidence {conf.mean().item():.4f}")
print(f"result: {sum(recalls) + conf.sum().item():.10e}")
