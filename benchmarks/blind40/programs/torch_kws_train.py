# ruff: noqa
"""Keyword-spotting training on synthetic log-mel patches: a small MLP over the flattened patch,
trained with Adam on mini-batches; callbacks keep a running loss for logging and track the
hardest example of each batch for a curriculum report."""
import torch
import torch.nn as nn
import torch.nn.functional as F

device = "cuda" if torch.cuda.is_available() else "cpu"
N_MELS, T, N_WORDS = 16, 12, 12


class KWSNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(N_MELS * T, 32)
        self.head = nn.Linear(32, N_WORDS)

    def forward(self, x):
        return self.head(F.relu(self.hidden(x.flatten(1))))


class SpeechCommands:
    def __init__(self, n, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.labels = torch.randint(0, N_WORDS, (n,), generator=g)
        proto = torch.randn(N_WORDS, N_MELS, T, generator=g)
        self.x = proto[self.labels] + 0.8 * torch.randn(n, N_MELS, T, generator=g)

    def batches(self, size, g):
        order = torch.randperm(len(self.labels), generator=g)
        for i in range(0, len(order) - size + 1, size):
            idx = order[i:i + size]
            yield self.x[idx], self.labels[idx]


class LossLogger:
    def __init__(self, every=100):
        self.every, self.history = every, []

    def __call__(self, step, loss, per_example):
        if step % self.every == 0:
            self.history.append(loss.item())


class HardestExample:
    def __init__(self):
        self.worst = []

    def __call__(self, step, loss, per_example):
        self.worst.append(float(max(per_example)))


class Trainer:
    def __init__(self, model, callbacks, lr=2e-3):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.callbacks = callbacks
        self.step = 0

    def fit(self, data, epochs, batch):
        g = torch.Generator().manual_seed(1)
        for epoch in range(epochs):
            for x, y in data.batches(batch, g):
                x, y = x.to(device), y.to(device)
                per_example = F.cross_entropy(self.model(x), y, reduction="none")
                loss = per_example.mean()
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                for cb in self.callbacks:
                    cb(self.step, loss, per_example.detach())
                self.step += 1


torch.manual_seed(0)
data = SpeechCommands(32768)
model = KWSNet().to(device)
logger, hardest = LossLogger(), HardestExample()
Trainer(model, [logger, hardest]).fit(data, epochs=32, batch=2048)
recent = sum(logger.history[-3:]) / 3
print(f"steps {len(hardest.worst)}, recent loss {recent:.4f}, last hardest {hardest.worst[-1]:.4f}")
print(f"result: {sum(logger.history) + sum(hardest.worst):.10e}")
