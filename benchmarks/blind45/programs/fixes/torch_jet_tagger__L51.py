# ruff: noqa
"""Jet tagging for a collider analysis: a small MLP is trained to separate b-jets from light
jets on synthetic jet features (track impact parameters, secondary-vertex mass, ...), with a
trainer that runs callbacks at the end of each epoch (loss logging and the tagging efficiency
at a fixed mistag rate on a validation sample). Prints a checksum of the validation scores."""
import torch
import torch.nn as nn

torch.manual_seed(0)
DEVICE = "cuda" if torch.cuda.is_available() else "cpu"
N_FEATURES = 16


def make_jets(n, gen):
    label = (torch.rand(n, generator=gen) < 0.3).float()
    x = torch.randn(n, N_FEATURES, generator=gen)
    shift = torch.linspace(0.2, 1.0, N_FEATURES)
    x = x + label[:, None] * shift[None, :]
    x[:, 0] = x[:, 0].abs() * (1 + 2 * label)
    return x.to(DEVICE), label.to(DEVICE)


class Tagger(nn.Module):
    def __init__(self, width=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(N_FEATURES, width), nn.ReLU(), nn.Linear(width, width),
                                 nn.ReLU(), nn.Linear(width, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


class LossLogger:
    def __init__(self):
        self.history = []

    def __call__(self, trainer):
        self.history.append(trainer.last_loss.item())


class EfficiencyMonitor:
    def __init__(self, x_val, y_val, mistag=0.01):
        self.x_val, self.y_val, self.mistag = x_val, y_val, mistag
        self.scores = None
        self.effs = []

    @torch.no_grad()
    def __call__(self, trainer):
        trainer.model.eval()
        scores = trainer.model(self.x_val)
        trainer.model.train()
        light = scores[self.y_val == 0]
        cut = torch.quantile(light, 1 - self.mistag)
        self.effs.append(float((scores[self.y_val == 1] > cut).float().mean()))
        self.scores = scores


class Trainer:
    def __init__(self, model, lr, callbacks=()):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.loss_fn = nn.BCEWithLogitsLoss()
        self.callbacks = list(callbacks)
        self.last_loss = None

    def fit(self, x, y, epochs, batch):
        gen = torch.Generator().manual_seed(1)
        for epoch in range(epochs):
            perm = torch.randperm(len(x), generator=gen).to(DEVICE)
            for start in range(0, len(x), batch):
                idx = perm[start : start + batch]
                loss = self.loss_fn(self.model(x[idx]), y[idx])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                self.last_loss = loss.detach()
            for cb in self.callbacks:
                cb(self)


gen = torch.Generator().manual_seed(7)
x_tr, y_tr = make_jets(12000, gen)
x_val, y_val = make_jets(14000, gen)
logger = LossLogger()
monitor = EfficiencyMonitor(x_val, y_val)
trainer = Trainer(Tagger().to(DEVICE), lr=2e-3, callbacks=[logger, monitor])
trainer.fit(x_tr, y_tr, epochs=3, batch=256)
print("losses:", [round(v, 4) for v in logger.history], "b-eff:", [round(e, 3) for e in monitor.effs])
print(f"result: {float(monitor.scores.sum()) + sum(monitor.effs):.10e}")
