# ruff: noqa
"""Sound event classification for an acoustic monitoring station: synthetic log-mel clips of
five event classes (tones, chirps, clicks, hum, noise), a small MLP trained for a few epochs,
then an evaluation pass over the held-out clips reporting accuracy and a confusion summary."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_MELS, N_FRAMES, N_CLASSES = 32, 16, 5


def synth_clips(n, g):
    labels = torch.randint(0, N_CLASSES, (n,), generator=g)
    base = torch.randn(n, N_MELS, N_FRAMES, generator=g) * 2.5
    band = torch.arange(N_MELS)[None, :, None]
    centre = (labels * 6 + 3)[:, None, None]
    base += 2.0 * torch.exp(-((band - centre) ** 2) / 8.0)
    return base.reshape(n, -1), labels


class EventNet(nn.Module):
    def __init__(self, width=128):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(N_MELS * N_FRAMES, width), nn.ReLU(),
                                  nn.Linear(width, width), nn.ReLU(), nn.Linear(width, N_CLASSES))

    def forward(self, x):
        return self.body(x)


class Trainer:
    def __init__(self, model, lr=1e-3):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.loss_fn = nn.CrossEntropyLoss()

    def fit(self, X, y, epochs, batch, g):
        for epoch in range(epochs):
            order = torch.randperm(len(y), generator=g)
            total = torch.zeros(())
            for i in range(0, len(y), batch):
                idx = order[i:i + batch]
                loss = self.loss_fn(self.model(X[idx]), y[idx])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                total += loss.detach()
            print(f"epoch {epoch}: loss {total.item() / (len(y) // batch):.4f}")


@torch.no_grad()
def evaluate(model, X, y):
    predict = lambda clip: model(clip.unsqueeze(0)).argmax(1)
    preds = torch.cat([predict(clip) for clip in X])
    conf = torch.zeros(N_CLASSES, N_CLASSES)
    conf.index_put_((y, preds), torch.ones(len(y)), accumulate=True)
    return (preds == y).float().mean(), conf


g = torch.Generator().manual_seed(0)
torch.manual_seed(0)
X, y = synth_clips(48000, g)
Xtr, ytr, Xte, yte = X[:12000], y[:12000], X[12000:], y[12000:]
model = EventNet().to(device)
Trainer(model).fit(Xtr.to(device), ytr.to(device), 3, 128, g)
acc, conf = evaluate(model, Xte.to(device), yte.to(device))
print(f"accuracy {float(acc):.4f}")
print(f"result: {float(acc) + float(conf.diag().sum()) * 1e-4:.10e}")
