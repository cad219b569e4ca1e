# ruff: noqa
"""Trains a small spectral-mask network for hearing-aid noise reduction on synthetic log-power
frames (speech-like harmonics plus babble noise), then evaluates it on a held-out set of noisy
recordings: the predicted mask is applied to each frame and the SNR improvement is reported."""
import torch
from torch import nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_BINS = 129


class MaskNet(nn.Module):
    def __init__(self, hidden=96):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(N_BINS, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, N_BINS))

    def forward(self, logpow):
        return torch.sigmoid(self.body(logpow))


def make_frames(gen, n):
    bins = torch.arange(N_BINS, dtype=torch.float32)
    f0 = torch.randint(4, 12, (n, 1), generator=gen).float()
    harm = torch.exp(-0.5 * ((bins[None, :] % f0) / 0.8) ** 2) * torch.rand(n, 1, generator=gen)
    speech = harm * torch.exp(-bins / 60.0)
    noise = 0.3 * torch.rand(n, N_BINS, generator=gen) * torch.rand(n, 1, generator=gen)
    mix = speech + noise
    return torch.log(mix + 1e-4), speech / (mix + 1e-8)


class Evaluator:
    def __init__(self, frames, clean_mask):
        self.frames = frames
        self.clean_mask = clean_mask

    def run(self, model):
        model.eval()
        with torch.no_grad():
            masks = torch.cat(list(map(lambda f: model(f.unsqueeze(0)), self.frames)))
        model.train()
        err = (masks - self.clean_mask) ** 2
        return err.mean(), masks


class Trainer:
    def __init__(self, model, lr=0.05, momentum=0.9):
        self.model = model
        self.lr = lr
        self.momentum = momentum
        self.velocity = [torch.zeros_like(p) for p in model.parameters()]
        self.losses = []

    @torch.no_grad()
    def _update(self):
        for p, v in zip(self.model.parameters(), self.velocity):
            v.mul_(self.momentum).add_(p.grad)
            p.sub_(self.lr * v)
            p.grad = None

    def fit(self, x, y, steps, batch, gen):
        for step in range(steps):
            idx = torch.randint(0, x.shape[0], (batch,), generator=gen)
            loss = nn.functional.mse_loss(self.model(x[idx]), y[idx])
            loss.backward()
            self._update()
            if step % 100 == 0:
                self.losses.append(loss.detach())


torch.manual_seed(0)
gen = torch.Generator().manual_seed(1)
x_tr, y_tr = make_frames(gen, 8000)
x_te, y_te = make_frames(gen, 30000)
model = MaskNet().to(device)
trainer = Trainer(model)
trainer.fit(x_tr.to(device), y_tr.to(device), steps=400, batch=128, gen=gen)
mse, masks = Evaluator(x_te.to(device), y_te.to(device)).run(model)
print(f"train loss {trainer.losses[-1].item():.5f}, held-out mask mse {mse.item():.5f}")
print(f"result: {mse.item() * 1e3 + masks.mean().item():.10e}")
