# ruff: noqa
"""Probing study of a small convolutional network: a forward hook records the penultimate
layer's activations while a stream of synthetic sensor windows is scored, then a linear probe is
fitted on the recorded activations by least squares and its accuracy is reported."""
import torch
from torch import nn

torch.manual_seed(0)


class SensorNet(nn.Module):
    def __init__(self, channels=6, hidden=96, n_out=4):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(channels, 32, 5, padding=2), nn.ReLU(),
            nn.Conv1d(32, 32, 5, padding=2), nn.ReLU(),
            nn.AdaptiveAvgPool1d(1), nn.Flatten(),
        )
        self.penultimate = nn.Linear(32, hidden)
        self.head = nn.Linear(hidden, n_out)

    def forward(self, x):
        return self.head(torch.relu(self.penultimate(self.features(x))))


class ActivationRecorder:
    def __init__(self, dim):
        self.store = torch.empty(0, dim)

    def __call__(self, module, inputs, output):
        self.store = torch.cat([self.store, output.detach()])


def sensor_stream(n_batches, batch, gen):
    for _ in range(n_batches):
        x = torch.randn(batch, 6, 32, generator=gen)
        label = torch.randint(0, 3, (batch,), generator=gen)
        x[:, label % 6, :] += 2.0
        yield x, label


net = SensorNet().eval()
recorder = ActivationRecorder(96)
handle = net.penultimate.register_forward_hook(recorder)
gen = torch.Generator().manual_seed(2)
labels = []
summaries = []
with torch.no_grad():
    for x, y in sensor_stream(650, 32, gen):
        logits = net(x)
        labels.append(y)
        summaries.append((logits.mean(0), logits.std(0)))
handle.remove()
acts = recorder.store
y = torch.cat(labels)
onehot = nn.functional.one_hot(y, 3).float()
design = torch.cat([acts, torch.ones(len(acts), 1)], dim=1).double()
gram = design.T @ design + 1e-2 * torch.eye(design.shape[1], dtype=torch.float64)
w = torch.linalg.solve(gram, design.T @ onehot.double())
acc = ((design @ w).argmax(1) == y).float().mean().item()
print(f"{len(acts)} windows recorded, probe accuracy {acc:.3f}")
print(f"result: {acc + float(acts.sum(dtype=torch.float64)) + float(w.abs().sum()) + float(torch.stack([torch.cat(s) for s in summaries]).sum(dtype=torch.float64)):.10e}")
