# ruff: noqa
"""Streaming anomaly detection on multichannel sensor windows: a small autoencoder is trained on
normal windows, then scores a stream batch by batch, flagging batches whose worst reconstruction
error passes a threshold or that hold a saturated reading, and tracking the drift of the first
channels."""
import torch

torch.manual_seed(0)
torch.set_num_threads(1)
N_FEAT = 24


def make_windows(n, shift=0.0):
    t = torch.linspace(0, 6.28, N_FEAT)
    phase = torch.rand(n, 1) * 6.28
    amp = 1.0 + 0.2 * torch.randn(n, 1)
    return amp * torch.sin(t + phase) + 0.05 * torch.randn(n, N_FEAT) + shift


def train(model, data, epochs, lr):
    params = list(model.parameters())
    for _ in range(epochs):
        for i in range(0, len(data), 128):
            x = data[i : i + 128]
            loss = ((model(x) - x) ** 2).mean()
            grads = torch.autograd.grad(loss, params)
            with torch.no_grad():
                for p, g in zip(params, grads):
                    p -= lr * g
    return model


def saturated(batch, limit):
    pressure, flow = batch[:, 0], batch[:, 1]
    return any(pressure > limit) or any(flow < -limit)


def monitor(model, stream, thr, limit):
    flagged = 0
    saturations = 0
    worst_seen = 0.0
    drift = torch.zeros(3)
    report = []
    with torch.no_grad():
        for k, batch in enumerate(stream):
            err = ((model(batch) - batch) ** 2).mean(dim=1)
            worst = max(err)
            if worst > thr:
                flagged += 1
            if saturated(batch, limit):
                saturations += 1
            worst_seen = max(worst_seen, float(worst))
            drift += batch[:, :3].mean(dim=0)
            if k % 20 == 0:
                report.append(float(drift.sum()) / (k + 1))
    return flagged, saturations, worst_seen, report


model = torch.nn.Sequential(
    torch.nn.Linear(N_FEAT, 16), torch.nn.Tanh(), torch.nn.Linear(16, N_FEAT)
)
train(model, make_windows(8192), epochs=8, lr=0.2)
stream = [make_windows(512, shift=0.0002 * k) for k in range(2400)]
flagged, saturations, worst, report = monitor(model, stream, thr=0.12, limit=2.6)
print(f"flagged {flagged} of {len(stream)} batches, {saturations} saturated, worst {worst:.4f}")
print(f"result: {flagged + saturations + worst + sum(report):.10e}")
