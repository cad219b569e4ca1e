# ruff: noqa
"""Click-through-rate model training for an ad exchange: hashed campaign and publisher
embeddings with a small MLP, a position-bias correction looked up per impression from a table
of per-campaign examination probabilities, Adam, and a log-loss report per epoch."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_CAMPAIGNS, N_PUBLISHERS, N_POSITIONS = 1000, 300, 12


class CTRModel(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.camp = nn.Embedding(N_CAMPAIGNS, dim)
        self.pub = nn.Embedding(N_PUBLISHERS, dim)
        self.mlp = nn.Sequential(nn.Linear(2 * dim, 32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, camp, pub):
        return self.mlp(torch.cat([self.camp(camp), self.pub(pub)], -1)).squeeze(-1)


class PositionBias:
    def __init__(self, gen):
        decay = torch.rand(N_CAMPAIGNS, generator=gen) * 0.3 + 0.5
        self.table = [[float(d) ** p for p in range(N_POSITIONS)] for d in decay]

    def __call__(self, camp, pos):
        examine = torch.tensor(self.table, device=device)
        return examine[camp, pos]


class Trainer:
    def __init__(self, model, bias_hook, lr=3e-3):
        self.model = model
        self.bias_hook = bias_hook
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.loss_fn = nn.BCEWithLogitsLoss()

    def step(self, camp, pub, pos, click):
        logit = self.model(camp, pub)
        w = self.bias_hook(camp, pos)
        loss = self.loss_fn(logit, click) * 0.5 + (w * (torch.sigmoid(logit) - click) ** 2).mean()
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.detach()


def impressions(n, gen):
    camp = torch.randint(0, N_CAMPAIGNS, (n,), generator=gen)
    pub = torch.randint(0, N_PUBLISHERS, (n,), generator=gen)
    pos = torch.randint(0, N_POSITIONS, (n,), generator=gen)
    p = torch.sigmoid((camp % 7 - 3).float() * 0.4 - pos * 0.3 + (pub % 5 - 2) * 0.2)
    click = (torch.rand(n, generator=gen) < p).float()
    return camp, pub, pos, click


torch.manual_seed(0)
gen = torch.Generator().manual_seed(9)
data = [t.to(device) for t in impressions(256 * 200, gen)]
scale = torch.tensor([1.0, 0.5, 0.25])
trainer = Trainer(CTRModel().to(device), PositionBias(gen))
epoch_losses = []
for epoch in range(3):
    total = torch.zeros((), device=device)
    for b in range(200):
        sl = slice(b * 256, (b + 1) * 256)
        total += trainer.step(*(t[sl] for t in data))
    epoch_losses.append(total / 200)
print("losses", [round(float(l), 5) for l in epoch_losses])
print(f"result: {float(torch.stack(epoch_losses).sum()) + float(scale.sum()):.10e}")
