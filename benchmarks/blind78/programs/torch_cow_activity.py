# ruff: noqa
"""Dairy cow activity monitoring: a small 1-D convolutional encoder is trained to classify
one-minute collar accelerometer windows (grazing, ruminating, walking, lying; synthetic), then
embeds a whole season of windows for every cow; per-cow embedding centroids are compared with
the herd's to flag cows whose behaviour has shifted."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_COWS, CLASSES, STEPS = 36, 4, 40


def collar_windows(n, gen):
    label = torch.randint(0, CLASSES, (n,), generator=gen)
    t = torch.linspace(0, 6.28, STEPS)
    freq = (label.float() + 1.0)[:, None, None]
    x = torch.sin(freq * t) * (0.5 + 0.2 * label[:, None, None]) + 0.3 * torch.randn(n, 3, STEPS, generator=gen)
    return x, label


class Encoder(nn.Module):
    def __init__(self, width=64):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv1d(3, 16, 5, padding=2), nn.ReLU(), nn.AdaptiveAvgPool1d(4))
        self.proj = nn.Linear(64, width)

    def forward(self, x):
        return torch.relu(self.proj(self.conv(x).flatten(1)))


class ActivityModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder()
        self.head = nn.Linear(64, CLASSES)

    def forward(self, x):
        return self.head(self.encoder(x))


def keep_embeddings(store, module, inputs, output):
    store["emb"] = torch.cat([store["emb"], output.detach()])


class Trainer:
    def __init__(self, model, lr=0.1):
        self.model, self.lr = model, lr

    def fit(self, gen, steps=80, batch=256):
        for step in range(steps):
            x, y = collar_windows(batch, gen)
            loss = nn.functional.cross_entropy(self.model(x.to(device)), y.to(device))
            self.model.zero_grad()
            loss.backward()
            with torch.no_grad():
                for p in self.model.parameters():
                    p -= self.lr * p.grad
        return loss.detach()


gen = torch.Generator().manual_seed(12)
torch.manual_seed(12)
model = ActivityModel().to(device)
final_loss = Trainer(model).fit(gen)

store = {"emb": torch.empty(0, 64, device=device)}
handle = model.encoder.register_forward_hook(lambda m, i, o: keep_embeddings(store, m, i, o))
cow_of_window = []
with torch.no_grad():
    for cow in range(N_COWS):
        for day in range(10):
            x, _ = collar_windows(240, gen)
            model(x.to(device))
            cow_of_window.append(torch.full((240,), cow))
handle.remove()

emb = store["emb"]
cow_ids = torch.cat(cow_of_window).to(device)
herd_centre = emb.mean(0)
shift = torch.empty(0, device=device)
for cow in range(N_COWS):
    centre = emb[cow_ids == cow].mean(0)
    shift = torch.cat([shift, (centre - herd_centre).norm().view(1)])
print(f"final training loss {final_loss:.4f}; embedded {emb.shape[0]} windows")
print("most shifted cows:", shift.argsort(descending=True)[:5].tolist())
print(f"result: {float(shift.sum() + emb.mean()):.10e}")
