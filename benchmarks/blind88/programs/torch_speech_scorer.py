# ruff: noqa
"""Pronunciation scorer for a speech-therapy app: trains a small MLP on utterance-level
statistics of synthetic log-mel patches of clients' attempts (correct vs distorted /s/ and /r/ sounds), then
evaluates it on held-out sessions after every epoch, reporting accuracy and the mean predicted
score."""
import torch
import torch.nn as nn
import torch.nn.functional as F

device = "cuda" if torch.cuda.is_available() else "cpu"
N_MELS, N_FRAMES = 40, 48


class AttemptDataset(torch.utils.data.Dataset):
    def __init__(self, n, seed):
        g = torch.Generator().manual_seed(seed)
        self.labels = torch.randint(0, 2, (n,), generator=g)
        base = torch.randn(n, N_MELS, N_FRAMES, generator=g)
        band = torch.zeros(N_MELS, 1)
        band[25:34] = 1.0
        mel = base + 0.12 * self.labels.view(-1, 1, 1) * band
        self.x = torch.cat([mel.mean(dim=2), mel.std(dim=2)], dim=1)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.x[i], self.labels[i]


class Scorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(2 * N_MELS, 128)
        self.fc2 = nn.Linear(128, 64)
        self.head = nn.Linear(64, 2)

    def forward(self, x):
        h = F.relu(self.fc1(x))
        h = F.relu(self.fc2(h))
        return self.head(h)


class Evaluator:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader

    @torch.no_grad()
    def evaluate(self):
        correct, prob_sum, n = 0, 0.0, 0
        for x, y in self.loader:
            x, y = x.to(device), y.to(device)
            logits = torch.cat(list(map(lambda a: self.model(a.unsqueeze(0)), x)))
            correct += int((logits.argmax(1) == y).sum())
            prob_sum += float(logits.softmax(1)[:, 1].sum())
            n += len(y)
        return correct / n, prob_sum / n


torch.manual_seed(0)
train = torch.utils.data.DataLoader(AttemptDataset(4000, 1), batch_size=64, shuffle=True)
held_out = torch.utils.data.DataLoader(AttemptDataset(10000, 2), batch_size=250)
model = Scorer().to(device)
opt = torch.optim.Adam(model.parameters(), lr=2e-3)
evaluator = Evaluator(model, held_out)
history = []
for epoch in range(3):
    model.train()
    for x, y in train:
        x, y = x.to(device), y.to(device)
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    acc, mean_score = evaluator.evaluate()
    history.append((loss.item(), acc, mean_score))
    print(f"epoch {epoch}: loss {history[-1][0]:.4f} acc {acc:.4f} mean score {mean_score:.4f}")
print(f"result: {sum(a + m for _, a, m in history):.10e}")
